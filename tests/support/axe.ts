import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe as docs/architecture.md asks: no serious or critical violation. Every browser test checks through here,
 * so each waits the same way for the page to be still before axe reads its colours.
 */

const SCHEMES = ['light', 'dark'] as const;

/**
 * Waits until no finite animation or CSS transition runs. A scheme switched by emulateMedia starts
 * colour transitions; axe reading mid-way sees a blend of the two schemes and reports contrast
 * that no user ever sees at rest. Endless animations (spinners) are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** The serious and critical violations in the page as it is now (or in `include`), each with the elements it concerns. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The same in the light and then the dark colour scheme, each violation prefixed with its scheme. */
export async function seriousViolationsInBothSchemes(page: Page, include?: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await seriousViolations(page, include)).map((violation) => `${colorScheme}: ${violation}`));
  }
  return found;
}
