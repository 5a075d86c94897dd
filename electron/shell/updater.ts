/**
 * electron-updater's `autoUpdater`, adapted to the core's updater port (electron/core/update/updater-port.ts). No
 * policy here — when to check, what to say and when to install are the core's (update-policy.ts). This only sets
 * electron-updater up (download in the background, install on quit, no pre-releases, our logger) and passes its
 * events and calls through.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppImageUpdater, AppUpdater, MacUpdater, NsisUpdater } from 'electron-updater';
import type { Logger } from '../core/lib/ports';
import {
  announcesOnly,
  githubFeed,
  teamIdFromCodesign,
  updatesOffReason,
  type InstallFacts,
} from '../core/update/update-availability';
import { releasePageUrl } from '../../shared/update';
import type { UpdaterEvent, UpdaterEvents, UpdaterPort } from '../core/update/updater-port';

/** What the adapter uses of electron-updater's AppUpdater (tests pass a fake with the same surface). */
export type AutoUpdaterLike = Pick<
  AppUpdater,
  | 'autoDownload'
  | 'autoInstallOnAppQuit'
  | 'allowPrerelease'
  | 'allowDowngrade'
  | 'logger'
  | 'checkForUpdates'
  | 'quitAndInstall'
  | 'on'
  | 'off'
>;

type Listener = (...args: never[]) => void;

/**
 * `install: false` (an unsigned build): checks only — electron-updater then emits update-available and downloads
 * nothing (AppUpdater.checkForUpdates starts a download only with autoDownload).
 */
export function adaptAutoUpdater(u: AutoUpdaterLike, logger: Logger, { install = true } = {}): UpdaterPort {
  u.autoDownload = install; // rule 3: a newer version downloads in the background
  u.autoInstallOnAppQuit = install; // …and installs when the app quits (rule 5)
  u.allowPrerelease = false;
  u.allowDowngrade = false;
  u.logger = {
    info: (m?: unknown) => logger.info(`updater: ${String(m)}`),
    warn: (m?: unknown) => logger.warn(`updater: ${String(m)}`),
    error: (m?: unknown) => logger.error(`updater: ${String(m)}`),
  };
  const on = u.on.bind(u) as unknown as (e: string, l: Listener) => void;
  const off = u.off.bind(u) as unknown as (e: string, l: Listener) => void;
  return {
    check: async () => {
      const result = await u.checkForUpdates();
      // A failed background download is reported through the 'error' event; its promise must not go unhandled.
      result?.downloadPromise?.catch(() => {});
    },
    // Not silent (Windows shows its installer's progress); start the new version when done.
    quitAndInstall: () => u.quitAndInstall(false, true),
    on: <E extends UpdaterEvent>(event: E, listener: (...args: UpdaterEvents[E]) => void) => {
      on(event, listener as Listener);
      return () => off(event, listener as Listener);
    },
  };
}

/** electron-updater's updater classes this app uses, one per copy that updates itself. */
export type UpdaterKind = 'MacUpdater' | 'NsisUpdater' | 'AppImageUpdater';

/**
 * Which updater this copy needs. Chosen here, not by electron-updater's `autoUpdater`: that one reads
 * resources/package-type, which the deb target writes into the linux-unpacked folder the AppImage is made from too,
 * so an AppImage would get the deb updater (which installs a .deb with pkexec) instead of replacing itself.
 */
export function updaterKind(facts: Pick<InstallFacts, 'platform' | 'appImage'>): UpdaterKind | null {
  if (facts.platform === 'darwin') return 'MacUpdater';
  if (facts.platform === 'win32') return 'NsisUpdater';
  if (facts.platform === 'linux' && facts.appImage) return 'AppImageUpdater';
  return null;
}

interface UpdaterModule {
  MacUpdater: typeof MacUpdater;
  NsisUpdater: typeof NsisUpdater;
  AppImageUpdater: typeof AppImageUpdater;
}

/** Loads electron-updater (only where this copy updates itself: it requires Electron and reads app-update.yml). */
export async function loadAutoUpdater(
  kind: UpdaterKind,
  importModule: () => Promise<unknown> = () => import('electron-updater'),
): Promise<AppUpdater> {
  // A CommonJS package: its exports are the ES module's default.
  const mod = (await importModule()) as { default?: Partial<UpdaterModule> };
  const Updater = mod.default?.[kind];
  if (typeof Updater !== 'function') throw new Error(`electron-updater has no ${kind}`);
  return new Updater();
}

/** resources/app-update.yml of a packaged copy (what electron-updater will read), or null when there is none. */
export function readUpdateConfig(resourcesPath: string): string | null {
  try {
    return readFileSync(join(resourcesPath, 'app-update.yml'), 'utf8');
  } catch {
    return null;
  }
}

/** Runs `codesign` and resolves with its output (stdout and stderr) and exit code; rejects when it cannot start. */
export type CodesignRun = (args: string[]) => Promise<{ code: number; output: string }>;

const runCodesign: CodesignRun = (args) =>
  new Promise((done, fail) => {
    execFile('/usr/bin/codesign', args, { timeout: 10_000 }, (err, stdout, stderr) => {
      const code = err ? (err as { code?: unknown }).code : 0;
      if (typeof code !== 'number') return fail(err ?? new Error('codesign did not run'));
      done({ code, output: `${stdout}${stderr}` });
    });
  });

/**
 * macOS: the Developer ID team the running app's bundle is signed by, read with `codesign --display` (null: ad hoc or
 * unsigned, so Squirrel.Mac would refuse every update; undefined: codesign could not run). `exe` is app.getPath('exe'),
 * <bundle>.app/Contents/MacOS/<name>.
 */
export async function readMacTeamId(exe: string, run: CodesignRun = runCodesign): Promise<string | null | undefined> {
  try {
    const { output } = await run(['--display', '--verbose=2', resolve(exe, '..', '..', '..')]);
    // An unsigned bundle: exit 1, "code object is not signed at all" — no team either way.
    return teamIdFromCodesign(output);
  } catch {
    return undefined;
  }
}

/** What setUpUpdates gives the core's update policy. */
export interface UpdatesSetUp {
  updater: UpdaterPort | null;
  offReason?: string;
  /** An unsigned build whose updater only checks (the policy announces a newer version, never downloads it). */
  noticeOnly?: boolean;
  releasePage?: (version: string) => string | null;
}

/**
 * The updater where this copy updates itself (the installed app on macOS, the signed one on Windows, the AppImage),
 * or why not. An unsigned Windows or macOS build gets an updater that only checks (`noticeOnly`), so it still hears
 * of a new version. Never throws: an updater that cannot load leaves updates off, saying so, and the app runs on.
 */
export async function setUpUpdates(
  facts: InstallFacts,
  logger: Logger,
  load: (kind: UpdaterKind) => Promise<AutoUpdaterLike> = loadAutoUpdater,
): Promise<UpdatesSetUp> {
  const offReason = updatesOffReason(facts);
  const noticeOnly = announcesOnly(facts);
  if (offReason !== null && !noticeOnly) return { updater: null, offReason };
  const kind = updaterKind(facts);
  if (kind === null) return { updater: null, offReason: `Lookup Tray does not update itself on ${facts.platform}.` };
  try {
    const updater = adaptAutoUpdater(await load(kind), logger, { install: !noticeOnly });
    if (!noticeOnly) return { updater };
    const feed = githubFeed(facts.updateConfig);
    return {
      updater,
      noticeOnly: true,
      releasePage: (version) => (feed ? releasePageUrl(feed.owner, feed.repo, version) : null),
    };
  } catch (err) {
    const why = `The updater could not start: ${err instanceof Error ? err.message : String(err)}`;
    logger.warn('Updater unavailable', { error: why });
    return { updater: null, offReason: offReason ?? why };
  }
}
