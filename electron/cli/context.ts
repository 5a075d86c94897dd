/**
 * What every command works on: the app's data folder (settings.json through the one settings schema, state.db
 * shared with a running app or preview), the key vault (the same keychain item as the app; loaded only when a
 * key is needed, so commands answered from state.db never touch D-Bus), and the profile's QuotaService, built
 * exactly as the app builds it (electron/core/app/service-host.ts), so cooldowns, figures and the cache are shared.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { originOf } from '../../shared/base-url';
import type { AppSnapshot } from '../../shared/ipc';
import { emptyQuotaState } from '../../shared/quota';
import type { Settings } from '../../shared/settings';
import { loadPausedUntil, serviceConfig } from '../core/app/app-state';
import { silentLogger, systemClock, type Logger, type SecretStore } from '../core/lib/ports';
import { keyAccount, keyOriginKv } from '../core/secrets/key-account';
import { KeyVault, type KeytarSecretStore } from '../core/secrets/key-vault';
import { dbQuotaStore } from '../core/service/db-quota-store';
import { QuotaService } from '../core/service/quota-service';
import { SettingsStore } from '../core/storage/settings-store';
import { StateDb } from '../core/storage/state-db';
import { CliError, EXIT } from './exit-codes';

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
  readonly settings: SettingsStore;
  private dbOpen: StateDb | null = null;
  private vaultOpen: KeyVault | null = null;
  private serviceOpen: QuotaService | null = null;

  constructor(
    readonly opts: GlobalOptions,
    /** The keychain port (tests of the core pass a memory store; the command uses the OS keychain). */
    readonly secrets: SecretStore = lazyKeychain(silentLogger),
  ) {
    try {
      mkdirSync(opts.dataDir, { recursive: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException)?.code ?? 'error';
      throw new CliError(`Cannot use the data folder ${opts.dataDir} (${code}).`, EXIT.failure);
    }
    this.settings = new SettingsStore({ dataDir: opts.dataDir, logger: this.logger });
    const current = this.settings.peek().profile;
    if (opts.profile !== undefined && opts.profile !== current)
      throw new CliError(
        `Unknown profile "${opts.profile}": only "${current}" exists (more profiles come in a later version).`,
        EXIT.usage,
      );
  }

  get dataDir(): string {
    return this.opts.dataDir;
  }

  get profile(): string {
    return this.settings.peek().profile;
  }

  get db(): StateDb {
    return (this.dbOpen ??= StateDb.open({ dir: this.opts.dataDir, logger: this.logger }));
  }

  get vault(): KeyVault {
    return (this.vaultOpen ??= new KeyVault(this.secrets, this.logger));
  }

  /** The keychain account of the profile's key for the current base URL (the app's own, see key-account.ts). */
  account(s: Readonly<Settings> = this.settings.peek()): string {
    return keyAccount(s.profile, s.baseUrl);
  }

  /** The profile's service on the configured base URL; a CliError when none is configured yet. */
  service(): QuotaService {
    if (this.serviceOpen) return this.serviceOpen;
    const s = this.settings.get();
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
    return this.serviceOpen;
  }

  /** What the app's window and tray draw from (no demo: the CLI never runs the demo). */
  async snapshot(): Promise<AppSnapshot> {
    const settings = this.settings.get();
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
      notices: [...this.settings.notices(), ...this.db.notices()],
    };
  }

  /** Writes what the service learnt (it is otherwise written a second after a change) and closes state.db. */
  async close(): Promise<void> {
    if (this.serviceOpen) {
      await this.serviceOpen.whenIdle();
      this.serviceOpen.dispose();
    }
    this.dbOpen?.close();
  }
}

export function resolveDataDir(dir: string | undefined, fallback: () => string): string {
  return path.resolve(dir ?? fallback());
}
