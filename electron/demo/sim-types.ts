/** Public types of the embedded Lookup API simulator (re-exported by ./simulator). */

export interface Plan {
  monthLimit: number;
  /** null = plan without a per-minute limit (no minute headers are sent). */
  minuteLimit: number | null;
}

export type KeyPlan = Plan & { label?: string };

export interface Faults {
  /** Reply after this long (real ms; slow reply / stall; 0 = none). Cancelled by close(). */
  delayMs: number;
  /** Destroy the socket without answering (connection reset). */
  reset: boolean;
  /** Answer 500 to /v2/info. */
  status500: boolean;
  /** Answer 500 to the next N requests that reach /v2/info's answer, then as usual (a service that recovers). */
  status500Next: number;
  /** Answer 200 with a non-JSON (HTML) body; quota headers still sent, counted. */
  nonJson: boolean;
  /** Quota headers with garbage values ("abc", "-5", "1e9x", ""). */
  garbageHeaders: boolean;
  /** 429 responses have an empty body. */
  empty429: boolean;
  /** Send quota header names lower-cased, e.g. x-ratelimit-remaining-quota-month. */
  lowercaseHeaders: boolean;
  /** Answer 403 {"message":"Your plan does not allow this endpoint"} to /v2/info. */
  forbidden: boolean;
  /** Answer 200 with a JSON array of this many records at the top level (a huge answer; 0 = none). */
  hugeArray: number;
}

export const NO_FAULTS: Readonly<Faults> = Object.freeze({
  delayMs: 0,
  reset: false,
  status500: false,
  status500Next: 0,
  nonJson: false,
  garbageHeaders: false,
  empty429: false,
  lowercaseHeaders: false,
  forbidden: false,
  hugeArray: 0,
});

export interface RequestLogEntry {
  /** Simulator clock, epoch ms, when the request arrived. */
  at: number;
  method: string;
  /** Pathname only (never the query: it may hold a key). */
  path: string;
  /** The `ip` query parameter. */
  ip: string | null;
  keyVia: 'header' | 'query' | 'both' | 'none';
  /** The plan's label for the key, NEVER the key itself; null for a missing or unknown key. */
  keyName: string | null;
  /** HTTP status answered; 0 when the connection was reset instead. */
  status: number;
  counted: boolean;
  /** For a 429: the window that was used up, 'month' or 'minute' (null for every other answer). */
  limitedBy: 'month' | 'minute' | null;
}

export interface SimulatorOptions {
  /** Default Date.now; every window and the Date header are computed from it. */
  clock?: { now(): number };
  /** API key -> plan. */
  keys?: Record<string, KeyPlan>;
  /** Default true: answer GET /v2/status. */
  statusEndpoint?: boolean;
  /** Default 0 = random. */
  port?: number;
  /** The loopback address to listen on: default 127.0.0.1; '::1' for a service reachable only over IPv6. */
  host?: '127.0.0.1' | '::1';
  /** Serve https:// with this key and certificate chain (PEM) instead of plain http:// (the proxy and CA tests). */
  tls?: { key: string; cert: string };
}

export interface Simulator {
  /** "http://127.0.0.1:PORT" (base_url, no trailing slash): https:// with `tls`, [::1] on `host: '::1'`. */
  readonly url: string;
  readonly port: number;
  /** Every request, oldest first, bounded to the most recent 10 000. */
  readonly log: RequestLogEntry[];
  /** Add a key or change its plan (usage is kept). */
  setKey(key: string, plan: KeyPlan): void;
  /** Revoke a key: it answers 401 from now on. */
  removeKey(key: string): void;
  /** Requests counted in the current minute and month windows. */
  usage(key: string): { month: number; minute: number };
  /** Jump usage in the current windows (tests, demo). */
  setUsage(key: string, u: { month?: number; minute?: number }): void;
  setStatusEndpoint(on: boolean): void;
  /** With `tls`: serve new connections with this key and certificate chain from now on (the CA tests). */
  setCertificate(tls: { key: string; cert: string }): void;
  setFaults(f: Partial<Faults>): void;
  clearFaults(): void;
  close(): Promise<void>;
}
