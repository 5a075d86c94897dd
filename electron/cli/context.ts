/**
 * What every command works on: the app's data folder (settings.json through the one settings schema, state.db
 * shared with a running app or preview), the key vault (the same keychain item as the app; loaded only when a
 * key is needed, so commands answered from state.db never touch D-Bus), and the profile's QuotaService, built
 * exactly as the app builds it (electron/core/app/service-host.ts), so cooldowns, figures and the cache are shared.
 */
import { profileList } from '../core/app/profile-list';
import path from 'node:path';
import { originOf } from '../../shared/base-url';
import type { AppSnapshot } from '../../shared/ipc';
import { emptyQuotaState } from '../../shared/quota';
import type { SettingsUpdateOutcome } from '../../shared/ipc';
import { profileLabel, type Settings, type SettingsPatch } from '../../shared/settings';
import { loadPausedUntil } from '../core/app/notification-pause';
import { serviceConfig } from '../core/app/service-config';
import { silentLogger, systemClock, type Logger, type SecretStore } from '../core/lib/ports';
import { keyAccount, keyOriginKv } from '../core/secrets/key-account';
import { KEYCHAIN_PROBE_ACCOUNT, KeyVault, type KeytarSecretStore } from '../core/secrets/key-vault';
import { folderId, folderScopedSecrets, ownedAccounts } from '../core/app/keychain-folder';
import { dbQuotaStore } from '../core/service/store/db-quota-store';
import { QuotaService } from '../core/service/quota-service';
import type { SettingsStore } from '../core/storage/settings-store';
import { StateDb } from '../core/storage/state-db';
import { ensurePrivateDataDir } from '../core/storage/state-db-open';
import { CliError, EXIT } from './exit-codes';
import { readSettingsFast } from './settings-fast';

export interface GlobalOptions {
  dataDir: string;
  profile?: string;
}

/** The keychain, loaded on first use (the native binding and its D-Bus connection cost a few ms). */
export function lazyKeychain(logger: Logger): KeytarSecretStore {
  let loaded: Promise<KeytarSecretStore> | null = null;
  const store = () => (loaded ??= import('../core/secrets/key-vault').then(({ loadKeytar }) => loadKeytar(logger)));
  return {
    keeps: 'keychain',
    getPassword: async (s, a) => (await store()).getPassword(s, a),
    setPassword: async (s, a, p) => (await store()).setPassword(s, a, p),
    deletePassword: async (s, a) => (await store()).deletePassword(s, a),
    findCredentials: async (s) => (await store()).findCredentials(s),
  };
}

export class CliContext {
  readonly logger: Logger = silentLogger;
  private storeOpen: SettingsStore | null = null;
  private settingsNow: Readonly<Settings>;
  private dbOpen: StateDb | null = null;
  private vaultOpen: KeyVault | null = null;
  private serviceOpen: QuotaService | null = null;
  /** --profile named another profile than the one in use: only its own settings can change (updateSettings). */
  private otherProfile = false;
  /** The settings with the profile in use at the top level (under --profile naming another one). */
  private appNow: Readonly<Settings>;
  /** The service's state changed (it answered from the network, a check came back): it has something to write. */
  private changed = false;

  private constructor(
    readonly opts: GlobalOptions,
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
  static async open(opts: GlobalOptions, secrets: SecretStore = lazyKeychain(silentLogger)): Promise<CliContext> {
    try {
      ensurePrivateDataDir(opts.dataDir); // 0700, and an existing folder left readable to others tightened
      folderId(opts.dataDir); // before anything is written there: the folder's keychain id (keychain-folder.ts)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException)?.code ?? 'error';
      throw new CliError(`Cannot use the data folder ${opts.dataDir} (${code}).`, EXIT.failure);
    }
    const fast = readSettingsFast(opts.dataDir);
    const store = fast ? null : await openSettingsStore(opts.dataDir);
    const ctx = new CliContext(opts, secrets, fast ?? store!.peek(), store);
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
   * another case (names differ in more than case: the app refuses "work" beside "Work"). Unknown: a CliError
   * (exit 2) listing the profiles as the app shows them.
   */
  profileNamed(name: string): string {
    const s = this.appSettings;
    const found = findProfile(s, name);
    if (found !== null) return found;
    const names = profileNames(s)
      .map((n) => `"${profileLabel(n)}"`)
      .join(', ');
    throw new CliError(`Unknown profile "${name}": the profiles are ${names}.`, EXIT.usage);
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
    const [{ validatePatch }, { PROFILE_FIELDS, profileFields }] = await Promise.all([
      import('../core/storage/settings-migrations'),
      import('../../shared/settings-schema'),
    ]);
    const shared = Object.keys(patch).filter((k) => !(PROFILE_FIELDS as string[]).includes(k));
    if (shared.length > 0)
      throw new CliError(
        `${shared.join(', ')} ${shared.length > 1 ? 'are' : 'is'} shared by every profile: change ${shared.length > 1 ? 'them' : 'it'} without --profile.`,
        EXIT.usage,
      );
    const saved = store.get();
    const own = saved.profiles[name];
    if (!own) throw new CliError(`Unknown profile "${name}".`, EXIT.usage);
    const r = validatePatch({ ...saved, ...own, profile: name }, patch);
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

  get profile(): string {
    return this.current.profile;
  }

  get db(): StateDb {
    return (this.dbOpen ??= StateDb.open({ dir: this.opts.dataDir, logger: this.logger }));
  }

  get vault(): KeyVault {
    if (this.vaultOpen) return this.vaultOpen;
    // This folder's keychain items only: another --data-dir is another installation, with keys of its own.
    const secrets = folderScopedSecrets(this.secrets, {
      dataDir: this.opts.dataDir,
      owned: () => ownedAccounts(this.current, this.db),
      unscoped: [KEYCHAIN_PROBE_ACCOUNT],
    });
    return (this.vaultOpen = new KeyVault(secrets, this.logger));
  }

  /** The keychain account of the profile's key for the current base URL (the app's own, see key-account.ts). */
  account(s: Readonly<Settings> = this.current): string {
    return keyAccount(s.profile, s.baseUrl);
  }

  /** The profile's service on the configured base URL; a CliError when none is configured yet. */
  service(): QuotaService {
    if (this.serviceOpen) return this.serviceOpen;
    const s = this.current;
    if (!s.baseUrl)
      throw new CliError(
        'No service configured yet: run "lookup-tray key set --base-url URL" (or set it in the app).',
        EXIT.noKey,
      );
    const account = this.account(s);
    const vault = this.vault;
    this.serviceOpen = new QuotaService({
      clock: systemClock,
      fetch: globalThis.fetch,
      logger: this.logger,
      profile: s.profile,
      getKey: () => vault.get(account).catch(() => null),
      config: { ...serviceConfig(s), autoCheck: { ...serviceConfig(s).autoCheck, enabled: false } },
      store: dbQuotaStore(this.db, s.profile),
    });
    this.serviceOpen.onChange(() => (this.changed = true));
    return this.serviceOpen;
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

  /** What the app's window and tray draw from (no demo: the CLI never runs the demo). */
  async snapshot(): Promise<AppSnapshot> {
    const settings = structuredClone(this.current) as Settings;
    const keychain = await this.vault.status();
    let key: AppSnapshot['key'] = { hasKey: false, masked: null, storage: 'none' };
    if (keychain.available) key = await this.vault.info(this.account(settings));
    const savedFor = this.db.readKv(keyOriginKv(settings.profile));
    if (!key.hasKey && typeof savedFor === 'string' && savedFor !== originOf(settings.baseUrl))
      key = { ...key, savedFor };
    const quota = settings.baseUrl ? this.service().state() : null;
    return {
      settings,
      key,
      keychain,
      demo: { active: false },
      quota: quota ?? emptyQuotaState(settings.profile, Date.now()),
      notifications: { pausedUntil: loadPausedUntil(this.db, Date.now()) },
      notices: [...(this.storeOpen?.notices() ?? []), ...this.db.notices()],
      profiles: profileList(
        settings,
        (_, active) => (active ? (quota?.month ?? null) : undefined),
        (name) => this.db.readEngine(name),
      ),
      watched: [], // the CLI speaks of one profile; only the app's tray compares them
    };
  }

  /**
   * Writes what the service learnt (it is otherwise written a second after a change) and closes state.db. A
   * command that only read (figures, a cache hit) writes nothing: a write is most of such a command's time.
   */
  async close(): Promise<void> {
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
  const { SettingsStore } = await import('../core/storage/settings-store');
  return new SettingsStore({ dataDir, logger: silentLogger });
}

export function resolveDataDir(dir: string | undefined, fallback: () => string): string {
  return path.resolve(dir ?? fallback());
}
