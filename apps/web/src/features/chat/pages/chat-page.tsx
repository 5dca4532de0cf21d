import { CHAT_MESSAGES, ROUTES } from '@leadcircle/shared';
import type { SvgIconComponent } from '@mui/icons-material';
import AddCommentIcon from '@mui/icons-material/AddComment';
import BusinessIcon from '@mui/icons-material/Business';
import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import GroupsIcon from '@mui/icons-material/Groups';
import PersonIcon from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LinkTabs } from '../../../components/link-tabs';
import { errorMessage } from '../../../lib/api-error';
import { type RoomListKind, roomsOf, useGetUnreadTotalQuery, useListRoomsInfiniteQuery } from '../api';
import { NewRoomDialog } from '../components/new-room-dialog';
import { RoomConversation } from '../components/room-conversation';
import { RoomList } from '../components/room-list';
import { UnreadBadge } from '../components/unread-badge';

interface ChatKind {
  kind: RoomListKind;
  label: string;
  icon: SvgIconComponent;
  route: string;
  empty: string;
}

// The four chat pages, one tab each (the sidebar's icons for groups and opportunities).
const kinds: ChatKind[] = [
  {
    kind: 'DIRECT',
    label: 'Direct',
    icon: PersonIcon,
    route: ROUTES.chatDirect,
    empty: 'Start a conversation with NEW ROOM.',
  },
  {
    kind: 'GROUP',
    label: 'Groups',
    icon: GroupsIcon,
    route: ROUTES.chatGroups,
    empty: 'Each group you belong to has a room here.',
  },
  {
    kind: 'OPPORTUNITY',
    label: 'Opportunities',
    icon: BusinessCenterIcon,
    route: ROUTES.chatOpportunities,
    empty: 'Each opportunity you own or share has a room here.',
  },
  {
    kind: 'BUSINESS',
    label: 'Business',
    icon: BusinessIcon,
    route: ROUTES.chatBusiness,
    empty: "Your business's room shows here once someone else joins your business.",
  },
];

// On a phone the four tabs share the screen's width, each its icon over its name in smaller type: their
// names side by side in the button type are wider than the screen.
const phoneTabsSx: SxProps<Theme> = {
  flex: 1,
  minWidth: 0,
  '& [role="tab"]': { flex: '1 1 auto', minWidth: 0, px: 0.5, py: 0.75, fontSize: '0.75rem', lineHeight: 1.25 },
};

/** A tab's name and unread count; on a phone under its icon (the name first, as a screen reader says it). */
function TabLabel({ entry, count, isPhone }: { entry: ChatKind; count: number; isPhone: boolean }) {
  const Icon = entry.icon;
  if (!isPhone) {
    return (
      <Stack direction="row" sx={{ gap: 0.75, alignItems: 'center' }}>
        <span>{entry.label}</span>
        <UnreadBadge count={count} />
      </Stack>
    );
  }
  return (
    <Stack direction="column-reverse" sx={{ gap: 0.25, alignItems: 'center' }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {entry.label}
      </Box>
      <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', height: 22 }}>
        <Icon fontSize="small" />
        <UnreadBadge count={count} />
      </Stack>
    </Stack>
  );
}

const ROOM_PARAM = 'room';

/**
 * A chat page: the rooms of one kind beside the open room (`?room=<id>`). On a phone the list and the
 * room are two screens: choosing a room opens it, back returns to the list.
 */
export function ChatPage({ kind }: { kind: RoomListKind }) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selected = Number(params.get(ROOM_PARAM));
  const roomId = Number.isInteger(selected) && selected > 0 ? selected : null;
  const current = kinds.find((entry) => entry.kind === kind) ?? kinds[0]!;
  const rooms = useListRoomsInfiniteQuery({ kind });
  const unread = useGetUnreadTotalQuery();
  const [isNewRoomOpen, setIsNewRoomOpen] = useState(false);
  const roomHref = (id: number) => `${current.route}?${ROOM_PARAM}=${id}`;
  const list = roomsOf(rooms.data?.pages);

  const listPane = (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      {kind === 'DIRECT' && (
        <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Button variant="contained" startIcon={<AddCommentIcon />} onClick={() => setIsNewRoomOpen(true)} fullWidth>
            NEW ROOM
          </Button>
        </Box>
      )}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {rooms.isError && (
          <Alert severity="error" sx={{ m: 1 }}>
            {errorMessage(rooms.error, CHAT_MESSAGES.roomListFailed)}
          </Alert>
        )}
        {rooms.isLoading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading rooms" />
          </Box>
        )}
        {rooms.isSuccess && list.length === 0 && (
          <Box sx={{ p: 2 }}>
            <EmptyState title="No conversations yet" text={current.empty} />
          </Box>
        )}
        <RoomList rooms={list} selectedRoomId={roomId} roomHref={roomHref} label={`${current.label} rooms`} />
        {rooms.hasNextPage && (
          <Box sx={{ textAlign: 'center', py: 1 }}>
            <Button size="small" onClick={() => void rooms.fetchNextPage()} loading={rooms.isFetchingNextPage}>
              SHOW MORE ROOMS
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );

  const roomPane = roomId ? (
    <RoomConversation key={roomId} roomId={roomId} {...(isPhone && { onBack: () => navigate(current.route) })} />
  ) : (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%', p: 3 }}>
      <Typography color="text.secondary">Choose a conversation.</Typography>
    </Box>
  );

  const showList = !isPhone || roomId === null;
  const showRoom = !isPhone || roomId !== null;
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' },
        p: { xs: 0, md: 2 },
        gap: { xs: 0, md: 1 },
      }}
    >
      {showList && (
        <Stack direction="row" sx={{ alignItems: 'center', px: { xs: 1, md: 0 } }}>
          <Typography component="h1" variant="h5" sx={{ display: { xs: 'none', md: 'block' }, mr: 2 }}>
            Chat
          </Typography>
          <LinkTabs
            label="Chat rooms"
            selected={kinds.indexOf(current)}
            {...(isNarrow && { sx: phoneTabsSx })}
            tabs={kinds.map((entry) => ({
              to: entry.route,
              label: <TabLabel entry={entry} count={unread.data?.byKind[entry.kind] ?? 0} isPhone={isNarrow} />,
            }))}
          />
        </Stack>
      )}
      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 0, display: 'flex', overflow: 'hidden', borderRadius: { xs: 0, md: 1 } }}
      >
        {showList && (
          <Box
            component="section"
            aria-label="Rooms"
            sx={{
              width: { xs: '100%', md: 340 },
              flexShrink: 0,
              borderRight: { md: 1 },
              borderColor: { md: 'divider' },
            }}
          >
            {listPane}
          </Box>
        )}
        {showRoom && <Box sx={{ flex: 1, minWidth: 0 }}>{roomPane}</Box>}
      </Paper>
      {isNewRoomOpen && (
        <NewRoomDialog
          onClose={() => setIsNewRoomOpen(false)}
          onOpened={(room) => {
            setIsNewRoomOpen(false);
            navigate(`${ROUTES.chatDirect}?${ROOM_PARAM}=${room.roomId}`);
          }}
        />
      )}
    </Box>
  );
}
