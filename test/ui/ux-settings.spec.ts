/**
 * Settings and saving the key, as a demanding user meets them: every Save
 * uses what is in the form, each error sits on the field it concerns with its real reason, the quota a free
 * check returned is shown at once, the window says where the key really is, the shortcut is recorded rather than
 * typed, and a settings save is all-or-nothing. Screens of these at 380×640, light and dark, go into
 * .tmp/screens/ux-<before|after>-settings-*.png (see ux-shots.ts); the ones looked at are copied to
 * docs/screenshots/before-after/. Each screen is first checked to be the one meant.
 */
import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { startSimulator } from '../../electron/demo/simulator';
import { expect, test, type Preview } from './fixtures';
import { ipField, monthMeter, storedKey } from './ui-helpers';
import { shoot } from './ux-shots';
import { closedPort, listenOnLoopback } from '../helpers/local-server';

test.use({ viewport: { width: 380, height: 640 } });

const keyField = (page: Page) => page.getByLabel('API key', { exact: true });
const urlField = (page: Page) => page.getByLabel('Base URL');
const welcome = (page: Page) => page.getByRole('heading', { name: 'Welcome to Lookup Tray' });

/** A server that answers every request with a 301 to another host and an HTML body. */
async function redirectingServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(301, { location: 'https://www.example.net/moved', 'content-type': 'text/html' });
    res.end('<html><head><title>301 Moved Permanently</title></head><body><h1>Moved Permanently</h1></body></html>');
  });
  return { url: await listenOnLoopback(server), server };
}

async function fillAndSave(page: Page, url: string, key: string): Promise<void> {
  await urlField(page).fill(url);
  await keyField(page).fill(key);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

async function openSettings(page: Page, preview: Preview): Promise<void> {
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
}

test.describe('first run', () => {
  test.use({ previewSetup: 'first-run' });

  test('item 1: after a refused first Save, the corrected base URL is the one used, and the key is saved', async ({
    page,
    preview,
  }) => {
    await preview.open(page);
    await fillAndSave(page, `http://127.0.0.1:${await closedPort()}`, preview.apiKey);
    await expect(page.locator('.field-error').filter({ hasText: /\S/ })).toBeVisible();
    await expect(welcome(page)).toBeVisible();

    await fillAndSave(page, preview.sim.url, preview.apiKey);
    await expect(ipField(page)).toBeVisible();
    expect(await storedKey(preview)).toBe(preview.apiKey);
    expect(preview.sim.log.some((e) => e.path === '/v2/status' && e.status === 200)).toBe(true);
  });

  test('item 1: after a 401 from one service, switching the base URL to another asks the other one', async ({
    page,
    preview,
  }) => {
    const stranger = await startSimulator({ clock: preview.clock, keys: {} });
    try {
      await preview.open(page);
      await fillAndSave(page, stranger.url, preview.apiKey);
      await expect(keyField(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(keyField(page)).toHaveAccessibleDescription(/401/);

      await fillAndSave(page, preview.sim.url, preview.apiKey);
      await expect(ipField(page)).toBeVisible();
      expect(stranger.log).toHaveLength(1);
      expect(await storedKey(preview)).toBe(preview.apiKey);
    } finally {
      await stranger.close();
    }
  });

  test('item 2: a refused connection is put on the Base URL field with its reason; the key is not marked', async ({
    page,
    preview,
  }) => {
    await preview.open(page);
    await expect(keyField(page)).toBeVisible();
    await shoot(page, 'settings-first-run', { dark: true });
    const port = await closedPort();
    await fillAndSave(page, `http://127.0.0.1:${port}`, preview.apiKey);
    await expect(urlField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(urlField(page)).toHaveAccessibleDescription(/refused/);
    await expect(urlField(page)).not.toHaveAccessibleDescription(/could not be found/);
    await expect(keyField(page)).toHaveAttribute('aria-invalid', 'false');
    await expect(keyField(page)).toHaveValue(preview.apiKey);
    await expect(page.locator('.field-error').filter({ hasText: /\S/ })).toBeVisible();
    await shoot(page, 'settings-first-run-refused', { dark: true });
  });

  test('item 2: a host that does not exist, a TLS failure and a slow answer each say what happened', async ({
    page,
    preview,
  }) => {
    await preview.open(page);
    await fillAndSave(page, 'https://no-such-host.invalid', preview.apiKey);
    await expect(urlField(page)).toHaveAccessibleDescription(/no-such-host\.invalid could not be found/);
    await expect(keyField(page)).toHaveAttribute('aria-invalid', 'false');

    // https:// to a server that speaks plain http: the TLS handshake fails.
    await fillAndSave(page, `https://127.0.0.1:${preview.sim.port}`, preview.apiKey);
    await expect(urlField(page)).toHaveAccessibleDescription(/secure connection/);

    // While it runs the button says so, and nothing can be sent twice.
    preview.sim.setFaults({ delayMs: 1500 });
    await fillAndSave(page, preview.sim.url, preview.apiKey);
    await expect(page.getByRole('button', { name: 'Checking…' })).toBeDisabled();
    await expect(ipField(page)).toBeVisible();
  });

  test('item 9: a key verified by the free status check shows the month figures it returned at once', async ({
    page,
    preview,
  }) => {
    preview.sim.setUsage(preview.apiKey, { month: 1234 });
    await preview.open(page);
    await fillAndSave(page, preview.sim.url, preview.apiKey);
    await expect(ipField(page)).toBeVisible();
    await expect(page.getByText('No quota data yet')).toHaveCount(0);
    await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', String(10_000 - 1234));
    expect(preview.sim.log.filter((e) => e.path === '/v2/info')).toHaveLength(0);
  });

  test('item 16: a redirect is explained on the Base URL field with where it points, never its HTML', async ({
    page,
    preview,
  }) => {
    const { url, server } = await redirectingServer();
    try {
      await preview.open(page);
      await fillAndSave(page, url, preview.apiKey);
      await expect(urlField(page)).toHaveAccessibleDescription(/redirect/i);
      await expect(urlField(page)).toHaveAccessibleDescription(/https:\/\/www\.example\.net\/moved/);
      await expect(page.locator('body')).not.toContainText('Moved Permanently');
      await expect(page.locator('body')).not.toContainText('in Settings');
    } finally {
      server.close();
    }
  });

  test('item 11: the preview keeps the key in memory and the first-run screen and Settings say so', async ({
    page,
    preview,
  }) => {
    await preview.open(page);
    await expect(keyField(page)).toHaveAccessibleDescription(/memory/);
    await expect(keyField(page)).not.toHaveAccessibleDescription(/system keychain/);
    await fillAndSave(page, preview.sim.url, preview.apiKey);
    await expect(ipField(page)).toBeVisible();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByText(/kept in memory for this preview session; forgotten when it stops/)).toBeVisible();
    await expect(page.getByText(/system keychain/)).toHaveCount(0);
  });
});

test.describe('settings', () => {
  test('item 16: inside Settings, a refused key never says "in Settings"', async ({ page, preview }) => {
    await openSettings(page, preview);
    await page.getByRole('button', { name: 'Replace key' }).click();
    await keyField(page).fill('FAKE-not-a-known-key-0000');
    await page.getByRole('button', { name: 'Save new key' }).click();
    await expect(keyField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(keyField(page)).toHaveAccessibleDescription(/401/);
    await expect(page.locator('body')).not.toContainText('in Settings');
  });

  test('item 9: "Key saved" and "Settings saved." fade after a while', async ({ page, preview }) => {
    await page.clock.install();
    await openSettings(page, preview);
    await page.getByLabel('Language of results').selectOption('de');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page.getByText('Settings saved.')).toHaveCount(0);

    await page.getByRole('button', { name: 'Replace key' }).click();
    await keyField(page).fill(preview.apiKey);
    await page.getByRole('button', { name: 'Save new key' }).click();
    await expect(page.getByText(/^Key saved/)).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page.getByText(/^Key saved/)).toHaveCount(0);
  });

  test('item 9: "Quota checked with the free status check." fades after a while', async ({ page, preview }) => {
    await page.clock.install();
    await preview.open(page);
    await page.getByRole('button', { name: 'Check quota' }).click();
    await expect(page.getByText('Quota checked with the free status check.')).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page.getByText('Quota checked with the free status check.')).toHaveCount(0);
  });

  test('item 14: the shortcut is recorded from a key press, shown as it will register; what cannot be is refused', async ({
    page,
    preview,
  }) => {
    await openSettings(page, preview);
    await shoot(page, 'settings-key', { dark: true });
    await page.getByRole('group', { name: 'Lookup cache' }).scrollIntoViewIfNeeded();
    await page.getByRole('group', { name: 'App' }).scrollIntoViewIfNeeded();
    await shoot(page, 'settings-app', { dark: true });
    const field = page.getByLabel('Global shortcut');
    await expect(field).toHaveValue('Ctrl+Shift+L');
    await expect(field).toHaveAccessibleDescription(/registers CommandOrControl\+Shift\+L/);

    await field.press('Shift+K');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, 'settings-shortcut-refused', { dark: true });
    await expect(field).toHaveAccessibleDescription(/needs Ctrl, Alt or Super/);
    await expect(field).toHaveValue('Ctrl+Shift+L');

    await field.press('Control+Alt+K');
    await expect(field).toHaveValue('Ctrl+Alt+K');
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await expect(field).toHaveAccessibleDescription(/registers CommandOrControl\+Alt\+K/);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    expect((await preview.core.handlers.getSnapshot()).settings.shortcut).toBe('CommandOrControl+Alt+K');

    // The core refuses what no key press could give either.
    const r = await preview.core.handlers.updateSettings({ shortcut: 'Ctrl+Foo' });
    expect(r).toMatchObject({ kind: 'invalid', errors: [{ field: 'shortcut' }] });
    expect((await preview.core.handlers.getSnapshot()).settings.shortcut).toBe('CommandOrControl+Alt+K');
  });

  test('item 14: the cache lifetime reads in days and hours, not 1 440 minutes', async ({ page, preview }) => {
    await openSettings(page, preview);
    const lifetime = page.getByLabel('Keep results for');
    const unit = page.getByRole('combobox', { name: 'Unit' });
    await expect(lifetime).toHaveValue('1');
    await expect(unit).toHaveValue(String(24 * 60));

    await lifetime.fill('31');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(lifetime).toHaveAccessibleDescription(/from 1 minute to 30 days/);

    await unit.selectOption('hours');
    await lifetime.fill('12');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    expect((await preview.core.handlers.getSnapshot()).settings.cache.ttlMinutes).toBe(12 * 60);
  });

  test('item 14: a save is all-or-nothing and says so', async ({ page, preview }) => {
    await openSettings(page, preview);
    await page.getByLabel('Language of results').selectOption('de');
    await page.getByLabel('Month: critical').fill('30');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByLabel('Month: critical')).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, 'settings-refused-save', { dark: true });
    await expect(page.getByRole('status').filter({ hasText: 'Nothing was saved' })).toBeVisible();
    // The field to correct is brought into view and focused.
    await expect(page.getByLabel('Month: critical')).toBeFocused();
    await expect(page.getByLabel('Month: critical')).toBeInViewport();
    await expect(page.getByText(/Some settings were not saved/)).toHaveCount(0);
    expect((await preview.core.handlers.getSnapshot()).settings.answerLanguage).toBe('');
  });
});
