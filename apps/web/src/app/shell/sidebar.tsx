import { SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH, type UserRole } from '@leadcircle/shared';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { Fragment } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { CountBadge, countText, unreadText } from '../../components/count-badge';
import type { ModalName } from '../../core/modals-slice';
import { type MenuItem, menuSectionsFor } from './menu-items';

/** Counts shown on menu items, by label (the Chat item's unread messages). */
export type MenuBadges = Partial<Record<string, number>>;

interface SidebarMenuProps {
  role: UserRole | undefined;
  hasBusiness: boolean;
  hasTerritory: boolean;
  badges?: MenuBadges;
  isCollapsed: boolean;
  onOpenModal: (modal: ModalName) => void;
  onItemChosen?: () => void;
}

function SidebarMenu({
  role,
  hasBusiness,
  hasTerritory,
  badges,
  isCollapsed,
  onOpenModal,
  onItemChosen,
}: SidebarMenuProps) {
  const { pathname } = useLocation();

  const renderItem = (item: MenuItem) => {
    const count = badges?.[item.label] ?? 0;
    const unread = count > 0 ? `, ${unreadText(count)}` : '';
    // Collapsed, the count is a badge on the icon; open, it follows the label, so the visible text
    // reads in the order of the item's name ("Chat, 3 unread").
    const content = isCollapsed ? (
      <ListItemIcon sx={{ minWidth: 0, justifyContent: 'center' }}>
        <CountBadge count={count}>
          <item.icon />
        </CountBadge>
      </ListItemIcon>
    ) : (
      <>
        <ListItemIcon sx={{ minWidth: 48, justifyContent: 'center' }}>
          <item.icon />
        </ListItemIcon>
        <ListItemText primary={item.label} />
        {count > 0 && <Chip size="small" color="error" label={countText(count)} />}
      </>
    );
    const common = {
      // The label names the item also when hidden (collapsed); an unread count is part of its name.
      'aria-label': `${item.label}${unread}`,
      sx: { minHeight: 48, justifyContent: isCollapsed ? 'center' : 'flex-start', px: isCollapsed ? 0 : 3 },
    };
    const button =
      'to' in item ? (
        <ListItemButton
          {...common}
          component={RouterLink}
          to={item.to}
          selected={pathname === item.to || pathname.startsWith(`${item.to}/`)}
          onClick={onItemChosen}
        >
          {content}
        </ListItemButton>
      ) : (
        <ListItemButton
          {...common}
          onClick={() => {
            onItemChosen?.();
            onOpenModal(item.opens);
          }}
        >
          {content}
        </ListItemButton>
      );
    // A list holds list items: each link or button in its own.
    return (
      <ListItem key={item.label} disablePadding>
        {isCollapsed ? (
          <Tooltip title={item.label} placement="right">
            {button}
          </Tooltip>
        ) : (
          button
        )}
      </ListItem>
    );
  };

  return (
    <Box component="nav" aria-label="Main menu">
      {menuSectionsFor(role, hasBusiness, hasTerritory).map((section, index) => (
        <Fragment key={section[0]?.label}>
          {index > 0 && <Divider />}
          <List>{section.map(renderItem)}</List>
        </Fragment>
      ))}
    </Box>
  );
}

interface SidebarProps {
  role: UserRole | undefined;
  /** The user belongs to a business (their own when they paid as a sales user). */
  hasBusiness: boolean;
  /** The user covers a territory of their business. */
  hasTerritory: boolean;
  badges?: MenuBadges;
  isMobile: boolean;
  isMobileOpen: boolean;
  onMobileClose: () => void;
  isCollapsed: boolean;
  onToggleCollapsed: () => void;
  onOpenModal: (modal: ModalName) => void;
}

// 304 px wide, 90 px when collapsed; below the md breakpoint a temporary drawer.
export function Sidebar(props: SidebarProps) {
  const {
    role,
    hasBusiness,
    hasTerritory,
    badges,
    isMobile,
    isMobileOpen,
    onMobileClose,
    isCollapsed,
    onToggleCollapsed,
    onOpenModal,
  } = props;

  if (isMobile) {
    return (
      <Drawer
        variant="temporary"
        open={isMobileOpen}
        onClose={onMobileClose}
        // The temporary drawer's paper is a modal dialog: it needs a name.
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH }, 'aria-label': 'Menu' } }}
      >
        <SidebarMenu
          role={role}
          hasBusiness={hasBusiness}
          hasTerritory={hasTerritory}
          badges={badges}
          isCollapsed={false}
          onOpenModal={onOpenModal}
          onItemChosen={onMobileClose}
        />
      </Drawer>
    );
  }

  const width = isCollapsed ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH;
  const widthTransition = 'width 200ms';
  return (
    <Drawer
      variant="permanent"
      sx={{ width, flexShrink: 0, transition: widthTransition }}
      slotProps={{ paper: { sx: { width, overflowX: 'hidden', transition: widthTransition } } }}
    >
      <Toolbar />
      <SidebarMenu
        role={role}
        hasBusiness={hasBusiness}
        hasTerritory={hasTerritory}
        badges={badges}
        isCollapsed={isCollapsed}
        onOpenModal={onOpenModal}
      />
      <Box sx={{ mt: 'auto', display: 'flex', justifyContent: isCollapsed ? 'center' : 'flex-end', p: 1 }}>
        <IconButton onClick={onToggleCollapsed} aria-label={isCollapsed ? 'Expand menu' : 'Collapse menu'}>
          {isCollapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
        </IconButton>
      </Box>
    </Drawer>
  );
}
