import http from 'node:http';
import type { Socket } from 'node:net';
import { listenOnLoopback } from '../core/lib/listen';
import { decide, keyVia, type QuotaFigures, type Reply } from './sim-routes';
import {
  NO_FAULTS,
  type Faults,
  type KeyPlan,
  type RequestLogEntry,
  type Simulator,
  type SimulatorOptions,
} from './sim-types';
import { UsageBook } from './sim-usage';

/**
 * The embedded Lookup API simulator: a real HTTP server on 127.0.0.1 implementing the seed
 * (GET /v2/info, key auth, month + optional minute quotas in fixed UTC windows, quota headers, 401/404/422/429),
 * the real service's /v2/status extra, and fault switches. Demo mode and the tests run against it.
 */

export type { Plan, Faults, RequestLogEntry, SimulatorOptions, Simulator } from './sim-types';

const LOG_MAX = 10_000;
const GARBAGE = ['abc', '-5', '1e9x', ''];

function headerValue(v: string | string[] | undefined): string | null {
  const s = Array.isArray(v) ? v[0] : v;
  return s ? s : null;
}

function parseUrl(raw: string | undefined): URL {
  try {
    return new URL(raw ?? '/', 'http://127.0.0.1');
  } catch {
    return new URL('http://127.0.0.1/');
  }
}

function quotaHeaders(q: QuotaFigures, faults: Faults): Array<[string, string]> {
  const list: Array<[string, number]> = [
    ['X-RateLimit-Limit-Quota-Month', q.monthLimit],
    ['X-RateLimit-Remaining-Quota-Month', q.monthRemaining],
  ];
  if (q.minuteLimit !== null && q.minuteRemaining !== null) {
    list.push(
      ['X-RateLimit-Limit-Quota-Minute', q.minuteLimit],
      ['X-RateLimit-Remaining-Quota-Minute', q.minuteRemaining],
    );
  }
  return list.map(([name, value], i) => [
    faults.lowercaseHeaders ? name.toLowerCase() : name,
    faults.garbageHeaders ? (GARBAGE[i % GARBAGE.length] as string) : String(value),
  ]);
}

function normalisePlan(plan: KeyPlan, fallbackLabel: string): KeyPlan & { label: string } {
  const count = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);
  return {
    monthLimit: count(plan.monthLimit),
    minuteLimit: plan.minuteLimit === null ? null : count(plan.minuteLimit),
    label: plan.label ?? fallbackLabel,
  };
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const clock = opts.clock ?? { now: () => Date.now() };
  const keys = new Map<string, KeyPlan & { label: string }>();
  const usage = new UsageBook(() => clock.now());
  const log: RequestLogEntry[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let faults: Faults = { ...NO_FAULTS };
  let statusEndpoint = opts.statusEndpoint ?? true;
  let keyCounter = 0;
  let closed = false;

  const setKey = (key: string, plan: KeyPlan): void => {
    const existing = keys.get(key);
    keys.set(key, normalisePlan(plan, existing?.label ?? `key-${++keyCounter}`));
  };
  for (const [key, plan] of Object.entries(opts.keys ?? {})) setKey(key, plan);

  function record(entry: RequestLogEntry): void {
    log.push(entry);
    if (log.length > LOG_MAX) log.splice(0, log.length - LOG_MAX);
  }

  function send(res: http.ServerResponse, reply: Reply, now: number, f: Faults): void {
    if (res.destroyed || res.writableEnded) return;
    res.sendDate = false;
    res.statusCode = reply.status;
    res.setHeader('Date', new Date(now).toUTCString());
    for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
    if (reply.quota) for (const [name, value] of quotaHeaders(reply.quota, f)) res.setHeader(name, value);
    res.setHeader('Content-Length', Buffer.byteLength(reply.body));
    res.end(reply.body);
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    req.resume(); // drain any request body
    const now = clock.now();
    const f: Faults = { ...faults };
    const url = parseUrl(req.url);
    const incoming = {
      method: req.method ?? 'GET',
      url,
      headerKey: headerValue(req.headers['apikey']),
      queryKey: url.searchParams.get('apikey') || null,
    };
    const entry: RequestLogEntry = {
      at: now,
      method: incoming.method,
      path: url.pathname,
      ip: url.searchParams.get('ip'),
      keyVia: keyVia(incoming),
      keyName: null,
      status: 0,
      counted: false,
    };
    let act: () => void;
    if (f.reset) {
      act = () => {
        const sock = req.socket;
        if (typeof sock.resetAndDestroy === 'function') sock.resetAndDestroy();
        else sock.destroy();
      };
    } else {
      const reply = decide(incoming, { now, keys, usage, faults: f, statusEndpoint });
      entry.status = reply.status;
      entry.keyName = reply.keyName;
      entry.counted = reply.counted;
      act = () => send(res, reply, now, f);
    }
    record(entry);
    if (f.delayMs > 0) {
      const t = setTimeout(() => {
        timers.delete(t);
        act();
      }, f.delayMs);
      timers.add(t);
      res.on('close', () => {
        clearTimeout(t);
        timers.delete(t);
      });
    } else {
      act();
    }
  }

  const server = http.createServer(handle);
  server.on('connection', (s: Socket) => {
    if (closed) {
      s.destroy();
      return;
    }
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('clientError', (_err, socket) => {
    if (!socket.destroyed) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  const port = await listenOnLoopback(server, opts.port);

  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get log() {
      return log;
    },
    setKey,
    removeKey: (key) => {
      keys.delete(key);
    },
    usage: (key) => usage.get(key),
    setUsage: (key, u) => usage.set(key, u),
    setStatusEndpoint: (on) => {
      statusEndpoint = on;
    },
    setFaults: (partial) => {
      faults = { ...faults, ...partial };
    },
    clearFaults: () => {
      faults = { ...NO_FAULTS };
    },
    close: () => {
      if (closing) return closing;
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      closing = new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
        sockets.clear();
      });
      return closing;
    },
  };
}
