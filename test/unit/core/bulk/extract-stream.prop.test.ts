/**
 * Issue 41: `lookup-tray bulk` reads its input in chunks (electron/cli/read-input.ts), so the extractor must give
 * exactly the whole-file result however the bytes are cut: one byte at a time, at random places, inside an address,
 * inside a CRLF, inside a multi-byte character. The seed is fixed and printed (test/helpers/fast-check-seed.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AddressExtractor, extractAddresses, type ExtractOptions } from '../../../../electron/core/bulk/extract';
import { FC_SEED } from '../../../helpers/fast-check-seed';
import { wordsFor } from '../../../../shared/i18n';
import { extractAddresses as referenceExtract } from './extract-reference';

const entryWords = wordsFor('en').w.bulkPreview.entryProblem;

/** The extractor fed `bytes` cut at `cuts` (offsets, any order, repeats allowed). */
function streamed(bytes: Uint8Array, cuts: number[], opts: ExtractOptions = {}) {
  const x = new AddressExtractor(opts);
  let from = 0;
  for (const at of [...cuts].sort((a, b) => a - b)) {
    x.writeBytes(bytes.subarray(from, at));
    from = at;
  }
  x.writeBytes(bytes.subarray(from));
  return x.end();
}

const ending = fc.constantFrom('\n', '\r\n', '\r', '\n\n', '\r\n\r\n');
const v4 = fc.ipV4();
const v6 = fc.ipV6().filter((s) => !s.includes('.'));
const line = fc.oneof(
  fc
    .tuple(fc.oneof(v4, v6), fc.constantFrom('120.0.6099.109', '10.0.19045.3803', '1.3.6.1.4.1'))
    .map(([ip, version]) => `${ip} - - [05/Jan/2026:00:00:01 +0000] "GET / HTTP/1.1" 200 "Chrome/${version} Safari"`),
  v4,
  v6.map((ip) => `[${ip}]:443`),
  fc.constantFrom('999.1.2.3', 'example.com', '# a comment', '', 'ip', '10.0.0.0/30', 'café 8.8.8.8 naïve €'),
);
const input = fc
  .tuple(fc.array(fc.tuple(line, ending), { minLength: 1, maxLength: 25 }), fc.boolean())
  .map(([rows, lastEnds]) => {
    const text = rows.map(([l, e]) => l + e).join('');
    return lastEnds ? text : text.replace(/[\r\n]+$/, '');
  });

describe(`bulk input read in chunks (fast-check seed ${FC_SEED})`, () => {
  it('gives exactly the whole-file result whatever the cuts (random places)', () => {
    fc.assert(
      fc.property(input, fc.array(fc.nat(), { maxLength: 40 }), fc.boolean(), (text, raw, include) => {
        const bytes = new TextEncoder().encode(text);
        const cuts = raw.map((n) => n % (bytes.length + 1));
        const opts = { includeReserved: include, expandRanges: include };
        expect(streamed(bytes, cuts, opts)).toEqual(extractAddresses(text, opts));
      }),
      { numRuns: 300 },
    );
  });

  it('gives exactly the whole-file result one byte at a time, and cut once at every offset', () => {
    fc.assert(
      fc.property(input, (text) => {
        const bytes = new TextEncoder().encode(text);
        const whole = extractAddresses(text);
        expect(whole.lines).toBe(text === '' ? 0 : text.replace(/(\r\n|\n|\r)$/, '').split(/\r\n|\n|\r/).length);
        expect(
          streamed(
            bytes,
            Array.from({ length: bytes.length }, (_, i) => i),
          ),
        ).toEqual(whole);
        for (let at = 0; at <= bytes.length; at++) expect(streamed(bytes, [at])).toEqual(whole);
      }),
      { numRuns: 20 },
    );
  });

  it('a CRLF cut between its two bytes ends one line, not two', () => {
    const bytes = new TextEncoder().encode('8.8.8.8\r\n1.1.1.1\r\n');
    const r = streamed(bytes, [8]);
    expect(r.lines).toBe(2);
    expect(r.addresses.map((a) => [a.ip, a.line])).toEqual([
      ['8.8.8.8', 1],
      ['1.1.1.1', 2],
    ]);
  });
});

/** Pieces that sit on the IPv4 fast path's edges: octets, dots, glue, delimiters, ranges, ports, labels. */
const piece = fc.constantFrom(
  '8.8.8.8',
  '1.1.1.1',
  '10.0.0.1',
  '192.0.2.1',
  '120.0.6099.109',
  '1.2.3.4.5',
  '01.2.3.4',
  '256.1.1.1',
  '1.2.3',
  '2001:db8::1',
  '2a01:4f8::1',
  '::ffff:8.8.4.4',
  '1.0.0.0',
  '1234.0.0.0',
  '12:00:10',
  '00:11:22:33:44:55',
  'a:b:c:d:e:f:1',
  '1:2:3:4:5:6:7:8',
  '.',
  '..',
  ':',
  '-',
  ' - ',
  ' - - ',
  '/',
  '/24',
  '/33',
  ':443',
  '%eth0',
  '#',
  ' #',
  'v',
  '_',
  '~',
  'a',
  'Chrome/',
  'en0:',
  ' ',
  '\t',
  '"',
  '[',
  ']',
  ',',
  ';',
  'é',
  '9',
  '0',
);
const edgeText = fc
  .array(
    fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
    { minLength: 1, maxLength: 12 },
  )
  .map((lines) => lines.join('\n'));

describe(`the extractor against the one before streaming (fast-check seed ${FC_SEED})`, () => {
  it('finds the same addresses, hits, lines, ranges and entries; in a log its noise is the old invalid count', () => {
    fc.assert(
      fc.property(edgeText, fc.boolean(), (text, include) => {
        const opts = { includeReserved: include, expandRanges: include };
        const now = extractAddresses(text, opts);
        const then = referenceExtract(text, opts);
        expect(now.addresses).toEqual(then.addresses);
        expect(now.excluded).toEqual(then.excluded);
        expect(now.duplicates).toBe(then.duplicates);
        expect(now.ranges).toEqual(then.ranges);
        expect(now.lines).toBe(then.lines);
        expect(now.invalidCount + now.noise).toBe(then.invalidCount);
        // The entries' problems are facts now; in English they read as the reference's messages did.
        const said = now.invalid.map(({ line, text, problem }) => ({ line, text, message: entryWords(problem) }));
        if (now.kind === 'list') expect(said).toEqual(then.invalid);
      }),
      { numRuns: 2000 },
    );
  });
});
