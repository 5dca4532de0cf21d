import { expect, type Page } from '@playwright/test';

// A phone's screen (390×844): what does not fit it, for the specs that check their screens at that width.

/** A phone as Chromium emulates one: a page wider than the screen widens the layout viewport too. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** What does not fit the phone's screen, described; empty when everything fits. */
export async function misfits(page: Page): Promise<string[]> {
  return [...(await overflows(page)), ...(await brokenWords(page))];
}

/** What is wider than the screen, a dialog off screen, a table cut off or a cell running into the next. */
async function overflows(page: Page): Promise<string[]> {
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
    for (const table of document.querySelectorAll('table')) {
      const frame = table.parentElement!;
      // A table may scroll sideways in its frame when its first column stays in view.
      const scrollsWithFirstColumn =
        ['auto', 'scroll'].includes(getComputedStyle(frame).overflowX) &&
        [...table.rows].every((row) => !row.cells[0] || getComputedStyle(row.cells[0]).position === 'sticky');
      if (
        !scrollsWithFirstColumn &&
        (table.getBoundingClientRect().right > frame.getBoundingClientRect().right + 1 ||
          table.scrollWidth > frame.clientWidth + 1)
      ) {
        problems.push(`the table ${table.getAttribute('aria-label')} is cut off`);
      }
      if (frame.scrollWidth > table.offsetWidth + 1) {
        problems.push(`the table ${table.getAttribute('aria-label')} scrolls sideways past its last column`);
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

/**
 * The words of a table (headers, cells) that wrap inside themselves ('Amo|unt', '$49.|99', '12-27-|2026', one
 * letter a line): a word is broken when its letters lie on more than one line. A word ends at a space; a dash or
 * a slash between two letters ('Papadopoulos-Whitfield') may end a line too, not one in a date or a number.
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const range = document.createRange();
    for (const table of document.querySelectorAll('table')) {
      const name = table.getAttribute('aria-label') ?? 'without a name';
      const texts = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+?(?=\s|$|(?<=\p{L}[-‐–—/])\p{L})/gu)) {
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)),
          );
          if (lines.size > 1) problems.push(`"${word[0]}" in the table ${name} is broken over ${lines.size} lines`);
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
