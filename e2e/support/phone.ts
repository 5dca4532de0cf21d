import { expect, type Locator, type Page } from '@playwright/test';

// A phone's screen (390×844): what does not fit it, for the specs that check their screens at that width.

/** A phone as Chromium emulates one: a page wider than the screen widens the layout viewport too. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** What does not fit the phone's screen, described; empty when everything fits. */
export async function misfits(page: Page): Promise<string[]> {
  return [...(await overflows(page)), ...(await brokenWords(page.locator('table'))), ...(await edgeTouchers(page))];
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
 * The words inside `scope` (every element it matches) that wrap inside themselves ('Amo|unt', '$49.|99',
 * '12-27-|2026', one letter a line): a word is broken when its letters lie on more than one line. A word ends at
 * a space; a dash or a slash between two letters ('Papadopoulos-Whitfield') may end a line too, not one in a date
 * or a number.
 */
export async function brokenWords(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((roots) => {
    const problems: string[] = [];
    const range = document.createRange();
    for (const root of roots) {
      const where =
        root.tagName === 'TABLE' ? ` in the table ${root.getAttribute('aria-label') ?? 'without a name'}` : '';
      const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+?(?=\s|$|(?<=\p{L}[-‐–—/])\p{L})/gu)) {
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)),
          );
          if (lines.size > 1) problems.push(`"${word[0]}"${where} is broken over ${lines.size} lines`);
        }
      }
    }
    return problems;
  });
}

/**
 * Texts, icons and buttons (with a background or a border) closer than 8 px to the screen's left or right edge,
 * or to the edge of the page's main content box (the sidebar, the top bar): every page keeps its padding.
 * What a scrolling box hides is left out; so is what is hidden or drawn off screen.
 */
export async function edgeTouchers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // What is sliding in (the menu's drawer, a dialog) is measured where it comes to rest.
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));

    const MARGIN = 8;
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const main = document.querySelector('main')?.getBoundingClientRect();

    // The part of a box that the boxes it lies in (from `frame` outwards) let show, when they scroll or clip
    // (an ellipsis); null when nothing of it shows.
    const shownPart = (box: DOMRect, frame: Element | null) => {
      let { left, right, top, bottom } = box;
      for (let el = frame; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        const frame = el.getBoundingClientRect();
        if (style.overflowX !== 'visible') [left, right] = [Math.max(left, frame.left), Math.min(right, frame.right)];
        if (style.overflowY !== 'visible') [top, bottom] = [Math.max(top, frame.top), Math.min(bottom, frame.bottom)];
      }
      return right - left >= 2 && bottom - top >= 2 ? { left, right, top } : null;
    };
    const isShown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !element.closest('[aria-hidden="true"]:not(svg)');
    const check = (what: string, box: DOMRect, element: Element, frame = element.parentElement) => {
      const part = shownPart(box, frame);
      if (!part) return;
      if (part.left < MARGIN) problems.push(`${what} lies ${Math.round(part.left)}px from the screen's left edge`);
      if (part.right > width - MARGIN) {
        problems.push(`${what} lies ${Math.round(width - part.right)}px from the screen's right edge`);
      }
      if (!main || !element.closest('main')) return;
      if (part.left < main.left + MARGIN && main.left > 0) {
        problems.push(`${what} lies ${Math.round(part.left - main.left)}px from the sidebar`);
      }
      if (part.top < main.top + MARGIN && part.top >= main.top - 1) {
        problems.push(`${what} lies ${Math.round(part.top - main.top)}px from the top bar`);
      }
    };

    const range = document.createRange();
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, title') || !isShown(parent)) continue;
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) check(`"${text.slice(0, 40)}"`, box, parent, parent);
    }
    for (const icon of document.querySelectorAll('svg')) {
      if (isShown(icon) && !icon.parentElement?.closest('svg')) {
        check(
          `the icon ${icon.getAttribute('data-testid') ?? icon.getAttribute('aria-label') ?? ''}`.trim(),
          icon.getBoundingClientRect(),
          icon,
        );
      }
    }
    for (const button of document.querySelectorAll('button, [role="button"]')) {
      const style = getComputedStyle(button);
      const hasBox =
        !/rgba\(.*, 0\)|transparent/.test(style.backgroundColor) ||
        (Number.parseFloat(style.borderLeftWidth) > 0 && !/rgba\(.*, 0\)|transparent/.test(style.borderLeftColor));
      if (hasBox && isShown(button)) {
        check(
          `the button ${button.getAttribute('aria-label') ?? button.textContent?.trim()}`,
          button.getBoundingClientRect(),
          button,
        );
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
