/**
 * Issue 27: axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA, best practice) on the window's views and states, light and
 * dark, against the real core through the web preview (the check itself: a11y-axe.ts). The other states are in
 * a11y-states.spec.ts.
 */
import { expect, test } from './fixtures';
import { expectNoViolations } from './a11y-axe';
import { ipField, lookUp, result } from './ui-helpers';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test.describe('first run', () => {
      test.use({ previewSetup: 'first-run' });
      test(`first run (empty, then a refused save) — ${scheme}`, async ({ page, preview }) => {
        test.setTimeout(60_000);
        await preview.open(page);
        await expectNoViolations(page, 'first run');
        const key = page.getByLabel(/API key/).first();
        await key.fill('x');
        await key.press('Enter');
        await page.waitForTimeout(300);
        await expectNoViolations(page, 'first run, refused save');
      });
    });

    test(`lookup: empty, a result, Settings, About — ${scheme}`, async ({ page, preview }) => {
      test.setTimeout(120_000);
      await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
      await expectNoViolations(page, 'lookup, empty');
      await lookUp(page, '8.8.8.8');
      await expect(result(page)).toContainText('8.8.8.8');
      await expectNoViolations(page, 'lookup result');

      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
      await expectNoViolations(page, 'Settings');
      await page.getByRole('button', { name: 'About Lookup Tray' }).click();
      await expect(page.getByRole('heading', { name: 'About Lookup Tray' })).toBeVisible();
      await expectNoViolations(page, 'About');
    });

    test(`History, Bulk input, cost and finished — ${scheme}`, async ({ page, preview }) => {
      test.setTimeout(120_000);
      await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
      await lookUp(page, '8.8.8.8');
      await expect(result(page)).toContainText('8.8.8.8');
      await page.getByRole('button', { name: 'History', exact: true }).click();
      await expectNoViolations(page, 'History');
      await page.getByRole('button', { name: /Back/ }).click();

      await page.getByRole('button', { name: 'Bulk', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Bulk lookups' })).toBeVisible();
      await expectNoViolations(page, 'Bulk input');
      await page.getByLabel(/Addresses/).fill('8.8.8.8\n1.1.1.1\n');
      await page.getByRole('button', { name: 'Check cost' }).click();
      const cost = page.getByRole('region', { name: 'Cost before sending' });
      await expect(cost).toContainText('2 unique addresses');
      await expectNoViolations(page, 'Bulk cost');
      await cost.getByRole('button', { name: /^Start/ }).click();
      const job = page.getByRole('region', { name: 'Bulk job', exact: true });
      await expect(job.getByRole('heading')).toContainText('Finished');
      await expectNoViolations(page, 'Bulk finished');
    });

    test(`minute 429 countdown — ${scheme}`, async ({ page, preview }) => {
      await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
      preview.sim.setUsage(preview.apiKey, { minute: 5 });
      await lookUp(page, '8.8.4.4');
      const alert = page.getByRole('alert').filter({ hasText: 'Minute limit reached' });
      await expect(alert).toBeVisible();
      await expectNoViolations(page, 'minute 429 countdown');
    });

    test.describe('demo', () => {
      test.use({ previewSetup: 'demo' });
      test(`demo bar and the Fast-forward menu — ${scheme}`, async ({ page, preview }) => {
        test.setTimeout(60_000); // two axe runs after the demo's start: over 30 s on a loaded 2-core machine
        await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
        await expectNoViolations(page, 'demo bar');
        await page.getByRole('button', { name: /Fast-forward/ }).click();
        await expect(page.getByRole('menuitem', { name: '1 day' })).toBeVisible();
        await expectNoViolations(page, 'Fast-forward menu open');
      });
    });
  });
}
