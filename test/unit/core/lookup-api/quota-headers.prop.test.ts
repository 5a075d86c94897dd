import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuotaHeaders, type ParsedQuota } from '../../../../electron/core/lookup-api/quota-headers';

const RUNS = 3000;
const NAMES = [
  'X-RateLimit-Limit-Quota-Month',
  'X-RateLimit-Remaining-Quota-Month',
  'X-RateLimit-Limit-Quota-Minute',
  'X-RateLimit-Remaining-Quota-Minute',
  'Date',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'RateLimit-Remaining',
  'RateLimit-Reset',
];

/** A header name: a known one in random case, or anything. */
const name = fc.oneof(
  fc
    .constantFrom(...NAMES)
    .chain((n) =>
      fc
        .array(fc.boolean(), { minLength: n.length, maxLength: n.length })
        .map((up) => [...n].map((c, i) => (up[i] ? c.toUpperCase() : c.toLowerCase())).join('')),
    ),
  fc.string({ maxLength: 30 }),
);
/** A value: numbers of every kind, structured-field fragments, dates, junk. */
const value = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(fc.constantFrom('"a"', ';', 'r=', 't=', 'q=', 'w=', ',', '=', '1', '-1', '99999999999999999', ' ', '"'), {
      maxLength: 20,
    })
    .map((a) => a.join('')),
  fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toUTCString())),
);
const record = fc.dictionary(name, fc.oneof(value, fc.array(value, { maxLength: 3 }), fc.constant(undefined)), {
  maxKeys: 12,
});

function checkNumbers(p: ParsedQuota): void {
  const nums: (number | null)[] = [p.month.limit, p.month.remaining, p.minute.limit, p.minute.remaining, p.serverDate];
  for (const it of p.ietf) nums.push(it.remaining, it.resetSeconds, it.quota, it.windowSeconds);
  if (p.retryAfter) nums.push(p.retryAfter.kind === 'delay' ? p.retryAfter.ms : p.retryAfter.at);
  for (const n of nums) {
    if (n === null) continue;
    expect(Number.isFinite(n)).toBe(true);
    expect(n).toBeGreaterThanOrEqual(0);
    expect(Number.isSafeInteger(n)).toBe(true);
  }
  for (const pair of [p.month, p.minute])
    if (pair.limit !== null && pair.remaining !== null) expect(pair.remaining).toBeLessThanOrEqual(pair.limit);
}

describe('parseQuotaHeaders properties', () => {
  it('never throws and never yields a negative, NaN or contradictory figure (plain records)', () => {
    fc.assert(
      fc.property(record, (h) => {
        checkNumbers(parseQuotaHeaders(h as Record<string, string | string[] | undefined>));
      }),
      { numRuns: RUNS },
    );
  });

  it('same for fetch Headers objects', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 12 }), (pairs) => {
        const h = new Headers();
        for (const [n, v] of pairs) {
          try {
            h.append(n, v);
          } catch {
            // a value fetch itself refuses (control characters) cannot arrive in a response
          }
        }
        checkNumbers(parseQuotaHeaders(h));
      }),
      { numRuns: RUNS },
    );
  });

  it('any valid non-negative pair is read back exactly, in any header case', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 40 }), fc.nat({ max: 2 ** 40 }), fc.boolean(), (a, b, lower) => {
        const [limit, remaining] = a >= b ? [a, b] : [b, a];
        const n = (s: string) => (lower ? s.toLowerCase() : s);
        const p = parseQuotaHeaders({
          [n('X-RateLimit-Limit-Quota-Month')]: String(limit),
          [n('X-RateLimit-Remaining-Quota-Month')]: ` ${remaining} `,
        });
        expect(p.month).toEqual({ limit, remaining });
        expect(p.minutePresent).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });
});
