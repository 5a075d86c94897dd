/**
 * The core's one entry for short-lived processes (the `lookup-tray` command): open a data folder and a profile,
 * take a snapshot, run lookups and bulk jobs on the profile's service, read its History, change profiles (without
 * the app core), write or remove a key (without it too), and, for tests of a change the window makes, run the app core once
 * (`withAppCore`). What it works on: the app's data folder (settings.json
 * through the one settings schema, state.db shared with a running app or preview), the key vault (the same keychain
 * item as the app; loaded only when a key is needed, so commands answered from state.db never touch D-Bus), and the
 * profile's QuotaService, built exactly as the app builds it (service-host.ts), so cooldowns, figures and the cache
 * are shared. It starts fast: settings.json is read without the schema's library when it can be
 * (storage/settings-fast.ts), and the schema, the keychain's native module and the app core load only on use.
 */
import { nodeFetch } from '../lib/node-network';
import { profileList } from './profile-list';
import { originOf } from '../../../shared/base-url';
import type { AppSnapshot, HistoryView } from '../../../shared/ipc';
import { emptyQuotaState } from '../../../shared/quota';
import type { SettingsUpdateOutcome } from '../../../shared/ipc';
import { profileLabel, type Settings, type SettingsPatch } from '../../../shared/settings';
import { loadPausedUntil } from './notification-pause';
import { serviceConfig } from './service-config';
import { silentLogger, systemClock, type Clock, type Logger, type SecretStore } from '../lib/ports';
import { keyAccount, keyOriginKv } from '../secrets/key-account';
import { KEYCHAIN_PROBE_ACCOUNT, KeyVault, type KeytarSecretStore } from '../secrets/key-vault';
import { folderId, folderScopedSecrets, ownedAccounts } from './keychain-folder';
import { dbQuotaStore } from '../service/store/db-quota-store';
import { QuotaService } from '../service/quota-service';
import type { SettingsStore } from '../storage/settings-store';
import { StateDb } from '../storage/state-db';
import { stateScope } from '../storage/state-scope';
import { DataFolderError, openDataFolder, type FolderUser } from '../storage/data-folder';
import { defaultDataDir } from '../../../shared/app-folder';
import { readSettingsFast } from '../storage/settings-fast';
import type { AppCore } from './app-core-types';
import type { BulkJobs } from '../bulk/bulk-jobs';
import type { Profiles } from './profiles';
import { KeyChanges } from './key-changes';
import { buildSnapshot } from './snapshot-build';
import { historyView, keptAndLive } from '../quota/history-view';

/** Why a short-lived process cannot go on: the command line turns `kind` into its exit code. */
export class OneShotError extends Error {
  override readonly name = 'OneShotError';
  constructor(
    message: string,
    /** usage: a wrong name or option; no-service: no base URL yet; failure: the data folder cannot be used. */
    readonly kind: 'usage' | 'no-service' | 'failure',
  ) {
    super(message);
  }
}

/**
 * A key saved (its masked form), refused (the reason, which never holds the key), refused because the base URL moved
 * to another origin than the one the key was verified at, or no keychain to keep it.
 */
export type KeySaved =
  | { kind: 'saved'; masked: string }
  | { kind: 'refused'; message: string }
  | { kind: 'origin-changed'; message: string }
  | { kind: 'no-keychain' };

export interface OneShotOptions {
  dataDir: string;
  profile?: string;
  /** The app's default folder (the only one that adopts an earlier version's keychain items); tests name theirs. */
  appFolder?: string | null;
  /** Who the process runs as, for the data folder's owner check (a port: tests stand in another user). */
  user?: FolderUser | null;
  /** The service's clock (the system's; tests give the simulator's). */
  clock?: Clock;
}

/** The keychain, loaded on first use (the native binding and its D-Bus connection cost a few ms). */
export function lazyKeychain(logger: Logger): KeytarSecretStore {
  let loaded: Promise<KeytarSecretStore> | null = null;
  const store = () => (loaded ??= import('../secrets/key-vault').then(({ loadKeytar }) => loadKeytar(logger)));
  return {
    keeps: 'keychain',
    getPassword: async (s, a) => (await store()).getPassword(s, a),
    setPassword: async (s, a, p) => (await store()).setPassword(s, a, p),
    deletePassword: async (s, a) => (await store()).deletePassword(s, a),
    findCredentials: async (s) => (await store()).findCredentials(s),
  };
}

export class OneShot {
  readonly logger: Logger = silentLogger;
  private storeOpen: SettingsStore | null = null;
  private settingsNow: Readonly<Settings>;
  private dbOpen: StateDb | null = null;
  private vaultOpen: KeyVault | null = null;
  private serviceOpen: QuotaService | null = null;
  private bulkOpen: BulkJobs | null = null;
  /** --profile named another profile than the one in use: only its own settings can change (updateSettings). */
  private otherProfile = false;
  /** The settings with the profile in use at the top level (under --profile naming another one). */
  private appNow: Readonly<Settings>;
  /** The service's state changed (it answered from the network, a check came back): it has something to write. */
  private changed = false;

  private constructor(
    readonly opts: OneShotOptions,
    /** The keychain port (tests of the core pass a memory store; the command uses the OS keychain). */
    readonly secrets: SecretStore,
    settings: Readonly<Settings>,
    store: SettingsStore | null,
  ) {
    this.settingsNow = settings;
    this.appNow = settings;
    this.storeOpen = store;
  }

  /**
   * The data folder's context. settings.json is read without the schema's library when it is exactly as the schema
   * would return it (settings-fast.ts); otherwise, and for any change, through the app's SettingsStore.
   */
  static async open(opts: OneShotOptions, secrets: SecretStore = lazyKeychain(silentLogger)): Promise<OneShot> {
    try {
      // The user's own folder only (a symlink, another user's, one others can write to: refused), then 0700.
      openDataFolder(opts.dataDir, opts.user);
      folderId(opts.dataDir); // before anything is written there: the folder's keychain id (keychain-folder.ts)
    } catch (err) {
      if (err instanceof DataFolderError) throw new OneShotError(err.message, 'failure');
      const code = (err as NodeJS.ErrnoException)?.code ?? 'error';
      throw new OneShotError(`Cannot use the data folder ${opts.dataDir} (${code}).`, 'failure');
    }
    const fast = readSettingsFast(opts.dataDir);
    const store = fast ? null : await openSettingsStore(opts.dataDir);
    const ctx = new OneShot(opts, secrets, fast ?? store!.peek(), store);
    const current = ctx.current;
    if (opts.profile !== undefined) {
      const name = ctx.profileNamed(opts.profile);
      if (name !== current.profile) {
        // Another profile than the app's: its own base URL, key, thresholds and state, for this command only.
        ctx.settingsNow = { ...current, ...current.profiles[name], profile: name };
        ctx.otherProfile = true;
      }
    }
    return ctx;
  }

  /**
   * The profile `name` stands for: its exact name, else the one whose name or label ("Default") it spells in
   * another case (names differ in more than case: the app refuses "work" beside "Work"). Unknown: a OneShotError
   * (exit 2) listing the profiles as the app shows them.
   */
  profileNamed(name: string): string {
    const s = this.appSettings;
    const found = findProfile(s, name);
    if (found !== null) return found;
    const names = profileNames(s)
      .map((n) => `"${profileLabel(n)}"`)
      .join(', ');
    throw new OneShotError(`Unknown profile "${name}": the profiles are ${names}.`, 'usage');
  }

  /** The settings as the app uses them (the profile in use at the top level), whatever --profile says. */
  get appSettings(): Readonly<Settings> {
    return this.otherProfile ? this.appNow : this.settingsNow;
  }

  /** --profile named a profile other than the one in use. */
  get isOtherProfile(): boolean {
    return this.otherProfile;
  }

  /** The settings as they are now (read-only). */
  get current(): Readonly<Settings> {
    return this.settingsNow;
  }

  /** The app's SettingsStore on this folder (loaded on first use: it brings the schema). */
  async settings(): Promise<SettingsStore> {
    if (!this.storeOpen) this.storeOpen = await openSettingsStore(this.opts.dataDir);
    return this.storeOpen;
  }

  /**
   * Validates and saves a change through the settings schema; `current` follows. Under --profile naming another
   * profile than the one in use, only that profile's own settings can change (base URL, warning levels,
   * notifications, reset day, automatic checks), checked as if it were in use, and saved under `profiles`.
   */
  async updateSettings(patch: SettingsPatch): Promise<SettingsUpdateOutcome> {
    const store = await this.settings();
    if (!this.otherProfile) {
      const r = store.update(patch);
      if (r.kind === 'saved') this.settingsNow = r.settings;
      return r;
    }
    const name = this.current.profile;
    // The schema's modules (zod) are loaded only here: reading commands never pay for them.
    const [{ checkPatch }, { PROFILE_FIELDS, profileFields }] = await Promise.all([
      import('../storage/settings-migrations'),
      import('../../../shared/settings-schema'),
    ]);
    const shared = Object.keys(patch).filter((k) => !(PROFILE_FIELDS as string[]).includes(k));
    if (shared.length > 0)
      throw new OneShotError(
        `${shared.join(', ')} ${shared.length > 1 ? 'are' : 'is'} shared by every profile: change ${shared.length > 1 ? 'them' : 'it'} without --profile.`,
        'usage',
      );
    const saved = store.get();
    const own = saved.profiles[name];
    if (!own) throw new OneShotError(`Unknown profile "${name}".`, 'usage');
    const r = checkPatch({ ...saved, ...own, profile: name }, patch);
    if (r.kind !== 'saved') return r;
    const next = profileFields(r.settings);
    const written = store.replace({ ...saved, profiles: { ...saved.profiles, [name]: next } });
    if (written.kind !== 'saved') return written;
    this.appNow = written.settings;
    this.settingsNow = { ...written.settings, ...next, profile: name };
    return { kind: 'saved', settings: { ...this.settingsNow } };
  }

  get dataDir(): string {
    return this.opts.dataDir;
  }

  /** The app's default folder: the only one that adopts an earlier version's keychain items. */
  private get appFolder(): string | null {
    return this.opts.appFolder === undefined ? defaultDataDir() : this.opts.appFolder;
  }

  get profile(): string {
    return this.current.profile;
  }

  get db(): StateDb {
    return (this.dbOpen ??= StateDb.open({ dir: this.opts.dataDir, logger: this.logger }));
  }

  /** The bodies of up to `n` answers kept for the profile's service (newest first), without building the service. */
  keptAnswers(n: number): unknown[] {
    const s = this.current;
    if (!s.baseUrl) return [];
    return this.db.cacheRecent(stateScope(s.profile, originOf(s.baseUrl)), n).map((r) => r.body);
  }

  get vault(): KeyVault {
    return (this.vaultOpen ??= new KeyVault(this.folderSecrets(), this.logger));
  }

  /** This folder's keychain items only: another --data-dir is another installation, with keys of its own. */
  private folderSecrets(): SecretStore {
    return folderScopedSecrets(this.secrets, {
      dataDir: this.opts.dataDir,
      owned: () => ownedAccounts(this.current, this.db),
      unscoped: [KEYCHAIN_PROBE_ACCOUNT],
      appFolder: this.appFolder,
    });
  }

  /**
   * The profiles' operations (Settings → Profiles: add, switch, rename, remove) on this folder's stores alone, as
   * the window's go: no app core, no service, watch or update check runs. A key moved or removed renews the keychain
   * token (a running app reads the keychain again); settings.json's change reaches a running app as `config set`'s.
   * The settings schema loads here.
   */
  async profiles(): Promise<Profiles> {
    const [{ Profiles, NOTHING_RUNNING }, settings] = await Promise.all([import('./profiles'), this.settings()]);
    const vault = new KeyVault(this.folderSecrets(), this.logger, () => new KeyChanges(this.db).mark());
    return new Profiles({ settings, vault, db: this.db, running: NOTHING_RUNNING });
  }

  /** The keychain account of the profile's key for the current base URL (the app's own, see key-account.ts). */
  account(s: Readonly<Settings> = this.current): string {
    return keyAccount(s.profile, s.baseUrl);
  }

  /** The profile's service on the configured base URL; a OneShotError when none is configured yet. */
  service(): QuotaService {
    if (this.serviceOpen) return this.serviceOpen;
    const s = this.current;
    if (!s.baseUrl)
      throw new OneShotError(
        'No service configured yet: run "lookup-tray key set --base-url URL" (or set it in the app).',
        'no-service',
      );
    const account = this.account(s);
    const vault = this.vault;
    this.serviceOpen = new QuotaService({
      clock: this.opts.clock ?? systemClock,
      fetch: nodeFetch(),
      logger: this.logger,
      profile: s.profile,
      getKey: () => vault.get(account).catch(() => null),
      config: { ...serviceConfig(s), autoCheck: { ...serviceConfig(s).autoCheck, enabled: false } },
      store: dbQuotaStore(this.db, s.profile, originOf(s.baseUrl)),
    });
    this.serviceOpen.onChange(() => (this.changed = true));
    return this.serviceOpen;
  }

  /**
   * The data folder's bulk jobs: every profile's to list and export; new ones, and runs, on this profile's service.
   * The bulk engine loads on first use; close() stops a run still going (it stays resumable).
   */
  async bulkJobs(): Promise<BulkJobs> {
    if (this.bulkOpen) return this.bulkOpen;
    const { BulkJobs } = await import('../bulk/bulk-jobs');
    const profile = this.profile;
    return (this.bulkOpen = new BulkJobs({
      db: this.db,
      clock: systemClock,
      profile: () => profile,
      serviceFor: (p) => (p === profile && this.current.baseUrl ? this.service() : null),
      demo: () => this.db.readKv(DEMO_FOLDER_KV) === true,
    }));
  }

  /**
   * A new service in place of the one built so far (the profile's key was replaced under it): what the old one
   * held is dropped, not written.
   */
  renewService(): QuotaService {
    this.serviceOpen?.dispose({ write: false });
    this.serviceOpen = null;
    return this.service();
  }

  /**
   * The profile's History, as the window's History view shows it (quota/history-view.ts): its samples kept in
   * state.db and what its service learnt since. A OneShotError without a base URL, as for service().
   */
  history(): HistoryView {
    const service = this.service();
    const s = this.current;
    const stored = this.db.readHistory(stateScope(s.profile, originOf(s.baseUrl)));
    return historyView(keptAndLive(stored, service.recentSamples()), s.monthResetDay, service.state());
  }

  /** What the app's window and tray draw from (no demo: the CLI never runs the demo). */
  async snapshot(): Promise<AppSnapshot> {
    const settings = structuredClone(this.current) as Settings;
    const keychain = await this.vault.status();
    const quota = settings.baseUrl ? this.service().state() : null;
    return buildSnapshot({
      settings,
      vault: this.vault,
      db: this.db,
      keychain,
      askKeychain: keychain.available,
      demo: false,
      quota: quota ?? emptyQuotaState(settings.profile, Date.now()),
      pausedUntil: loadPausedUntil(this.db, Date.now()),
      notices: [...(this.storeOpen?.notices() ?? []), ...this.db.notices()],
      profiles: profileList(
        settings,
        (_, active) => (active ? (quota?.month ?? null) : undefined),
        (name) => this.db.readEngine(name),
      ),
      watched: [], // the CLI speaks of one profile; only the app's tray compares them
    });
  }

  /**
   * Runs `fn` on the app core, once, on this folder and keychain (no background work: no watched profiles, no
   * resumed jobs, no folder watch), then disposes it: a change is made through the same handlers as the window's.
   * The core (the settings schema and every handler) loads only here.
   */
  async withAppCore<T>(fn: (core: AppCore) => Promise<T>): Promise<T> {
    const { createAppCore } = await import('./app-core');
    const core = await createAppCore({
      clock: systemClock,
      fetch: nodeFetch(),
      secrets: this.secrets,
      dataDir: this.dataDir,
      appFolder: this.appFolder,
      notifier: { notify() {} },
      logger: this.logger,
      oneShot: true,
    });
    try {
      return await fn(core);
    } finally {
      await core.dispose();
    }
  }

  /**
   * Saves the profile's key (not verified: the caller checks it first when asked to), the profile in use or another
   * (--profile), as the app core's saveKey does but on this folder's stores, without building the app core: the
   * keychain item of its base URL's origin, the origin remembered, the old key's figures dropped when the key is
   * replaced, and the keychain token renewed so a running app reads the keychain again.
   */
  async saveKey(key: string, origin: string): Promise<KeySaved> {
    // Its base URL as settings.json holds it now, not as it was read when the command started: saved for `origin`
    // only, or refused when the base URL moved meanwhile (another command, the window).
    const now = (await openSettingsStore(this.opts.dataDir)).get();
    const own = now.profile === this.profile ? now : now.profiles[this.profile];
    const baseNow = own?.baseUrl ?? '';
    if (originOf(baseNow) !== origin || originOf(this.current.baseUrl) !== origin)
      return {
        kind: 'origin-changed',
        message: `The base URL changed to ${baseNow || '(none)'} while the key was being verified for ${origin}: nothing was saved.`,
      };
    const account = this.account();
    const before = await this.vault.info(account);
    try {
      await this.vault.set(account, key);
    } catch (err) {
      if (err instanceof Error && err.name === 'KeychainUnavailableError') return { kind: 'no-keychain' };
      throw err;
    }
    new KeyChanges(this.db).mark();
    this.db.writeKv(keyOriginKv(this.profile), originOf(this.current.baseUrl));
    const after = await this.vault.info(account);
    if (before.hasKey && before.masked !== after.masked) this.db.clearQuota(this.profile);
    return { kind: 'saved', masked: after.masked ?? '' };
  }

  /**
   * Removes the profile's key (the one in use or another), as the app core's removeKey does, on this folder's stores
   * without building the app core: every account it may be under (this origin's, the one it was saved for, the bare
   * one), the origin it was saved for and its figures forgotten, the keychain token renewed (a running app reads the
   * keychain again).
   */
  async removeKey(): Promise<void> {
    const name = this.profile;
    const savedFor = this.db.readKv(keyOriginKv(name));
    const accounts = new Set([this.account(), name]);
    if (typeof savedFor === 'string') accounts.add(keyAccount(name, savedFor));
    for (const account of accounts) await this.vault.delete(account).catch(() => undefined);
    new KeyChanges(this.db).mark();
    this.db.writeKv(keyOriginKv(name), undefined);
    this.db.clearQuota(name);
  }

  /**
   * Writes what the service learnt (it is otherwise written a second after a change) and closes state.db. A
   * command that only read (figures, a cache hit) writes nothing: a write is most of such a command's time.
   */
  async close(): Promise<void> {
    await this.bulkOpen?.dispose();
    const service = this.serviceOpen;
    if (service) {
      await service.whenIdle();
      if (this.changed) service.dispose();
    }
    this.dbOpen?.close();
  }
}

/** Every profile's name, the one in use first. */
export function profileNames(s: Readonly<Settings>): string[] {
  return [s.profile, ...Object.keys(s.profiles ?? {}).filter((n) => n !== s.profile)];
}

/** The profile `name` spells (exactly, else in another case, or as its label "Default"), or null. */
export function findProfile(s: Readonly<Settings>, name: string): string | null {
  const names = profileNames(s);
  if (names.includes(name)) return name;
  const folded = name.trim().toLowerCase();
  return names.find((n) => n.toLowerCase() === folded || profileLabel(n).toLowerCase() === folded) ?? null;
}

async function openSettingsStore(dataDir: string): Promise<SettingsStore> {
  const { SettingsStore } = await import('../storage/settings-store');
  return new SettingsStore({ dataDir, logger: silentLogger });
}

/** What short-lived processes use of the core besides the class above: the one entry's other exports. */
export type { AppCore } from './app-core-types';
export type { ProfileOutcome, Profiles } from './profiles';
export { profileList } from './profile-list';
export { KeyChanges } from './key-changes';
export { keyAccount, keyOriginKv } from '../secrets/key-account';
export { MAX_KEY_LENGTH, normalizeKeyInput } from '../secrets/key-vault';
export { redact } from '../lib/redact';
export { systemClock, type SecretStore } from '../lib/ports';
export type { StatusAnswer } from '../service/service-types';
export { trayFacts } from '../tray/tray-model';
export { autoCheckDelay } from '../quota/auto-check-cadence';
export { readTextNoFollow } from '../storage/no-follow';
/**
 * state.db kv of a data folder `lookup-tray demo` made for trying its service: jobs made there run on simulated
 * answers, so they are marked demo (their reports say DEMO) as the window's demo mode marks its jobs.
 */
export const DEMO_FOLDER_KV = 'cli.demoFolder';

/** The demo service (`lookup-tray demo`), loaded only by that command. */
export const loadDemoMode = () => import('./demo-mode');
