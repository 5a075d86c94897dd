import type { LookupOutcome } from '../../../shared/outcome';
import type { RawResult } from '../lookup-api/client';
import type { Clock, FetchFn, Logger } from '../lib/ports';
import type { EngineThresholds, QuotaEngine } from '../quota/engine';
import type { QuotaStore } from './quota-store';

/**
 * The configuration, options and constants of QuotaService (quota-service.ts re-exports the public ones),
 * and the context it hands the parts it is composed of.
 */

/** When and how the service checks the quota by itself. */
export interface AutoCheckConfig {
  enabled: boolean | null;
  intervalMs: number;
  allowSpending: boolean;
}

export interface QuotaServiceConfig {
  baseUrl: string;
  /** ISO 639-1 code passed as `language`, '' for the service default. */
  language: string;
  thresholds: EngineThresholds;
  monthResetDay: number;
  cache: { ttlMs: number; maxEntries: number };
  autoCheck: AutoCheckConfig;
}

export interface QuotaServiceOptions {
  clock: Clock;
  fetch: FetchFn;
  logger?: Logger;
  profile: string;
  /** From the key vault; the key is never stored here. */
  getKey: () => Promise<string | null>;
  config: QuotaServiceConfig;
  /** Where figures, history, cooldowns and cached answers are kept; none: nothing outlives the service. */
  store?: QuotaStore;
  timeoutMs?: number;
}

export interface VerifyResult {
  ok: boolean;
  via: 'status' | 'lookup';
  outcome?: LookupOutcome;
  needsConfirmation?: boolean;
}

/** The IP looked up when a quota check has to spend a request. */
export const CHECK_IP = '8.8.8.8';
/** Persisting waits this long after a change, so bursts of lookups write once. */
export const PERSIST_DELAY_MS = 1000;
/** The one message for "there is no key" (the service's lookups and checks, and the app core before a service exists). */
export const NO_KEY = 'No API key yet. Add your key in Settings, or try the demo.';

/** What QuotaService's parts (lookups, quota checks, auto-check, key verification) read from and ask of it. */
export interface ServiceContext {
  readonly profile: string;
  readonly clock: Clock;
  readonly logger: Logger;
  config(): QuotaServiceConfig;
  /** The live engine (replaced by reset()). */
  engine(): QuotaEngine;
  /** A new engine with the current options and no history. */
  freshEngine(): QuotaEngine;
  /** The key in use, or null when there is none (or the vault failed). */
  key(): Promise<string | null>;
  isDisposed(): boolean;
  /** One request with `key`, abortable through a controller in `set` (by default the one dispose() aborts). */
  send(
    path: '/v2/info' | '/v2/status',
    key: string,
    query: Record<string, string>,
    set?: Set<AbortController>,
  ): Promise<RawResult>;
  /** Takes in what another process recorded for this profile since the last look (cheap; no timers). */
  sync(): void;
  /** Persists the state PERSIST_DELAY_MS from now (one write per burst). */
  persistSoon(): void;
  /** Emits the state if it changed, then re-arms the roll-over and auto-check timers. */
  changed(): void;
  /** Registers an operation in flight (for whenIdle). */
  track<T>(p: Promise<T>): Promise<T>;
}
