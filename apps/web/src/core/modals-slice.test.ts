import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  MODAL_PRIORITY,
  modalClosed,
  modalOpened,
  modalsSlice,
  paymentRequired,
  pendingActionFailed,
  pendingActionFinished,
  selectActiveModal,
} from './modals-slice';
import { resetApp } from './reset-app';

function createStore() {
  return configureStore({ reducer: { [modalsSlice.name]: modalsSlice.reducer } });
}

describe('the modals: one at a time, in priority order', () => {
  it('keeps the priority order of the spec', () => {
    expect(MODAL_PRIORITY.slice(0, 8)).toEqual([
      'createGroup',
      'joinGroup',
      'feedback',
      'payment',
      'updatePayment',
      'paymentSuccess',
      'mySettings',
      'help',
    ]);
  });

  it('shows one modal at a time: the open one that comes first in the order', () => {
    const store = createStore();
    expect(selectActiveModal(store.getState())).toBeNull();

    store.dispatch(modalOpened('help'));
    store.dispatch(modalOpened('paymentSuccess'));
    store.dispatch(modalOpened('payment'));
    expect(selectActiveModal(store.getState())).toBe('payment');

    store.dispatch(modalClosed('payment'));
    expect(selectActiveModal(store.getState())).toBe('paymentSuccess');
    store.dispatch(modalClosed('paymentSuccess'));
    expect(selectActiveModal(store.getState())).toBe('help');
  });

  it('keeps a group action while the payment dialog replaces the group dialog', () => {
    const store = createStore();
    store.dispatch(modalOpened('createGroup'));

    store.dispatch(paymentRequired({ name: 'groupCreate', payload: { name: 'Closers' } }));

    expect(selectActiveModal(store.getState())).toBe('payment');
    expect(store.getState().modals.pendingAction).toEqual({ name: 'groupCreate', payload: { name: 'Closers' } });
  });

  it('hands a failed group action back to its dialog with the error', () => {
    const store = createStore();
    store.dispatch(paymentRequired({ name: 'groupAdd', payload: { groupName: 'Closers' } }));

    store.dispatch(pendingActionFailed({ name: 'groupAdd', error: { status: 422, message: 'Wrong code' } }));

    const state = store.getState().modals;
    expect(selectActiveModal(store.getState())).toBe('joinGroup');
    expect(state.pendingAction).toBeNull();
    expect(state.groupDialogError).toEqual({ modal: 'joinGroup', error: { status: 422, message: 'Wrong code' } });
  });

  it('forgets a finished action', () => {
    const store = createStore();
    store.dispatch(paymentRequired({ name: 'groupCreate', payload: {} }));
    store.dispatch(pendingActionFinished());
    expect(store.getState().modals.pendingAction).toBeNull();
  });

  it('starts again empty on the reset action', () => {
    const store = createStore();
    store.dispatch(paymentRequired({ name: 'groupCreate', payload: {} }));
    store.dispatch(resetApp());
    expect(selectActiveModal(store.getState())).toBeNull();
    expect(store.getState().modals.pendingAction).toBeNull();
  });
});
