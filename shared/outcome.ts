import type { WindowScope } from './quota';

/** Where a lookup answer came from. */
export type LookupSource = 'network' | 'cache';

/**
 * Every lookup ends in exactly one of these. Never a thrown raw error.
 * `message` is always a sentence fit to show the user; it never contains the API key.
 */
export type LookupOutcome =
  | {
      kind: 'ok';
      ip: string;
      /** The parsed JSON body as the service sent it. */
      body: unknown;
      source: LookupSource;
      /** Service-clock instant the answer was fetched from the network. */
      fetchedAt: number;
      /** e.g. "A private address: the service may know little about it." */
      note: string | null;
    }
  /** Refused locally: the input is not an IP address. Nothing was sent. */
  | { kind: 'invalid-ip'; message: string }
  /** Refused locally: no key configured. Nothing was sent. */
  | { kind: 'no-key'; message: string }
  /** Refused locally during a cooldown after a 429. Nothing was sent. */
  | { kind: 'cooldown'; scope: WindowScope; resetAt: number; message: string }
  | { kind: 'invalid-key'; status: number; message: string }
  | { kind: 'forbidden'; status: number; message: string }
  | { kind: 'invalid-input'; status: number; message: string }
  | { kind: 'rate-limited'; scope: WindowScope; resetAt: number; message: string }
  | { kind: 'server-error'; status: number; message: string }
  | { kind: 'network-error'; reason: 'timeout' | 'refused' | 'dns' | 'reset' | 'aborted' | 'other'; message: string }
  /** 200 (or other status) whose body is not JSON or not of the expected shape: `raw` shows what came. */
  | { kind: 'bad-response'; status: number; message: string; raw: string; body?: unknown; ip?: string };

export type OutcomeKind = LookupOutcome['kind'];

export type CheckQuotaOutcome =
  /** The service has no free status check: checking would spend one request. Ask the user first. */
  | { kind: 'needs-confirmation'; cost: 1; message: string }
  | { kind: 'checked'; via: 'status' | 'lookup'; message: string }
  | { kind: 'failed'; outcome: LookupOutcome; message: string };
