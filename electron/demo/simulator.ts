import http from 'node:http';
import https from 'node:https';
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

/** What the simulator knows: its keys and their usage, the request log, the fault switches. */
class SimState {
  readonly keys = new Map<string, KeyPlan & { label: string }>();
  readonly usage: UsageBook;
  readonly log: RequestLogEntry[] = [];
  faults: Faults = { ...NO_FAULTS };
  private keyCounter = 0;

  constructor(
    readonly clock: { now(): number },
    public statusEndpoint: boolean,
  ) {
    this.usage = new UsageBook(() => clock.now());
  }

  setKey(key: string, plan: KeyPlan): void {
    const existing = this.keys.get(key);
    this.keys.set(key, normalisePlan(plan, existing?.label ?? `key-${++this.keyCounter}`));
  }

  record(entry: RequestLogEntry): void {
    this.log.push(entry);
    if (this.log.length > LOG_MAX) this.log.splice(0, this.log.length - LOG_MAX);
  }
}

/** Answers held back by the `delayMs` fault: dropped when their connection closes, or when the simulator does. */
class Delays {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  /** Runs `act` after `ms` (at once for 0). */
  run(ms: number, res: http.ServerResponse, act: () => void): void {
    if (!(ms > 0)) {
      act();
      return;
    }
    const t = setTimeout(() => {
      this.timers.delete(t);
      act();
    }, ms);
    this.timers.add(t);
    res.on('close', () => {
      clearTimeout(t);
      this.timers.delete(t);
    });
  }

  clear(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
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

/** One request: decided by the routes (or cut off by the reset fault), logged, answered (after the delay fault). */
function handle(state: SimState, delays: Delays, req: http.IncomingMessage, res: http.ServerResponse): void {
  req.resume(); // drain any request body
  const now = state.clock.now();
  const f: Faults = { ...state.faults };
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
    limitedBy: null,
  };
  let act: () => void;
  if (f.reset) {
    act = () => {
      const sock = req.socket;
      if (typeof sock.resetAndDestroy === 'function') sock.resetAndDestroy();
      else sock.destroy();
    };
  } else {
    const { keys, usage, statusEndpoint } = state;
    const reply = decide(incoming, { now, keys, usage, faults: f, statusEndpoint });
    entry.status = reply.status;
    entry.keyName = reply.keyName;
    entry.counted = reply.counted;
    entry.limitedBy = reply.limitedBy ?? null;
    act = () => send(res, reply, now, f);
    // A 500 of the countdown fault: one fewer to go (the switch itself is the routes' to read, not to change).
    if (reply.status === 500 && !f.status500 && state.faults.status500Next > 0)
      state.faults = { ...state.faults, status500Next: state.faults.status500Next - 1 };
  }
  state.record(entry);
  delays.run(f.delayMs, res, act);
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const state = new SimState(opts.clock ?? { now: () => Date.now() }, opts.statusEndpoint ?? true);
  for (const [key, plan] of Object.entries(opts.keys ?? {})) state.setKey(key, plan);
  const delays = new Delays();
  const sockets = new Set<Socket>();
  let closed = false;

  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => handle(state, delays, req, res);
  const server = opts.tls
    ? https.createServer({ key: opts.tls.key, cert: opts.tls.cert }, onRequest)
    : http.createServer(onRequest);
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

  const host = opts.host ?? '127.0.0.1';
  const port = await listenOnLoopback(server, opts.port, host);

  let closing: Promise<void> | null = null;
  return {
    url: `${opts.tls ? 'https' : 'http'}://${host === '::1' ? '[::1]' : host}:${port}`,
    port,
    get log() {
      return state.log;
    },
    setKey: (key, plan) => state.setKey(key, plan),
    removeKey: (key) => {
      state.keys.delete(key);
    },
    usage: (key) => state.usage.get(key),
    setUsage: (key, u) => state.usage.set(key, u),
    setStatusEndpoint: (on) => {
      state.statusEndpoint = on;
    },
    setCertificate: (tls) => {
      if (!(server instanceof https.Server)) throw new Error('the simulator serves plain http://');
      server.setSecureContext({ key: tls.key, cert: tls.cert });
    },
    setFaults: (partial) => {
      state.faults = { ...state.faults, ...partial };
    },
    clearFaults: () => {
      state.faults = { ...NO_FAULTS };
    },
    close: () => {
      if (closing) return closing;
      closed = true;
      delays.clear();
      closing = new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
        sockets.clear();
      });
      return closing;
    },
  };
}
