/**
 * The extractor as it was before it read in chunks (c74fa08, whole text, a regex per run): the reference that
 * extract-stream.prop.test.ts holds the streamed extractor and its fast IPv4 path to. Frozen: do not change (since
 * then, ranges.ts and parseIp say a problem as a fact: worded here in English as it was; the count format kept here).
 */
import ipaddr from 'ipaddr.js';
import { parseIp } from '../../../../shared/ip';
import {
  expandRange,
  MAX_EXPANDED,
  parseCidr,
  parseDashRange,
  rangeSize,
  startsRange,
  type IpRange,
} from '../../../../electron/core/bulk/ranges';
import { wordsFor } from '../../../../shared/i18n';

/** "1 048 576" style thousands for messages (ranges.ts's, as it was). */
function formatCount(n: bigint | number): string {
  return n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** A range's or parseIp's problem in English, as ranges.ts and parseIp said it. */
const rangeWords = (p: Parameters<ReturnType<typeof wordsFor>['w']['bulkPreview']['entryProblem']>[0]) =>
  wordsFor('en').w.bulkPreview.entryProblem(p);

/**
 * Addresses out of arbitrary text: a pasted list, a CSV (any column), a firewall export, a web-server log.
 * IPv4 and IPv6 anywhere on a line as whole tokens: delimited by whitespace, brackets, quotes, `, ; | = ( ) < >`,
 * a leading `/` or a label's colon (`outside:192.0.2.1`, `en0!:2607:f140::1`), with an optional `:port`, `%zone`
 * or `/prefix` after it. A piece glued to letters, digits, `_ ~ . -` or a `Name::` scope is not an address (a
 * package version `amd64~~6.1.1.0`, a C++ member `Formatter::add`, `v1.2.3.4`); nor are times, MACs and hex
 * dumps, OIDs (more than four parts) or a reduced user-agent version (`Chrome/120.0.0.0`). Normalised (two spellings of one
 * IPv6 address are one address) and de-duplicated in first-seen order, each with its hits (how many times it occurs)
 * and its first and last line. Comment lines (#, //, ;), trailing
 * `# comments` and blank lines are skipped. Pure; never throws.
 *
 * What counts as an invalid entry: something shaped like an address that is not one (999.1.2.3, 2001:db8::zz),
 * or a line holding one lone word that is not an address (a list entry such as `example.com`). Words inside
 * longer lines (a log's text, a CSV's other columns) are not entries and are not reported.
 */

export interface ExtractOptions {
  /** Keep private, loopback and reserved addresses (flagged) instead of leaving them out. */
  includeReserved?: boolean;
  /** Expand CIDR blocks and a-b ranges into their addresses (refused beyond `maxExpanded` in total). */
  expandRanges?: boolean;
  /** Default MAX_EXPANDED (65 536). */
  maxExpanded?: number;
}

export interface BulkAddress {
  /** Normalised text (IPv6 compressed and lower-case; IPv4-mapped IPv6 read as IPv4). */
  ip: string;
  version: 4 | 6;
  /** 1-based line of its first occurrence. */
  line: number;
  /** 1-based line of its last occurrence (`line` when it occurs once). */
  lastLine: number;
  /** How many times it occurs in the input (any spelling; an expanded range counts once per address). */
  hits: number;
  /** Why the service may know little about it (private, loopback, reserved…); null for a public address. */
  flag: string | null;
}

export interface InvalidEntry {
  line: number;
  /** The text as found (cut to 60 characters). */
  text: string;
  message: string;
}

export interface FoundRange {
  line: number;
  /** As written, e.g. "192.0.2.0/24" or "10.0.0.1-10.0.0.9". */
  text: string;
  /** How many addresses it holds (a Number: exact up to 2^53, an approximation beyond). */
  size: number;
}

export interface ExtractResult {
  /** Unique addresses to look up, in first-seen order (reserved ones only when included). */
  addresses: BulkAddress[];
  /** Private, loopback and reserved addresses left out (unique, first-seen order); empty when included. */
  excluded: BulkAddress[];
  /** At most MAX_INVALID_LISTED entries; `invalidCount` has the total. */
  invalid: InvalidEntry[];
  invalidCount: number;
  /** Occurrences dropped because the address was already found (any spelling). */
  duplicates: number;
  /** CIDR blocks and a-b ranges found, expanded or not. */
  ranges: FoundRange[];
  /** Addresses the ranges hold in total (before de-duplication). */
  rangeAddresses: number;
  /** Whether the ranges' addresses are part of `addresses`. */
  expanded: boolean;
  /** Why ranges were not expanded although asked (over the cap), or null. */
  rangeMessage: string | null;
  /** Lines read. */
  lines: number;
}

export const MAX_INVALID_LISTED = 1000;

/** Runs of characters an address is made of (IPv4, IPv6, IPv4-in-IPv6). */
const RUN = /[0-9A-Fa-f:.]{2,}/g;
/**
 * What an address may not be glued to: a letter, a digit, `_`, `~`, `.` or `-` makes it a piece of another token
 * (`v1.2.3.4`, `amd64~~6.1.1.0`, `host.1.2.3.4`, `nginx-1.2.3.4`). Anything else delimits (whitespace, brackets,
 * quotes, `, ; | = ( ) < > / @ \\ # & ?`, non-ASCII punctuation).
 */
const GLUE = /[0-9A-Za-z_~.-]/;
const CIDR_AFTER = /^\/(\d{1,3})(?![\d.:])/;
const DASH_AFTER = /^[ \t]*-[ \t]*([0-9A-Fa-f:.]{2,})/;
const DOTTED4 = /^\d+\.\d+\.\d+\.\d+$/;
/** A reduced user-agent version (`Chrome/120.0.0.0`, `OPR/106.0.0.0`): after `Product/`, never an address. */
const UA_VERSION = /^\d+\.0\.0\.0$/;
/** Colon-separated pairs of hex digits (a MAC, an iptables MAC= header, a hex dump): never an address. */
const HEX_PAIRS = /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2})+$/;
const SEPARATORS = /[\s,;|]/;

/**
 * `t` without the dots it ends with (a sentence's `1.2.3.4.`), scanning back from its end: linear. (`replace(/\.+$/)`
 * tries every dot of `t` as the start of the run, each to the next non-dot: quadratic on a run of dots between
 * address characters, `1.1.1.1` + 1 MiB of dots + `2.2.2.2`, minutes on the main process.)
 */
export function trimDots(t: string): string {
  let end = t.length;
  while (end > 0 && t.charCodeAt(end - 1) === 46 /* . */) end--;
  return end === t.length ? t : t.slice(0, end);
}

/**
 * The address a piece of text starts with (`t` has no leading `:` or `.` unless it starts with `::`), or null. The
 * address is always a prefix of `t`; what follows it (`:443`, a sentence's `.`) is left to the caller.
 */
export function classify(t: string): string | null {
  const colon = t.indexOf(':');
  if (colon < 0) {
    const a = trimDots(t);
    return DOTTED4.test(a) ? a : null;
  }
  const host = t.slice(0, colon);
  if (DOTTED4.test(host)) return host; // 192.0.2.1:443, 192.0.2.1: (a label's colon)
  let a = trimDots(t);
  if (a.endsWith(':') && !a.endsWith('::')) a = a.slice(0, -1);
  if (HEX_PAIRS.test(a)) return null;
  let colons = 0;
  for (let i = a.indexOf(':'); i >= 0; i = a.indexOf(':', i + 1)) colons++;
  const looksV6 = a.includes('::') || colons >= 7 || (colons === 6 && a.includes('.'));
  return looksV6 ? a : null; // 12:00:10 is a time, not an address
}

/** Whether what follows an address (from its end to the end of the line) ends it as a whole token. */
function endsToken(rest: string): boolean {
  if (rest === '') return true;
  const c = rest[0] as string;
  if (c === '-') return DASH_AFTER.test(rest); // 192.0.2.1-192.0.2.9
  if (c === '.') {
    const after = rest.replace(/^\.+/, '');
    return after === '' || !GLUE.test(after[0] as string); // the end of a sentence, not 1.2.3.4.5 or 1.2.3.4.x
  }
  return !GLUE.test(c); // `:port`, `%zone`, `/prefix`, `#port`, a delimiter
}

/**
 * The address a run of address characters holds as a whole token, as [offset in the run, text], or null. `prev` and
 * `prev2` are the two characters before the run ('' at the start of the line). A run may start with a label's colon
 * (`en0!:2607:f140::1`, `outside:192.0.2.1`), never with a scope operator (`Formatter::add`).
 */
function tokenIn(body: string, start: number, run: string): [number, string] | null {
  const prev = start > 0 ? (body[start - 1] as string) : '';
  const at = (offset: number): [number, string] | null => {
    const text = classify(run.slice(offset));
    if (text === null) return null;
    const end = start + offset + text.length;
    if (!endsToken(body.slice(end))) return null;
    const before = start + offset > 0 ? (body[start + offset - 1] as string) : '';
    if (before === '/' && UA_VERSION.test(text) && start + offset > 1 && GLUE.test(body[start + offset - 2] as string))
      return null;
    return [offset, text];
  };
  if (run.startsWith('::')) return prev === '' || !GLUE.test(prev) ? at(0) : null; // Name::member is C++ scope
  if (run.startsWith('.')) return null; // glued to a dot: host.1.2.3.4
  if (!run.startsWith(':') && (prev === '' || !GLUE.test(prev))) {
    const whole = at(0);
    if (whole) return whole;
  }
  // A label and its colon: `en0:10.0.0.1`, `outside:192.0.2.1/53`, `en0!:fe80::1` (never the second colon of ::).
  const colon = run.indexOf(':');
  if (colon < 0 || run[colon + 1] === ':') return null;
  if (colon === 0 && prev === '') return null;
  return at(colon + 1);
}

function cut(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/** The part of a line that is not a comment ('' for a comment line). */
function content(line: string): string {
  const t = line.trim();
  if (t === '' || t.startsWith('#') || t.startsWith('//') || t.startsWith(';')) return '';
  const hash = t.includes('#') ? t.search(/\s#/) : -1;
  return hash >= 0 ? t.slice(0, hash).trim() : t;
}

export function extractAddresses(text: string, opts: ExtractOptions = {}): ExtractResult {
  const max = opts.maxExpanded ?? MAX_EXPANDED;
  const seen = new Map<string, BulkAddress>();
  const addresses: BulkAddress[] = [];
  const excluded: BulkAddress[] = [];
  const invalid: InvalidEntry[] = [];
  let invalidCount = 0;
  let duplicates = 0;
  const ranges: (FoundRange & { range: IpRange })[] = [];
  let firstContentLine = true;

  const addInvalid = (line: number, found: string, message: string) => {
    invalidCount++;
    if (invalid.length < MAX_INVALID_LISTED) invalid.push({ line, text: cut(found), message });
  };
  const add = (ip: string, version: 4 | 6, line: number, flag: string | null) => {
    const known = seen.get(ip);
    if (known) {
      duplicates++;
      known.hits++;
      if (line > known.lastLine) known.lastLine = line;
      return;
    }
    const a: BulkAddress = { ip, version, line, lastLine: line, hits: 1, flag };
    seen.set(ip, a);
    if (flag !== null && !opts.includeReserved) excluded.push(a);
    else addresses.push(a);
  };
  const addParsed = (found: string, line: number) => {
    const fast = publicV4(found);
    if (fast !== null) return add(fast, 4, line, null);
    const p = parseIp(found);
    if (p.ok) add(p.ip, p.version, line, p.flag);
    else addInvalid(line, found, rangeWords(p.problem));
  };

  const lines = text.includes('\r') ? text.split(/\r\n|\n|\r/) : text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const body = content(lines[i] as string);
    if (body === '') continue;
    let found = 0;
    RUN.lastIndex = 0;
    for (let m = RUN.exec(body); m; m = RUN.exec(body)) {
      const run = m[0];
      if (!run.includes('.') && !run.includes(':')) continue; // a number or a hex word
      const tok = tokenIn(body, m.index, run);
      if (tok === null) continue;
      found++;
      const [offset, addr] = tok;
      const end = m.index + offset + addr.length;
      const rest = body.slice(end);
      const cidr = CIDR_AFTER.exec(rest);
      const dash = cidr ? null : DASH_AFTER.exec(rest);
      const dashTo = dash ? classify(dash[1] as string) : null;
      if (cidr) {
        const r = parseCidr(addr, Number(cidr[1]));
        const written = `${addr}/${cidr[1]}`;
        RUN.lastIndex = Math.max(RUN.lastIndex, end + cidr[0].length);
        // Within a longer line (a log, a firewall export), `address/n` that is not a network's own address, or
        // whose n is no prefix length, is an address and its port (Cisco ASA's outside:192.0.2.1/53) or an
        // interface's address and prefix (inet 192.0.2.5/24): the address is meant, not a range.
        const alone = body.length === written.length;
        if (!alone && ('error' in r || !startsRange(addr, r))) addParsed(addr, lineNo);
        else if ('error' in r) addInvalid(lineNo, written, rangeWords(r.error));
        else ranges.push({ line: lineNo, text: written, size: Number(rangeSize(r)), range: r });
      } else if (dash && dashTo !== null) {
        const r = parseDashRange(addr, dashTo);
        const written = `${addr}-${dashTo}`;
        if ('error' in r) addInvalid(lineNo, written, rangeWords(r.error));
        else ranges.push({ line: lineNo, text: written, size: Number(rangeSize(r)), range: r });
        RUN.lastIndex = Math.max(RUN.lastIndex, end + dash[0].length);
      } else addParsed(addr, lineNo);
    }
    // A lone word on a line of its own is a list entry that is not an address (a header line is let through).
    if (found === 0 && !SEPARATORS.test(body) && !(firstContentLine && !/\d/.test(body)))
      addInvalid(lineNo, body, notAnAddress(body));
    firstContentLine = false;
  }

  const total = ranges.reduce((s, r) => s + rangeSize(r.range), 0n);
  let expanded = false;
  let rangeMessage: string | null = null;
  if (opts.expandRanges && ranges.length > 0) {
    if (total > BigInt(max))
      rangeMessage = `The ranges hold ${formatCount(total)} addresses; at most ${formatCount(max)} can be expanded. Narrow the ranges or split the list.`;
    else {
      expanded = true;
      for (const r of ranges)
        for (const ip of expandRange(r.range)) {
          if (publicV4(ip) !== null) {
            add(ip, 4, r.line, null);
            continue;
          }
          const p = parseIp(ip);
          if (p.ok) add(p.ip, p.version, r.line, p.flag);
        }
    }
  }

  return {
    addresses,
    excluded,
    invalid,
    invalidCount,
    duplicates,
    ranges: ranges.map(({ line, text: t, size }) => ({ line, text: t, size })),
    rangeAddresses: Number(total),
    expanded,
    rangeMessage,
    lines: lines.length,
  };
}

/**
 * IPv4 ranges that are not public, as [first, last] integers, read from ipaddr.js's own table (the one parseIp
 * flags with). An address outside all of them is public: publicV4 returns it without the cost of a full parse
 * (a property test checks that it agrees with parseIp).
 */
const SPECIAL_V4: ReadonlyArray<readonly [number, number]> = (() => {
  type Entry = [ipaddr.IPv4, number];
  const table = (ipaddr.IPv4.prototype as unknown as { SpecialRanges: Record<string, Entry | Entry[]> }).SpecialRanges;
  const out: [number, number][] = [];
  for (const v of Object.values(table))
    for (const [addr, bits] of (Array.isArray(v[0]) ? v : [v]) as Entry[]) {
      const n = addr.octets.reduce((acc, o) => acc * 256 + o, 0);
      out.push([n, n + 2 ** (32 - bits) - 1]);
    }
  return out;
})();

/** A public IPv4 address in strict dotted-quad form, as it is (already normalised), or null (parse it fully). */
export function publicV4(text: string): string | null {
  let n = 0;
  let parts = 0;
  let i = 0;
  while (i <= text.length) {
    const start = i;
    let octet = 0;
    while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) {
      octet = octet * 10 + text.charCodeAt(i) - 48;
      i++;
    }
    const len = i - start;
    if (len === 0 || len > 3 || octet > 255 || (len > 1 && text.charCodeAt(start) === 48)) return null;
    n = n * 256 + octet;
    parts++;
    if (i === text.length) break;
    if (text.charCodeAt(i) !== 46 || parts === 4) return null;
    i++;
  }
  if (parts !== 4) return null;
  for (const [lo, hi] of SPECIAL_V4) if (n >= lo && n <= hi) return null;
  return text;
}

/** parseIp's message for a word that is not an address ("“example.com” is not an IP address. …"). */
function notAnAddress(word: string): string {
  const m = parseIp(word);
  return m.ok ? 'Not an IP address.' : rangeWords(m.problem);
}
