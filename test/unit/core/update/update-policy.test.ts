import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../helpers/manual-clock';
import type { NotifyRequest } from '../../../../electron/core/lib/ports';
import {
  CHECK_EVERY_MS,
  FIRST_CHECK_DELAY_MS,
  retryDelay,
  UpdatePolicy,
  updateErrorText,
  type UpdatePolicyDeps,
} from '../../../../electron/core/update/update-policy';
import {
  DEB_REASON,
  DEV_RUN_REASON,
  announcesOnly,
  teamIdFromCodesign,
  UNSIGNED_MAC_REASON,
  UNSIGNED_WINDOWS_REASON,
  updatesOffReason,
} from '../../../../electron/core/update/update-availability';
import { updateStatusText, type UpdateStatus } from '../../../../shared/update';
import { FakeUpdater } from '../../../helpers/fake-updater';

const MIN = 60_000;
const HOUR = 60 * MIN;
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

function setup(over: Partial<UpdatePolicyDeps> & { noUpdater?: boolean } = {}) {
  const clock = new ManualClock();
  const updater = new FakeUpdater();
  const shown: NotifyRequest[] = [];
  const statuses: UpdateStatus[] = [];
  const warnings: { msg: string; extra?: Record<string, unknown> }[] = [];
  const env = { auto: true, demo: false, bulk: false, notified: null as string | null };
  const policy = new UpdatePolicy({
    updater: over.noUpdater ? null : updater,
    currentVersion: '0.1.0',
    clock,
    logger: { info() {}, warn: (msg, extra) => warnings.push({ msg, extra }), error() {} },
    notify: (n) => shown.push(n),
    autoCheck: () => env.auto,
    demo: () => env.demo,
    bulkRunning: () => env.bulk,
    memory: { notified: () => env.notified, markNotified: (v) => void (env.notified = v) },
    onStatus: (s) => statuses.push(s),
    ...over,
  });
  const words = () => updateStatusText(policy.status(), clock.now());
  return { clock, updater, policy, shown, statuses, warnings, env, words };
}

/** Advance the clock by `ms` and let the check it starts finish. */
async function wait(clock: ManualClock, ms: number) {
  clock.advance(ms);
  await flush();
}

describe('which copies update themselves', () => {
  it('a development run and a deb install never do; the AppImage, macOS and Windows installs do', () => {
    expect(updatesOffReason({ packaged: false, platform: 'darwin' })).toBe(DEV_RUN_REASON);
    expect(updatesOffReason({ packaged: true, platform: 'linux' })).toBe(DEB_REASON);
    expect(
      updatesOffReason({ packaged: true, platform: 'linux', appImage: '/home/u/Lookup-Tray.AppImage' }),
    ).toBeNull();
    expect(updatesOffReason({ packaged: true, platform: 'darwin' })).toBeNull();
    // Windows: only a signed build (its app-update.yml names the publisher the next installer must be signed by).
    expect(
      updatesOffReason({
        packaged: true,
        platform: 'win32',
        updateConfig: 'provider: github\npublisherName:\n  - X\n',
      }),
    ).toBeNull();
    expect(updatesOffReason({ packaged: true, platform: 'win32', updateConfig: 'provider: github\n' })).toBe(
      UNSIGNED_WINDOWS_REASON,
    );
    expect(updatesOffReason({ packaged: true, platform: 'win32' })).toBe(UNSIGNED_WINDOWS_REASON);
  });

  it('an unsigned macOS build (ad hoc: no Developer ID team) is off up front, saying so; a Developer ID build updates', async () => {
    expect(updatesOffReason({ packaged: true, platform: 'darwin', macTeamId: null })).toBe(UNSIGNED_MAC_REASON);
    expect(updatesOffReason({ packaged: true, platform: 'darwin', macTeamId: 'ABCDE12345' })).toBeNull();
    // codesign could not be asked: as before (Squirrel.Mac still refuses a bad signature, and the error says so).
    expect(updatesOffReason({ packaged: true, platform: 'darwin', macTeamId: undefined })).toBeNull();
    // What codesign --display --verbose=2 writes (to stderr) for each kind of bundle.
    const developerId =
      'Executable=/Applications/Lookup Tray.app/Contents/MacOS/Lookup Tray\nIdentifier=dev.lookuptray.app\nFormat=app bundle with Mach-O thin (arm64)\nAuthority=Developer ID Application: Lookup Tray developers (ABCDE12345)\nTeamIdentifier=ABCDE12345\n';
    const adHoc =
      'Executable=/Applications/Lookup Tray.app/Contents/MacOS/Lookup Tray\nIdentifier=dev.lookuptray.app\nSignature=adhoc\nTeamIdentifier=not set\n';
    expect(teamIdFromCodesign(developerId)).toBe('ABCDE12345');
    expect(teamIdFromCodesign(adHoc)).toBeNull();
    expect(teamIdFromCodesign('/Applications/Lookup Tray.app: code object is not signed at all\n')).toBeNull();
    // Never installs, so the updater is set up to check only (MacUpdater never downloads a zip Squirrel.Mac would
    // refuse): the policy announces a newer version (below, "an unsigned build").
    expect(announcesOnly({ packaged: true, platform: 'darwin', macTeamId: null })).toBe(true);
    expect(announcesOnly({ packaged: true, platform: 'darwin', macTeamId: 'ABCDE12345' })).toBe(false);
    expect(announcesOnly({ packaged: true, platform: 'win32' })).toBe(true);
    expect(announcesOnly({ packaged: true, platform: 'linux' })).toBe(false);
    expect(announcesOnly({ packaged: false, platform: 'darwin', macTeamId: null })).toBe(false);
    expect(UNSIGNED_MAC_REASON).toBe(
      'This copy is not signed with a Developer ID, so macOS would refuse its updates: download the new version from the Releases page.',
    );
  });

  it('without an updater nothing is ever checked, no timer is armed, and Settings says why', async () => {
    const t = setup({ noUpdater: true, offReason: DEB_REASON });
    t.policy.start();
    expect(t.clock.pendingTimers()).toBe(0);
    const s = await t.policy.checkNow();
    expect(s.phase).toBe('off');
    expect(t.words()).toBe(DEB_REASON);
    expect(t.policy.restartToUpdate()).toEqual({ kind: 'nothing', message: 'No update has been downloaded yet.' });
  });
});

describe('automatic checks', () => {
  it('check a minute after start, then every 4 hours; nothing newer says so in words', async () => {
    const t = setup();
    t.policy.start();
    expect(t.words()).toBe('Lookup Tray 0.1.0. Not checked for updates yet. Next check in a minute.');
    await wait(t.clock, FIRST_CHECK_DELAY_MS - 1);
    expect(t.updater.checks).toBe(0);
    await wait(t.clock, 1);
    expect(t.updater.checks).toBe(1);
    expect(t.policy.status().phase).toBe('up-to-date');
    await wait(t.clock, 5 * MIN);
    expect(t.words()).toBe('Lookup Tray 0.1.0 is the latest version (checked 5 min ago). Next check in 4 h.');
    await wait(t.clock, CHECK_EVERY_MS - 5 * MIN);
    expect(t.updater.checks).toBe(2);
    for (let h = 0; h < 24; h++) await wait(t.clock, HOUR);
    expect(t.updater.checks).toBe(8); // 2 + 6 more over a day
  });

  it('with "Check for updates automatically" off there is none at all; Check now still checks', async () => {
    const t = setup();
    t.env.auto = false;
    t.policy.start();
    await wait(t.clock, 3 * 24 * HOUR);
    expect(t.updater.checks).toBe(0);
    expect(t.policy.status().nextCheckAt).toBeNull();
    expect(t.words()).toBe('Lookup Tray 0.1.0. Not checked for updates yet. Automatic checks are off.');
    const s = await t.policy.checkNow();
    expect(t.updater.checks).toBe(1);
    expect(s.phase).toBe('up-to-date');
    expect(updateStatusText(s, t.clock.now())).toBe(
      'Lookup Tray 0.1.0 is the latest version (checked just now). Automatic checks are off.',
    );
    // Turned back on: the next check comes 4 hours after that one.
    t.env.auto = true;
    t.policy.changed();
    await wait(t.clock, CHECK_EVERY_MS - 1);
    expect(t.updater.checks).toBe(1);
    await wait(t.clock, 1);
    expect(t.updater.checks).toBe(2);
  });

  it('never in demo mode — not automatically, not on Check now — and again once the demo ends', async () => {
    const t = setup();
    t.env.demo = true;
    t.policy.start();
    await wait(t.clock, 2 * 24 * HOUR);
    expect(t.updater.checks).toBe(0);
    expect(t.clock.pendingTimers()).toBe(0);
    await t.policy.checkNow();
    expect(t.updater.checks).toBe(0);
    expect(t.words()).toBe('Lookup Tray 0.1.0. Not checked for updates yet. Nothing is checked in demo mode.');
    t.env.demo = false;
    t.policy.changed();
    await flush();
    await wait(t.clock, 0);
    expect(t.updater.checks).toBe(1);
  });

  it('Check now joins a check in flight instead of starting a second one', async () => {
    const t = setup();
    let open = () => {};
    t.updater.gate = new Promise<void>((r) => (open = r));
    const a = t.policy.checkNow();
    const b = t.policy.checkNow();
    expect(t.words()).toBe('Checking for updates…');
    open();
    await Promise.all([a, b]);
    expect(t.updater.checks).toBe(1);
  });
});

describe('a newer version', () => {
  it('downloads in the background, then says once that it is ready; the tray offers the restart', async () => {
    const t = setup();
    t.updater.feed = { version: '0.2.0' };
    t.policy.start();
    await wait(t.clock, FIRST_CHECK_DELAY_MS);
    expect(t.policy.status()).toMatchObject({ phase: 'downloading', version: '0.2.0' });
    t.updater.progress(12.5);
    t.updater.progress(13.9); // the same 5 % step: no new status
    const pushed = t.statuses.length;
    t.updater.progress(14.2);
    expect(t.statuses.length).toBe(pushed);
    expect(t.words()).toBe('Downloading Lookup Tray 0.2.0 (10 %)…');
    expect(t.shown).toEqual([]);
    t.updater.downloaded('0.2.0');
    expect(t.policy.status().phase).toBe('ready');
    expect(t.shown).toEqual([
      {
        id: 'update-ready:0.2.0',
        title: 'Lookup Tray 0.2.0 is ready — restart to update',
        body: 'Choose "Restart to update to 0.2.0" in the tray menu, or it installs the next time you quit Lookup Tray.',
      },
    ]);
    expect(t.words()).toBe('Lookup Tray 0.2.0 is ready — restart to update (or it installs when you quit).');
    // No automatic checks while one waits to be installed.
    await wait(t.clock, 2 * 24 * HOUR);
    expect(t.updater.checks).toBe(1);
    // Check now finds the same version again: electron-updater reports it downloaded again; still one notification.
    await t.policy.checkNow();
    t.updater.downloaded('0.2.0');
    expect(t.shown).toHaveLength(1);
  });

  it('one notification per version, also across restarts; a later version gets its own', async () => {
    const t = setup();
    t.env.notified = '0.2.0'; // told before the restart
    t.updater.feed = { version: '0.2.0' };
    await t.policy.checkNow();
    t.updater.downloaded('0.2.0');
    expect(t.shown).toEqual([]);
    t.updater.feed = { version: '0.3.0' };
    await t.policy.checkNow();
    t.updater.downloaded('0.3.0');
    expect(t.shown.map((n) => n.title)).toEqual(['Lookup Tray 0.3.0 is ready — restart to update']);
    expect(t.env.notified).toBe('0.3.0');
  });

  it('never restarts in the middle of a bulk job; restarts once none runs', async () => {
    const t = setup();
    expect(t.policy.restartToUpdate()).toEqual({ kind: 'nothing', message: 'No update has been downloaded yet.' });
    t.updater.feed = { version: '0.2.0' };
    await t.policy.checkNow();
    t.updater.downloaded('0.2.0');
    t.env.bulk = true;
    t.policy.changed();
    expect(t.policy.status().heldByBulk).toBe(true);
    expect(t.statuses.at(-1)?.heldByBulk).toBe(true);
    expect(t.words()).toContain('A bulk job is running: restart when it is done, or quit to install.');
    const held = t.policy.restartToUpdate();
    expect(held.kind).toBe('held');
    expect(held.kind === 'held' && held.message).toMatch(/^A bulk job is running: restart to update to 0\.2\.0 once/);
    expect(t.updater.installs).toBe(0);
    t.env.bulk = false;
    t.policy.changed();
    expect(t.statuses.at(-1)?.heldByBulk).toBe(false);
    expect(t.policy.restartToUpdate()).toEqual({ kind: 'restarting' });
    expect(t.updater.installs).toBe(1);
  });
});

describe('an unsigned build hears of a new version (notice only)', () => {
  const page = (v: string) => `https://github.com/lookup-tray/lookup-tray/releases/tag/v${v}`;
  const notice = () => setup({ noticeOnly: true, releasePage: page });

  it('checks on the same plan; a newer version is announced with its release page, never downloaded, no notification', async () => {
    const t = notice();
    t.updater.feed = { version: '0.2.0' };
    t.policy.start();
    expect(t.policy.status()).toMatchObject({ phase: 'idle', noticeOnly: true, releaseUrl: null });
    expect(t.words()).toBe(
      'Lookup Tray 0.1.0. Not checked for updates yet. Next check in a minute. This copy is not signed: it tells you of a new version but does not install it.',
    );
    await wait(t.clock, FIRST_CHECK_DELAY_MS);
    expect(t.updater.checks).toBe(1);
    expect(t.policy.status()).toMatchObject({ phase: 'available', version: '0.2.0', releaseUrl: page('0.2.0') });
    expect(t.statuses.some((s) => s.phase === 'downloading')).toBe(false);
    expect(t.words()).toBe(
      'Lookup Tray 0.2.0 is available. This copy is not signed, so it does not install it itself: download it from its release page.',
    );
    // Whatever the updater says of downloads, nothing is ready to install.
    t.updater.progress(50);
    t.updater.downloaded('0.2.0');
    expect(t.policy.status().phase).toBe('available');
    expect(t.shown).toEqual([]);
    expect(t.policy.restartToUpdate()).toEqual({ kind: 'nothing', message: 'No update has been downloaded yet.' });
    expect(t.updater.installs).toBe(0);
    // It keeps checking every 4 hours: a later version moves the link.
    t.updater.feed = { version: '0.3.0' };
    await wait(t.clock, CHECK_EVERY_MS);
    expect(t.updater.checks).toBe(2);
    expect(t.policy.status()).toMatchObject({ phase: 'available', version: '0.3.0', releaseUrl: page('0.3.0') });
  });

  it('nothing newer: the latest version, and that this copy does not install updates', async () => {
    const t = notice();
    t.policy.start();
    await t.policy.checkNow();
    expect(t.policy.status()).toMatchObject({ phase: 'up-to-date', releaseUrl: null });
    expect(t.words()).toBe(
      'Lookup Tray 0.1.0 is the latest version (checked just now). Next check in 4 h. This copy is not signed: it tells you of a new version but does not install it.',
    );
  });

  it('a copy that installs its updates is not notice-only and downloads as before', async () => {
    const t = setup();
    t.updater.feed = { version: '0.2.0' };
    await t.policy.checkNow();
    expect(t.policy.status()).toMatchObject({ phase: 'downloading', noticeOnly: false, releaseUrl: null });
  });
});

describe('failures are quiet and back off', () => {
  it('no notification, logged, in words; retries after 15, 30, 60, 120 min, then every 4 h; success resets', async () => {
    const t = setup();
    t.updater.feed = new Error('net::ERR_INTERNET_DISCONNECTED');
    t.policy.start();
    await wait(t.clock, FIRST_CHECK_DELAY_MS);
    expect(t.updater.checks).toBe(1);
    expect(t.shown).toEqual([]);
    expect(t.warnings.at(-1)?.msg).toBe('Update check or download failed');
    expect(t.words()).toBe(
      'Could not check for updates: no connection to the update server (just now). Next try in 15 min.',
    );
    const gaps: number[] = [];
    let last = t.clock.now();
    for (let i = 0; i < 6; i++) {
      const before = t.updater.checks;
      while (t.updater.checks === before) await wait(t.clock, MIN);
      gaps.push((t.clock.now() - last) / MIN);
      last = t.clock.now();
    }
    expect(gaps).toEqual([15, 30, 60, 120, 240, 240]);
    // The network is back: the next check succeeds, and the one after comes 4 h later, not 4 h of backoff + more.
    t.updater.feed = null;
    while (t.policy.status().phase !== 'up-to-date') await wait(t.clock, MIN);
    expect(t.policy.status().error).toBeNull();
    const at = t.clock.now();
    const before = t.updater.checks;
    while (t.updater.checks === before) await wait(t.clock, MIN);
    expect((t.clock.now() - at) / MIN).toBe(240);
  });

  it('a failed check (error event + rejection) counts once; a failed download counts too', async () => {
    const t = setup();
    t.updater.feed = new Error('HttpError: 404 Not Found "method: GET url: https://github.com/o/r/releases.atom"');
    const s = await t.policy.checkNow();
    expect(s.error?.message).toBe('Could not check for updates: no published release was found.');
    expect(s.nextCheckAt).toBe(t.clock.now() + 15 * MIN); // one failure, not two
    t.updater.feed = { version: '0.2.0' };
    await t.policy.checkNow();
    expect(t.policy.status().phase).toBe('downloading');
    t.updater.downloadFails('net::ERR_CONNECTION_RESET\n    at SimpleURLLoaderWrapper');
    expect(t.policy.status()).toMatchObject({
      phase: 'failed',
      version: null,
      error: { message: 'Could not download Lookup Tray 0.2.0: net::ERR_CONNECTION_RESET' },
    });
    expect(t.policy.status().nextCheckAt).toBe(t.clock.now() + 15 * MIN);
    expect(t.shown).toEqual([]);
  });

  it('an updater that throws at once never throws out of Check now', async () => {
    const t = setup();
    t.updater.check = () => {
      throw new Error('boom');
    };
    const s = await t.policy.checkNow();
    expect(s.phase).toBe('failed');
    expect(s.error?.message).toBe('Could not check for updates: boom');
  });

  it('stops listening to the updater and arms nothing once disposed', async () => {
    const t = setup();
    t.policy.start();
    expect(t.updater.listeners()).toBe(5);
    t.policy.dispose();
    expect(t.updater.listeners()).toBe(0);
    await wait(t.clock, 24 * HOUR);
    expect(t.updater.checks).toBe(0);
  });
});

describe('words', () => {
  it('backoff doubles from 15 minutes up to the 4-hour interval', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelay(n) / MIN)).toEqual([15, 30, 60, 120, 240, 240]);
  });

  it('updater errors become a few words: no stack, no HTTP dump, unsigned macOS copies explained', () => {
    expect(updateErrorText('getaddrinfo ENOTFOUND github.com')).toBe('no connection to the update server.');
    expect(updateErrorText('Could not get code signature for running application')).toMatch(/^this copy is not signed/);
    expect(updateErrorText('Error: x\n    at y (z.js:1:1)')).toBe('Error: x');
    expect(updateErrorText('a'.repeat(400))).toHaveLength(160);
    expect(updateErrorText('   ')).toBe('unknown error.');
  });
});
