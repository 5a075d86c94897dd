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

/** Not converted yet (selector: what it is). */
const KNOWN_GAPS: Record<string, string> = {
  '.gauges, .cooldown-alert': 'Lookup: the quota gauges and the cooldown',
  '.result, #lookup-announcer, #ip-error':
    'Lookup: the result and its announcement, the address check (core/CLI engineer’s words)',
  '.recent-age': 'Lookup: a recent lookup’s age (renderer/src/format.ts)',
  '#quota-announcer': 'the quota announcer',
  'main.history > :not(.view-head)': 'History',
  'main.bulk > :not(.view-head)': 'Bulk',
  '.notice:not(.running-job) > p, .toast > div':
    'banners: the core’s notices and notifications (core/CLI engineer’s words)',
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
  await expect(page.getByRole('region', { name: 'Lookup result' })).toContainText('8.8.8.8 (IPv4)');
  await check(page, 'lookup, an answer shown');
  await page.getByRole('button', { name: /Šéţţîñĝš/ }).click();
  await check(page, 'settings');
  // The save bar and a field's problem (a fact from shared/, worded by the window): a size out of range, refused.
  const size = page.getByRole('spinbutton', { name: /Ķééþ àţ ɱöšţ/ });
  await size.fill('0');
  await expect(page.locator('.save-bar [role="status"]')).toHaveText(/^⟦Ûñšàṽéđ/);
  await check(page, 'settings, unsaved changes');
  await page.locator('.save-bar button[type="submit"]').click();
  await expect(page.locator('.save-bar [role="status"]')).toHaveText(/^⟦Ñöţĥîñĝ ŵàš šàṽéđ/);
  await expect(size).toHaveAttribute('aria-invalid', 'true');
  await check(page, 'settings, a refused save');
  // The key section: the key form (Replace key), a refused key in the core's facts, the remove confirmation.
  await page.getByRole('button', { name: /Ŕéþĺàçé ķéý/ }).click();
  await page.getByLabel(/^⟦ÀÞÎ ķéý/).fill('bad key');
  await page.getByRole('button', { name: /Šàṽé ñéŵ ķéý/ }).click();
  await expect(page.locator('.key-form .field-error').first()).toHaveText(/^⟦/);
  await check(page, 'settings, the key form');
  await page.getByRole('button', { name: /Çàñçéĺ/ }).click();
  await page.getByRole('button', { name: /Ŕéɱöṽé ķéý/ }).click();
  await check(page, 'settings, removing the key');
  await page.getByRole('button', { name: /Çàñçéĺ/ }).click();
  // Profiles: adding one with a name the window refuses (its own check, a fact worded here), pausing, the data.
  await page.getByRole('button', { name: /Àđđ þŕöƒîĺé/ }).click();
  await page.getByLabel(/^⟦Þŕöƒîĺé ñàɱé/).fill('a@b');
  await page.getByRole('button', { name: /Àđđ àñđ šŵîţçĥ/ }).click();
  await expect(page.locator('.profiles .field-error').first()).toHaveText(/^⟦/);
  await check(page, 'settings, adding a profile');
  await page.getByRole('button', { name: /Çàñçéĺ/ }).click();
  await page.getByRole('button', { name: /Þàûšé ƒöŕ 1 ĥöûŕ/ }).click();
  await expect(page.locator('.notifications-pause [role="status"]')).toHaveText(/^⟦Þàûšéđ ûñţîĺ/);
  await page.getByRole('button', { name: /Çĺéàŕ çàçĥé/ }).click();
  await check(page, 'settings, paused, clearing the cache');
  await page.getByRole('button', { name: /Çàñçéĺ/ }).click();
  await size.fill('500');
  await page.locator('.save-bar button[type="submit"]').click();
  await expect(page.locator('.save-bar [role="status"]')).toHaveText(/^⟦Šéţţîñĝš šàṽéđ/);
  await check(page, 'settings, saved');
  await page.getByRole('button', { name: /^⟦Àƀöûţ Ĺööķûþ/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Àƀöûţ/ })).toBeVisible();
  await check(page, 'about');
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
  test('Settings in demo mode: the demo’s key section', async ({ page, preview }) => {
    await preview.open(page);
    await page.getByRole('button', { name: /Šéţţîñĝš/ }).click();
    await expect(page.locator('.key-section')).toContainText('Đéɱö');
    await check(page, 'demo, settings');
  });
});
