/**
 * The shell's adapter of electron-updater's autoUpdater (electron/shell/updater.ts): how it sets electron-updater up,
 * that events and calls pass through unchanged, which copies load it at all — and, with the core's policy and the
 * shell's notifier on a mocked `electron`, what a user sees when an update arrives.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));

import { Notification, resetElectronMock } from './mocks/electron';
import {
  adaptAutoUpdater,
  loadAutoUpdater,
  readMacTeamId,
  readUpdateConfig,
  setUpUpdates,
  updaterKind,
  type AutoUpdaterLike,
  type UpdaterKind,
} from '../../electron/shell/updater';
import { createNotifier } from '../../electron/shell/notifications';
import { ManualClock } from '../helpers/manual-clock';
import { silentLogger } from '../../electron/core/lib/ports';
import {
  DEB_REASON,
  DEV_RUN_REASON,
  UNSIGNED_MAC_REASON,
  UNSIGNED_WINDOWS_REASON,
} from '../../electron/core/update/update-availability';
import { UpdatePolicy } from '../../electron/core/update/update-policy';

/** electron-updater's AppUpdater surface the adapter uses: a typed EventEmitter plus its switches and calls. */
class FakeAutoUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  allowPrerelease = true;
  allowDowngrade = true;
  logger: unknown = console;
  download: Promise<string[]> | null = null;
  checkForUpdates = vi.fn(async () => {
    this.emit('checking-for-update');
    this.emit('update-available', { version: '0.2.0', files: [], path: '', sha512: '', releaseDate: '2026-11-20' });
    return { isUpdateAvailable: true, updateInfo: { version: '0.2.0' }, downloadPromise: this.download };
  });
  quitAndInstall = vi.fn();
}

const asLike = (f: FakeAutoUpdater) => f as unknown as AutoUpdaterLike;
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

beforeEach(() => resetElectronMock());

describe('electron-updater adapter', () => {
  it('sets electron-updater up: background download, install on quit, no pre-releases or downgrades, our logger', () => {
    const fake = new FakeAutoUpdater();
    const lines: string[] = [];
    adaptAutoUpdater(asLike(fake), { ...silentLogger, info: (m) => lines.push(m) });
    expect(fake).toMatchObject({
      autoDownload: true,
      autoInstallOnAppQuit: true,
      allowPrerelease: false,
      allowDowngrade: false,
    });
    (fake.logger as { info(m: string): void }).info('Checking for update');
    expect(lines).toEqual(['updater: Checking for update']);
  });

  it("passes electron-updater's events and calls through unchanged, and unsubscribes", async () => {
    const fake = new FakeAutoUpdater();
    const port = adaptAutoUpdater(asLike(fake), silentLogger);
    const got: unknown[] = [];
    const off = port.on('update-downloaded', (info) => got.push(info.version));
    fake.emit('update-downloaded', { version: '0.2.0', downloadedFile: '/tmp/x.zip' });
    off();
    fake.emit('update-downloaded', { version: '0.3.0', downloadedFile: '/tmp/y.zip' });
    expect(got).toEqual(['0.2.0']);
    expect(fake.listenerCount('update-downloaded')).toBe(0);
    port.quitAndInstall();
    expect(fake.quitAndInstall).toHaveBeenCalledWith(false, true);
  });

  it('a check resolves when electron-updater has checked; a failed background download is not an unhandled rejection', async () => {
    const fake = new FakeAutoUpdater();
    const unhandled: unknown[] = [];
    const onUnhandled = (r: unknown) => unhandled.push(r);
    process.on('unhandledRejection', onUnhandled);
    try {
      fake.download = Promise.reject(new Error('net::ERR_CONNECTION_RESET'));
      const port = adaptAutoUpdater(asLike(fake), silentLogger);
      await port.check();
      await flush();
      expect(unhandled).toEqual([]);
      fake.checkForUpdates.mockRejectedValueOnce(new Error('HttpError: 404'));
      await expect(port.check()).rejects.toThrow('HttpError: 404');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

/** What electron-builder writes into a signed Windows build's app-update.yml (and leaves out of an unsigned one). */
const SIGNED_WIN_CONFIG =
  'owner: lookup-tray\nrepo: lookup-tray\nprovider: github\npublisherName:\n  - Lookup Tray developers\nupdaterCacheDirName: lookup-tray-updater\n';
const UNSIGNED_WIN_CONFIG =
  'owner: lookup-tray\nrepo: lookup-tray\nprovider: github\nupdaterCacheDirName: lookup-tray-updater\n';

describe('which copies load electron-updater, and which of its updaters', () => {
  it('a development run and a deb install never load it; an AppImage, macOS or signed Windows install does', async () => {
    const load = vi.fn(async (_kind: UpdaterKind) => asLike(new FakeAutoUpdater()));
    expect(await setUpUpdates({ packaged: false, platform: 'win32' }, silentLogger, load)).toEqual({
      updater: null,
      offReason: DEV_RUN_REASON,
    });
    expect(await setUpUpdates({ packaged: true, platform: 'linux' }, silentLogger, load)).toEqual({
      updater: null,
      offReason: DEB_REASON,
    });
    expect(load).not.toHaveBeenCalled();
    const appImage = await setUpUpdates(
      { packaged: true, platform: 'linux', appImage: '/a/L.AppImage' },
      silentLogger,
      load,
    );
    expect(appImage.updater).not.toBeNull();
    expect((await setUpUpdates({ packaged: true, platform: 'darwin' }, silentLogger, load)).updater).not.toBeNull();
    const win = await setUpUpdates(
      { packaged: true, platform: 'win32', updateConfig: SIGNED_WIN_CONFIG },
      silentLogger,
      load,
    );
    expect(win.updater).not.toBeNull();
    expect(load.mock.calls.map(([kind]) => kind)).toEqual(['AppImageUpdater', 'MacUpdater', 'NsisUpdater']);
  });

  it('an unsigned Windows or macOS build loads an updater that only checks: it never downloads nor installs, and links the release page', async () => {
    const made: FakeAutoUpdater[] = [];
    const load = vi.fn(async (_kind: UpdaterKind) => {
      const f = new FakeAutoUpdater();
      made.push(f);
      return asLike(f);
    });
    for (const updateConfig of [UNSIGNED_WIN_CONFIG, null, undefined]) {
      const set = await setUpUpdates({ packaged: true, platform: 'win32', updateConfig }, silentLogger, load);
      expect(set.updater).not.toBeNull();
      expect(set.noticeOnly).toBe(true);
      expect(set.offReason).toBeUndefined();
      // The release page from app-update.yml's owner and repository; none without them.
      expect(set.releasePage?.('0.2.0')).toBe(
        updateConfig ? 'https://github.com/lookup-tray/lookup-tray/releases/tag/v0.2.0' : null,
      );
    }
    const mac = await setUpUpdates(
      { packaged: true, platform: 'darwin', macTeamId: null, updateConfig: UNSIGNED_WIN_CONFIG },
      silentLogger,
      load,
    );
    expect(mac.noticeOnly).toBe(true);
    expect(load.mock.calls.map(([kind]) => kind)).toEqual(['NsisUpdater', 'NsisUpdater', 'NsisUpdater', 'MacUpdater']);
    for (const f of made) expect(f).toMatchObject({ autoDownload: false, autoInstallOnAppQuit: false });
    // A version from the feed that is not a version gives no link (it is outside text).
    expect(mac.releasePage?.('0.2.0/../../evil')).toBeNull();
    expect(UNSIGNED_WINDOWS_REASON).toMatch(/not signed.*Releases page/);
    expect(UNSIGNED_MAC_REASON).toMatch(/not signed with a Developer ID.*Releases page/);
  });

  it('with the policy: the unsigned build says "Lookup Tray 0.2.0 is available" with the link, and downloads nothing', async () => {
    const fake = new FakeAutoUpdater();
    const set = await setUpUpdates(
      { packaged: true, platform: 'win32', updateConfig: UNSIGNED_WIN_CONFIG },
      silentLogger,
      async () => asLike(fake),
    );
    const policy = new UpdatePolicy({
      ...set,
      currentVersion: '0.1.0',
      clock: new ManualClock(),
      logger: silentLogger,
      notify: () => {},
      autoCheck: () => true,
      demo: () => false,
      bulkRunning: () => false,
      memory: { notified: () => null, markNotified: () => {} },
      onStatus: () => {},
    });
    const s = await policy.checkNow();
    expect(s).toMatchObject({
      phase: 'available',
      version: '0.2.0',
      noticeOnly: true,
      releaseUrl: 'https://github.com/lookup-tray/lookup-tray/releases/tag/v0.2.0',
    });
    expect(fake.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(policy.restartToUpdate()).toMatchObject({ kind: 'nothing' });
    expect(fake.quitAndInstall).not.toHaveBeenCalled();
    policy.dispose();
  });

  it('reads the team from codesign on the app bundle (three folders above the executable); none when it cannot run', async () => {
    const asked: string[][] = [];
    const run = (output: string, code = 0) =>
      vi.fn(async (args: string[]) => {
        asked.push(args);
        return { code, output };
      });
    const exe = '/Applications/Lookup Tray.app/Contents/MacOS/Lookup Tray';
    expect(
      await readMacTeamId(exe, run('Authority=Developer ID Application: X (ABCDE12345)\nTeamIdentifier=ABCDE12345\n')),
    ).toBe('ABCDE12345');
    expect(asked[0]!.slice(0, 2)).toEqual(['--display', '--verbose=2']);
    expect(asked[0]![2]!.replaceAll('\\', '/')).toMatch(/\/Applications\/Lookup Tray\.app$/);
    expect(await readMacTeamId(exe, run('Signature=adhoc\nTeamIdentifier=not set\n'))).toBeNull();
    expect(await readMacTeamId(exe, run('code object is not signed at all\n', 1))).toBeNull();
    expect(await readMacTeamId(exe, () => Promise.reject(new Error('spawn ENOENT')))).toBeUndefined();
  });

  it("the AppImage gets the AppImage updater even though the deb target left package-type 'deb' in its resources", async () => {
    // electron-updater's own `autoUpdater` reads resources/package-type and would pick its DebUpdater here.
    const made: string[] = [];
    const cls = (name: string) =>
      class {
        constructor() {
          made.push(name);
        }
      };
    const fakeModule = {
      default: {
        AppImageUpdater: cls('AppImageUpdater'),
        DebUpdater: cls('DebUpdater'),
        MacUpdater: cls('MacUpdater'),
        NsisUpdater: cls('NsisUpdater'),
        get autoUpdater(): unknown {
          made.push('autoUpdater (package-type: deb → DebUpdater)');
          return new (cls('DebUpdater'))();
        },
      },
    };
    const kind = updaterKind({ platform: 'linux', appImage: '/home/u/Lookup-Tray-0.2.0.AppImage' });
    expect(kind).toBe('AppImageUpdater');
    await loadAutoUpdater(kind!, async () => fakeModule);
    expect(made).toEqual(['AppImageUpdater']);
    // And the others, each by its own class.
    await loadAutoUpdater(updaterKind({ platform: 'darwin' })!, async () => fakeModule);
    await loadAutoUpdater(updaterKind({ platform: 'win32' })!, async () => fakeModule);
    expect(made).toEqual(['AppImageUpdater', 'MacUpdater', 'NsisUpdater']);
    expect(updaterKind({ platform: 'linux' })).toBeNull(); // a deb install: no updater at all
  });

  it("reads the packaged copy's app-update.yml (null when there is none)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookup-tray-resources-'));
    try {
      expect(readUpdateConfig(dir)).toBeNull();
      writeFileSync(join(dir, 'app-update.yml'), SIGNED_WIN_CONFIG);
      expect(readUpdateConfig(dir)).toBe(SIGNED_WIN_CONFIG);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an updater that cannot load leaves updates off, saying why, and never throws', async () => {
    const warned: string[] = [];
    const r = await setUpUpdates(
      { packaged: true, platform: 'win32', updateConfig: SIGNED_WIN_CONFIG },
      { ...silentLogger, warn: (m) => warned.push(m) },
      () => Promise.reject(new Error('Cannot find module app-update.yml')),
    );
    expect(r).toEqual({ updater: null, offReason: 'The updater could not start: Cannot find module app-update.yml' });
    expect(warned).toEqual(['Updater unavailable']);
  });
});

describe('an update arriving, as the user sees it', () => {
  it('one native notification "Lookup Tray 0.2.0 is ready — restart to update"; the restart quits and installs', async () => {
    const fake = new FakeAutoUpdater();
    const clock = new ManualClock();
    let notified: string | null = null;
    const policy = new UpdatePolicy({
      updater: adaptAutoUpdater(asLike(fake), silentLogger),
      currentVersion: '0.1.0',
      clock,
      logger: silentLogger,
      notify: createNotifier({ onClick: () => {}, logger: silentLogger }).notify,
      autoCheck: () => true,
      demo: () => false,
      bulkRunning: () => false,
      memory: { notified: () => notified, markNotified: (v) => void (notified = v) },
      onStatus: () => {},
    });
    policy.start();
    clock.advance(60_000);
    await flush();
    expect(fake.checkForUpdates).toHaveBeenCalledTimes(1);
    fake.emit('download-progress', { percent: 50, bytesPerSecond: 1, total: 2, transferred: 1, delta: 1 });
    fake.emit('update-downloaded', { version: '0.2.0', downloadedFile: '/tmp/Lookup-Tray-0.2.0.zip' });
    fake.emit('update-downloaded', { version: '0.2.0', downloadedFile: '/tmp/Lookup-Tray-0.2.0.zip' });
    expect(Notification.instances.map((n) => n.options.title)).toEqual([
      'Lookup Tray 0.2.0 is ready — restart to update',
    ]);
    expect(Notification.instances[0]!.show).toHaveBeenCalled();
    expect(policy.restartToUpdate()).toEqual({ kind: 'restarting' });
    expect(fake.quitAndInstall).toHaveBeenCalledWith(false, true);
    policy.dispose();
  });
});
