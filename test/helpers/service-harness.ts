import { fileURLToPath } from 'node:url';
import type { ManualClock } from './manual-clock';
import { systemClock, type Clock, type Logger } from '../../electron/core/lib/ports';
import { QuotaService, type QuotaStore, type QuotaServiceConfig } from '../../electron/core/service/quota-service';
import { originOf } from '../../shared/base-url';
import { dbQuotaStore } from '../../electron/core/service/store/db-quota-store';
import type { StateDb } from '../../electron/core/storage/state-db';
import type { SimulatorOptions } from '../../electron/demo/simulator';
import { DEFAULT_THRESHOLDS, type QuotaState } from '../../shared/quota';
import { runChild } from './child-process';
import { KEY_MINUTE, startHarness, type Harness } from './simulator-helpers';

/** Sunday 22 Nov 2026, 12:00:10 UTC: 50 s left in the minute, Dec 1 is the month boundary. */
export const T0 = Date.UTC(2026, 10, 22, 12, 0, 10);
export const NEXT_MINUTE = Date.UTC(2026, 10, 22, 12, 1, 0);
export const DEC1 = Date.UTC(2026, 11, 1);

export function baseConfig(baseUrl: string, over: Partial<QuotaServiceConfig> = {}): QuotaServiceConfig {
  return {
    baseUrl,
    answerLanguage: '',
    thresholds: { month: DEFAULT_THRESHOLDS, minute: DEFAULT_THRESHOLDS },
    monthResetDay: 1,
    cache: { ttlMs: 24 * 3_600_000, maxEntries: 1000 },
    autoCheck: { enabled: false, intervalMs: 5 * 60_000, allowSpending: false },
    ...over,
  };
}

/** The service's local clock: the simulator's ManualClock shifted by `offsetMs`, sharing its timers. */
export function offsetClock(clock: ManualClock, offsetMs: number): Clock {
  return {
    now: () => clock.now() + offsetMs,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h),
  };
}

export interface LogLine {
  level: string;
  msg: string;
  extra?: Record<string, unknown>;
}

export interface ServiceHarness extends Harness {
  service: QuotaService;
  changes: QuotaState[];
  logs: LogLine[];
  /** Current key the vault would return (mutable). */
  vault: { key: string | null };
  requests(path?: string): number;
  close(): Promise<void>;
}

export interface ServiceSetup {
  key?: string | null;
  skewMs?: number;
  sim?: SimulatorOptions;
  config?: Partial<QuotaServiceConfig>;
  store?: QuotaStore;
  timeoutMs?: number;
  start?: number;
  harness?: Harness;
}

export async function startService(o: ServiceSetup = {}): Promise<ServiceHarness> {
  const h = o.harness ?? (await startHarness(o.start ?? T0, o.sim ?? {}));
  const logs: LogLine[] = [];
  const logger: Logger = {
    info: (msg, extra) => logs.push({ level: 'info', msg, extra }),
    warn: (msg, extra) => logs.push({ level: 'warn', msg, extra }),
    error: (msg, extra) => logs.push({ level: 'error', msg, extra }),
  };
  const vault = { key: o.key === undefined ? KEY_MINUTE : o.key };
  const service = new QuotaService({
    clock: o.skewMs ? offsetClock(h.clock, o.skewMs) : h.clock,
    fetch: globalThis.fetch,
    logger,
    profile: 'default',
    getKey: async () => vault.key,
    config: baseConfig(h.sim.url, o.config),
    store: o.store,
    timeoutMs: o.timeoutMs,
  });
  const changes: QuotaState[] = [];
  service.onChange((s) => changes.push(s));
  return {
    ...h,
    service,
    changes,
    logs,
    vault,
    requests: (path) => h.sim.log.filter((l) => path === undefined || l.path === path).length,
    close: async () => {
      service.dispose();
      await h.sim.close();
    },
  };
}

/** Waits (real time, briefly) until `cond` holds: for requests that are in flight on a real socket. */
export async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Lets pending promise callbacks (and loopback I/O) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 10));
}

/** The profile 'default' of a data folder's state.db, on the system clock and the real fetch (as a second process has it). */
export function serviceOnDb(db: StateDb, key: string, baseUrl: string): QuotaService {
  return new QuotaService({
    clock: systemClock,
    fetch,
    profile: 'default',
    getKey: async () => key,
    store: dbQuotaStore(db, 'default', originOf(baseUrl)),
    config: baseConfig(baseUrl),
  });
}

const SERVICE_CHILD = fileURLToPath(new URL('./service-child.ts', import.meta.url));

/**
 * Another process on the data folder `dir` (service-child.ts): it looks up `ips` in order with `key` (given on stdin,
 * never in argv) and tells the outcome kinds and the month's remaining requests it ended with.
 */
export async function runServiceChild(
  dir: string,
  baseUrl: string,
  key: string,
  ips: string[],
): Promise<{ kinds: string[]; month: number | null }> {
  const { stdout } = await runChild(SERVICE_CHILD, [dir, baseUrl, ...ips], { stdin: `${key}\n` });
  return JSON.parse(stdout) as { kinds: string[]; month: number | null };
}
