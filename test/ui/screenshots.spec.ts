/**
 * Screenshots of every state of the window, light and dark, into .tmp/screens/ (looked at by people:
 * see the closing notes). Each test first asserts that the state it shoots is really on screen.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ipField, lookUp, minuteMeter, monthMeter, result, toStartOfNextMinute } from './ui-helpers';

const DIR = join(process.cwd(), '.tmp', 'screens');

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({
      path: join(DIR, `${name}-${colorScheme}.png`),
      fullPage,
      animations: 'disabled',
      caret: 'hide',
    });
  }
}

test.describe('first run', () => {
  test.use({ previewSetup: 'first-run' });

  test('onboarding', async ({ page, preview }) => {
    await preview.open(page);
    await expect(page.getByRole('button', { name: 'Try demo' })).toBeVisible();
    await shoot(page, '01-onboarding');
  });

  test('onboarding: verify costs a request', async ({ page, preview }) => {
    preview.sim.setStatusEndpoint(false);
    await preview.open(page);
    await page.getByLabel('Base URL').fill(preview.sim.url);
    await page.getByLabel('API key', { exact: true }).fill(preview.apiKey);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Verify (uses 1 request)' })).toBeVisible();
    await shoot(page, '02-onboarding-verify');
    await page.getByRole('button', { name: 'Save without verifying' }).click();
    await expect(page.getByText(/No quota data yet/)).toBeVisible();
    await shoot(page, '03-lookup-no-data');
  });

  test('demo with its fast-forward menu', async ({ page, preview }) => {
    await preview.open(page);
    await page.getByRole('button', { name: 'Try demo' }).click();
    await lookUp(page, '8.8.8.8');
    await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
    await page.getByRole('button', { name: /Fast-forward/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Leave demo' })).toBeVisible();
    await shoot(page, '14-demo-menu');
  });
});

test('lookup result from the network (full page)', async ({ page, preview }) => {
  await preview.open(page);
  await lookUp(page, '8.8.8.8');
  await expect(result(page)).toContainText('From the network');
  await shoot(page, '04-lookup-result');
  await shoot(page, '05-lookup-result-full', true);
});

test('cache hit and recent lookups', async ({ page, preview }) => {
  await preview.open(page);
  await lookUp(page, '1.1.1.1');
  await lookUp(page, '9.9.9.9');
  await expect(result(page)).toContainText('9.9.9.9 (IPv4)');
  await page
    .locator('section.recent')
    .getByRole('button', { name: /1\.1\.1\.1/ })
    .click();
  await expect(result(page)).toContainText('From cache');
  await page.mouse.wheel(0, 2000);
  await shoot(page, '06-cache-hit-recent', true);
});

test('invalid input', async ({ page, preview }) => {
  await preview.open(page);
  await lookUp(page, 'example.com');
  await expect(page.locator('#ip-error')).not.toBeEmpty();
  await shoot(page, '07-invalid-input');
});

test('minute 429 countdown', async ({ page, preview }) => {
  toStartOfNextMinute(preview);
  await preview.open(page);
  preview.sim.setUsage(preview.apiKey, { minute: 4 });
  await lookUp(page, '8.8.8.8');
  await expect(minuteMeter(page)).toHaveAttribute('aria-valuenow', '0');
  await lookUp(page, '8.8.4.4');
  await expect(page.getByRole('alert').filter({ hasText: 'Minute limit reached' })).toBeVisible();
  await shoot(page, '08-minute-429');
});

test('month exhausted', async ({ page, preview }) => {
  await preview.open(page);
  preview.sim.setUsage(preview.apiKey, { month: 9_999 });
  await lookUp(page, '8.8.8.8');
  await lookUp(page, '8.8.4.4');
  await expect(page.getByRole('alert').filter({ hasText: 'Monthly quota exhausted' })).toBeVisible();
  await shoot(page, '09-month-exhausted');
});

test('low and critical with a forecast', async ({ page, preview }) => {
  await preview.open(page);
  preview.sim.setUsage(preview.apiKey, { month: 7_000 });
  await lookUp(page, '8.8.8.8');
  // The first answer must be in before the usage changes under it (under load it could still be in flight).
  await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '2999');
  preview.advance(2 * 3_600_000);
  preview.sim.setUsage(preview.apiKey, { month: 9_100, minute: 3 });
  await lookUp(page, '8.8.4.4');
  await expect(page.locator('.forecast')).toContainText('At this pace');
  await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '899');
  await shoot(page, '10-critical-forecast');
});

test.describe('plan without a minute limit', () => {
  test.use({ previewPlan: { monthLimit: 1_000, minuteLimit: null } });
  test('no per-minute limit', async ({ page, preview }) => {
    await preview.open(page);
    await lookUp(page, '1.1.1.1');
    await expect(page.getByText('No per-minute limit')).toBeVisible();
    await shoot(page, '11-no-minute-limit');
  });
});

test('invalid key', async ({ page, preview }) => {
  await preview.open(page);
  preview.sim.removeKey(preview.apiKey);
  await lookUp(page, '8.8.8.8');
  await expect(result(page).getByRole('button', { name: 'Open Settings' })).toBeVisible();
  await shoot(page, '12-invalid-key');
});

test('network error and bad response', async ({ page, preview }) => {
  await preview.open(page);
  preview.sim.setFaults({ reset: true });
  await lookUp(page, '8.8.8.8');
  await expect(result(page).getByRole('button', { name: 'Retry' })).toBeVisible();
  await shoot(page, '13-network-error');
  preview.sim.setFaults({ reset: false, nonJson: true });
  await lookUp(page, '8.8.4.4');
  await expect(result(page).getByText(/does not understand/)).toBeVisible();
  await shoot(page, '15-bad-response');
});

test('settings (full page)', async ({ page, preview }) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Month: critical').fill('30');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByLabel('Month: critical')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, '16-settings');
  await shoot(page, '17-settings-full', true);
  await page.getByRole('button', { name: 'Remove key' }).click();
  await expect(page.getByRole('group', { name: 'Confirm removing the key' })).toBeVisible();
  await shoot(page, '18-settings-remove-key');
});

test('zoom 200 %: the lookup view still works at half the width', async ({ page, preview }) => {
  await page.setViewportSize({ width: 190, height: 300 });
  await preview.open(page);
  await lookUp(page, '8.8.8.8');
  await expect(result(page)).toContainText('8.8.8.8');
  await expect(ipField(page)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shoot(page, '19-narrow-200pct', true);
});
