/**
 * The pseudo-locale run (issue 43): each view and state the screenshot specs open, in the pseudo-locale, with no
 * text, accessible name or announcement that did not come from the catalog (outside `translate="no"` data) and no
 * text cut off or sticking out at 380 px (test/ui/i18n-pseudo-check.ts). Parts of the window not converted to the
 * catalog yet are KNOWN_GAPS below: their texts are counted and printed, not failed. Keep the list short and honest;
 * a part converted comes off it.
 */
import { expect, test } from './fixtures';
import { pseudoFindings, speakPseudo, type PseudoFinding } from './i18n-pseudo-check';
import type { Page } from '@playwright/test';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Not converted yet (selector: what it is). */
const KNOWN_GAPS: Record<string, string> = {
  '.key-section, .profiles, .notifications-pause, .data-section': 'Settings: key, profiles, pausing, data',
  'fieldset[data-group="Automatic quota checks"] > :not(legend), fieldset[data-group="Lookup cache"] > :not(legend)':
    'Settings: the automatic checks’ and the cache’s controls (costs, durations)',
  '.update-controls': 'Settings: the update controls',
  '.field:has(.shortcut-recorder) .hint': 'Settings: the shortcut recorder’s hint (renderer/src/components/fields.tsx)',
  '.save-bar [role="status"]': 'Settings: the save bar’s message',
  'main.history > :not(.view-head)': 'History',
  'main.bulk > :not(.view-head)': 'Bulk',
  '[data-testid="about-update"]': 'About: the update line',
};
const GAPS = Object.keys(KNOWN_GAPS);

/** The converted part of the Settings form: its language controls must pass even inside a gap. */
async function check(page: Page, view: string): Promise<void> {
  const findings = await pseudoFindings(page, GAPS);
  const gapped = (await pseudoFindings(page, [])).length - findings.length;
  console.log(`[pseudo] ${view}: ${findings.length} finding(s); ${gapped} text(s) in known gaps`);
  expect(
    findings,
    `${view}: ${findings.map((f: PseudoFinding) => `${f.kind} @ ${f.where}: ${f.text}`).join('\n')}`,
  ).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await speakPseudo(page);
});

test.afterAll(() => {
  console.log(
    `[pseudo] known gaps (${GAPS.length}):\n${Object.values(KNOWN_GAPS)
      .map((g) => `  - ${g}`)
      .join('\n')}`,
  );
});

test('the lookup view, Settings and About: every text from the catalog, none cut off at 380 px', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await check(page, 'lookup');
  await page.locator('#ip-input').fill('8.8.8.8');
  await page.locator('#ip-input').press('Enter');
  await expect(page.locator('section.result')).toContainText('8.8.8.8 (IPv4)');
  await check(page, 'lookup, an answer shown');
  await page.getByRole('button', { name: /Šéţţîñĝš/ }).click();
  await check(page, 'settings');
  // Settings → Data → About is in a known gap (not converted yet): its English name.
  await page.getByRole('button', { name: 'About Lookup Tray' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Àƀöûţ/ })).toBeVisible();
  await check(page, 'about');
});

test("the lookup view's states: the address check, a private address, an answer, its tree and copy, recent ages", async ({
  page,
  preview,
}) => {
  await preview.open(page);
  const ip = page.locator('#ip-input');
  const result = page.locator('section.result');
  await ip.fill('1.2.3');
  await ip.press('Enter');
  await expect(page.locator('#ip-error')).toContainText('1.2.3');
  await check(page, 'lookup, not an address');
  await ip.fill('10.0.0.1');
  await ip.press('Enter');
  await expect(page.locator('#confirm-nonpublic-title')).toContainText('10.0.0.1');
  await check(page, 'lookup, a private address asked first');
  await page.locator('.confirm-nonpublic button').first().click();
  await expect(result.locator('.note')).toBeVisible();
  await check(page, 'lookup, a private address answered');
  await ip.fill('8.8.8.8');
  await ip.press('Enter');
  await expect(result).toContainText('8.8.8.8 (IPv4)');
  await expect(page.locator('#lookup-announcer')).toContainText('8.8.8.8');
  await result.locator('.json-tools button').click();
  await result.locator('.json-head .copy-button').click();
  await check(page, 'lookup, the tree expanded and the JSON copied');
  preview.advance(3 * 60_000);
  await expect(page.locator('.recent-age').first()).not.toBeEmpty();
  await check(page, 'lookup, recent lookups with their ages');
  await page.locator('.recent-item').first().click();
  await expect(result.locator('.source')).toBeVisible();
  await check(page, 'lookup, a recent lookup shown again');
});

test("the quota: Check quota, the gauges, the minute limit's countdown and its announcements", async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.locator('.check-row button').click();
  await expect(page.locator('.check-row [role="status"]')).toContainText('⟦');
  await check(page, 'quota, checked');
  const ip = page.locator('#ip-input');
  await ip.fill('8.8.8.8');
  await ip.press('Enter');
  await expect(page.locator('.gauge').nth(1).locator('[role="meter"]')).toHaveAttribute('aria-valuenow', '4');
  preview.sim.setUsage(preview.apiKey, { minute: 5 });
  await ip.fill('8.8.4.4');
  await ip.press('Enter');
  await expect(page.locator('.cooldown-alert')).toBeVisible();
  await expect(page.locator('#quota-announcer')).toContainText('⟦');
  await check(page, 'quota, the minute limit met');
  await page.locator('.cooldown-alert button').click();
  await expect(page.locator('.cooldown-retry')).toBeVisible();
  await check(page, 'quota, tried anyway');
  preview.advance(61_000);
  await expect(page.locator('.cooldown-alert')).toHaveCount(0);
  await check(page, 'quota, the minute limit reset');
});

test('Check quota on a service without a free status check: the question, then the check by a lookup', async ({
  page,
  preview,
}) => {
  preview.sim.setStatusEndpoint(false);
  await preview.open(page);
  await page.locator('.check-row button').click();
  await expect(page.locator('.check-row .confirm')).toBeVisible();
  await check(page, 'quota, asked before spending');
  await page.locator('.check-row .confirm button').first().click();
  await expect(page.locator('.check-row [role="status"]')).toContainText('⟦');
  await check(page, 'quota, checked by a lookup');
});

test('a notice from the core: the settings could not be saved', async ({ page, preview }) => {
  await preview.open(page);
  // A folder where the file goes: the next write fails, and the core raises its notice (a fact the window words).
  const file = join(preview.dataDir, 'settings.json');
  rmSync(file, { force: true });
  mkdirSync(file);
  await preview.core.handlers.updateSettings({ cache: { ttlMinutes: 61 } });
  await expect(page.locator('.notice p')).toContainText('⟦');
  await check(page, 'a notice');
});

test('History and Bulk: their frame from the catalog', async ({ page, preview }) => {
  await preview.open(page);
  await page.getByRole('button', { name: /Ĥîšţöŕý/ }).click();
  await check(page, 'history');
  await page.getByRole('button', { name: /Ɓàçķ/ }).click();
  await page.getByRole('button', { name: /Ɓûĺķ/ }).click();
  await check(page, 'bulk');
});

test.describe('demo mode', () => {
  test.use({ previewSetup: 'demo' });
  test('the demo bar and its fast-forward menu', async ({ page, preview }) => {
    await preview.open(page);
    await check(page, 'demo');
    await page.getByRole('button', { name: /Ƒàšţ-ƒöŕŵàŕđ/ }).click();
    await check(page, 'demo, fast-forward menu open');
  });

  test('the in-page notifications (toasts) of a month running low', async ({ page, preview }) => {
    await preview.open(page);
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: /Ƒàšţ-ƒöŕŵàŕđ/ }).click();
      await page.getByRole('menuitem', { name: /1 ŵééķ/ }).click();
    }
    await expect(page.locator('.toast').first()).toBeVisible();
    expect(preview.notifications.length).toBeGreaterThan(0);
    await check(page, 'demo, toasts');
  });
});
