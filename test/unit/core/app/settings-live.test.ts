/**
 * A setting another process changes in the same data folder (the CLI's `config set`, through its own
 * SettingsStore) reaches the running app at once, and the app's next save keeps it instead of writing its stale copy.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { silentLogger, systemClock } from '../../../../electron/core/lib/ports';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { SettingsStore } from '../../../../electron/core/storage/settings-store';
import type { AppSnapshot } from '../../../../shared/ipc';

let dir: string;
let core: AppCore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lt-settings-live-'));
  core = await createAppCore({
    clock: systemClock,
    fetch,
    secrets: new MemorySecretStore(),
    dataDir: dir,
    notifier: { notify() {} },
    logger: silentLogger,
  });
  // The app has written its settings once (as any first save does).
  expect((await core.handlers.updateSettings({ monthResetDay: 3 })).kind).toBe('saved');
});
afterEach(async () => {
  await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const onDisk = () => JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;

it("another process's change is shown at once, and the app's next save keeps it", async () => {
  const pushed: AppSnapshot[] = [];
  core.on('snapshot-changed', (s) => pushed.push(s));
  const cli = new SettingsStore({ dataDir: dir, logger: silentLogger });
  expect(cli.update({ thresholds: { monthLow: 40 }, trayShows: 'closest' }).kind).toBe('saved');

  await vi.waitFor(() => expect(pushed.at(-1)?.settings.thresholds.monthLow).toBe(40), { timeout: 5_000 });
  expect((await core.handlers.getSnapshot()).settings.trayShows).toBe('closest');

  expect((await core.handlers.updateSettings({ answerLanguage: 'de' })).kind).toBe('saved');
  expect(onDisk()).toMatchObject({
    monthResetDay: 3,
    answerLanguage: 'de',
    trayShows: 'closest',
    thresholds: { monthLow: 40 },
  });
});

it('a file another process left damaged changes nothing in the running app, and is not moved aside', async () => {
  writeFileSync(join(dir, 'settings.json'), '{ "schemaVersion": 1, "thresholds": ');
  await new Promise((r) => setTimeout(r, 400)); // past the watcher's debounce
  const snap = await core.handlers.getSnapshot();
  expect(snap.settings.monthResetDay).toBe(3);
  expect(snap.notices).toEqual([]);
  expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toContain('"thresholds": ');
  // The app's next save writes whole, valid settings again.
  expect((await core.handlers.updateSettings({ answerLanguage: 'fr' })).kind).toBe('saved');
  expect(onDisk()).toMatchObject({ monthResetDay: 3, answerLanguage: 'fr' });
});

it("a save never writes an older copy over another process's change, even before the watcher has told it", () => {
  const app = new SettingsStore({ dataDir: dir, logger: silentLogger });
  const cli = new SettingsStore({ dataDir: dir, logger: silentLogger });
  expect(cli.update({ answerLanguage: 'it' }).kind).toBe('saved');
  expect(app.update({ thresholds: { monthLow: 35 } })).toMatchObject({
    kind: 'saved',
    settings: { answerLanguage: 'it', thresholds: { monthLow: 35 } },
  });
  expect(onDisk()).toMatchObject({ answerLanguage: 'it', thresholds: { monthLow: 35 } });
});
