/**
 * German screens (issue 43): every view converted to the catalog, on a German system ('Same as the system'), light
 * and dark at 380 px, into .tmp/screens/ux-after-de-*.png (test/ui/ux-shots.ts). The assertions are what a German
 * user reads first on each: the screens are for looking at (German runs about 30 % longer than English).
 */
import { expect, test } from './fixtures';
import { shoot } from './ux-shots';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

test.use({ locale: 'de-DE' });

test('German: the lookup view, Settings, About, History and Bulk', async ({ page, preview }) => {
  await preview.open(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByLabel('IP-Adresse').fill('8.8.8.8');
  await page.getByRole('button', { name: 'Abfragen' }).click();
  await expect(page.getByRole('region', { name: 'Ergebnis der Abfrage' })).toContainText('8.8.8.8 (IPv4)');
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

test("German: the lookup view's states (the address check, a private address, a recent lookup's age)", async ({
  page,
  preview,
}) => {
  await preview.open(page);
  const result = page.getByRole('region', { name: 'Ergebnis der Abfrage' });
  await page.getByLabel('IP-Adresse').fill('example.com');
  await page.getByRole('button', { name: 'Abfragen' }).click();
  await expect(page.locator('#ip-error')).toContainText('„example.com“ ist keine IP-Adresse.');
  await shoot(page, 'de-lookup-invalid', { dark: true });
  await page.getByLabel('IP-Adresse').fill('10.0.0.1');
  await page.getByRole('button', { name: 'Abfragen' }).click();
  await expect(result).toContainText('Eine private Adresse: Der Dienst weiß darüber vielleicht wenig.');
  await shoot(page, 'de-lookup-private', { dark: true });
  await result.getByRole('button', { name: 'Trotzdem abfragen (1 Anfrage)' }).click();
  await expect(result.getByRole('button', { name: 'IP kopieren' })).toBeVisible();
  await result.getByRole('button', { name: 'Alles aufklappen' }).click();
  preview.advance(3 * 60_000);
  await expect(page.locator('.recent-age').first()).toHaveText('vor 3 Minuten');
  await expect(result).toContainText('Aus dem Netz · vor 3 Minuten');
  await shoot(page, 'de-lookup-answer', { dark: true, fullPage: true });
});

test('German: the quota — Check quota, the minute limit met, its countdown and Try anyway', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Kontingent prüfen' }).click();
  await expect(page.getByText('Kontingent mit der kostenlosen Statusabfrage geprüft.')).toBeVisible();
  await page.getByLabel('IP-Adresse').fill('8.8.8.8');
  await page.getByRole('button', { name: 'Abfragen' }).click();
  await expect(page.getByRole('meter', { name: 'Minutenkontingent' })).toHaveAttribute('aria-valuenow', '4');
  await shoot(page, 'de-quota-checked', { dark: true });
  preview.sim.setUsage(preview.apiKey, { minute: 5 });
  await page.getByLabel('IP-Adresse').fill('8.8.4.4');
  await page.getByRole('button', { name: 'Abfragen' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Minutenlimit erreicht' });
  await expect(alert).toContainText(/zurückgesetzt in 0:\d\d/);
  await alert.getByRole('button', { name: 'Trotzdem senden' }).click();
  await expect(alert).toContainText('Weiter begrenzt (geprüft gerade eben)');
  await shoot(page, 'de-quota-limited', { dark: true });
});

test('German: Check quota asks first when the service has no free status check', async ({ page, preview }) => {
  preview.sim.setStatusEndpoint(false);
  await preview.open(page);
  await page.getByRole('button', { name: 'Kontingent prüfen' }).click();
  const confirm = page.getByRole('group', { name: 'Kontingentprüfung bestätigen' });
  await expect(confirm).toContainText('Dieser Dienst hat keine kostenlose Kontingentprüfung');
  await shoot(page, 'de-quota-confirm', { dark: true });
  await confirm.getByRole('button', { name: 'Kontingent prüfen (1 Anfrage)' }).click();
  await expect(page.getByText('Kontingent mit einer Abfrage geprüft (1 Anfrage verbraucht).')).toBeVisible();
});

test('German: a notice from the core (the settings could not be saved)', async ({ page, preview }) => {
  await preview.open(page);
  const file = join(preview.dataDir, 'settings.json');
  rmSync(file, { force: true });
  mkdirSync(file);
  await preview.core.handlers.updateSettings({ cache: { ttlMinutes: 61 } });
  await expect(page.locator('.notice p')).toContainText('„settings“ konnte nicht gespeichert werden');
  await shoot(page, 'de-notice', { dark: true });
});

test.describe('demo mode', () => {
  test.use({ previewSetup: 'demo' });
  test('German: the demo bar and its fast-forward menu', async ({ page, preview }) => {
    await preview.open(page);
    await page.getByRole('button', { name: 'Vorspulen' }).click();
    await expect(page.getByRole('menuitem', { name: 'Demo beenden' })).toBeVisible();
    await shoot(page, 'de-demo', { dark: true });
  });

  test('German: the in-page notifications of a month running low', async ({ page, preview }) => {
    await preview.open(page);
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Vorspulen' }).click();
      await page.getByRole('menuitem', { name: '1 Woche' }).click();
    }
    await expect(page.locator('.toast').first()).toContainText('DEMO');
    await expect(page.locator('.toast').first()).toContainText('Monatskontingent');
    await shoot(page, 'de-toasts', { dark: true });
  });
});
