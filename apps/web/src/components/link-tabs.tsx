import { routePath } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { Link } from 'react-router';

export interface LinkTab {
  label: ReactNode;
  to: string;
}

export interface LinkTabsProps {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly LinkTab[];
  /** The index of the tab shown. */
  selected: number;
  /** The id of the panel the tabs show, when the page marks it as a tabpanel. */
  panelId?: string;
  sx?: SxProps<Theme>;
}

/** A page's sections as tabs: each section's route with the page's parameters filled in. */
export function routeTabs(
  sections: readonly { label: string; route: string }[],
  params: Record<string, string | number>,
): LinkTab[] {
  return sections.map((section) => ({ label: section.label, to: routePath(section.route, params) }));
}

/** The id of the tab at `index`, for the panel's aria-labelledby (given a `panelId`). */
export const linkTabId = (panelId: string, index: number) => `${panelId}-tab-${index}`;

// The keys that move between tabs, as in MUI's Tabs (WAI-ARIA tabs pattern).
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A page's tabs that lead to addresses (a group's, an opportunity's sections): MUI's Tabs' roles, look and
 * keys (a tablist of links, the shown one selected and in the tab order, the arrow keys, Home and End
 * move between them), without its measuring of itself when it mounts, which forced a layout of the whole
 * page inside a first page's commit on a phone.
 */
export function LinkTabs({ label, tabs, selected, panelId, sx }: LinkTabsProps) {
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    links.current[move(index, tabs.length)]?.focus();
  };
  return (
    <Box role="tablist" aria-label={label} sx={[tabListSx, ...(Array.isArray(sx) ? sx : [sx])]}>
      {tabs.map((tab, index) => (
        <Box
          key={tab.to}
          component={Link}
          to={tab.to}
          role="tab"
          id={panelId && linkTabId(panelId, index)}
          aria-controls={panelId}
          aria-selected={index === selected}
          tabIndex={index === selected ? 0 : -1}
          ref={(element: HTMLAnchorElement | null) => {
            links.current[index] = element;
          }}
          onKeyDown={(event: KeyboardEvent) => onKeyDown(event, index)}
          sx={tabSx}
        >
          {tab.label}
        </Box>
      ))}
    </Box>
  );
}

const tabListSx: SxProps<Theme> = {
  display: 'flex',
  overflowX: 'auto',
  borderBottom: 1,
  borderColor: 'divider',
};

// MUI's Tab: the button typography, 48 px high, the selected one in the primary colour over a 2 px line.
const tabSx: SxProps<Theme> = (theme) => ({
  ...theme.typography.button,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  minHeight: 48,
  // On a phone the tabs fit the width rather than scroll.
  minWidth: { xs: 0, sm: 90 },
  py: 1.5,
  px: { xs: 1.5, sm: 2 },
  color: theme.palette.text.secondary,
  textDecoration: 'none',
  '&:hover': { color: theme.palette.text.primary },
  '&[aria-selected="true"]': {
    color: theme.palette.primary.main,
    boxShadow: `inset 0 -2px 0 ${theme.palette.primary.main}`,
  },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
});
