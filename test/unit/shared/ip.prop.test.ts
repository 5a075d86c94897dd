import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../helpers/manual-clock';
import { QuotaService } from '../../../electron/core/service/quota-service';
import { parseIp } from '../../../shared/ip';
import { wordsFor } from '../../../shared/i18n';
import { DEFAULT_THRESHOLDS } from '../../../shared/quota';

const RUNS = 3000;

/** Strings that look like addresses: digits, hex, dots, colons, brackets, slashes, %, spaces. */
const ipish = fc
  .array(fc.constantFrom(...'0123456789abcdefABCDEFx.:.::[]/% \t'.split('')), { maxLength: 45 })
  .map((a) => a.join(''));
const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((o) => o.join('.'));
const v6 = fc.ipV6();
const anyInput = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  ipish,
  v4,
  v6,
  fc.ipV4Extended(),
  fc.domain(),
);

/** An ok result must be an address ipaddr.js accepts in its strict forms and prints the same way. */
function roundTrips(ip: string, version: 4 | 6): boolean {
  if (version === 4) return ipaddr.IPv4.isValidFourPartDecimal(ip) && ipaddr.parse(ip).toString() === ip;
  return ipaddr.IPv6.isValid(ip) && !ip.includes('%') && ipaddr.parse(ip).toString() === ip;
}

describe('parseIp properties', () => {
  it('never throws, and every ok result round-trips through ipaddr.js strictly', () => {
    fc.assert(
      fc.property(anyInput, (s) => {
        const r = parseIp(s);
        if (r.ok) expect(roundTrips(r.ip, r.version)).toBe(true);
        else expect(wordsFor('en').w.outcome.ipProblem(r.problem).length).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });

  /** The oracle reads a dotted tail as hex groups: ipaddr.js alone reads "::1.2.3.4" as ::ffff:1.2.3.4 (RFC 4291: ::0102:0304). */
  const hexTail = (ip: string) => {
    const group = (x: string, y: string) => ((Number(x) << 8) | Number(y)).toString(16);
    const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/;
    return ip.includes(':')
      ? ip.replace(tail, (_m, a: string, b: string, c: string, d: string) => `${group(a, b)}:${group(c, d)}`)
      : ip;
  };

  it('accepts every dotted-decimal IPv4 and every IPv6, with surrounding whitespace', () => {
    fc.assert(
      fc.property(fc.oneof(v4, v6), fc.constantFrom('', ' ', '\n', '\t '), (ip, ws) => {
        const r = parseIp(`${ws}${ip}${ws}`);
        expect(r.ok).toBe(true);
        if (r.ok)
          expect(ipaddr.parse(r.ip).toNormalizedString()).toBe(ipaddr.process(hexTail(ip)).toNormalizedString());
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses legacy IPv4 forms (octal, hex, fewer parts) that a user does not mean', () => {
    fc.assert(
      fc.property(fc.ipV4Extended(), (s) => {
        const r = parseIp(s);
        if (r.ok) expect(ipaddr.IPv4.isValidFourPartDecimal(s)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('random input never reaches the network', () => {
  it('invalid input sends nothing; valid input sends only the normalised address, key in the header', async () => {
    const clock = new ManualClock();
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const fetchSpy: typeof fetch = async (url, init) => {
      calls.push({ url: String(url), headers: init?.headers as Record<string, string> });
      return new Response('{"data":{}}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const service = new QuotaService({
      clock,
      fetch: fetchSpy,
      profile: 'prop',
      getKey: async () => 'FAKE-prop-key-0000',
      config: {
        baseUrl: 'http://127.0.0.1:9',
        answerLanguage: '',
        thresholds: { month: DEFAULT_THRESHOLDS, minute: DEFAULT_THRESHOLDS },
        monthResetDay: 1,
        cache: { ttlMs: 1, maxEntries: 1 },
        autoCheck: { enabled: false, intervalMs: 300_000, allowSpending: false },
      },
    });
    let invalid = 0;
    await fc.assert(
      fc.asyncProperty(anyInput, async (s) => {
        const before = calls.length;
        const outcome = await service.lookup(s, { refresh: true });
        const parsed = parseIp(s);
        if (!parsed.ok) {
          invalid++;
          expect(outcome.kind).toBe('invalid-ip');
          expect(calls.length).toBe(before);
        } else {
          expect(calls.length).toBe(before + 1);
          const sent = new URL(calls[calls.length - 1]!.url);
          expect(sent.searchParams.get('ip')).toBe(parsed.ip);
          expect(roundTrips(parsed.ip, parsed.version)).toBe(true);
          expect(sent.search).not.toContain('apikey');
          expect(calls[calls.length - 1]!.headers.apikey).toBe('FAKE-prop-key-0000');
        }
      }),
      { numRuns: RUNS },
    );
    service.dispose();
    expect(invalid).toBeGreaterThan(RUNS / 4);
  });
});
