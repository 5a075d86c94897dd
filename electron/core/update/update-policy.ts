/**
 * When the app checks for updates, what it tells the user, and when it may install one — plain Node, with the
 * updater (electron-updater's autoUpdater, adapted by the shell) behind a port. The rules:
 *
 * 1. Only a copy that can update itself checks: without an updater (a development run, the web preview, a deb
 *    install) the status is 'off' with the reason, and nothing is ever checked.
 * 2. Automatic checks (Settings → App, on by default): the first FIRST_CHECK_DELAY_MS after start, then every
 *    CHECK_EVERY_MS after the last check. None in demo mode, none while a download runs or one is ready.
 * 3. A newer version downloads in the background (the adapter sets autoDownload); once downloaded the app says so
 *    once per version — a notification, remembered across restarts — and the tray offers "Restart to update to X".
 * 4. Failures are quiet: logged, kept in the status (Settings → App, About), never a notification, never an
 *    exception out of here; the next automatic try backs off (15 min, 30, 60, 120, then every CHECK_EVERY_MS) and a
 *    successful check resets it.
 * 5. Never in the middle of a bulk job: "Restart to update" is held while a job runs (quitting installs the update,
 *    as electron-updater's autoInstallOnAppQuit does, and the job resumes where it stopped at the next start).
 * 6. "Check now" works whether or not automatic checks are on, except in demo mode; it joins a check in flight.
 * 7. An unsigned build (`noticeOnly`: the adapter never downloads there) checks on the same plan, and a newer version
 *    is only announced: phase 'available' with its release page, for the tray's and Settings' "Download" link.
 */
import { DeadlineTimer } from '../lib/deadline-timer';
import type { Clock, Logger, NotifyRequest } from '../lib/ports';
import {
  readyNotification,
  type RestartOutcome,
  type UpdateFailure,
  type UpdatePhase,
  type UpdateStatus,
} from '../../../shared/update';
import { makeFmt } from '../../../shared/i18n/fmt';
import { uiUpdate } from '../../../shared/i18n/en/ui-update';
import type { UpdaterPort } from './updater-port';

export const FIRST_CHECK_DELAY_MS = 60_000;
export const CHECK_EVERY_MS = 4 * 3_600_000;
export const RETRY_FIRST_MS = 15 * 60_000;

/** The wait before the next automatic try after `failures` failed checks in a row (1, 2, …). */
export function retryDelay(failures: number): number {
  return Math.min(CHECK_EVERY_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

/** Why an updater's error happened, as a fact (never a stack or a raw HTTP dump: `detail` is one bounded line). */
export function updateErrorWhy(message: string): Pick<UpdateFailure, 'why' | 'detail'> {
  const m = message.trim();
  if (
    /ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ERR_NETWORK/i.test(m)
  )
    return { why: 'offline', detail: '' };
  if (/code signature|not signed|SecCodeCheckValidity/i.test(m)) return { why: 'unsigned', detail: '' };
  if (/\b404\b|Cannot find latest|No published versions|Unable to find latest version/i.test(m))
    return { why: 'no-release', detail: '' };
  const line = m.split('\n')[0]?.trim() ?? '';
  if (line === '') return { why: 'unknown', detail: '' };
  return { why: 'other', detail: line.length > 160 ? `${line.slice(0, 159)}…` : line };
}

let en: ReturnType<typeof uiUpdate> | null = null;
const english = () => (en ??= uiUpdate(makeFmt('en-US')));

/** An updater's error in a few words a user can act on, in English (the catalog's: uiUpdate). */
export function updateErrorText(message: string): string {
  // The words after "<what>: " of a failure.
  const f: UpdateFailure = { what: 'update', version: null, ...updateErrorWhy(message) };
  return english().failure(f).slice('Could not update: '.length);
}

export interface UpdatePolicyDeps {
  /** The updater, or null where this copy does not update itself (then `offReason` says why). */
  updater: UpdaterPort | null;
  offReason?: string | undefined;
  /** Rule 7: the updater only checks (an unsigned build); a newer version is announced, never downloaded. */
  noticeOnly?: boolean | undefined;
  /** The release page of a version (rule 7's link), null when it cannot be told. */
  releasePage?: ((version: string) => string | null) | undefined;
  currentVersion: string;
  clock: Clock;
  logger: Logger;
  notify(n: NotifyRequest): void;
  /** Settings → App → "Check for updates automatically". */
  autoCheck(): boolean;
  demo(): boolean;
  /** A bulk job is running in this process. */
  bulkRunning(): boolean;
  /** The last version the user was told about, kept across restarts (state.db). */
  memory: { notified(): string | null; markNotified(version: string): void };
  /** Every change of the status (Settings, About and the tray follow it). */
  onStatus(s: UpdateStatus): void;
}

export const DEFAULT_OFF_REASON = 'Only the installed app updates itself.';

export class UpdatePolicy {
  private phase: UpdatePhase;
  private version: string | null = null;
  private releaseUrl: string | null = null;
  private percent: number | null = null;
  private checkedAt: number | null = null;
  private error: UpdateStatus['error'] = null;
  private failures = 0;
  /** When the next automatic check is due (before the demo, auto and phase rules). */
  private dueAt: number;
  private inFlight: Promise<UpdateStatus> | null = null;
  private readonly timer: DeadlineTimer;
  private readonly offs: (() => void)[] = [];
  private last = '';
  private disposed = false;

  constructor(private readonly d: UpdatePolicyDeps) {
    this.phase = d.updater ? 'idle' : 'off';
    this.dueAt = d.clock.now() + FIRST_CHECK_DELAY_MS;
    this.timer = new DeadlineTimer(d.clock, () => void this.automaticCheck());
    const u = d.updater;
    if (!u) return;
    this.offs.push(
      u.on('update-available', (info) => {
        if (!d.noticeOnly) return this.set({ phase: 'downloading', version: info.version, percent: null });
        this.releaseUrl = d.releasePage?.(info.version) ?? null;
        this.set({ phase: 'available', version: info.version, percent: null });
      }),
      u.on('update-not-available', () => this.set({ phase: 'up-to-date', version: null, percent: null })),
      u.on('download-progress', (p) => {
        if (d.noticeOnly) return;
        if (this.phase !== 'downloading') return;
        // Progress comes many times a second: the status changes with each whole 5 %.
        const step = Math.floor(p.percent / 5) * 5;
        if (step !== this.percent) this.set({ percent: step });
      }),
      u.on('update-downloaded', (info) => (d.noticeOnly ? undefined : this.downloaded(info.version))),
      u.on('error', (err, message) => {
        // A failed check also rejects its promise: counted there, once. Anything else is a failed download.
        if (this.phase === 'checking') return;
        this.failed(this.version ? 'download' : 'update', message ?? err.message);
      }),
    );
  }

  /** Arms the first automatic check (rule 2). */
  start(): void {
    this.plan();
    this.push();
  }

  status(): UpdateStatus {
    return {
      current: this.d.currentVersion,
      phase: this.phase,
      offReason: this.phase === 'off' ? (this.d.offReason ?? DEFAULT_OFF_REASON) : null,
      offWhy: this.phase === 'off' && this.d.offReason === undefined ? 'installed-only' : null,
      version: this.version,
      noticeOnly: this.d.noticeOnly === true && this.d.updater !== null,
      releaseUrl: this.phase === 'available' ? this.releaseUrl : null,
      percent: this.phase === 'downloading' ? this.percent : null,
      checkedAt: this.checkedAt,
      error: this.error,
      auto: this.d.autoCheck(),
      nextCheckAt: this.automaticAllowed() ? this.dueAt : null,
      demo: this.d.demo(),
      heldByBulk: this.phase === 'ready' && this.d.bulkRunning(),
    };
  }

  /** "Check now": a check unless this copy does not update itself, the demo runs or a download is under way. */
  checkNow(): Promise<UpdateStatus> {
    if (!this.d.updater || this.d.demo() || this.phase === 'downloading') return Promise.resolve(this.status());
    return this.check();
  }

  /** "Restart to update to X" (rule 5). */
  restartToUpdate(): RestartOutcome {
    if (this.phase !== 'ready' || !this.d.updater || this.version === null)
      return { kind: 'nothing', message: english().nothing };
    if (this.d.bulkRunning())
      return {
        kind: 'held',
        message: english().held(this.version),
      };
    this.d.logger.info('Restarting to install an update', { version: this.version });
    this.d.updater.quitAndInstall();
    return { kind: 'restarting' };
  }

  /** Settings, the demo or a bulk job changed: re-plan the automatic check and say what changed. */
  changed(): void {
    this.plan();
    this.push();
  }

  dispose(): void {
    this.disposed = true;
    this.timer.dispose();
    for (const off of this.offs.splice(0)) off();
  }

  private automaticAllowed(): boolean {
    return (
      this.d.updater !== null &&
      !this.disposed &&
      this.d.autoCheck() &&
      !this.d.demo() &&
      this.phase !== 'downloading' &&
      this.phase !== 'ready'
    );
  }

  private plan(): void {
    this.timer.set(this.automaticAllowed() && !this.inFlight ? Math.max(this.dueAt, this.d.clock.now()) : null);
  }

  private async automaticCheck(): Promise<void> {
    if (!this.automaticAllowed()) return this.plan();
    await this.check();
  }

  private check(): Promise<UpdateStatus> {
    if (this.inFlight) return this.inFlight;
    const updater = this.d.updater as UpdaterPort;
    this.timer.set(null);
    this.set({ phase: 'checking' });
    let call: Promise<void>;
    try {
      call = updater.check();
    } catch (err) {
      call = Promise.reject(err);
    }
    this.inFlight = call.then(
      () => {
        this.inFlight = null;
        this.checkedAt = this.d.clock.now();
        // A download that failed at once (before the check returned) has already been counted.
        if (this.phase !== 'failed') {
          this.failures = 0;
          this.error = null;
          this.dueAt = this.checkedAt + CHECK_EVERY_MS;
          // electron-updater answers every check with update-available or update-not-available.
          if (this.phase === 'checking') this.phase = 'up-to-date';
        }
        this.changed();
        return this.status();
      },
      (err: unknown) => {
        this.inFlight = null;
        this.failed('check', err instanceof Error ? err.message : String(err));
        return this.status();
      },
    );
    return this.inFlight;
  }

  private failed(what: UpdateFailure['what'], message: string): void {
    if (this.disposed) return;
    const now = this.d.clock.now();
    this.failures++;
    const fact: UpdateFailure = {
      what,
      version: what === 'download' ? this.version : null,
      ...updateErrorWhy(message),
    };
    this.error = { at: now, message: english().failure(fact), fact };
    this.d.logger.warn('Update check or download failed', {
      error: this.error.message,
      failures: this.failures,
    });
    this.phase = 'failed';
    this.version = null;
    this.percent = null;
    this.dueAt = now + retryDelay(this.failures);
    this.changed();
  }

  private downloaded(version: string): void {
    this.set({ phase: 'ready', version, percent: null });
    this.plan(); // no more automatic checks: the update installs on restart or quit
    if (this.d.memory.notified() === version) return;
    this.d.memory.markNotified(version);
    this.d.notify({ id: `update-ready:${version}`, ...readyNotification(version) });
  }

  private set(p: { phase?: UpdatePhase; version?: string | null; percent?: number | null }): void {
    if (this.disposed) return;
    if (p.phase !== undefined) this.phase = p.phase;
    if (p.version !== undefined) this.version = p.version;
    if (p.percent !== undefined) this.percent = p.percent;
    this.push();
  }

  /** Tells onStatus, only when something a user could see changed. */
  private push(): void {
    if (this.disposed) return;
    const s = this.status();
    const key = JSON.stringify({ ...s, nextCheckAt: s.nextCheckAt === null ? null : Math.round(s.nextCheckAt / 1000) });
    if (key === this.last) return;
    this.last = key;
    this.d.onStatus(s);
  }
}
