/**
 * "Save as file…" of an answer too large to show goes through the system's save dialog (stubbed in the main process:
 * a real one would wait for a person) and writes the whole answer where the dialog said.
 */
import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  forgetKeychainItems,
  launchApp,
  requireElectronBinary,
  saveKeyOnFirstRun,
  startService,
  windowPage,
} from './electron-env';

requireElectronBinary();

test('Save as file… asks the save dialog where, and writes the whole answer there', async () => {
  test.setTimeout(90_000);
  const sim = await startService();
  const launched = await launchApp();
  const out = mkdtempSync(join(tmpdir(), 'lookup-tray-e2e-save-'));
  const target = join(out, 'answer.json');
  try {
    const page = await windowPage(launched.app);
    await saveKeyOnFirstRun(page, sim.url);
    await launched.app.evaluate(({ dialog }, path) => {
      const asked: unknown[] = [];
      (globalThis as unknown as { __asked: unknown[] }).__asked = asked;
      dialog.showSaveDialog = (async (...args: unknown[]) => {
        asked.push(args.at(-1));
        return { canceled: false, filePath: path };
      }) as typeof dialog.showSaveDialog;
    }, target);
    sim.setFaults({ hugeArray: 20_000 });
    await page.getByLabel('IP address').fill('8.8.8.8');
    await page.getByRole('button', { name: 'Look up' }).click();
    const result = page.getByRole('region', { name: 'Lookup result' });
    await expect(result.getByText(/too large to show here/)).toBeVisible({ timeout: 30_000 });
    await result.getByRole('button', { name: 'Save as file…' }).click();
    await expect(page.getByText(/Saved to/)).toBeVisible();
    const asked = await launched.app.evaluate(() => (globalThis as unknown as { __asked: unknown[] }).__asked);
    expect(asked).toEqual([expect.objectContaining({ title: 'Save the answer' })]);
    const saved = JSON.parse(readFileSync(target, 'utf8')) as unknown[];
    expect(saved).toHaveLength(20_000);
  } finally {
    await launched.close();
    await sim.close();
    await forgetKeychainItems();
    rmSync(out, { recursive: true, force: true });
  }
});
