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
import { sixWeeksOfUse } from './history-weeks';

/** Not converted yet (selector: what it is). */
const KNOWN_GAPS: Record<string, string> = {
  '.gauges, .cooldown-alert': 'Lookup: the quota gauges and the cooldown',
  '.result, #lookup-announcer, #ip-error':
    'Lookup: the result and its announcement, the address check (core/CLI engineer’s words)',
  '.recent-age': 'Lookup: a recent lookup’s age (renderer/src/format.ts)',
  '#quota-announcer': 'the quota announcer',
  '.key-section, .profiles, .notifications-pause, .data-section': 'Settings: key, profiles, pausing, data',
  'fieldset[data-group="Automatic quota checks"] > :not(legend), fieldset[data-group="Lookup cache"] > :not(legend)':
    'Settings: the automatic checks’ and the cache’s controls (costs, durations)',
  '.update-controls': 'Settings: the update controls',
  '.field:has(.shortcut-recorder) .hint': 'Settings: the shortcut recorder’s hint (renderer/src/components/fields.tsx)',
  '.save-bar [role="status"]': 'Settings: the save bar’s message',
  'main .core-words':
    'Bulk, History, Report: the core’s sentences — the cost preview’s lines, a range or noise note, an entry’s problem, a refusal, a saved export; a job’s note or a row’s error kept by an older build (electron/core/bulk)',
  '[data-testid="about-update"]': 'About: the update line',
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
  // Settings → Data → About is in a known gap (not converted yet): its English name.
  await page.getByRole('button', { name: 'About Lookup Tray' }).click();
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
});

test.describe('History with six weeks of data', () => {
  test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: null } });
  test('History: summary, both charts and their legend, the per-day table with its hints', async ({
    page,
    preview,
  }) => {
    await sixWeeksOfUse(preview);
    await preview.open(page);
    await page.getByRole('button', { name: /Ĥîšţöŕý/ }).click();
    await expect(page.locator('.history-chart canvas')).toHaveCount(2);
    await page.locator('.history-table summary').click();
    await expect(page.locator('.history-table tbody tr')).toHaveCount(18);
    await check(page, 'history with data, the per-day table open');
  });
});

test.describe('Bulk with a finished job', () => {
  // Two a minute: the job sends one of each window (a slot is kept for single lookups) and waits for the next, so the
  // view sees it running before it finishes, and the announcer says its end (nothing is said for a first state).
  test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: 2 } });
  test('Bulk: the list, its cost, a finished job, its results narrowed, the announcer', async ({ page, preview }) => {
    await preview.open(page);
    await page.getByRole('button', { name: /Ɓûĺķ/ }).click();
    await page.locator('#bulk-text').fill('8.8.8.8, blocked\n1.1.1.1 and 9.9.9.9\nnot-an-ip\n10.0.0.1\n8.8.8.8\n');
    await check(page, 'bulk, a list typed');
    await page.locator('.bulk-options ~ .buttons button').click();
    const cost = page.locator('.bulk-preview');
    await expect(cost.getByRole('button', { name: /Šţàŕţ/ })).toBeEnabled();
    await cost.locator('details summary').click();
    await check(page, 'bulk, the cost');
    await cost.getByRole('button', { name: /Šţàŕţ/ }).click();
    await expect(page.locator('.bulk-job h2')).toContainText(/Ŕûññîñĝ/);
    await check(page, 'bulk, a job running (its pace)');
    for (let step = 0; step < 6 && !/Ƒîñîšĥéđ/.test((await page.locator('.bulk-job h2').textContent()) ?? ''); step++) {
      const before = await page.locator('.bulk-counts').first().textContent();
      preview.advance(61_000);
      await expect
        .poll(
          async () =>
            (await page.locator('.bulk-job h2').textContent())?.includes('Ƒîñîšĥéđ') ||
            (await page.locator('.bulk-counts').first().textContent()) !== before,
          { timeout: 15_000 },
        )
        .toBe(true);
    }
    await expect(page.locator('.bulk-job h2')).toContainText(/Ƒîñîšĥéđ/);
    await expect(page.locator('.bulk-table [role="row"]')).toHaveCount(4);
    await expect(page.locator('#bulk-announcer')).toContainText(/ƒîñîšĥéđ/);
    await check(page, 'bulk, a finished job and its results');
    await page.locator('.bulk-narrow select').nth(1).selectOption('datacenter');
    await check(page, 'bulk, the results narrowed by a flag (the block list)');
    await page
      .locator('.bulk-job')
      .getByRole('button', { name: /Ŕéþöŕţ/ })
      .click();
    await expect(page.locator('.report-coverage')).toContainText(/3 /);
    await expect(page.locator('.report-map svg').first()).toBeVisible();
    await check(page, 'report of the finished job: coverage, attention, map, breakdowns, top addresses');
  });
});
