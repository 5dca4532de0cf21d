import { type CallRequest, type CallResponse, type PushKind, pushCallPaths, type pushCalls } from '@leadcircle/shared';
import { usersApi } from '../../core/current-user-api';

// Web Push on this device and the person's others: the server's key, the devices, the switches per kind.

type Push = typeof pushCalls;

export const pushApi = usersApi.injectEndpoints({
  endpoints: (build) => ({
    getPushDevices: build.query<CallResponse<Push['devices']>, void>({
      query: () => ({ call: pushCallPaths.devices, body: {} }),
    }),
    getPushSwitches: build.query<CallResponse<Push['switches']>, void>({
      query: () => ({ call: pushCallPaths.switches, body: {} }),
    }),
    getPushPublicKey: build.mutation<CallResponse<Push['publicKey']>, void>({
      query: () => ({ call: pushCallPaths.publicKey, body: {} }),
    }),
    subscribePush: build.mutation<CallResponse<Push['subscribe']>, CallRequest<Push['subscribe']>>({
      query: (body) => ({ call: pushCallPaths.subscribe, body }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        await queryFulfilled.catch(() => undefined);
        dispatch(pushApi.endpoints.getPushDevices.initiate(undefined, { forceRefetch: true, subscribe: false }));
      },
    }),
    removePushDevice: build.mutation<CallResponse<Push['remove']>, number>({
      query: (deviceId) => ({ call: pushCallPaths.remove, body: { device_id: deviceId } }),
      onQueryStarted: async (deviceId, { dispatch, queryFulfilled }) => {
        await queryFulfilled;
        dispatch(
          pushApi.util.updateQueryData('getPushDevices', undefined, (draft) => {
            draft.devices = draft.devices.filter((d) => d.id !== deviceId);
          }),
        );
      },
    }),
    setPushSwitch: build.mutation<CallResponse<Push['setSwitch']>, { kind: PushKind; enabled: boolean }>({
      query: (body) => ({ call: pushCallPaths.setSwitch, body }),
      onQueryStarted: async ({ kind, enabled }, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          pushApi.util.updateQueryData('getPushSwitches', undefined, (draft) => {
            for (const s of draft.switches) if (s.kind === kind) s.enabled = enabled;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    reportPushVisibility: build.mutation<CallResponse<Push['visibility']>, { deviceId: number; visible: boolean }>({
      query: ({ deviceId, visible }) => ({ call: pushCallPaths.visibility, body: { device_id: deviceId, visible } }),
    }),
  }),
});

export const {
  useGetPushDevicesQuery,
  useGetPushSwitchesQuery,
  useGetPushPublicKeyMutation,
  useSubscribePushMutation,
  useRemovePushDeviceMutation,
  useSetPushSwitchMutation,
  useReportPushVisibilityMutation,
} = pushApi;
