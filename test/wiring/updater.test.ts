/**
 * The shell's adapter of electron-updater's autoUpdater (electron/shell/updater.ts): how it sets electron-updater up,
 * that events and calls pass through unchanged, which copies load it at all — and, with the core's policy and the
 * shell's notifier on a mocked `electron`, what a user sees when an update arrives.
 */
import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));

import { Notification, resetElectronMock } from './mocks/electron';
import { adaptAutoUpdater, setUpUpdates, type AutoUpdaterLike } from '../../electron/shell/updater';
import { createNotifier } from '../../electron/shell/notifications';
import { ManualClock } from '../../electron/core/lib/clocks';
import { silentLogger } from '../../electron/core/lib/ports';
import { DEB_REASON, DEV_RUN_REASON } from '../../electron/core/update/update-availability';
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

describe('which copies load electron-updater', () => {
  it('a development run and a deb install never load it; an AppImage, macOS or Windows install does', async () => {
    const load = vi.fn(async () => asLike(new FakeAutoUpdater()));
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
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('an updater that cannot load leaves updates off, saying why, and never throws', async () => {
    const warned: string[] = [];
    const r = await setUpUpdates(
      { packaged: true, platform: 'win32' },
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
