import { CHAT_MESSAGES, type GroupSummary } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { useOutletContext } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-error';
import { groupRoomListArgs, useListRoomsInfiniteQuery } from '../api';
import { RoomConversation } from '../components/room-conversation';

/**
 * A group's Messages tab: the group's room. The router puts it under the group page's layout, which hands
 * over the group (outlet context), so the chat and groups features stay apart.
 */
export function GroupRoomPage() {
  const group = useOutletContext<GroupSummary>();
  const rooms = useListRoomsInfiniteQuery(groupRoomListArgs(group.groupId));
  const room = rooms.data?.pages[0]?.rooms[0];

  if (rooms.isError) return <Alert severity="error">{errorMessage(rooms.error, CHAT_MESSAGES.roomListFailed)}</Alert>;
  if (rooms.isLoading) return <PageSpinner />;
  if (!room) return <Alert severity="info">This group has no room yet.</Alert>;
  return (
    <Paper variant="outlined" sx={{ height: { xs: 'calc(100dvh - 240px)', md: 'min(70vh, 720px)' }, minHeight: 420 }}>
      <RoomConversation roomId={room.roomId} hideTitle />
    </Paper>
  );
}
