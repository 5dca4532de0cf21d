import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Accessibility: axe-core's WCAG 2.x A and AA rules on what the page shows now.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** The serious and critical violations on the page, one line each: rule, impact, targets and what to fix. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Only the violations are described in full (passes are counted only): a quicker run.
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(' | ');
      const more = violation.nodes.length > 5 ? ` (+${violation.nodes.length - 5} more)` : '';
      const detail = violation.nodes[0]?.failureSummary?.split('\n').slice(1, 2).join('').trim();
      return `${violation.id} (${violation.impact}): ${violation.help} at ${targets}${more}${detail ? ` (${detail})` : ''}`;
    });
}

/**
 * Fails on any serious or critical violation of WCAG 2.x A/AA, naming each so the failure says what to fix.
 * The failure is soft: a walk goes on and reports every screen's violations at its end.
 */
export async function expectAccessible(page: Page, where: string) {
  // Let lazy parts and transitions settle (a dialog fading in is half transparent: its contrast is not yet its own).
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner turns for ever; an animation cancelled midway is over too.
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  expect.soft(await accessibilityViolations(page), `accessibility of ${where}`).toEqual([]);
}
