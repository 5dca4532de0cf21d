import type { ChatMessageEvent, ChatRoom, ChatUnreadEvent } from '@leadcircle/shared';
import type { AppDispatch, RootState } from '../../core/store';
import { chatApi, type RoomListArgs } from './api';
import { applyToTotal, placeRoom, roomIn, roomWithMessage, roomWithUnread, roomWithUpdate } from './room-cache';

// The realtime events applied to the cached room lists, the open room and the unread total: no request.
// Answers false when the room is in no loaded list (then the caller fetches the lists again).

function patchRoom(
  dispatch: AppDispatch,
  state: RootState,
  roomId: number,
  change: (room: ChatRoom) => ChatRoom,
  toTop: boolean,
): boolean {
  let before: ChatRoom | undefined;
  let after: ChatRoom | undefined;
  for (const entry of chatApi.util.selectInvalidatedBy(state, ['ChatRooms'])) {
    if (entry.endpointName !== 'listRooms') continue;
    dispatch(
      chatApi.util.updateQueryData('listRooms', entry.originalArgs as RoomListArgs, (draft) => {
        const room = roomIn(draft, roomId);
        if (!room) return;
        const changed = change(room);
        // Copies: the drafts end with this update; the total reads the two after it.
        before ??= { ...room };
        after ??= { ...changed };
        placeRoom(draft, changed, toTop && changed !== room);
      }),
    );
  }
  if (!before || !after) return false;
  const [from, to] = [before, after];
  dispatch(chatApi.util.updateQueryData('getUnreadTotal', undefined, (total) => applyToTotal(total, from, to)));
  dispatch(chatApi.util.updateQueryData('getRoom', roomId, (room) => change(room)));
  return true;
}

export const messageReceived =
  (event: ChatMessageEvent, userId: number) => (dispatch: AppDispatch, getState: () => RootState) =>
    patchRoom(dispatch, getState(), event.roomId, (room) => roomWithMessage(room, event.message, userId), true);

export const messageUpdated =
  (event: ChatMessageEvent, userId: number) => (dispatch: AppDispatch, getState: () => RootState) =>
    patchRoom(dispatch, getState(), event.roomId, (room) => roomWithUpdate(room, event.message, userId), false);

export const unreadChanged = (event: ChatUnreadEvent) => (dispatch: AppDispatch, getState: () => RootState) =>
  patchRoom(dispatch, getState(), event.roomId, (room) => roomWithUnread(room, event), false);
