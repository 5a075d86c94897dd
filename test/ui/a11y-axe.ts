/**
 * Issue 27: the axe check the a11y specs share. axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA, best practice) on the
 * page as it is now; a violation fails the test (softly: one run reports every state's violations) and prints
 * the rule, the elements and the fix axe suggests. No rule is disabled; any rule turned off must say why here.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Runs axe on the page as it is now; fails with every violation's rule, elements and suggested fix. */
export async function expectNoViolations(page: Page, state: string): Promise<void> {
  // Let fades and transitions end: axe reads computed colours, and a half-faded element is not what users see.
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const report = violations
    .map((v) =>
      [
        `[${v.id}] (${v.impact}) ${v.help} — ${v.helpUrl}`,
        ...v.nodes.map((n) => `  at ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`),
      ].join('\n'),
    )
    .join('\n');
  expect.soft(violations.length, `axe violations in "${state}":\n${report}`).toBe(0);
}
