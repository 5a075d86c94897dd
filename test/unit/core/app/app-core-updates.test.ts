/**
 * Self-update through the composed app core (what the Electron shell drives, with electron-updater's autoUpdater
 * behind the port): the window's capabilities and event, the setting, demo mode, the one notification per version
 * remembered in state.db across a restart, and nothing at all where there is no updater (web preview, CLI).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore, AppCorePorts } from '../../../../electron/core/app/app-core-types';
import { ManualClock } from '../../../helpers/manual-clock';
import { silentLogger, type NotifyRequest } from '../../../../electron/core/lib/ports';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { FIRST_CHECK_DELAY_MS } from '../../../../electron/core/update/update-policy';
import type { UpdateStatus } from '../../../../shared/update';
import { FakeUpdater } from '../../../helpers/fake-updater';

const HOUR = 3_600_000;
let dir = '';
let clock: ManualClock;
let shown: NotifyRequest[];
const cores: AppCore[] = [];

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

async function makeCore(over: Partial<AppCorePorts> = {}): Promise<AppCore> {
  const core = await createAppCore({
    clock,
    fetch,
    secrets: new MemorySecretStore(),
    dataDir: dir,
    notifier: { notify: (n) => shown.push(n) },
    logger: silentLogger,
    ...over,
  });
  cores.push(core);
  return core;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lt-updates-'));
  clock = new ManualClock(Date.now());
  shown = [];
});

afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('updates through the app core', () => {
  it('checks a minute after start, tells the window, and notifies once per version, also after a restart', async () => {
    const updater = new FakeUpdater();
    updater.feed = { version: '0.2.0' };
    const core = await makeCore({ updates: { updater, currentVersion: '0.1.0' } });
    const seen: UpdateStatus[] = [];
    core.on('update-status', (s) => seen.push(s));
    expect(await core.handlers.getUpdateStatus()).toMatchObject({ current: '0.1.0', phase: 'idle', auto: true });
    clock.advance(FIRST_CHECK_DELAY_MS);
    await flush();
    expect(updater.checks).toBe(1);
    expect(seen.map((s) => s.phase).filter((p, i, all) => p !== all[i - 1])).toEqual(['checking', 'downloading']);
    updater.downloaded('0.2.0');
    expect(seen.at(-1)).toMatchObject({ phase: 'ready', version: '0.2.0' });
    expect(shown.map((n) => n.title)).toEqual(['Lookup Tray 0.2.0 is ready — restart to update']);
    expect(await core.handlers.restartToUpdate()).toEqual({ kind: 'restarting' });
    expect(updater.installs).toBe(1);

    // The install did not happen (say the user cancelled the installer): the next start finds 0.2.0 again.
    await cores.pop()?.dispose();
    const again = new FakeUpdater();
    again.feed = { version: '0.2.0' };
    const core2 = await makeCore({ updates: { updater: again, currentVersion: '0.1.0' } });
    expect((await core2.handlers.checkForUpdates()).phase).toBe('downloading');
    again.downloaded('0.2.0');
    expect((await core2.handlers.getUpdateStatus()).phase).toBe('ready');
    expect(shown).toHaveLength(1);
  });

  it('"Check for updates automatically" off (saved in settings.json): no automatic check; Check now still works', async () => {
    const updater = new FakeUpdater();
    const core = await makeCore({ updates: { updater, currentVersion: '0.1.0' } });
    expect((await core.handlers.updateSettings({ autoUpdate: false })).kind).toBe('saved');
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).autoUpdate).toBe(false);
    expect(await core.handlers.getUpdateStatus()).toMatchObject({ auto: false, nextCheckAt: null });
    for (let h = 0; h < 24; h++) {
      clock.advance(HOUR);
      await flush();
    }
    expect(updater.checks).toBe(0);
    expect((await core.handlers.checkForUpdates()).phase).toBe('up-to-date');
    expect(updater.checks).toBe(1);
    expect((await core.handlers.updateSettings({ autoUpdate: 'yes' as unknown as boolean })).kind).toBe('invalid');
  });

  it('never checks in demo mode', async () => {
    const updater = new FakeUpdater();
    const core = await makeCore({ demo: true, updates: { updater, currentVersion: '0.1.0' } });
    for (let h = 0; h < 24; h++) {
      clock.advance(HOUR);
      await flush();
    }
    const s = await core.handlers.checkForUpdates();
    expect(updater.checks).toBe(0);
    expect(s).toMatchObject({ demo: true, nextCheckAt: null, phase: 'idle' });
  });

  it('the web preview and the CLI have no updater: off, with the reason, and nothing checked', async () => {
    const core = await makeCore();
    const s = await core.handlers.checkForUpdates();
    expect(s.phase).toBe('off');
    expect(s.offReason).toBe('Only the installed app updates itself.');
    const updater = new FakeUpdater();
    const cli = await makeCore({ oneShot: true, updates: { updater, currentVersion: '0.1.0' } });
    await cli.handlers.checkForUpdates();
    expect(updater.checks).toBe(0);
    expect(updater.listeners()).toBe(0);
  });
});
