import ipaddr from 'ipaddr.js';
import { makeFmt } from './i18n/fmt';
import { uiResult } from './i18n/en/ui-result';
import { RANGE_KINDS, type RangeKind } from './range-kind';

export type { RangeKind } from './range-kind';

/** Why an input is not an IP address (a fact; the outcome area words it). `text`: the input, cut short. */
export type IpProblem =
  | { kind: 'empty' }
  | { kind: 'too-long' }
  | { kind: 'range' }
  | { kind: 'zone' }
  | { kind: 'spaces' }
  | { kind: 'port' }
  | { kind: 'bad-v4'; text: string }
  | { kind: 'bad-v6'; text: string }
  | { kind: 'not-ip'; text: string }
  | { kind: 'bad'; text: string };

export type IpParseResult =
  { ok: true; ip: string; version: 4 | 6; range: string; flag: string | null } | { ok: false; problem: IpProblem };

const MAX_INPUT = 100;
const STRICT_V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

const KNOWN = new Set<string>(RANGE_KINDS);
/** ipaddr.js's range names that are the same kind as another (IPv6's private and AS112 ranges). */
const SAME_KIND: Record<string, RangeKind> = { uniqueLocal: 'private', as112v6: 'as112' };

/** ipaddr.js's range name as a kind the window words; null for a public (unicast) address. */
export function rangeKind(range: string): RangeKind | null {
  if (range === 'unicast') return null;
  if (SAME_KIND[range]) return SAME_KIND[range];
  return KNOWN.has(range) ? (range as RangeKind) : 'reserved';
}

type UiResultWords = ReturnType<typeof uiResult>;
let english: UiResultWords | null = null;
/** The uiResult area in English: where the range names and the note are written (once). */
const en = (): UiResultWords => (english ??= uiResult(makeFmt('en-US')));

/** The range kind of an address (null: a public address, or not an address): what a face words an answer's note by. */
export function addressKind(ip: string): RangeKind | null {
  const p = parseIp(ip);
  return p.ok ? rangeKind(p.range) : null;
}

/** "A private address", "A reserved address", …; null for a public (unicast) address. */
export function rangeWords(range: string): string | null {
  const kind = rangeKind(range);
  return kind === null ? null : en().rangeName(kind);
}

/** Human note for addresses the service will likely know little about. */
function flagFor(range: string): string | null {
  const kind = rangeKind(range);
  return kind === null ? null : en().note(kind);
}

/**
 * Parses user input as a single IPv4 or IPv6 address. Surrounding whitespace is trimmed.
 * Hostnames, CIDR ranges, ports, zone ids and anything else are refused with why (a fact the outcome area words).
 * Never throws.
 */
export function parseIp(input: unknown): IpParseResult {
  if (typeof input !== 'string') return { ok: false, problem: { kind: 'empty' } };
  const text = input.trim();
  if (text === '') return { ok: false, problem: { kind: 'empty' } };
  if (text.length > MAX_INPUT) return { ok: false, problem: { kind: 'too-long' } };
  if (text.includes('/')) return { ok: false, problem: { kind: 'range' } };
  if (text.includes('%'))
    return {
      ok: false,
      problem: { kind: 'zone' },
    };
  if (/\s/.test(text)) return { ok: false, problem: { kind: 'spaces' } };
  if (/^\[.*\]/.test(text) || /^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) return { ok: false, problem: { kind: 'port' } };
  // Strict forms only: ipaddr.js also accepts legacy IPv4 forms (octal, hex, 3-part) which users do not mean.
  const v4 = STRICT_V4.test(text);
  if (!v4) {
    if (!text.includes(':')) {
      if (/^[\d.]+$/.test(text))
        return {
          ok: false,
          problem: { kind: 'bad-v4', text: short(text) },
        };
      return {
        ok: false,
        problem: { kind: 'not-ip', text: short(text) },
      };
    }
    // An embedded IPv4 tail (::ffff:1.2.3.4) must be strict too: ipaddr.js reads "0x10" or "010" there.
    const tail = text.slice(text.lastIndexOf(':') + 1);
    if ((tail.includes('.') && !STRICT_V4.test(tail)) || !ipaddr.IPv6.isValid(text))
      return {
        ok: false,
        problem: { kind: 'bad-v6', text: short(text) },
      };
  }
  try {
    const addr = ipaddr.parse(v4 ? text : hexTail(text));
    if (addr.kind() === 'ipv6') {
      const v6 = addr as ipaddr.IPv6;
      if (v6.isIPv4MappedAddress()) {
        const inner = v6.toIPv4Address();
        const range = inner.range();
        return { ok: true, ip: inner.toString(), version: 4, range, flag: flagFor(range) };
      }
      const range = v6.range();
      return { ok: true, ip: v6.toString(), version: 6, range, flag: flagFor(range) };
    }
    const range = addr.range();
    return { ok: true, ip: addr.toString(), version: 4, range, flag: flagFor(range) };
  } catch {
    return {
      ok: false,
      problem: { kind: 'bad', text: short(text) },
    };
  }
}

/**
 * An IPv6 address's dotted IPv4 tail as two hex groups ("::1.2.3.4" → "::102:304"): ipaddr.js reads "::1.2.3.4" (an
 * IPv4-compatible address, ::0102:0304) as the IPv4-mapped ::ffff:1.2.3.4, another address, which would then be
 * written as 1.2.3.4. With hex groups it reads every form as written; "::ffff:1.2.3.4" is still mapped.
 */
function hexTail(text: string): string {
  return text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a: string, b: string, c: string, d: string) => {
    const group = (x: string, y: string) => ((Number(x) << 8) | Number(y)).toString(16);
    return `${group(a, b)}:${group(c, d)}`;
  });
}

function short(s: string): string {
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}
