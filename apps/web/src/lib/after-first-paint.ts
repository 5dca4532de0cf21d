/** Dispatched on document once the first page shows (src/first-page.ts writes it out: it imports nothing). */
export const FIRST_PAGE_SHOWN_EVENT = 'leadcircle:first-page-shown';

/**
 * Resolves once the browser has painted the frame being prepared: work that can wait (checks, schemas,
 * snackbars) starts then, so the first page's paint does not wait for its downloads.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      resolve();
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
