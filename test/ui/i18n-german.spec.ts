/**
 * German screens (issue 43): every view converted to the catalog, on a German system ('Same as the system'), light
 * and dark at 380 px, into .tmp/screens/ux-after-de-*.png (test/ui/ux-shots.ts). The assertions are what a German
 * user reads first on each: the screens are for looking at (German runs about 30 % longer than English).
 */
import { expect, test } from './fixtures';
import { shoot } from './ux-shots';
import { sixWeeksOfUse } from './history-weeks';
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
  // The window speaks German (its catalog is a chunk loaded after the page): the notice comes after, not during it.
  await expect(page.getByRole('button', { name: 'Abfragen' })).toBeVisible();
  const file = join(preview.dataDir, 'settings.json');
  rmSync(file, { force: true });
  mkdirSync(file);
  await preview.core.handlers.updateSettings({ cache: { ttlMinutes: 61 } });
  await expect(page.locator('.notice p')).toContainText('„settings“ konnte nicht gespeichert werden');
  await shoot(page, 'de-notice', { dark: true });
});

test('German Settings, its states: the key form, a refused profile name, pausing, clearing, a refused save', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByLabel('IP-Adresse').fill('8.8.8.8');
  await page.getByRole('button', { name: 'Abfragen' }).click();
  await expect(page.getByRole('region', { name: 'Ergebnis der Abfrage' })).toContainText('8.8.8.8 (IPv4)');
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

test('German: removing a profile another window removed meanwhile (the core’s fact, worded by the window)', async ({
  page,
  preview,
}) => {
  await preview.core.handlers.addProfile({ name: 'Labor' });
  await preview.core.handlers.switchProfile({ name: 'default' });
  await preview.open(page);
  await page.getByRole('button', { name: 'Einstellungen' }).click();
  await page.getByRole('button', { name: 'Labor entfernen' }).click();
  await preview.core.handlers.removeProfile({ name: 'Labor' });
  await page.getByRole('button', { name: 'Profil entfernen' }).click();
  await expect(page.locator('.profiles [role="alert"]')).toHaveText('Es gibt kein Profil namens „Labor“.');
  await page.locator('.profiles [role="alert"]').scrollIntoViewIfNeeded();
  await shoot(page, 'de-profile-refusal', { dark: true });
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bericht · 3 Adressen');
    await expect(page.getByLabel('Abdeckung')).toContainText('3 Adressen (4 Treffer), 3 beantwortet (100,0 %)');
    await expect(page.locator('.report-map svg').first()).toBeVisible();
    await shoot(page, 'de-report', { dark: true, fullPage: true });
  });
});

test('German: a pasted log’s skipped versions and an entry that is not an address (380 px)', async ({
  page,
  preview,
}) => {
  await page.setViewportSize({ width: 380, height: 760 });
  await preview.open(page);
  await page.getByRole('button', { name: 'Liste' }).click();
  const ua = (v: string) => `"Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/${v} Safari/537.36"`;
  await page
    .getByRole('textbox', { name: /^Adressen/ })
    .fill(
      [
        `8.8.8.8 - - [05/Jan/2026:00:00:01 +0000] "GET / HTTP/1.1" 200 512 ${ua('120.0.6099.109')}`,
        `1.1.1.1 - - [05/Jan/2026:00:00:02 +0000] "GET /a HTTP/1.1" 404 0 ${ua('119.0.6045.199')}`,
      ].join('\n'),
    );
  await page.getByRole('button', { name: 'Kosten prüfen' }).click();
  const cost = page.getByRole('region', { name: 'Kosten vor dem Senden' });
  await expect(cost).toContainText('2 versionsähnliche Tokens übersprungen, z. B. 120.0.6099.109.');
  await shoot(page, 'de-bulk-log-noise-380', { dark: true, fullPage: true });
  await page.getByRole('textbox', { name: /^Adressen/ }).fill('8.8.8.8\nexample.com\n');
  await page.getByRole('button', { name: 'Kosten prüfen' }).click();
  await cost.locator('details summary').click();
  await expect(cost.locator('details li')).toContainText('example.com');
  await shoot(page, 'de-bulk-entry-problem-380', { dark: true, fullPage: true });
});

test('German: Bulk’s ranges not counted, a bad range, a refused start and an export, worded from the core’s facts', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Liste' }).click();
  const list = page.getByRole('textbox', { name: /^Adressen/ });
  await list.fill('8.8.8.8\n45.0.0.0/30\n8.8.8.0/33\n');
  await page.getByRole('button', { name: 'Kosten prüfen' }).click();
  const cost = page.getByRole('region', { name: 'Kosten vor dem Senden' });
  await expect(cost).toContainText(
    'Oben nicht gezählt: 1 Bereich (45.0.0.0/30) enthält 4 Adressen: „Bereiche auflösen“ fragt ihn mit ab (bis zu 4 weitere Anfragen).',
  );
  await cost.locator('details summary').click();
  await expect(cost.locator('details li')).toContainText('/33 ist keine gültige Präfixlänge für IPv4 (0–32).');
  await shoot(page, 'de-bulk-ranges', { dark: true, fullPage: true });
  await list.fill('8.8.8.8\n10.0.0.0/8\n');
  await page.getByRole('checkbox', { name: 'Bereiche auflösen (CIDR, a-b)' }).check();
  await page.getByRole('button', { name: 'Kosten prüfen' }).click();
  await cost.getByRole('button', { name: /^Starten/ }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Die Bereiche enthalten 16.777.216 Adressen; höchstens 65.536 lassen sich auflösen. Bereiche eingrenzen oder die Liste teilen.',
  );
  await shoot(page, 'de-bulk-refused', { dark: true, fullPage: true });
  await page.getByRole('checkbox', { name: 'Bereiche auflösen (CIDR, a-b)' }).uncheck();
  await page.getByRole('button', { name: 'Kosten prüfen' }).click();
  await cost.getByRole('button', { name: /^Starten/ }).click();
  const job = page.getByRole('region', { name: 'Sammelabfrage', exact: true });
  await expect(job.getByRole('heading')).toContainText('Fertig', { timeout: 15_000 });
  // A pasted list's name is the window's, in its language.
  await expect(job.getByRole('heading')).toContainText('1 Adresse');
  const download = page.waitForEvent('download');
  await job.getByRole('button', { name: 'CSV' }).click();
  const csv = await download;
  await expect(job.getByRole('status').filter({ hasText: 'heruntergeladen' })).toHaveText(
    `Als ${csv.suggestedFilename()} heruntergeladen (siehe die Downloads des Browsers).`,
  );
  await shoot(page, 'de-bulk-exported', { dark: true, fullPage: true });
});
