/**
 * The API key's only home: the OS keychain through the keytar API of @napi-rs/keyring
 * (service "Lookup Tray", one account per profile), or this session's memory when the user
 * chose that because no keychain is reachable. Never a plaintext fallback.
 *
 * Nothing here ever puts the key into an error message or a log line.
 */
import { maskKey, type KeychainStatus, type KeyInfo } from '../../../shared/ipc';
import { silentLogger, type Logger, type SecretStore } from '../lib/ports';
import { redactThenCut } from '../lib/redact';

export const KEYCHAIN_SERVICE = 'Lookup Tray';

export const NO_KEYCHAIN_MESSAGE =
  'No system keychain found. Install and unlock GNOME Keyring or KWallet (Linux), or use the macOS Keychain / Windows Credential Manager. You can keep the key in memory for this session only.';

/** The keychain cannot be reached (no Secret Service, locked, D-Bus missing, access denied …). */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
  constructor(message: string = NO_KEYCHAIN_MESSAGE) {
    super(message);
  }
}

/** The key as given cannot be stored (empty, inner whitespace, too long). The message never contains it. */
export class InvalidKeyError extends Error {
  override readonly name = 'InvalidKeyError';
}

export const MAX_KEY_LENGTH = 512;

/** Trim pasted whitespace/newlines; refuse what cannot be a key. */
export function normalizeKeyInput(input: string): { ok: true; key: string } | { ok: false; message: string } {
  const key = typeof input === 'string' ? input.trim() : '';
  if (key === '') return { ok: false, message: 'Enter your API key.' };
  if (/\s/.test(key))
    return { ok: false, message: 'The API key contains spaces or line breaks inside it. Paste only the key.' };
  if (key.length > MAX_KEY_LENGTH) return { ok: false, message: 'That is too long to be an API key.' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return { ok: false, message: 'The API key contains invalid characters.' };
  return { ok: true, key };
}

/** A short, key-free description of an error, for logs. */
function describe(err: unknown, secret?: string): string {
  const raw = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return redactThenCut(raw, secret, 300);
}

function toUnavailable(err: unknown): KeychainUnavailableError {
  return err instanceof KeychainUnavailableError ? err : new KeychainUnavailableError();
}

/** The keytar API as @napi-rs/keyring ships it. */
interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

export type KeytarSecretStore = SecretStore & {
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
};

/**
 * Adapt a keytar module to SecretStore. Every failure of the platform storage becomes a
 * KeychainUnavailableError. @napi-rs/keyring (Linux) answers the first getPassword/deletePassword of
 * a process with a benign `null`/`false` even when D-Bus is missing, so a "nothing there" answer is
 * confirmed with a search, which fails reliably when the storage is unreachable.
 */
export function adaptKeytar(kt: KeytarModule, logger: Logger = silentLogger): KeytarSecretStore {
  const guard = async <T>(what: string, op: () => Promise<T>, secret?: string): Promise<T> => {
    try {
      return await op();
    } catch (err) {
      logger.warn(`keychain ${what} failed`, { error: describe(err, secret) });
      throw toUnavailable(err);
    }
  };
  const confirmReachable = (service: string) => guard('search', () => kt.findCredentials(service));
  return {
    keeps: 'keychain',
    async getPassword(service, account) {
      const value = await guard('read', () => kt.getPassword(service, account));
      if (value === null) await confirmReachable(service);
      return value;
    },
    async setPassword(service, account, password) {
      await guard('write', () => kt.setPassword(service, account, password), password);
    },
    async deletePassword(service, account) {
      const deleted = await guard('delete', () => kt.deletePassword(service, account));
      if (!deleted) await confirmReachable(service);
      return deleted;
    },
    findCredentials: (service) =>
      guard('search', async () => {
        const found = await kt.findCredentials(service);
        return found.map((c) => ({ account: c.account, password: c.password }));
      }),
  };
}

interface KeyringEntry {
  getPassword(): Promise<string | null>;
  setPassword(password: string): Promise<void>;
  deletePassword(): Promise<boolean>;
}
interface KeyringModule {
  AsyncEntry: new (service: string, account: string, options?: { linux?: { store?: string } }) => KeyringEntry;
  findCredentialsAsync(service: string): Promise<Array<{ account: string; password: string }>>;
}

/**
 * The keytar API over @napi-rs/keyring's entries, pinned on Linux to the Secret Service. Left to itself the
 * binding silently falls back to the kernel keyutils keyring when no Secret Service runs: memory only, gone at
 * the next reboot, while the window would say "stored in your system keychain". Pinned, a missing Secret Service
 * is an error, and the user is told and offered the session-only choice.
 */
function pinnedKeytar(mod: KeyringModule): KeytarModule {
  const options = process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined;
  const entry = (service: string, account: string) => new mod.AsyncEntry(service, account, options);
  return {
    getPassword: async (service, account) => entry(service, account).getPassword(),
    setPassword: async (service, account, password) => entry(service, account).setPassword(password),
    deletePassword: async (service, account) => entry(service, account).deletePassword(),
    findCredentials: async (service) => mod.findCredentialsAsync(service),
  };
}

/**
 * Load the real keychain. If the native module cannot be loaded at all (unsupported platform),
 * an UnavailableSecretStore is returned so the app still starts and offers a session-only key.
 */
export async function loadKeytar(logger: Logger = silentLogger): Promise<KeytarSecretStore> {
  try {
    const imported = (await import('@napi-rs/keyring')) as unknown as KeyringModule & { default?: KeyringModule };
    const mod = typeof imported.AsyncEntry === 'function' ? imported : imported.default;
    if (!mod || typeof mod.AsyncEntry !== 'function') throw new Error('AsyncEntry not found in @napi-rs/keyring');
    return adaptKeytar(pinnedKeytar(mod), logger);
  } catch (err) {
    logger.error('keychain module could not be loaded', { error: describe(err) });
    return new UnavailableSecretStore();
  }
}

/** In-memory stand-in for the keychain (web preview without --keychain, tests). */
export class MemorySecretStore implements KeytarSecretStore {
  readonly keeps = 'memory';
  private readonly items = new Map<string, Map<string, string>>();

  async getPassword(service: string, account: string): Promise<string | null> {
    return this.items.get(service)?.get(account) ?? null;
  }

  async setPassword(service: string, account: string, password: string): Promise<void> {
    let svc = this.items.get(service);
    if (!svc) this.items.set(service, (svc = new Map()));
    svc.set(account, password);
  }

  async deletePassword(service: string, account: string): Promise<boolean> {
    return this.items.get(service)?.delete(account) ?? false;
  }

  async findCredentials(service: string): Promise<Array<{ account: string; password: string }>> {
    return [...(this.items.get(service) ?? new Map<string, string>())].map(([account, password]) => ({
      account,
      password,
    }));
  }
}

/** A keychain that is never there: every call rejects like a missing Secret Service. */
export class UnavailableSecretStore implements KeytarSecretStore {
  readonly keeps = 'keychain';
  async getPassword(): Promise<string | null> {
    throw new KeychainUnavailableError();
  }
  async setPassword(): Promise<void> {
    throw new KeychainUnavailableError();
  }
  async deletePassword(): Promise<boolean> {
    throw new KeychainUnavailableError();
  }
  async findCredentials(): Promise<Array<{ account: string; password: string }>> {
    throw new KeychainUnavailableError();
  }
}

const PROBE_ACCOUNT = '__lookup-tray-probe__';
/** The account read to probe the keychain (never written): the same for every data folder. */
export const KEYCHAIN_PROBE_ACCOUNT = PROBE_ACCOUNT;

export class KeyVault {
  /** Keys the user chose to keep for this session only, by profile. */
  private readonly session = new Map<string, string>();
  /**
   * What the keychain holds for each profile, as last read or written by this app. A keychain read is a
   * D-Bus/IPC round trip (about 5 ms with gnome-keyring here), and every lookup needs the key: read once.
   */
  private readonly known = new Map<string, string | null>();

  constructor(
    private readonly store: SecretStore,
    private readonly logger: Logger = silentLogger,
    /** Told after every write to the keychain (not session-only keys): other processes learn of it. */
    private readonly onKeychainWrite: () => void = () => {},
  ) {}

  /** Forget what was read from the keychain (another process changed it): the next get() reads it again. */
  forgetCached(): void {
    this.known.clear();
  }

  /** The key for a profile: the session-only key if one is set, else the keychain's. */
  async get(profile: string): Promise<string | null> {
    const inMemory = this.session.get(profile);
    if (inMemory !== undefined) return inMemory;
    if (this.known.has(profile)) return this.known.get(profile) ?? null;
    try {
      const stored = await this.store.getPassword(KEYCHAIN_SERVICE, profile);
      this.known.set(profile, stored);
      return stored;
    } catch (err) {
      throw toUnavailable(err);
    }
  }

  /**
   * Store (or replace) a profile's key. Whitespace and newlines around it are trimmed.
   * The keychain item is updated in place (setPassword over the existing item, never delete + create).
   * Throws InvalidKeyError for an unusable key, KeychainUnavailableError when the keychain cannot take it.
   */
  async set(profile: string, key: string, opts: { sessionOnly?: boolean } = {}): Promise<void> {
    const norm = normalizeKeyInput(key);
    if (!norm.ok) throw new InvalidKeyError(norm.message);
    if (opts.sessionOnly) {
      this.session.set(profile, norm.key);
      this.logger.info('key kept in memory for this session', { profile });
      return;
    }
    try {
      await this.store.setPassword(KEYCHAIN_SERVICE, profile, norm.key);
    } catch (err) {
      this.logger.warn('could not save the key to the keychain', { profile, error: describe(err, norm.key) });
      throw toUnavailable(err);
    }
    this.session.delete(profile);
    this.known.set(profile, norm.key);
    this.logger.info('key saved to the keychain', { profile });
    this.onKeychainWrite();
  }

  /**
   * Remove a profile's key from the keychain and from memory. Throws KeychainUnavailableError only
   * when the keychain is unreachable and there was no session-only key to remove either.
   */
  async delete(profile: string): Promise<void> {
    const hadSessionKey = this.session.delete(profile);
    this.known.delete(profile);
    try {
      await this.store.deletePassword(KEYCHAIN_SERVICE, profile);
      this.onKeychainWrite();
    } catch (err) {
      this.logger.warn('could not delete the key from the keychain', { profile, error: describe(err) });
      if (!hadSessionKey) throw toUnavailable(err);
    }
    this.logger.info('key removed', { profile });
  }

  /**
   * The accounts (keychain and this session's) whose names `match` accepts — e.g. every origin's key of one
   * profile. A store that cannot list (no findCredentials) gives the session's only. Throws
   * KeychainUnavailableError when the keychain cannot be listed.
   */
  async accounts(match: (account: string) => boolean): Promise<string[]> {
    let stored: { account: string }[] = [];
    const list = (this.store as Partial<KeytarSecretStore>).findCredentials;
    try {
      if (list) stored = await list.call(this.store, KEYCHAIN_SERVICE);
    } catch (err) {
      throw toUnavailable(err);
    }
    const names = new Set([...stored.map((c) => c.account), ...this.session.keys()]);
    return [...names].filter((a) => a !== PROBE_ACCOUNT && match(a));
  }

  /** Moves a key to another account (a renamed profile): written under the new name, then removed from the old. */
  async move(from: string, to: string): Promise<void> {
    const sessionKey = this.session.get(from);
    const key = sessionKey ?? (await this.get(from));
    if (key === null) return;
    await this.set(to, key, { sessionOnly: sessionKey !== undefined });
    await this.delete(from);
  }

  /** What the renderer may know: whether there is a key, its masked form, and where it lives. */
  async info(profile: string): Promise<KeyInfo> {
    const inMemory = this.session.get(profile);
    if (inMemory !== undefined) return { hasKey: true, masked: maskKey(inMemory), storage: 'memory' };
    try {
      const stored = await this.get(profile);
      if (stored) return { hasKey: true, masked: maskKey(stored), storage: this.store.keeps };
    } catch {
      // Unreachable keychain: there is no key we can use. status() carries the message.
    }
    return { hasKey: false, masked: null, storage: 'none' };
  }

  /** Probe the keychain once (a read of a probe account, which never creates anything). */
  async status(): Promise<KeychainStatus> {
    try {
      await this.store.getPassword(KEYCHAIN_SERVICE, PROBE_ACCOUNT);
      return { available: true, ...(this.store.keeps === 'memory' ? { store: 'memory' as const } : {}) };
    } catch (err) {
      this.logger.warn('keychain unavailable', { error: describe(err) });
      return { available: false };
    }
  }
}
