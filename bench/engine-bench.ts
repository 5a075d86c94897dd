/** 3. Quota engine: header sets parsed per second (parseQuotaHeaders) and state updates per second (QuotaEngine.observe). */
import { performance } from 'node:perf_hooks';
import { QuotaEngine } from '../electron/core/quota/engine';
import { parseQuotaHeaders, type ParsedQuota } from '../electron/core/lookup-api/quota-headers';
import { pick } from './quick';
import { BENCH_KEY, benchSimulator } from './setup';
import { figure, type Figure } from './stats';

export interface EngineResults {
  parseHeadersPerSec: Figure;
  parseRecordPerSec: Figure;
  observePerSec: Figure;
  observeAndStatePerSec: Figure;
}

const SAMPLES = pick(7, 2);
const SAMPLE_MS = pick(150, 10);

/** Runs `fn(i)` in a tight loop for about SAMPLE_MS, SAMPLES times; ops per second of each sample. */
function throughput(fn: (i: number) => unknown, setup?: () => void): number[] {
  const out: number[] = [];
  let sink = 0;
  for (let s = -1; s < SAMPLES; s++) {
    setup?.();
    let ops = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < SAMPLE_MS) {
      for (let k = 0; k < 256; k++) if (fn(ops++)) sink++;
      t = performance.now();
    }
    if (s >= 0) out.push((ops / (t - t0)) * 1000); // s = -1 is the warm-up
  }
  if (sink === -1) console.log(sink); // keep the results alive
  return out;
}

/** Real response headers from the simulator (the set the service sends), varied in their remaining figures. */
async function realHeaderSets(count: number): Promise<{ headers: Headers[]; records: Record<string, string>[] }> {
  const sim = await benchSimulator();
  try {
    const res = await fetch(`${sim.url}/v2/info?ip=8.8.8.8`, { headers: { apikey: BENCH_KEY } });
    await res.text();
    const base: Record<string, string> = {};
    res.headers.forEach((v, k) => (base[k] = v));
    const headers: Headers[] = [];
    const records: Record<string, string>[] = [];
    for (let i = 0; i < count; i++) {
      const r = {
        ...base,
        'x-ratelimit-remaining-quota-month': String(999_000_000 - i),
        date: new Date(Date.UTC(2026, 10, 22, 12, 0, i % 60)).toUTCString(),
      };
      records.push(r);
      headers.push(new Headers(r));
    }
    return { headers, records };
  } finally {
    await sim.close();
  }
}

export async function benchEngine(): Promise<EngineResults> {
  const { headers, records } = await realHeaderSets(1024);
  const parseHeaders = throughput((i) => parseQuotaHeaders(headers[i & 1023]).monthPresent);
  const parseRecord = throughput((i) => parseQuotaHeaders(records[i & 1023]).monthPresent);

  // A month of answers, one a second, remaining going down: the engine's normal diet.
  const start = Date.UTC(2026, 10, 1, 0, 0, 5);
  const N = 65_536;
  const parsed: ParsedQuota[] = [];
  for (let i = 0; i < N; i++) {
    parsed.push({
      month: { limit: 1_000_000, remaining: 1_000_000 - i },
      minute: { limit: 600, remaining: 599 - (i % 60) },
      monthPresent: true,
      minutePresent: true,
      serverDate: start + i * 1000,
      retryAfter: null,
      ietf: [],
    });
  }
  let t = start;
  let engine: QuotaEngine;
  const fresh = () => {
    t = start;
    engine = new QuotaEngine({
      profile: 'bench',
      clock: { now: () => t },
      thresholds: { month: { low: 0.25, critical: 0.1 }, minute: { low: 0.25, critical: 0.1 } },
      monthResetDay: 1,
    });
  };
  const observe = (i: number) => {
    const p = parsed[i % N] as ParsedQuota;
    if (i > 0 && i % N === 0) fresh();
    t = p.serverDate as number;
    engine.observe(p, { status: 200, localReceivedAt: t });
    return false;
  };
  const observePerSec = throughput(observe, fresh);
  const observeAndState = throughput((i) => {
    observe(i);
    return engine.state().month === null;
  }, fresh);

  return {
    parseHeadersPerSec: figure(parseHeaders, 'ops/s', {
      note: 'parseQuotaHeaders on a fetch Headers object with the simulator’s real header set',
    }),
    parseRecordPerSec: figure(parseRecord, 'ops/s', { note: 'parseQuotaHeaders on a plain header record' }),
    observePerSec: figure(observePerSec, 'ops/s', {
      note: 'QuotaEngine.observe, one answer a second through a month, month + minute windows',
    }),
    observeAndStatePerSec: figure(observeAndState, 'ops/s', {
      note: 'observe + state() (what the service does per response)',
    }),
  };
}
