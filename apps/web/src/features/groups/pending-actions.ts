import type { ErrorCode, GROUP_TYPE_PRIVATE } from '@leadcircle/shared';
import { registerPendingAction } from '../../core/pending-actions';
import type { AppDispatch } from '../../core/store';
import { isApiError } from '../../lib/api-error';
import { groupsApi } from './api';

// The pending forms: what create and join save while the payment dialog is open.
export interface PendingGroupCreate {
  name: string;
  private_code: string;
  target_id: number;
  product_id: number;
  group_type: typeof GROUP_TYPE_PRIVATE;
}
export interface PendingGroupAdd {
  groupName: string;
  privateCode: string;
  product_id?: number;
}

// The server's answer (422) when the caller has no payment method after all, e.g. one removed
// since the current user was read: the action then waits for payment like any other.
const PAYMENT_METHOD_REQUIRED: ErrorCode = 'PAYMENT_METHOD_REQUIRED';
export function isPaymentMethodRequired(error: unknown): boolean {
  return isApiError(error) && error.code === PAYMENT_METHOD_REQUIRED;
}

/** Sends the wizard's create request (name, privateCode, targetId, productId, group type). */
export async function createGroupFromWizard(payload: PendingGroupCreate, dispatch: AppDispatch): Promise<number> {
  const request = groupsApi.endpoints.createPrivateGroup.initiate({
    name: payload.name,
    privateCode: payload.private_code,
    targetId: payload.target_id,
    productId: payload.product_id,
    group_type: payload.group_type,
  });
  const group = await dispatch(request).unwrap();
  return group.groupId;
}

/** Sends the join request (groupName, privateCode, product_id). */
export async function joinGroupWithPassword(payload: PendingGroupAdd, dispatch: AppDispatch): Promise<number> {
  const group = await dispatch(groupsApi.endpoints.joinGroup.initiate(payload)).unwrap();
  return group.groupId;
}

// Registered when the groups area loads, which is before either dialog can ask for payment.
registerPendingAction<PendingGroupCreate>('groupCreate', createGroupFromWizard);
registerPendingAction<PendingGroupAdd>('groupAdd', joinGroupWithPassword);
