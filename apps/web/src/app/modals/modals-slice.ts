import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../lib/api-error';
import { resetApp } from '../reset-app';

// The modal dialogs of spec 000 §2.2: one shows at a time, the open one that comes first in this
// order. The last three are the spec's "further modal flags", after the ordered eight.
export const MODAL_PRIORITY = [
  'createGroup',
  'joinGroup',
  'feedback',
  'payment',
  'updatePayment',
  'paymentSuccess',
  'mySettings',
  'help',
  'addNewUser',
  'inviteUsers',
  'addNewLead',
] as const;
export type ModalName = (typeof MODAL_PRIORITY)[number];

// A group create or join that waits for the subscription (spec 000 §3, §4). Its payload is the
// spec's pending form (snake case), plain data, so it can live in the store.
export const PENDING_ACTION_MODALS = { groupCreate: 'createGroup', groupAdd: 'joinGroup' } as const;
export type PendingActionName = keyof typeof PENDING_ACTION_MODALS;
export interface PendingAction {
  name: PendingActionName;
  payload: unknown;
}

export interface ModalsState {
  open: ModalName[];
  pendingAction: PendingAction | null;
  // The error of a pending action, handed back after the payment to the group dialog it came from,
  // with the form as the person filled it.
  groupDialogError: {
    modal: (typeof PENDING_ACTION_MODALS)[PendingActionName];
    error: ApiError;
    payload?: unknown;
  } | null;
}

const initialState: ModalsState = { open: [], pendingAction: null, groupDialogError: null };

const close = (state: ModalsState, name: ModalName) => {
  state.open = state.open.filter((n) => n !== name);
};
const open = (state: ModalsState, name: ModalName) => {
  if (!state.open.includes(name)) state.open.push(name);
};

// Not persisted: a reload should not reopen a dialog, and a group's private code stays out of storage.
export const modalsSlice = createSlice({
  name: 'modals',
  initialState,
  reducers: {
    modalOpened(state, { payload }: PayloadAction<ModalName>) {
      open(state, payload);
    },
    modalClosed(state, { payload }: PayloadAction<ModalName>) {
      close(state, payload);
      // Closing the payment dialog without paying drops the group action that waited for it.
      if (payload === 'payment') state.pendingAction = null;
      if (state.groupDialogError?.modal === payload) state.groupDialogError = null;
    },
    /** Create or join needs a payment method: keep the action, close the group dialog, ask for payment. */
    paymentRequired(state, { payload }: PayloadAction<PendingAction>) {
      state.pendingAction = payload;
      close(state, PENDING_ACTION_MODALS[payload.name]);
      open(state, 'payment');
    },
    pendingActionFinished(state) {
      state.pendingAction = null;
    },
    /** The action failed after paying: its group dialog opens again with the error (spec 000 §4). */
    pendingActionFailed(
      state,
      { payload }: PayloadAction<{ name: PendingActionName; error: ApiError; payload?: unknown }>,
    ) {
      const modal = PENDING_ACTION_MODALS[payload.name];
      state.pendingAction = null;
      state.groupDialogError = { modal, error: payload.error, payload: payload.payload };
      open(state, modal);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetApp, () => initialState);
  },
});

export const { modalOpened, modalClosed, paymentRequired, pendingActionFinished, pendingActionFailed } =
  modalsSlice.actions;

type WithModals = { modals: ModalsState };

export function selectActiveModal(state: WithModals): ModalName | null {
  return MODAL_PRIORITY.find((name) => state.modals.open.includes(name)) ?? null;
}

export const selectPendingAction = (state: WithModals) => state.modals.pendingAction;

/** The error a group dialog should show when it opens again after a failed pending action. */
export const selectGroupDialogError = (state: WithModals, modal: ModalName) =>
  state.modals.groupDialogError?.modal === modal ? state.modals.groupDialogError.error : null;

/** The form a group dialog opens again with after a failed pending action (its pending payload). */
export const selectGroupDialogPayload = (state: WithModals, modal: ModalName): unknown =>
  state.modals.groupDialogError?.modal === modal ? state.modals.groupDialogError.payload : undefined;
