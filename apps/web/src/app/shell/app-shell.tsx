import { ROUTES } from '@leadcircle/shared';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { AppLogo } from '../../components/app-logo';
import { CountBadge, unreadText } from '../../components/count-badge';
import { OfflineBanner } from '../../components/offline-banner';
import { PageOutlet } from '../../components/page-outlet';
import { UserAvatar } from '../../components/user-avatar';
import { useGetCurrentUserQuery, useGetMyBusinessQuery, usersApi } from '../../core/current-user-api';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { modalOpened } from '../../core/modals-slice';
import { ConnectionIndicator, useRealtimeConnection } from '../../core/realtime/realtime';
import type { AppDispatch } from '../../core/store';
import { sidebarToggled } from '../../core/ui-slice';
import { activitiesApi } from '../../features/activities/api';
import { InboxBell } from '../../features/activities/components/inbox-bell';
import { canSubscribe, SubscribeButton } from '../../features/billing/components/subscribe-button';
import { ChatRealtime, chatApi, useGetUnreadTotalQuery } from '../../features/chat/chat-realtime';
import { ShellSearch } from '../../features/search/components/shell-search';
import { afterFirstPaint } from '../../lib/after-first-paint';
import { ModalHost } from '../modals/modal-host';
import { ShellFooter } from './shell-footer';
import { Sidebar } from './sidebar';

// The frame of every protected screen except /redirect and /signout.
/**
 * Asks for what the shell shows on every signed-in page (first-page.ts has started those calls), so a
 * first page renders the shell once, with it, rather than again as each answer comes.
 */
export function loadShellData(dispatch: AppDispatch): Promise<unknown> {
  return Promise.all([
    dispatch(usersApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false })),
    dispatch(activitiesApi.endpoints.inbox.initiate(undefined, { subscribe: false })),
    dispatch(chatApi.endpoints.getUnreadTotal.initiate(undefined, { subscribe: false })),
  ]);
}

/** Tells the server the app is visible on this device (when push is on here), from after the first paint. */
function usePushVisibilityReports() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void afterFirstPaint()
      .then(() => import('../../features/users/push-visibility'))
      .then((m) => {
        if (!cancelled) stop = m.startPushVisibilityReports();
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}

export function AppShell() {
  const { data: user } = useGetCurrentUserQuery();
  // Loaded on entry, only for a user who has one: asking otherwise answers 404.
  useGetMyBusinessQuery(undefined, { skip: !user?.business });
  // The realtime channel opens on entry too; the Chat item shows the unread total.
  useRealtimeConnection();
  usePushVisibilityReports();
  const chatUnread = useGetUnreadTotalQuery().data?.total ?? 0;
  const dispatch = useAppDispatch();
  const isCollapsed = useAppSelector((state) => state.ui.isSidebarCollapsed);
  const isMobile = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  const [isMobileOpen, setIsMobileOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* Above the permanent sidebar on wide screens; the temporary drawer covers it on small ones. */}
      <AppBar position="fixed" sx={{ zIndex: (t) => (isMobile ? t.zIndex.appBar : t.zIndex.drawer + 1) }}>
        <Toolbar>
          {isMobile && (
            <IconButton
              color="inherit"
              edge="start"
              // The badge's number is part of the name, as on the menu's Chat item.
              aria-label={chatUnread > 0 ? `Open menu, ${unreadText(chatUnread)}` : 'Open menu'}
              onClick={() => setIsMobileOpen(true)}
            >
              <CountBadge count={chatUnread}>
                <MenuIcon />
              </CountBadge>
            </IconButton>
          )}
          <AppLogo to={ROUTES.redirect} />
          {!isMobile && <ShellSearch />}
          <Box sx={{ flex: 1 }} />
          {isMobile && <ShellSearch />}
          <ConnectionIndicator />
          <InboxBell />
          {canSubscribe(user) && (
            <Box sx={{ mr: 2 }}>
              <SubscribeButton />
            </Box>
          )}
          {user && (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <UserAvatar firstName={user.firstName} lastName={user.lastName} src={user.avatarUrl} />
              <Typography sx={{ display: { xs: 'none', sm: 'block' } }}>
                {user.firstName} {user.lastName}
              </Typography>
            </Stack>
          )}
        </Toolbar>
      </AppBar>
      <Sidebar
        role={user?.role}
        hasBusiness={Boolean(user?.business)}
        hasTerritory={Boolean(user?.hasTerritory)}
        isMobile={isMobile}
        isMobileOpen={isMobileOpen}
        onMobileClose={() => setIsMobileOpen(false)}
        isCollapsed={isCollapsed}
        onToggleCollapsed={() => dispatch(sidebarToggled())}
        onOpenModal={(modal) => dispatch(modalOpened(modal))}
        badges={{ Chat: chatUnread }}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <OfflineBanner />
        {/* A screen high at least: the footer starts below the first screen, so a page's content arriving never
            moves it (on a phone it jumped out of view when a list's rows came: a layout shift). */}
        <Box component="main" sx={{ flex: 1, minHeight: '100vh' }}>
          <PageOutlet />
        </Box>
        <ShellFooter />
      </Box>
      <ModalHost />
      <ChatRealtime />
    </Box>
  );
}
