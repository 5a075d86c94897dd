/**
 * The ports the main-process core gets passed in. Nothing in electron/core imports `electron`.
 */
import type { NotificationFact } from '../../../shared/alert-fact';

export type TimerHandle = { readonly __timer: unique symbol } | number | object;

/** Time is a port: tests and demo fast-forward drive it. */
export interface Clock {
  /** Local clock, epoch ms. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export type FetchFn = typeof fetch;

/** The OS keychain (keytar API) or a stand-in. Rejects with KeychainUnavailableError when there is none. */
export interface SecretStore {
  /**
   * Where this store really keeps a key: 'keychain' — the OS keychain (kept across restarts); 'memory' — this
   * process's memory (the web preview without --keychain, tests): forgotten when the process stops.
   */
  readonly keeps: 'keychain' | 'memory';
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** A JSON document persisted somewhere (an atomic JSON file, or memory). */
export interface JsonStore<T> {
  read(): T;
  write(value: T): void;
}

export interface NotifyRequest {
  id: string;
  /** The words in the core's language (`lang()`), for the system notification. */
  title: string;
  body: string;
  /** What it says, as a fact: the window words its in-page copy from it, in the window's language. */
  fact?: NotificationFact;
}

export interface Notifier {
  notify(n: NotifyRequest): void;
}

/**
 * Asks where to save `text`, offering `suggestedName`, and writes it there (the app: the system's save dialog; the
 * web preview: its data folder, for the browser to download). Resolves to where it was saved, or null when the user
 * cancelled. The core's one flow around it is saveTextThrough (save-text.ts).
 */
export type SaveTextFile = (suggestedName: string, text: string) => Promise<string | null>;

/** Logger that must never be handed the API key. */
export interface Logger {
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
