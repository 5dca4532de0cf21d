import { INVITE_ACTIONS, type InviteAction, STORAGE_KEYS } from '@leadcircle/shared';
import { browserStorage, type KeyValueStorage } from './key-value-storage';

// A group or opportunity invite waiting to be accepted after sign-in.
export interface PendingInvite {
  inviteId: string;
  inviteCode: string;
  inviteAction: InviteAction;
}

export function isInviteAction(value: unknown): value is InviteAction {
  return INVITE_ACTIONS.includes(value as InviteAction);
}

export function storeInvite(invite: PendingInvite, storage: KeyValueStorage = browserStorage()): void {
  storage.setItem(STORAGE_KEYS.inviteId, invite.inviteId);
  storage.setItem(STORAGE_KEYS.inviteCode, invite.inviteCode);
  storage.setItem(STORAGE_KEYS.inviteAction, invite.inviteAction);
}

export function readStoredInvite(storage: KeyValueStorage = browserStorage()): PendingInvite | null {
  const inviteId = storage.getItem(STORAGE_KEYS.inviteId);
  const inviteCode = storage.getItem(STORAGE_KEYS.inviteCode);
  const inviteAction = storage.getItem(STORAGE_KEYS.inviteAction);
  if (!inviteId || !inviteCode || !isInviteAction(inviteAction)) return null;
  return { inviteId, inviteCode, inviteAction };
}

export function clearStoredInvite(storage: KeyValueStorage = browserStorage()): void {
  storage.removeItem(STORAGE_KEYS.inviteId);
  storage.removeItem(STORAGE_KEYS.inviteCode);
  storage.removeItem(STORAGE_KEYS.inviteAction);
}
