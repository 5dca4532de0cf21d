import type { AppDispatch } from '../../core/store';
import { fetchGroupRoom } from './api';
import { prefetchOpeningPage, roomStartOf } from './use-room-messages';

/**
 * A group's Messages tab as a first page (main.tsx renders once it is in): the group's room, then the page
 * of messages the room opens at, so the tab's first render shows them.
 */
export async function loadGroupRoom(dispatch: AppDispatch, groupId: number): Promise<unknown> {
  const { data } = await dispatch(fetchGroupRoom(groupId));
  const room = data?.pages[0]?.rooms[0];
  return room ? prefetchOpeningPage(dispatch, room.roomId, roomStartOf(room)) : undefined;
}
