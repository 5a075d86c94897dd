import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { extractAddresses, publicV4 } from '../../../../electron/core/bulk/extract';
import { parseIp } from '../../../../shared/ip';

/** Ways to write one IPv6 address: compressed, full, upper-case, zero-padded groups. */
function spellings(ip: string): string[] {
  const a = ipaddr.IPv6.parse(ip);
  const full = a.toNormalizedString();
  const padded = full
    .split(':')
    .map((g) => g.padStart(4, '0'))
    .join(':');
  return [a.toString(), full, padded.toUpperCase(), full.toUpperCase()];
}

const word = fc.stringMatching(/^[g-z]{1,8}$/);
const v4 = fc.ipV4();
const v6 = fc.ipV6().filter((s) => !s.includes('.'));

describe('bulk input (properties)', () => {
  it('finds every address buried among words, once per address, in first-seen order, whatever the spelling', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(v4, v6), fc.nat(3), word, fc.constantFrom(' ', ',', '\t', ' ; ')), {
          minLength: 1,
          maxLength: 30,
        }),
        (rows) => {
          const lines = rows.map(([ip, spelling, w, sep]) => {
            const text = ip.includes(':') ? (spellings(ip)[spelling] as string) : ip;
            return `${w}${sep}${text}${sep}${w}`;
          });
          const r = extractAddresses(lines.join('\n'), { includeReserved: true });
          const expected: string[] = [];
          for (const [ip] of rows) {
            const norm = ipaddr.process(ip).toString();
            if (!expected.includes(norm)) expected.push(norm);
          }
          expect(r.addresses.map((a) => a.ip)).toEqual(expected);
          expect(r.duplicates).toBe(rows.length - expected.length);
          expect(r.invalid).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws and reports only lines that exist, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const r = extractAddresses(text, { expandRanges: true });
        for (const e of [...r.invalid, ...r.addresses, ...r.excluded]) {
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.line).toBeLessThanOrEqual(r.lines);
        }
        expect(new Set(r.addresses.map((a) => a.ip)).size).toBe(r.addresses.length);
      }),
      { numRuns: 500 },
    );
  });

  it('the IPv4 fast path agrees with parseIp: it answers only for public addresses, unchanged', () => {
    const octet = fc.oneof(fc.nat(255), fc.constantFrom(0, 10, 100, 127, 169, 172, 192, 198, 203, 224, 240, 255));
    const quad = fc.tuple(octet, octet, octet, octet).map((o) => o.join('.'));
    fc.assert(
      fc.property(fc.oneof(quad, fc.ipV4(), fc.ipV4Extended(), fc.string({ maxLength: 16 })), (text) => {
        const p = parseIp(text);
        const fast = publicV4(text);
        if (fast !== null) expect(p).toMatchObject({ ok: true, ip: fast, flag: null });
        else if (p.ok && p.version === 4 && p.ip === text) expect(p.flag).not.toBeNull();
      }),
      { numRuns: 5000 },
    );
  });
});
