import http from 'node:http';
import { ManualClock } from './manual-clock';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../electron/demo/simulator';

/** Recognisable fake keys: never real secrets. */
export const KEY_MINUTE = 'FAKE-test-key-minute-plan-0001';
export const KEY_NOMINUTE = 'FAKE-test-key-no-minute-plan-0002';
export const KEY_BIG = 'FAKE-test-key-big-plan-0003';

export interface Harness {
  sim: Simulator;
  clock: ManualClock;
}

/** Sunday 22 Nov 2026, 12:00:00 UTC unless told otherwise. */
export async function startHarness(
  start = Date.UTC(2026, 10, 22, 12, 0, 0),
  extra: SimulatorOptions = {},
): Promise<Harness> {
  const clock = new ManualClock(start);
  const sim = await startSimulator({
    clock,
    keys: {
      [KEY_MINUTE]: { monthLimit: 100, minuteLimit: 5, label: 'minute-plan' },
      [KEY_NOMINUTE]: { monthLimit: 50, minuteLimit: null, label: 'no-minute-plan' },
      [KEY_BIG]: { monthLimit: 1_000_000, minuteLimit: null, label: 'big-plan' },
    },
    ...extra,
  });
  return { sim, clock };
}

/** GET with the key in the `apikey` header (or none). */
export function get(
  sim: Simulator,
  pathAndQuery: string,
  key: string | null = KEY_MINUTE,
  init: RequestInit = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (key !== null) headers['apikey'] = key;
  return fetch(`${sim.url}${pathAndQuery}`, {
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string>) },
  });
}

export function info(sim: Simulator, ip = '8.8.8.8', key: string | null = KEY_MINUTE): Promise<Response> {
  return get(sim, `/v2/info?ip=${encodeURIComponent(ip)}`, key);
}

export function quota(res: Response): {
  monthLimit: string | null;
  month: string | null;
  minuteLimit: string | null;
  minute: string | null;
} {
  return {
    monthLimit: res.headers.get('X-RateLimit-Limit-Quota-Month'),
    month: res.headers.get('X-RateLimit-Remaining-Quota-Month'),
    minuteLimit: res.headers.get('X-RateLimit-Limit-Quota-Minute'),
    minute: res.headers.get('X-RateLimit-Remaining-Quota-Minute'),
  };
}

/** Plain node:http GET, to see header names exactly as sent (fetch lower-cases them). */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; rawHeaders: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body }));
    });
    req.on('error', reject);
  });
}
