/**
 * Issue 40, low: extraction was quadratic on runs of dots (`classify` trimmed a candidate's trailing dots with
 * `replace(/\.+$/, '')`, which tries every dot as the start of the run). `trimDots` scans back from the end instead;
 * these properties hold the new code to the old one's results over adversarial text (runs of dots between address
 * characters, colons, hex, separators). The time bound is in the bench (section 12, bench/extract-bench.ts), not here.
 * The seed is fixed and printed on a failure (test/helpers/fast-check-seed.ts).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { classify, extractAddresses, trimDots } from '../../../../electron/core/bulk/extract';

/** `classify` as it was (bed304d), its trailing dots trimmed by the regex: the reference. */
const DOTTED4 = /^\d+\.\d+\.\d+\.\d+$/;
const HEX_PAIRS = /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2})+$/;
function referenceClassify(t: string): string | null {
  const colon = t.indexOf(':');
  if (colon < 0) {
    const a = t.replace(/\.+$/, '');
    return DOTTED4.test(a) ? a : null;
  }
  const host = t.slice(0, colon);
  if (DOTTED4.test(host)) return host;
  let a = t.replace(/\.+$/, '');
  if (a.endsWith(':') && !a.endsWith('::')) a = a.slice(0, -1);
  if (HEX_PAIRS.test(a)) return null;
  let colons = 0;
  for (let i = a.indexOf(':'); i >= 0; i = a.indexOf(':', i + 1)) colons++;
  const looksV6 = a.includes('::') || colons >= 7 || (colons === 6 && a.includes('.'));
  return looksV6 ? a : null;
}

/** Pieces of address runs: address characters, addresses, and runs of dots (some long). */
const piece = fc.oneof(
  fc.constantFrom('1', '2', '0', 'a', 'f', ':', '::', '.', '1.1.1.1', '2001:db8::1', '10.0.0.1', 'ab:cd'),
  fc.nat(300).map((n) => '.'.repeat(n)),
  fc.nat(20).map((n) => ':'.repeat(n)),
);
const run = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''));
/** Lines: runs glued by separators and other characters an address may sit next to. */
const line = fc
  .array(fc.tuple(run, fc.constantFrom(' ', ',', '-', '/', '%', 'x', '#', '\t', ':', '.')), { maxLength: 8 })
  .map((parts) => parts.map(([r, sep]) => r + sep).join(''));

it('trimDots is the regex it replaces, on any text of dots and address characters', () => {
  fc.assert(
    fc.property(fc.oneof(run, line), (t) => {
      expect(trimDots(t)).toBe(t.replace(/\.+$/, ''));
    }),
    { numRuns: 2000 },
  );
});

it('classify finds what it found before, on adversarial runs', () => {
  fc.assert(
    fc.property(run, (t) => {
      expect(classify(t)).toBe(referenceClassify(t));
    }),
    { numRuns: 3000 },
  );
});

it('extraction of adversarial lines never throws and finds each address once', () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 5 }), (lines) => {
      const r = extractAddresses(lines.join('\n'), { includeReserved: true });
      expect(new Set(r.addresses.map((a) => a.ip)).size).toBe(r.addresses.length);
    }),
    { numRuns: 500 },
  );
});
