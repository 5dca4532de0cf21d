import {
  type CallRequest,
  type CallResponse,
  type CurrentUser,
  userCallPaths,
  type userCalls,
} from '@leadcircle/shared';
import { usersApi } from '../../core/current-user-api';

// The signed-in user's own account: profile, password, notifications, picture, deletion.
// A call that answers the updated user puts it in the cache, so the shell shows the change at once.

type StoreUserQueryApi = {
  dispatch: (action: unknown) => unknown;
  queryFulfilled: Promise<{ data: CurrentUser }>;
};

async function storeCurrentUser(_arg: unknown, { dispatch, queryFulfilled }: StoreUserQueryApi) {
  try {
    const { data } = await queryFulfilled;
    dispatch(usersApi.util.upsertQueryData('getCurrentUser', undefined, data));
  } catch {
    // The component shows the failure.
  }
}

export const accountApi = usersApi.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<CurrentUser, CallRequest<typeof userCalls.update>>({
      query: (body) => ({ call: userCallPaths.update, body }),
      onQueryStarted: storeCurrentUser,
    }),
    updateNotifications: build.mutation<CurrentUser, CallRequest<typeof userCalls.updateNotifications>>({
      query: (body) => ({ call: userCallPaths.updateNotifications, body }),
      onQueryStarted: storeCurrentUser,
    }),
    // multipart/form-data: the browser sets the boundary, the session rule applies as to every call.
    uploadAvatar: build.mutation<CurrentUser, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { call: userCallPaths.uploadAvatar, body: form };
      },
      onQueryStarted: storeCurrentUser,
    }),
    removeAvatar: build.mutation<CurrentUser, void>({
      query: () => ({ call: userCallPaths.removeAvatar, body: {} }),
      onQueryStarted: storeCurrentUser,
    }),
    // The account is hidden at once: nothing is refetched, the page signs out after a moment.
    scheduleDelete: build.mutation<CallResponse<typeof userCalls.scheduleDelete>, void>({
      query: () => ({ call: userCallPaths.scheduleDelete, body: {} }),
    }),
  }),
});

export const {
  useUpdateUserMutation,
  useUpdateNotificationsMutation,
  useUploadAvatarMutation,
  useRemoveAvatarMutation,
  useScheduleDeleteMutation,
} = accountApi;
