import type { LookupOutcome } from '../../../shared/outcome';
import type { Clock, FetchFn, Logger } from '../lib/ports';
import type { ParsedQuota } from '../lookup-api/quota-headers';
import type { EngineThresholds } from '../quota/engine';
import type { QuotaStore } from './store/quota-store';

/**
 * The configuration, options and constants of QuotaService (quota-service.ts re-exports the public ones).
 */

/** When and how the service checks the quota by itself. */
export interface AutoCheckConfig {
  enabled: boolean | null;
  intervalMs: number;
  allowSpending: boolean;
}

export interface QuotaServiceConfig {
  baseUrl: string;
  /** The service's answer language: ISO 639-1 code passed as `language`, '' for the service default. */
  answerLanguage: string;
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
  /** The answer that verified the key: its figures, for the service the key is saved into. */
  statusAnswer?: StatusAnswer;
}

/**
 * The quota of the answer that verified a key (the free /v2/status, or the one lookup the user agreed to spend),
 * kept to be fed to the service the key is saved into (see QuotaService.takeStatusAnswer).
 */
export interface StatusAnswer {
  /** Absent: 'status'. */
  via?: 'status' | 'lookup';
  parsed: ParsedQuota;
  status: number;
  /** Local clock, when it was received. */
  receivedAt: number;
}

/** The IP looked up when a quota check has to spend a request. */
export const CHECK_IP = '8.8.8.8';
/** Persisting waits this long after a change, so bursts of lookups write once. */
export const PERSIST_DELAY_MS = 1000;
/** The one message for "there is no key" (the service's lookups and checks, and the app core before a service exists). */
export const NO_KEY = 'No API key yet. Add your key in Settings, or try the demo.';

/** `config` with `patch` applied (the nested cache and auto-check settings merged, not replaced). */
export function mergeConfig(config: QuotaServiceConfig, patch: Partial<QuotaServiceConfig>): QuotaServiceConfig {
  return {
    ...config,
    ...patch,
    cache: { ...config.cache, ...patch.cache },
    autoCheck: { ...config.autoCheck, ...patch.autoCheck },
  };
}

/** The key from the vault port: null when there is none, it is blank, or the vault failed. */
export function keyReader(getKey: () => Promise<string | null>): () => Promise<string | null> {
  return async () => {
    try {
      const k = await getKey();
      return typeof k === 'string' && k.trim() !== '' ? k : null;
    } catch {
      return null;
    }
  };
}
