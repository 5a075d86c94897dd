/** A stored key belongs to the origin it was saved for: after a base-URL change the window says so plainly. */
import { folderId, scopedAccount } from '../../electron/core/app/keychain-folder';
import { KEYCHAIN_SERVICE } from '../../electron/core/secrets/key-vault';
import { startSimulator } from '../../electron/demo/simulator';
import { expect, test } from './fixtures';
import { infoRequests } from './ui-helpers';

test('after the base URL moves to another server, the window asks for the key again and nothing is sent there', async ({
  page,
  preview,
}) => {
  const other = await startSimulator({
    clock: preview.clock,
    keys: { [preview.apiKey]: { monthLimit: 10, minuteLimit: null } },
  });
  try {
    const r = await preview.core.handlers.updateSettings({ baseUrl: other.url });
    expect(r.kind).toBe('saved');
    await preview.open(page);
    const note = page.getByRole('note');
    await expect(note).toContainText(`Your key was saved for ${new URL(preview.sim.url).origin}`);
    await expect(note).toContainText(`now points to ${new URL(other.url).origin}`);
    await expect(note).toContainText('enter it again');
    await page.screenshot({ path: '.tmp/screens/key-origin-note.png', fullPage: true });
    expect(other.log).toHaveLength(0);
    expect(infoRequests(preview)).toBe(0);
  } finally {
    await other.close();
  }
});

test.describe('a key an earlier version saved without its service', () => {
  test.use({ previewSetup: 'first-run' });

  test('is sent nowhere until the user confirms the origin; "Use it for …" binds it there and lookups work', async ({
    page,
    preview,
  }) => {
    // The app's folder after adopting the earlier version's item: a copy under the bare profile name, in this folder.
    await preview.secrets.setPassword(
      KEYCHAIN_SERVICE,
      scopedAccount('default', folderId(preview.dataDir).id),
      preview.apiKey,
    );
    expect((await preview.core.handlers.updateSettings({ baseUrl: preview.sim.url })).kind).toBe('saved');
    await preview.open(page);
    const origin = new URL(preview.sim.url).origin;
    await expect(page.getByRole('note')).toContainText('A key saved by an earlier version of Lookup Tray');
    expect(infoRequests(preview)).toBe(0);
    await page.getByRole('button', { name: `Use it for ${origin}` }).click();
    await expect(page.getByRole('note')).toHaveCount(0);
    expect(await preview.core.handlers.lookup({ ip: '8.8.8.8' })).toMatchObject({ kind: 'ok' });
    expect(infoRequests(preview)).toBe(1);
  });
});
