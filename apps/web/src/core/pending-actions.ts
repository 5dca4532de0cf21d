import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { type ApiError, isApiError } from '../lib/api-error';
import {
  type ModalsState,
  modalClosed,
  modalOpened,
  type PendingActionName,
  pendingActionFailed,
  pendingActionFinished,
} from './modals-slice';
import type { AppDispatch } from './store';

// Creating or joining a group needs a payment method. The groups feature saves its
// action with `paymentRequired(...)` and registers here how to run it; the payment dialog runs it
// once the subscription is active. A runner sends the saved request and answers the group's id.
export type PendingActionRunner<P = unknown> = (payload: P, dispatch: AppDispatch) => Promise<number>;

const runners = new Map<PendingActionName, PendingActionRunner>();

/** Registers the runner of groupCreate or groupAdd; answers a function that removes it again. */
export function registerPendingAction<P>(name: PendingActionName, runner: PendingActionRunner<P>): () => void {
  const entry = runner as PendingActionRunner;
  runners.set(name, entry);
  return () => {
    if (runners.get(name) === entry) runners.delete(name);
  };
}

function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return { status: error.status, message: error.message, code: error.code };
  return { status: 0, message: error instanceof Error ? error.message : undefined };
}

/**
 * After the subscription became active: run the pending groupAdd or groupCreate, close
 * the payment dialog and open payment success. Answers the group to go to, `{ groupId: null }` when
 * the action failed (its dialog opens again with the error, the form as filled, and a line saying
 * the payment succeeded, in place of payment success), or null when nothing was pending.
 */
export function finishPaymentFlow(): ThunkAction<
  Promise<{ groupId: number | null } | null>,
  { modals: ModalsState },
  unknown,
  UnknownAction
> {
  return async (dispatch, getState) => {
    const pending = getState().modals.pendingAction;
    let outcome: { groupId: number | null } | null = null;
    if (pending) {
      // Taken out of the store first, so it never runs twice.
      dispatch(pendingActionFinished());
      const runner = runners.get(pending.name);
      try {
        if (!runner) throw new Error(`No runner is registered for ${pending.name}`);
        outcome = { groupId: await runner(pending.payload, dispatch as AppDispatch) };
      } catch (error) {
        dispatch(pendingActionFailed({ name: pending.name, error: toApiError(error), payload: pending.payload }));
        outcome = { groupId: null };
      }
    }
    dispatch(modalClosed('payment'));
    // A failed action's dialog opens again and says itself that the payment went through.
    if (outcome?.groupId !== null) dispatch(modalOpened('paymentSuccess'));
    return outcome;
  };
}
