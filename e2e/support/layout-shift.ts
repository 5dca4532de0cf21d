import type { Page } from '@playwright/test';

// Cumulative layout shift as the browser measures it, for the specs that hold a page still while it loads.

/** Before the page's first navigation: records every layout shift not caused by the person's input. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The total of the shifts recorded so far (CLS over the whole visit). */
export function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
}

/** Holds back the answers to requests whose URL matches, `ms` each: one part of the page comes late. */
export async function delayRequests(page: Page, url: string | RegExp, ms: number): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}
