import { assertNever } from '../../../shared/assert-never';
import { wordsFor } from '../../../shared/i18n';
import type { LookupOutcome, OutcomeKind } from '../../../shared/outcome';
import { OUTCOMES, type StatusKind } from '../../../shared/outcome-table';
import type { Cooldown, WindowScope } from '../../../shared/quota';
import { isObj } from '../lib/guards';
import { MAX_BODY_BYTES, type NotParsed, type RawResult } from './client';
import { MAX_JSON_CONTAINERS, MAX_JSON_DEPTH } from './json-shape';
import { networkFact } from './fault-fact';

/** Mapping a raw answer of the Lookup API to the LookupOutcome the user sees. Pure. */

/** Bodies kept for display in bad-response outcomes are cut here. */
export const MAX_RAW_CHARS = 64 * 1024;

/**
 * What the mapping reads from the quota engine (which satisfies it): the service clock, and the cooldown a
 * 429 has just started. A port, so that this layer does not depend on the engine.
 */
export interface OutcomeContext {
  serverNow(local: number): number;
  activeCooldown(): Cooldown | null;
}

const EN = wordsFor('en').w.outcome;

/** The message for a 429 and for the local cooldown refusal that follows it (English). */
export function limitMessage(scope: WindowScope, resetAt: number, now: number): string {
  return EN.limit(scope, resetAt, now);
}

/** Each kind an HTTP status says, with its statuses (the outcome table's `status` column), in the table's order. */
const STATUS_ROWS = (Object.keys(OUTCOMES) as OutcomeKind[]).flatMap((kind) => {
  const status = OUTCOMES[kind].status;
  return status === null ? [] : [{ kind: kind as StatusKind, status }];
});
const OTHER_STATUS = STATUS_ROWS.find((r) => r.status === 'other')?.kind ?? 'bad-response';

/**
 * The one HTTP status -> outcome kind mapping (the outcomes below, and the engine's last error), read from the
 * outcome table's `status` column. A 2xx is 'ok' here even though its body may still make it a bad response;
 * redirects (not followed), 404 and anything unexpected are the table's 'other' row, 'bad-response'.
 */
export function outcomeKindForStatus(status: number): StatusKind {
  for (const row of STATUS_ROWS) {
    const s = row.status;
    if (s === status || (Array.isArray(s) && status >= s[0] && status <= s[1])) return row.kind;
  }
  return OTHER_STATUS;
}

function serverMessage(json: unknown): string | null {
  if (!isObj(json)) return null;
  const m = json.message ?? json.error;
  if (typeof m !== 'string' || !m.trim()) return null;
  return m.trim().slice(0, 300);
}

/** Where a redirect points (its Location header), cut short and without control characters; null without one. */
export function redirectTarget(headers: Headers): string | null {
  // eslint-disable-next-line no-control-regex
  const loc = (headers.get('location') ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (loc === '') return null;
  return loc.length > 200 ? `${loc.slice(0, 200)}…` : loc;
}

/** The limit a 2xx body was over when it was not read as JSON (bytes, levels, objects and arrays). */
const NOT_PARSED_LIMIT: Record<NotParsed, number> = {
  'too-large': MAX_BODY_BYTES,
  'too-deep': MAX_JSON_DEPTH,
  'too-many-values': MAX_JSON_CONTAINERS,
};

function truncate(text: string): string {
  return text.length > MAX_RAW_CHARS ? `${text.slice(0, MAX_RAW_CHARS)}\n… (cut at ${MAX_RAW_CHARS / 1024} KB)` : text;
}

/**
 * Maps a raw result to the LookupOutcome union. Call after `engine.observe(…)` has taken the response's headers:
 * a 429's scope and reset instant come from the engine's cooldown; instants are on the service clock.
 */
export function toLookupOutcome(
  raw: RawResult,
  ip: string,
  engine: OutcomeContext,
  note: string | null = null,
): LookupOutcome {
  if (raw.kind === 'network-error') return networkFact(raw.reason, raw.fault, raw.cause);
  const { status, json } = raw;
  const now = engine.serverNow(raw.receivedAt);
  const said = serverMessage(json);
  const kind = outcomeKindForStatus(status);
  switch (kind) {
    case 'ok': {
      if (isObj(json)) return { kind: 'ok', ip, body: json, source: 'network', fetchedAt: now, note };
      if (raw.notParsed)
        return {
          kind: 'bad-response',
          status,
          ip,
          why: { kind: 'not-parsed', notParsed: raw.notParsed, limit: NOT_PARSED_LIMIT[raw.notParsed] },
          raw: truncate(raw.bodyText),
        };
      return {
        kind: 'bad-response',
        status,
        ip,
        why: { kind: json === undefined ? 'not-json' : 'shape' },
        raw: truncate(raw.bodyText),
        ...(json !== undefined ? { body: json } : {}),
      };
    }
    case 'invalid-key':
      return { kind, status };
    case 'forbidden':
    case 'invalid-input':
      return { kind, status, said };
    case 'rate-limited': {
      const c = engine.activeCooldown();
      const scope = c?.scope ?? 'minute';
      const resetAt = c?.until ?? now + 60_000;
      return { kind, scope, resetAt, at: now };
    }
    case 'server-error':
      return { kind, status };
    case 'bad-response': {
      if (status >= 300 && status < 400) {
        // Like a 5xx: the redirect's own body (an HTML page, usually) is not shown, only where it points.
        const to = redirectTarget(raw.headers);
        return {
          kind,
          status,
          why: { kind: 'redirect', to },
          raw: `HTTP ${status}${to ? `\nLocation: ${to}` : ''}`,
        };
      }
      const why = status === 404 ? ({ kind: 'not-found' } as const) : ({ kind: 'other', said } as const);
      return { kind, status, why, raw: truncate(raw.bodyText) };
    }
    default:
      return assertNever(kind);
  }
}
