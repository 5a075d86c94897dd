/**
 * German screens (issue 43): every view converted to the catalog, on a German system ('Same as the system'), light
 * and dark at 380 px, into .tmp/screens/ux-after-de-*.png (test/ui/ux-shots.ts). The assertions are what a German
 * user reads first on each: the screens are for looking at (German runs about 30 % longer than English).
 */
import { expect, test } from './fixtures';
import { shoot } from './ux-shots';

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
  await page.getByRole('button', { name: 'Über Lookup Tray' }).click();
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

test('German Settings, its states: the key form, a refused profile name, pausing, clearing, a refused save', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByLabel('IP-Adresse').fill('8.8.8.8');
  await page.getByRole('button', { name: 'Abfragen' }).click();
  await expect(page.getByRole('region', { name: 'Lookup result' })).toContainText('8.8.8.8 (IPv4)');
  await page.getByRole('button', { name: 'Einstellungen' }).click();
  await page.getByRole('button', { name: 'Schlüssel ersetzen' }).click();
  await page.getByRole('button', { name: 'Neuen Schlüssel speichern' }).click();
  await expect(page.locator('.key-form .field-error').first()).toHaveText('Geben Sie Ihren API-Schlüssel ein.');
  await page.getByRole('button', { name: 'Profil hinzufügen' }).click();
  await page.getByLabel('Name des Profils').fill('a@b');
  await page.getByRole('button', { name: 'Hinzufügen und wechseln' }).click();
  await expect(page.locator('.profiles .field-error').first()).toHaveText(
    'Profilnamen dürfen weder „@“ noch „#“ enthalten.',
  );
  await page.getByRole('button', { name: '1 Stunde pausieren' }).click();
  await expect(page.locator('.notifications-pause [role="status"]')).toContainText('Pausiert bis');
  await page.getByRole('button', { name: /^Zwischenspeicher leeren \(/ }).click();
  await page.getByRole('spinbutton', { name: 'Höchstens behalten' }).fill('0');
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.locator('.save-bar [role="status"]')).toHaveText(
    'Nichts gespeichert: Markierte Felder korrigieren, dann erneut speichern.',
  );
  await expect(
    page.getByText('Die Größe des Zwischenspeichers muss eine ganze Zahl von 1 bis 100.000 sein.'),
  ).toBeVisible();
  await shoot(page, 'de-settings-states', { dark: true, fullPage: true });
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
