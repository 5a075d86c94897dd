/**
 * Issue 27: axe (a11y-axe.ts: WCAG 2.0/2.1 A and AA, 2.2 AA, best practice; zero violations) on the states
 * a11y.spec.ts does not reach, light and dark: lookup results from the cache, kept past their time, too large to
 * show and the private-address question; the month used up; Settings with each of its sections opened, a refused
 * save and the shortcut recorder; Profiles; Bulk mid-job, paused, stopped at the budget floor with its table;
 * History with six weeks of data.
 */
import type { Page } from '@playwright/test';
import { expectNoViolations } from './a11y-axe';
import { expect, test } from './fixtures';
import { sixWeeksOfUse } from './history-weeks';
import { ipField, lookUp, monthMeter, result } from './ui-helpers';

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test(`lookup: from the cache, kept past its time, too large, the private-address question — ${scheme}`, async ({
      page,
      preview,
    }) => {
      test.setTimeout(120_000);
      await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
      await lookUp(page, '8.8.8.8');
      await expect(result(page)).toContainText('From the network');
      await lookUp(page, '1.1.1.1');
      await expect(result(page)).toContainText('1.1.1.1 (IPv4)');
      await lookUp(page, '8.8.8.8');
      await expect(result(page)).toContainText('From cache');
      await expectNoViolations(page, 'lookup result from the cache');

      preview.advance(25 * 3_600_000); // the cache keeps answers 24 hours
      await page
        .getByRole('region', { name: 'Recent lookups' })
        .getByRole('button', { name: /1\.1\.1\.1/ })
        .click();
      await expect(result(page)).toContainText(/Kept answer · fetched/);
      await expectNoViolations(page, 'lookup result kept past its time');

      await lookUp(page, '192.168.1.20');
      await expect(result(page).getByRole('group', { name: 'Look up 192.168.1.20?' })).toBeVisible();
      await expectNoViolations(page, 'private-address question');

      preview.sim.setFaults({ hugeArray: 20_000 });
      await lookUp(page, '9.9.9.9');
      await expect(result(page).getByText(/too large to show here/)).toBeVisible({ timeout: 20_000 });
      await expectNoViolations(page, 'lookup result too large to show');
    });

    test(`the month used up — ${scheme}`, async ({ page, preview }) => {
      await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
      preview.sim.setUsage(preview.apiKey, { month: 9_999 });
      await lookUp(page, '8.8.8.8');
      await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '0');
      await ipField(page).fill('1.1.1.1');
      await expect(page.getByRole('alert').filter({ hasText: 'Monthly quota exhausted' })).toBeVisible();
      await expectNoViolations(page, 'month used up');
    });

    test(`Settings: each section opened, a refused save, the shortcut recorder — ${scheme}`, async ({
      page,
      preview,
    }) => {
      test.setTimeout(180_000);
      await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
      await lookUp(page, '8.8.8.8'); // something in the cache and the recent list for the Data section
      await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
      await openSettings(page);

      const key = page.getByRole('group', { name: 'API key' });
      await key.getByRole('button', { name: 'Replace key' }).click();
      await expect(page.getByLabel('API key', { exact: true })).toBeVisible();
      await expectNoViolations(page, 'Settings, replacing the key');
      await key.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByLabel('API key', { exact: true })).toBeHidden();
      await key.getByRole('button', { name: 'Remove key' }).click();
      await expect(page.getByRole('group', { name: 'Confirm removing the key' })).toBeVisible();
      await expectNoViolations(page, 'Settings, confirm removing the key');
      await page
        .getByRole('group', { name: 'Confirm removing the key' })
        .getByRole('button', { name: 'Cancel' })
        .click();

      await page.getByRole('button', { name: /^Clear cache/ }).click();
      await expect(page.getByRole('group', { name: 'Confirm clear cache' })).toBeVisible();
      await expectNoViolations(page, 'Settings, confirm clearing the cache');
      await page.getByRole('group', { name: 'Confirm clear cache' }).getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('group', { name: 'Profiles' }).getByRole('button', { name: 'Add profile' }).click();
      await expect(page.getByLabel('Profile name')).toBeVisible();
      await expectNoViolations(page, 'Settings, adding a profile');
      await page.getByRole('form', { name: 'Add a profile' }).getByRole('button', { name: 'Cancel' }).click();

      const shortcut = page.getByLabel('Global shortcut');
      await shortcut.focus();
      await page.keyboard.down('Control');
      await page.keyboard.down('Shift');
      await expect(shortcut).toHaveValue(/Ctrl\+Shift/);
      await expectNoViolations(page, 'Settings, recording a shortcut (modifiers held)');
      await page.keyboard.up('Shift');
      await page.keyboard.up('Control');
      await shortcut.press('K');
      await expect(shortcut).toHaveAccessibleDescription(/needs Ctrl, Alt or Super/);
      await expectNoViolations(page, 'Settings, a shortcut refused');

      await page.getByLabel('Base URL').fill('ftp://files.example.com');
      await page.getByLabel('Month quota resets on day').fill('40');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page, 'Settings, a refused save');
    });

    test(`Profiles: two profiles, the picker, renaming and removing — ${scheme}`, async ({ page, preview }) => {
      test.setTimeout(120_000);
      await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
      await openSettings(page);
      const profiles = page.getByRole('group', { name: 'Profiles' });
      await profiles.getByRole('button', { name: 'Add profile' }).click();
      await page.getByLabel('Profile name').fill('Lab');
      await page.getByRole('button', { name: 'Add and switch' }).click();
      await expect(page.getByRole('combobox', { name: 'Profile', exact: true })).toHaveValue('Lab');
      await expectNoViolations(page, 'Profiles, two of them (Settings)');
      await profiles.getByRole('button', { name: 'Rename Lab' }).click();
      await expect(page.getByRole('form', { name: 'Rename the profile' })).toBeVisible();
      await expectNoViolations(page, 'Profiles, renaming');
      await page.getByRole('form', { name: 'Rename the profile' }).getByRole('button', { name: 'Cancel' }).click();
      await profiles.getByRole('button', { name: 'Use' }).click();
      await expect(page.getByRole('combobox', { name: 'Profile', exact: true })).toHaveValue('default');
      await profiles.getByRole('button', { name: 'Remove Lab' }).click();
      await expect(page.getByRole('group', { name: 'Confirm removing the profile' })).toBeVisible();
      await expectNoViolations(page, 'Profiles, confirm removing one');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /Back/ }).click();
      await expect(ipField(page)).toBeVisible();
      await expectNoViolations(page, 'lookup view with the profile picker');
    });

    test.describe('bulk at 5 a minute', () => {
      test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: 5 } });
      test(`Bulk: mid-job and paused — ${scheme}`, async ({ page, preview }) => {
        test.setTimeout(120_000);
        await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
        await page.getByRole('button', { name: 'Bulk', exact: true }).click();
        // 20 at 4 a minute (one kept for single lookups): minutes of work, so it is still running when checked.
        await page.getByLabel(/Addresses/).fill(Array.from({ length: 20 }, (_, i) => `83.83.83.${i + 1}`).join('\n'));
        await page.getByRole('button', { name: 'Check cost' }).click();
        const cost = page.getByRole('region', { name: 'Cost before sending' });
        await expect(cost).toContainText('20 unique addresses');
        await cost.getByRole('button', { name: /^Start/ }).click();
        const job = page.getByRole('region', { name: 'Bulk job', exact: true });
        await expect(job.getByRole('heading')).toContainText('Running');
        await expect(page.getByRole('progressbar', { name: 'Bulk progress' })).toHaveAttribute(
          'aria-valuenow',
          /^[1-9]$/,
        );
        await expectNoViolations(page, 'Bulk mid-job');
        await job.getByRole('button', { name: 'Pause' }).click();
        await expect(job.getByRole('heading')).toContainText('Paused');
        await expectNoViolations(page, 'Bulk paused');
        await job.getByRole('button', { name: 'Cancel job' }).click();
        await expect(job.getByRole('heading')).toContainText('Cancelled');
      });
    });

    test.describe('demo', () => {
      test.use({ previewSetup: 'demo' });
      test(`Bulk: stopped at the budget floor, the results table — ${scheme}`, async ({ page, preview }) => {
        test.setTimeout(120_000);
        await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
        // Two demo days of background traffic: 910 of 1,000 left; a 90 % floor keeps 900, so 10 can go.
        for (let i = 0; i < 2; i++) {
          await page.getByRole('button', { name: 'Fast-forward' }).click();
          await page.getByRole('menuitem', { name: '1 day' }).click();
        }
        await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '910');
        await page.getByRole('button', { name: 'Bulk', exact: true }).click();
        await page.getByLabel(/Addresses/).fill(Array.from({ length: 12 }, (_, i) => `81.81.81.${i + 1}`).join('\n'));
        await page.getByLabel('Budget floor, percent of the month limit').fill('90');
        await page.getByRole('button', { name: 'Check cost' }).click();
        const cost = page.getByRole('region', { name: 'Cost before sending' });
        await expect(cost).toContainText('Only 10 can be sent before the budget floor');
        await expectNoViolations(page, 'Bulk cost, stopping at the floor');
        await cost.getByRole('button', { name: /^Start/ }).click();
        const job = page.getByRole('region', { name: 'Bulk job', exact: true });
        await expect(job.getByRole('heading')).toContainText('Running');
        await page.getByRole('button', { name: 'Fast-forward' }).click();
        await page.getByRole('menuitem', { name: '1 minute' }).click();
        await expect(job.getByRole('heading')).toContainText('Stopped', { timeout: 15_000 });
        await expect(page.getByRole('table', { name: 'Bulk results' }).getByRole('row')).toHaveCount(13);
        await expectNoViolations(page, 'Bulk stopped at the budget floor, with its results table');
        await page.locator('.bulk-results select').selectOption('pending');
        await expect(page.getByRole('table', { name: 'Bulk results' }).getByRole('row')).toHaveCount(3);
        await expectNoViolations(page, 'Bulk results table, pending rows only');
      });
    });

    test.describe('history', () => {
      test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: null } });
      test(`History with six weeks of data: chart and per-day table — ${scheme}`, async ({ page, preview }) => {
        test.setTimeout(120_000);
        await sixWeeksOfUse(preview);
        await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
        await page.getByRole('button', { name: 'History', exact: true }).click();
        await expect(page.locator('.history-chart canvas')).toHaveCount(2);
        await expectNoViolations(page, 'History with data');
        await page.getByText('Per-day table').click();
        await expect(page.locator('.history-table tbody tr')).toHaveCount(18);
        await expectNoViolations(page, 'History, the per-day table open');
      });
    });
  });
}
