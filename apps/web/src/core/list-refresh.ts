import { LIST_REFRESH_DELAY_MS } from '@leadcircle/shared';

/**
 * After a successful create, edit or delete, the lists refresh LIST_REFRESH_DELAY_MS
 * later. Mutations call this from `onQueryStarted` with their list tags' invalidation, so every
 * screen showing such a list refreshes by itself, wherever the change was made; a failed call
 * refreshes nothing.
 */
export async function refreshListsAfterChange(queryFulfilled: Promise<unknown>, refresh: () => void): Promise<void> {
  try {
    await queryFulfilled;
  } catch {
    return;
  }
  setTimeout(refresh, LIST_REFRESH_DELAY_MS);
}
