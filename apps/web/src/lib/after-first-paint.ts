/** Dispatched on document once the first page shows (src/first-page.ts writes it out: it imports nothing). */
export const FIRST_PAGE_SHOWN_EVENT = 'leadcircle:first-page-shown';

// A page that never paints content (none yet) lets what waits go after this long.
const FIRST_PAINT_WAIT_MAX_MS = 5_000;

let firstContentfulPaint: Promise<void> | undefined;

/** Resolves once the browser has shown the page's first content (its paint timing entry). */
function waitForFirstContentfulPaint(): Promise<void> {
  firstContentfulPaint ??= new Promise<void>((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    // Buffered: an entry that came before this call is delivered too.
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, FIRST_PAINT_WAIT_MAX_MS);
  });
  return firstContentfulPaint;
}

/**
 * Resolves once the page's first content has been shown and the frame being prepared has been painted:
 * work that can wait (form schemas, snackbars, the realtime channel) starts then, so the first
 * page's paint does not wait for its downloads. The paint timing entry is the moment the frame reached
 * the screen, which comes after the main thread has painted it.
 */
export function afterFirstPaint(): Promise<void> {
  return waitForFirstContentfulPaint().then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestAnimationFrame !== 'function') {
          resolve();
          return;
        }
        requestAnimationFrame(() => setTimeout(resolve, 0));
      }),
  );
}
