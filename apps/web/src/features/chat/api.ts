import {
  type CallPath,
  type CallRequest,
  type CallResponse,
  CHAT_ATTACHMENT_UPLOAD_PATH,
  type ChatMessage,
  type ChatRoom,
  chatCallPaths,
  type chatCalls,
  chatUserCallPaths,
  type chatUserCalls,
  PAGE_SIZE,
} from '@leadcircle/shared';
import { baseApi } from '../../core/base-api';

// The chat calls. Messages of an open room are kept by the room's own hook
// (use-room-messages.ts), which reads pages through these endpoints; rooms and unread counts are cached
// here, fetched once and then patched from the realtime channel (room-cache-sync.ts).

type RoomListPage = CallResponse<typeof chatCalls.roomList>;
export type RoomListKind = CallRequest<typeof chatCalls.roomList>['grouping_level'];

// The upload is multipart (a FormData body): the server's own route, answered with the message.
const attachmentUpload: CallPath = { path: CHAT_ATTACHMENT_UPLOAD_PATH, auth: true };

export interface RoomListArgs {
  kind: RoomListKind;
  /** The group (or opportunity, business) whose room(s) to list. */
  groupingLevelId?: number;
}

export interface UploadArgs {
  roomId: number;
  file: File;
  message?: string;
  clientMessageId: string;
}

/** The offset of the next page of rooms, while there are any (offsets grow by 50). */
export function nextRoomsOffset(lastPage: RoomListPage, lastOffset: number): number | undefined {
  const next = lastOffset + PAGE_SIZE;
  return next < lastPage.totalCount ? next : undefined;
}

/** The loaded pages of rooms as one list; a room pushed to the next page meanwhile shows once. */
export function roomsOf(pages: readonly RoomListPage[] | undefined): ChatRoom[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((page) => page.rooms.filter((room) => !seen.has(room.roomId) && seen.add(room.roomId)));
}

/** The room list call's body for a page of rooms (offsets grow by 50). */
export function roomListBody(args: RoomListArgs, offset: number): CallRequest<typeof chatCalls.roomList> {
  return {
    grouping_level: args.kind,
    ...(args.groupingLevelId ? { grouping_level_id: args.groupingLevelId } : {}),
    limit: PAGE_SIZE,
    offset,
  };
}

/** A group's room, as its Messages tab lists it. */
export const groupRoomListArgs = (groupId: number): RoomListArgs => ({ kind: 'GROUP', groupingLevelId: groupId });

export const chatApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['ChatRooms', 'ChatRoom', 'ChatUnread'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listRooms: build.infiniteQuery<RoomListPage, RoomListArgs, number>({
        infiniteQueryOptions: {
          initialPageParam: 0,
          getNextPageParam: (lastPage, _allPages, lastOffset) => nextRoomsOffset(lastPage, lastOffset),
        },
        query: ({ queryArg, pageParam }) => ({ call: chatCallPaths.roomList, body: roomListBody(queryArg, pageParam) }),
        providesTags: ['ChatRooms'],
        // Each listed room is also that room's own entry: opening it from a list asks only for its messages
        // (the realtime channel keeps both current, room-cache-sync.ts).
        async onQueryStarted(_args, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          const rooms = roomsOf(data?.pages);
          if (rooms.length === 0) return;
          dispatch(
            chatApi.util.upsertQueryEntries(
              rooms.map((room) => ({ endpointName: 'getRoom' as const, arg: room.roomId, value: room })),
            ),
          );
        },
      }),
      getRoom: build.query<ChatRoom, number>({
        query: (roomId) => ({ call: chatCallPaths.roomGet, body: { room_id: roomId } }),
        providesTags: (_result, _error, roomId) => [{ type: 'ChatRoom', id: roomId }],
      }),
      listMessages: build.query<CallResponse<typeof chatCalls.messageList>, CallRequest<typeof chatCalls.messageList>>({
        query: (body) => ({ call: chatCallPaths.messageList, body }),
        keepUnusedDataFor: 0,
      }),
      sendMessage: build.mutation<ChatMessage, CallRequest<typeof chatCalls.messageSend>>({
        query: (body) => ({ call: chatCallPaths.messageSend, body }),
      }),
      uploadAttachment: build.mutation<ChatMessage, UploadArgs>({
        query: ({ roomId, file, message, clientMessageId }) => {
          const form = new FormData();
          form.append('room_id', String(roomId));
          if (message) form.append('message', message);
          form.append('client_message_id', clientMessageId);
          // The file last: the server reads the fields before the file part.
          form.append('file', file);
          return { call: attachmentUpload, body: form };
        },
      }),
      editMessage: build.mutation<ChatMessage, CallRequest<typeof chatCalls.messageEdit>>({
        query: (body) => ({ call: chatCallPaths.messageEdit, body }),
      }),
      deleteMessage: build.mutation<ChatMessage, number>({
        query: (messageId) => ({ call: chatCallPaths.messageDelete, body: { message_id: messageId } }),
      }),
      markRoomRead: build.mutation<CallResponse<typeof chatCalls.roomRead>, CallRequest<typeof chatCalls.roomRead>>({
        query: (body) => ({ call: chatCallPaths.roomRead, body }),
        // The zeroed count comes back (and to the person's other tabs) as chat:unread: nothing to refetch.
      }),
      muteRoom: build.mutation<CallResponse<typeof chatCalls.roomMute>, CallRequest<typeof chatCalls.roomMute>>({
        query: (body) => ({ call: chatCallPaths.roomMute, body }),
        invalidatesTags: (_result, error, body) =>
          error ? [] : ['ChatRooms', 'ChatUnread', { type: 'ChatRoom', id: Number(body.room_id) }],
      }),
      openDirectRoom: build.mutation<ChatRoom, number>({
        query: (userId) => ({ call: chatCallPaths.roomDirect, body: { user_id: userId } }),
        invalidatesTags: (_result, error) => (error ? [] : ['ChatRooms']),
      }),
      getUnreadTotal: build.query<CallResponse<typeof chatCalls.unreadTotal>, void>({
        query: () => ({ call: chatCallPaths.unreadTotal, body: {} }),
        providesTags: ['ChatUnread'],
      }),
      searchPeople: build.query<CallResponse<typeof chatUserCalls.searchByName>, string>({
        query: (namePrefix) => ({
          call: chatUserCallPaths.searchByName,
          body: { search_type: 'ALL', name_prefix: namePrefix },
        }),
      }),
      getAttachmentLink: build.query<CallResponse<typeof chatCalls.attachmentLink>, number>({
        query: (attachmentId) => ({ call: chatCallPaths.attachmentLink, body: { attachment_id: attachmentId } }),
        // The address is short-lived: kept a minute, fetched again after.
        keepUnusedDataFor: 60,
      }),
    }),
  });

/** Asks for a group's room, as its Messages tab does. */
export const fetchGroupRoom = (groupId: number) =>
  chatApi.endpoints.listRooms.initiate(groupRoomListArgs(groupId), { subscribe: false });

export const {
  useListRoomsInfiniteQuery,
  useGetRoomQuery,
  useSendMessageMutation,
  useUploadAttachmentMutation,
  useEditMessageMutation,
  useDeleteMessageMutation,
  useMarkRoomReadMutation,
  useMuteRoomMutation,
  useOpenDirectRoomMutation,
  useGetUnreadTotalQuery,
  useSearchPeopleQuery,
  useGetAttachmentLinkQuery,
  useLazyGetAttachmentLinkQuery,
} = chatApi;
