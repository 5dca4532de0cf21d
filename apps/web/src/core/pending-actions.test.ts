import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it } from 'vitest';
import { modalOpened, modalsSlice, paymentRequired, selectActiveModal } from './modals-slice';
import { finishPaymentFlow, registerPendingAction } from './pending-actions';

function createStore() {
  return configureStore({ reducer: { [modalsSlice.name]: modalsSlice.reducer } });
}

const unregister: Array<() => void> = [];
afterEach(() => {
  for (const undo of unregister.splice(0)) undo();
});

describe('the pending group action: run once the payment goes through', () => {
  it('runs the saved action once paid, closes the payment dialog, opens payment success and gives the group', async () => {
    const received: unknown[] = [];
    unregister.push(
      registerPendingAction<{ name: string }>('groupCreate', async (payload) => {
        received.push(payload);
        return 42;
      }),
    );
    const store = createStore();
    store.dispatch(modalOpened('createGroup'));
    store.dispatch(paymentRequired({ name: 'groupCreate', payload: { name: 'Closers' } }));

    const outcome = await store.dispatch(finishPaymentFlow());

    expect(received).toEqual([{ name: 'Closers' }]);
    expect(outcome).toEqual({ groupId: 42 });
    expect(store.getState().modals.open).toEqual(['paymentSuccess']);
    expect(store.getState().modals.pendingAction).toBeNull();
  });

  it('runs the action only once', async () => {
    let runs = 0;
    unregister.push(
      registerPendingAction('groupAdd', async () => {
        runs += 1;
        return 7;
      }),
    );
    const store = createStore();
    store.dispatch(paymentRequired({ name: 'groupAdd', payload: {} }));

    await store.dispatch(finishPaymentFlow());
    await store.dispatch(finishPaymentFlow());

    expect(runs).toBe(1);
  });

  it('passes an error and the form back to the group dialog, which says the payment went through itself', async () => {
    unregister.push(
      registerPendingAction('groupAdd', async () => {
        throw { status: 404, message: 'No group by that name and code' };
      }),
    );
    const store = createStore();
    store.dispatch(paymentRequired({ name: 'groupAdd', payload: { groupName: 'Closers' } }));

    const outcome = await store.dispatch(finishPaymentFlow());

    expect(outcome).toEqual({ groupId: null });
    expect(selectActiveModal(store.getState())).toBe('joinGroup');
    expect(store.getState().modals.groupDialogError).toEqual({
      modal: 'joinGroup',
      error: { status: 404, message: 'No group by that name and code' },
      payload: { groupName: 'Closers' },
    });
    expect(store.getState().modals.open).toEqual(['joinGroup']);
  });

  it('turns a thrown Error into the error shape the dialogs read', async () => {
    unregister.push(
      registerPendingAction('groupCreate', async () => {
        throw new Error('network down');
      }),
    );
    const store = createStore();
    store.dispatch(paymentRequired({ name: 'groupCreate', payload: {} }));

    await store.dispatch(finishPaymentFlow());

    expect(store.getState().modals.groupDialogError?.error).toEqual({ status: 0, message: 'network down' });
  });

  it('reports an action nobody registered as an error of its dialog', async () => {
    const store = createStore();
    store.dispatch(paymentRequired({ name: 'groupCreate', payload: {} }));

    const outcome = await store.dispatch(finishPaymentFlow());

    expect(outcome).toEqual({ groupId: null });
    expect(selectActiveModal(store.getState())).toBe('createGroup');
  });

  it('without a pending action only swaps the payment dialog for payment success', async () => {
    const store = createStore();
    store.dispatch(modalOpened('payment'));

    const outcome = await store.dispatch(finishPaymentFlow());

    expect(outcome).toBeNull();
    expect(store.getState().modals.open).toEqual(['paymentSuccess']);
  });
});
