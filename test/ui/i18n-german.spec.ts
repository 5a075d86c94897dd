/**
 * German screens (issue 43): every view converted to the catalog, on a German system ('Same as the system'), light
 * and dark at 380 px, into .tmp/screens/ux-after-de-*.png (test/ui/ux-shots.ts). The assertions are what a German
 * user reads first on each: the screens are for looking at (German runs about 30 % longer than English).
 */
import { expect, test } from './fixtures';
import { shoot } from './ux-shots';
import { sixWeeksOfUse } from './history-weeks';

test.use({ locale: 'de-DE' });

test('German: the lookup view, Settings, About, History and Bulk', async ({ page, preview }) => {
  await preview.open(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByLabel('IP-Adresse').fill('8.8.8.8');
  await page.getByRole('button', { name: 'Abfragen' }).click();
  await expect(page.getByRole('region', { name: 'Lookup result' })).toContainText('8.8.8.8 (IPv4)');
  await shoot(page, 'de-lookup', { dark: true });
  await page.getByRole('button', { name: 'Einstellungen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await shoot(page, 'de-settings', { dark: true, fullPage: true });
  await page.getByRole('button', { name: 'About Lookup Tray' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Über Lookup Tray' })).toBeVisible();
  await shoot(page, 'de-about', { dark: true });
  await page.getByRole('button', { name: '← Zurück' }).click();
  await page.getByRole('button', { name: '← Zurück' }).click();
  await page.getByRole('button', { name: 'Verlauf' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verlauf' })).toBeVisible();
  await shoot(page, 'de-history', { dark: true });
  await page.getByRole('button', { name: '← Zurück' }).click();
  await page.getByRole('button', { name: 'Liste' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sammelabfrage' })).toBeVisible();
  await shoot(page, 'de-bulk', { dark: true });
});

test.describe('demo mode', () => {
  test.use({ previewSetup: 'demo' });
  test('German: the demo bar and its fast-forward menu', async ({ page, preview }) => {
    await preview.open(page);
    await page.getByRole('button', { name: 'Vorspulen' }).click();
    await expect(page.getByRole('menuitem', { name: 'Demo beenden' })).toBeVisible();
    await shoot(page, 'de-demo', { dark: true });
  });
});

test.describe('History with six weeks of data', () => {
  test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: null } });
  test('German: History’s summary, charts (the axis’s “10.000” whole) and per-day table', async ({ page, preview }) => {
    await sixWeeksOfUse(preview);
    await preview.open(page);
    await page.getByRole('button', { name: 'Verlauf' }).click();
    await expect(page.getByLabel('Zusammenfassung')).toContainText(/von 10\.000 übrig/);
    await expect(page.locator('.history-chart canvas')).toHaveCount(2);
    await page.getByText('Tabelle pro Tag').click();
    await expect(page.locator('.history-table tbody tr')).toHaveCount(18);
    await shoot(page, 'de-history-data', { dark: true, fullPage: true });
  });
});

test.describe('Bulk with a finished job', () => {
  test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: 60 } });
  test('German: Bulk’s cost and a finished job with its results', async ({ page, preview }) => {
    await preview.open(page);
    await page.getByRole('button', { name: 'Liste' }).click();
    await page
      .getByRole('textbox', { name: /^Adressen/ })
      .fill('8.8.8.8, blocked\n1.1.1.1 and 9.9.9.9\nnot-an-ip\n10.0.0.1\n8.8.8.8\n');
    await page.getByRole('button', { name: 'Kosten prüfen' }).click();
    const cost = page.getByRole('region', { name: 'Kosten vor dem Senden' });
    await expect(cost).toContainText('3 eindeutige Adressen');
    await shoot(page, 'de-bulk-cost', { dark: true, fullPage: true });
    await cost.getByRole('button', { name: 'Starten (verbraucht bis zu 3 Anfragen)' }).click();
    const job = page.getByRole('region', { name: 'Sammelabfrage', exact: true });
    await expect(job.getByRole('heading')).toContainText('Fertig');
    await expect(job).toContainText('3 fertig · 0 offen · 0 aus dem Cache · 0 fehlgeschlagen');
    await page.getByLabel('Merkmal').selectOption('datacenter');
    await expect(page.getByText(/Sperrliste der gezeigten/)).toBeVisible();
    await shoot(page, 'de-bulk-finished', { dark: true, fullPage: true });
    await job.getByRole('button', { name: 'Bericht' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bericht · 3 addresses');
    await expect(page.getByLabel('Abdeckung')).toContainText('3 Adressen (4 Treffer), 3 beantwortet (100,0 %)');
    await expect(page.locator('.report-map svg').first()).toBeVisible();
    await shoot(page, 'de-report', { dark: true, fullPage: true });
  });
});
