import { describe, expect, it } from 'vitest';
import { ietfScope, parseHttpDate, parseQuotaHeaders } from '../../../../electron/core/lookup-api/quota-headers';

const kong = (o: Record<string, string> = {}) => ({
  'X-RateLimit-Limit-Quota-Month': '10000',
  'X-RateLimit-Remaining-Quota-Month': '9512',
  'X-RateLimit-Limit-Quota-Minute': '5',
  'X-RateLimit-Remaining-Quota-Minute': '4',
  ...o,
});

describe('parseQuotaHeaders', () => {
  it('reads the four Kong headers from a fetch Headers object', () => {
    const p = parseQuotaHeaders(new Headers(kong()));
    expect(p.month).toEqual({ limit: 10000, remaining: 9512 });
    expect(p.minute).toEqual({ limit: 5, remaining: 4 });
    expect(p.monthPresent).toBe(true);
    expect(p.minutePresent).toBe(true);
  });

  it('reads names in any case, including a lower-cased period part, from a plain record', () => {
    const p = parseQuotaHeaders({
      'x-ratelimit-limit-quota-month': '100',
      'X-RATELIMIT-REMAINING-QUOTA-MONTH': '7',
      'X-RateLimit-Limit-Quota-minute': '5',
      'x-RateLimit-remaining-quota-MINUTE': ['3'],
    });
    expect(p.month).toEqual({ limit: 100, remaining: 7 });
    expect(p.minute).toEqual({ limit: 5, remaining: 3 });
  });

  it('a missing minute pair means no minute limit, not zero', () => {
    const p = parseQuotaHeaders({ 'X-RateLimit-Limit-Quota-Month': '50', 'X-RateLimit-Remaining-Quota-Month': '49' });
    expect(p.minutePresent).toBe(false);
    expect(p.minute).toEqual({ limit: null, remaining: null });
  });

  it.each(['abc', '-5', '1e9x', '', ' ', '1.5', '0x10', '99999999999999999999', 'NaN', 'Infinity', '5, 5'])(
    'ignores the garbage value %j for that field only',
    (bad) => {
      const p = parseQuotaHeaders(kong({ 'X-RateLimit-Remaining-Quota-Month': bad }));
      expect(p.month).toEqual({ limit: 10000, remaining: null });
      expect(p.minute).toEqual({ limit: 5, remaining: 4 });
      expect(p.monthPresent).toBe(true);
    },
  );

  it('drops a remaining figure that contradicts its limit', () => {
    const p = parseQuotaHeaders(kong({ 'X-RateLimit-Remaining-Quota-Minute': '6' }));
    expect(p.minute).toEqual({ limit: 5, remaining: null });
    expect(p.month.remaining).toBe(9512);
  });

  it('reads the server clock from Date', () => {
    const t = Date.UTC(2026, 10, 22, 12, 0, 5);
    expect(parseQuotaHeaders({ Date: new Date(t).toUTCString() }).serverDate).toBe(t);
    expect(parseQuotaHeaders({ Date: 'yesterday' }).serverDate).toBeNull();
    expect(parseQuotaHeaders({ Date: '1' }).serverDate).toBeNull();
  });

  it('parses every HTTP date form, asctime as GMT', () => {
    const t = Date.UTC(2026, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Fri, 06 Nov 2026 08:49:37 GMT')).toBe(t);
    expect(parseHttpDate('Friday, 06-Nov-26 08:49:37 GMT')).toBe(t);
    expect(parseHttpDate('Fri Nov  6 08:49:37 2026')).toBe(t);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseQuotaHeaders({ 'Retry-After': '37' }).retryAfter).toEqual({ kind: 'delay', ms: 37_000 });
    const t = Date.UTC(2026, 11, 1);
    expect(parseQuotaHeaders({ 'retry-after': new Date(t).toUTCString() }).retryAfter).toEqual({ kind: 'date', at: t });
    expect(parseQuotaHeaders({ 'Retry-After': '-3' }).retryAfter).toBeNull();
    expect(parseQuotaHeaders({ 'Retry-After': 'soon' }).retryAfter).toBeNull();
  });

  it('reads the structured IETF RateLimit and RateLimit-Policy headers', () => {
    const p = parseQuotaHeaders({
      RateLimit: '"per-minute";r=3;t=37, "month";r=9000;t=700000',
      'RateLimit-Policy': '"per-minute";q=5;w=60, "month";q=10000;w=2592000',
    });
    expect(p.ietf).toEqual([
      { name: 'per-minute', remaining: 3, resetSeconds: 37, quota: 5, windowSeconds: 60 },
      { name: 'month', remaining: 9000, resetSeconds: 700000, quota: 10000, windowSeconds: 2592000 },
    ]);
    expect(p.ietf.map(ietfScope)).toEqual(['minute', 'month']);
  });

  it('tells the scope of an unnamed IETF item from its policy window', () => {
    const p = parseQuotaHeaders({ RateLimit: '"default";r=0;t=20', 'RateLimit-Policy': '"default";q=10;w=60' });
    expect(ietfScope(p.ietf[0]!)).toBe('minute');
    expect(ietfScope({ name: 'x', remaining: 1, resetSeconds: 1, quota: null, windowSeconds: null })).toBeNull();
  });

  it('reads the older RateLimit form and the separate RateLimit-* headers', () => {
    expect(parseQuotaHeaders({ RateLimit: 'limit=100, remaining=50, reset=30' }).ietf).toEqual([
      { name: null, remaining: 50, resetSeconds: 30, quota: 100, windowSeconds: null },
    ]);
    expect(
      parseQuotaHeaders({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '12' }).ietf,
    ).toEqual([{ name: null, remaining: 0, resetSeconds: 12, quota: 10, windowSeconds: null }]);
  });

  it('survives empty, odd and hostile inputs', () => {
    expect(parseQuotaHeaders(undefined).monthPresent).toBe(false);
    expect(parseQuotaHeaders(null).minutePresent).toBe(false);
    const hostile = Object.defineProperty({}, 'X-RateLimit-Limit-Quota-Month', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(() => parseQuotaHeaders(hostile)).not.toThrow();
    expect(parseQuotaHeaders({ RateLimit: ';;;,,,"";r=;t=x' }).ietf).toEqual([]);
  });
});
