import { expect, type Locator, type Page } from '@playwright/test';

// A phone's screen (390×844): what does not fit it, for the specs that check their screens at that width.

/** A phone as Chromium emulates one: a page wider than the screen widens the layout viewport too. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** What does not fit the phone's screen, described; empty when everything fits. */
export async function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
      // Name the outermost elements that stick out, so the cause is plain.
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        const right = element.getBoundingClientRect().right;
        const parent = element.parentElement;
        if (
          right > document.documentElement.scrollWidth - 2 ||
          (right > width + 0.5 && parent && parent.getBoundingClientRect().right <= width + 0.5)
        ) {
          problems.push(
            `  sticking out: <${element.tagName.toLowerCase()} class="${element.className}"> to ${Math.round(right)}px`,
          );
        }
      }
    }
    for (const paper of document.querySelectorAll<HTMLElement>('.MuiDialog-paper')) {
      const box = paper.getBoundingClientRect();
      if (box.left < 0 || box.top < 0 || box.right > width + 0.5 || box.bottom > height + 0.5) {
        const title = paper.querySelector('h2')?.textContent ?? 'a dialog';
        problems.push(
          `${title} lies at ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)}`,
        );
      }
      if (paper.scrollWidth > paper.clientWidth + 1) {
        problems.push(`${paper.querySelector('h2')?.textContent ?? 'a dialog'} is wider inside than its frame`);
      }
    }
    for (const table of document.querySelectorAll<HTMLElement>('table')) {
      const frame = table.parentElement!;
      if (
        table.getBoundingClientRect().right > frame.getBoundingClientRect().right + 1 ||
        table.scrollWidth > frame.clientWidth + 1
      ) {
        problems.push(`the table ${table.getAttribute('aria-label')} is cut off`);
      }
      for (const cell of table.querySelectorAll<HTMLElement>('td, th')) {
        if (cell.scrollWidth > cell.clientWidth + 1 && getComputedStyle(cell).overflowX === 'visible') {
          problems.push(`a cell of ${table.getAttribute('aria-label')} runs over: "${cell.textContent?.slice(0, 30)}"`);
        }
      }
    }
    return problems;
  });
}

export async function expectFits(page: Page, where: string) {
  // Let layout and lazy parts settle.
  await page.waitForLoadState('networkidle');
  expect(await misfits(page), where).toEqual([]);
}

/** The words inside `scope` that a line break cuts in two ("Membe|r"); empty when none is. */
export async function brokenWords(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        // A word on one line has one box per line it spans (empty boxes aside).
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}
