import ipaddr from 'ipaddr.js';
import { parseIp, type IpProblem } from '../../../shared/ip';
import type { EntryProblem } from '../../../shared/bulk';
import { expandRange, MAX_EXPANDED, parseCidr, parseDashRange, rangeSize, startsRange, type IpRange } from './ranges';

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
  /** Why it is not an address (parseIp's problem for the text as found, or a range's). */
  problem: EntryProblem;
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
  /** Ranges asked to be expanded but over the cap (not expanded): their addresses and the cap, or null. */
  rangeLimit: { total: number; max: number } | null;
  /** Lines read. */
  lines: number;
  /** In a log: tokens shaped like addresses that are not (versions, build numbers), skipped. 0 in a list. */
  noise: number;
  /** The first of them as found (cut to 60 characters), or null. */
  noiseExample: string | null;
  /** Whether the input read as a log (free text) or a list (one entry a line): see AddressExtractor. */
  kind: 'log' | 'list';
}

export const MAX_INVALID_LISTED = 1000;

/** Runs of characters an address is made of (IPv4, IPv6, IPv4-in-IPv6): AddressExtractor scans for `[0-9A-Fa-f:.]{2,}`. */
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

/**
 * Whether a line's text is free text (three words or more, split on whitespace): a log's or an export's line, not a
 * list's entry.
 */
function isTextLine(body: string): boolean {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    const space = c === 32 || c === 9 || c === 11 || c === 12 || c === 160;
    if (space) inWord = false;
    else if (!inWord) {
      inWord = true;
      if (++words === 3) return true;
    }
  }
  return false;
}

/** An entry that is not an address, with its place in the input (to merge two lists back in input order). */
type Placed = InvalidEntry & { seq: number };

/**
 * extractAddresses fed in pieces: `write` takes the text as it arrives, cut anywhere (inside a line, an address, a
 * CRLF; decode bytes with a StringDecoder so a character is never cut), and `end` gives what extractAddresses gives on
 * the whole text. Lines are handled as they complete; memory holds one line and the addresses found, not the input.
 *
 * Log or list: the input is a log when more than half of its content lines are free text (three words or more). In a
 * log, a token on a free-text line that looks like an address and is not one (Chrome/120.0.6099.109, a build number)
 * is noise: counted in `noise`, one example kept, not an invalid entry. In a list every such token is an invalid
 * entry with its line, as always.
 */
export class AddressExtractor {
  private readonly seen = new Map<string, BulkAddress>();
  /** Public IPv4 addresses by their number: no string is made for one seen before. */
  private readonly v4 = new Map<number, BulkAddress>();
  /** parseIp's problem for tokens that are not addresses, by their text (at most 1000). */
  private readonly failed = new Map<string, IpProblem>();
  private readonly addresses: BulkAddress[] = [];
  private readonly excluded: BulkAddress[] = [];
  private readonly invalid: Placed[] = [];
  private invalidCount = 0;
  /** Invalid tokens on free-text lines: noise in a log, invalid entries in a list. */
  private readonly loose: Placed[] = [];
  private looseCount = 0;
  private looseExample: string | null = null;
  private seq = 0;
  private duplicates = 0;
  private readonly ranges: (FoundRange & { range: IpRange })[] = [];
  private firstContentLine = true;
  private contentLines = 0;
  private textLines = 0;
  private lineNo = 0;
  /** The line begun and not yet ended. */
  private carry = '';
  /** The last piece ended with \r: a \n at the start of the next one belongs to it. */
  private afterCr = false;
  private decoder: TextDecoder | null = null;

  constructor(private readonly opts: ExtractOptions = {}) {}

  /** Unique addresses found so far (looked up or left out). */
  get found(): number {
    return this.seen.size + this.v4.size;
  }

  /** Lines read so far. */
  get lines(): number {
    return this.lineNo;
  }

  /** The next bytes of the input (UTF-8; a character cut between two pieces is joined, a bad byte is U+FFFD). */
  writeBytes(bytes: Uint8Array): void {
    this.decoder ??= new TextDecoder('utf-8', { ignoreBOM: true });
    this.write(this.decoder.decode(bytes, { stream: true }));
  }

  /** The next piece of the input. */
  write(piece: string): void {
    if (piece === '') return;
    let text = piece;
    if (this.afterCr && text.charCodeAt(0) === 10) text = text.slice(1);
    this.afterCr = false;
    if (text === '') return;
    let from = 0;
    const hasCr = text.includes('\r');
    for (;;) {
      let nl = text.indexOf('\n', from);
      let next = nl + 1;
      if (hasCr) {
        const cr = text.indexOf('\r', from);
        if (cr >= 0 && (nl < 0 || cr < nl)) {
          nl = cr;
          if (cr + 1 === text.length) {
            this.afterCr = true;
            next = cr + 1;
          } else next = text.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
        }
      }
      if (nl < 0) break;
      const head = text.slice(from, nl);
      this.line(this.carry === '' ? head : this.carry + head);
      this.carry = '';
      from = next;
    }
    if (from < text.length) this.carry += text.slice(from);
  }

  /** The input is whole: what it holds. */
  end(): ExtractResult {
    if (this.decoder) this.write(this.decoder.decode());
    if (this.carry !== '') this.line(this.carry);
    this.carry = '';
    const { opts, ranges } = this;
    const max = opts.maxExpanded ?? MAX_EXPANDED;
    const total = ranges.reduce((s, r) => s + rangeSize(r.range), 0n);
    let expanded = false;
    let rangeLimit: ExtractResult['rangeLimit'] = null;
    if (opts.expandRanges && ranges.length > 0) {
      if (total > BigInt(max)) rangeLimit = { total: Number(total), max };
      else {
        expanded = true;
        for (const r of ranges)
          for (const ip of expandRange(r.range)) {
            if (publicV4(ip) !== null) {
              this.add(ip, 4, r.line, null);
              continue;
            }
            const p = parseIp(ip);
            if (p.ok) this.add(p.ip, p.version, r.line, p.flag);
          }
      }
    }
    const log = this.textLines * 2 > this.contentLines;
    const invalid = log ? this.invalid : mergeByPlace(this.invalid, this.loose);
    return {
      addresses: this.addresses,
      excluded: this.excluded,
      invalid: invalid.slice(0, MAX_INVALID_LISTED).map(({ line, text, problem }) => ({ line, text, problem })),
      invalidCount: this.invalidCount + (log ? 0 : this.looseCount),
      noise: log ? this.looseCount : 0,
      noiseExample: log ? this.looseExample : null,
      kind: log ? 'log' : 'list',
      duplicates: this.duplicates,
      ranges: ranges.map(({ line, text: t, size }) => ({ line, text: t, size })),
      rangeAddresses: Number(total),
      expanded,
      rangeLimit,
      lines: this.lineNo,
    };
  }

  private addInvalid(line: number, found: string, problem: EntryProblem, loose = false): void {
    const place = this.seq++;
    const listed = loose ? this.loose : this.invalid;
    if (loose) {
      this.looseCount++;
      this.looseExample ??= detach(cut(found));
    } else this.invalidCount++;
    if (listed.length < MAX_INVALID_LISTED) listed.push({ line, text: detach(cut(found)), problem, seq: place });
  }

  private add(ip: string, version: 4 | 6, line: number, flag: string | null): void {
    if (version === 4 && flag === null) {
      const v = v4Number(ip);
      if (v !== null) return this.addV4(v, line);
    }
    const known = this.seen.get(ip);
    if (known) {
      this.duplicates++;
      known.hits++;
      if (line > known.lastLine) known.lastLine = line;
      return;
    }
    const a: BulkAddress = { ip: detach(ip), version, line, lastLine: line, hits: 1, flag };
    this.seen.set(a.ip, a);
    if (flag !== null && !this.opts.includeReserved) this.excluded.push(a);
    else this.addresses.push(a);
  }

  private addParsed(found: string, line: number, inText: boolean): void {
    const fast = publicV4(found);
    if (fast !== null) return this.add(fast, 4, line, null);
    const known = this.failed.get(found);
    if (known !== undefined) return this.addInvalid(line, found, known, inText);
    const p = parseIp(found);
    if (p.ok) return this.add(p.ip, p.version, line, p.flag);
    // A log repeats its noise (the same few User-Agent versions on every line): its problem is kept, not re-made.
    if (this.failed.size < 1000) this.failed.set(detach(found), p.problem);
    this.addInvalid(line, found, p.problem, inText);
  }

  /**
   * The run at `start` of `body` the general way (tokenIn: labels, ranges, IPv6, what is not an address): -1 when it
   * holds no address, else where the scan goes on (after a range's end).
   */
  private token(body: string, start: number, run: string, lineNo: number, inText: boolean): number {
    const tok = tokenIn(body, start, run);
    if (tok === null) return -1;
    const [offset, addr] = tok;
    const end = start + offset + addr.length;
    const rest = body.slice(end);
    const cidr = CIDR_AFTER.exec(rest);
    const dash = cidr ? null : DASH_AFTER.exec(rest);
    const dashTo = dash ? classify(dash[1] as string) : null;
    if (cidr) {
      const r = parseCidr(addr, Number(cidr[1]));
      const written = `${addr}/${cidr[1]}`;
      // Within a longer line (a log, a firewall export), `address/n` that is not a network's own address, or
      // whose n is no prefix length, is an address and its port (Cisco ASA's outside:192.0.2.1/53) or an
      // interface's address and prefix (inet 192.0.2.5/24): the address is meant, not a range.
      const alone = body.length === written.length;
      if (!alone && ('error' in r || !startsRange(addr, r))) this.addParsed(addr, lineNo, inText);
      else if ('error' in r) this.addInvalid(lineNo, written, r.error);
      else this.ranges.push({ line: lineNo, text: detach(written), size: Number(rangeSize(r)), range: r });
      return end + cidr[0].length;
    }
    if (dash && dashTo !== null) {
      const r = parseDashRange(addr, dashTo);
      const written = `${addr}-${dashTo}`;
      if ('error' in r) this.addInvalid(lineNo, written, r.error);
      else this.ranges.push({ line: lineNo, text: detach(written), size: Number(rangeSize(r)), range: r });
      return end + dash[0].length;
    }
    this.addParsed(addr, lineNo, inText);
    return 0;
  }

  /**
   * The run body[start, end) (no colon in it) when it is a plain public IPv4 address as a whole token with nothing after it that
   * could make it a range (1): added by its number, no string made unless it is new. 0: a run glued to a word before
   * it (`v1.2.3.4`), never an address. -1: anything else, for the general way (`token`), which decides the same for
   * a plain address (test/unit/core/bulk/extract-stream.prop.test.ts holds the two together).
   */
  private plainV4(body: string, start: number, end: number, lineNo: number, inText: boolean): 1 | 0 | -1 {
    if (body.charCodeAt(end - 1) === 46) return -1; // trailing dots: a sentence's end, or 1.2.3.4.5
    // Four groups of digits (classify's DOTTED4), each read as an octet while it can be one (`strict`).
    let v = 0;
    let parts = 0;
    let strict = true;
    let zeros = true; // the last three groups are "0" (UA_VERSION: Chrome/120.0.0.0)
    let i = start;
    while (i <= end) {
      const first = body.charCodeAt(i);
      let octet = 0;
      let len = 0;
      let c = 0;
      while (i < end && (c = body.charCodeAt(i)) >= 48 && c <= 57) {
        octet = octet * 10 + c - 48;
        len++;
        i++;
      }
      if (len === 0) return 0; // an empty group (.1.2.3.4, 1..2): not an address
      if (len > 3 || octet > 255 || (len > 1 && first === 48)) strict = false;
      if (parts > 0 && !(len === 1 && first === 48)) zeros = false;
      v = v * 256 + (strict ? octet : 0);
      parts++;
      if (i === end) break;
      if (c !== 46) return 0; // a hex letter: 1.2.3.a is no address
      i++;
    }
    if (parts !== 4) return 0;
    const before = start > 0 ? body.charCodeAt(start - 1) : -1;
    if (before >= 0 && before < 128 && GLUE_CHAR[before] === 1) return 0; // v1.2.3.4: part of a word
    if (end < body.length) {
      const after = body.charCodeAt(end);
      if (after === 32 || after === 9) {
        // 192.0.2.1 - 192.0.2.9 is a range (DASH_AFTER); a log's `192.0.2.1 - - [` is not.
        let j = end + 1;
        while (j < body.length && (body.charCodeAt(j) === 32 || body.charCodeAt(j) === 9)) j++;
        if (body.charCodeAt(j) === 45 /* - */) {
          j++;
          while (j < body.length && (body.charCodeAt(j) === 32 || body.charCodeAt(j) === 9)) j++;
          const c1 = body.charCodeAt(j);
          const c2 = body.charCodeAt(j + 1);
          if (c1 < 128 && ADDRESS_CHAR[c1] === 1 && c2 < 128 && ADDRESS_CHAR[c2] === 1) return -1;
        }
      } else if (after >= 128 || GLUE_CHAR[after] === 1 || after === 47) return -1;
    }
    // A whole token from here on (tokenIn would find it, and no range follows).
    if (before === 47 /* / */ && zeros && start > 1) {
      const b2 = body.charCodeAt(start - 2);
      if (b2 < 128 && GLUE_CHAR[b2] === 1) return 0; // a reduced user-agent version: Chrome/120.0.0.0
    }
    if (strict && isPublicV4(v)) this.addV4(v, lineNo);
    else this.addParsed(body.slice(start, end), lineNo, inText); // reserved (flagged) or not an address (noise)
    return 1;
  }

  /** A public IPv4 address by its number (one entry whatever the path that found it). */
  private addV4(v: number, line: number): void {
    const known = this.v4.get(v);
    if (known) {
      this.duplicates++;
      known.hits++;
      if (line > known.lastLine) known.lastLine = line;
      return;
    }
    const ip = `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
    const a: BulkAddress = { ip, version: 4, line, lastLine: line, hits: 1, flag: null };
    this.v4.set(v, a);
    this.addresses.push(a);
  }

  /** One whole line (without its end). */
  private line(raw: string): void {
    const lineNo = ++this.lineNo;
    const body = content(raw);
    if (body === '') return;
    this.contentLines++;
    const inText = isTextLine(body);
    if (inText) this.textLines++;
    let found = 0;
    // The runs of address characters (RUN's matches, without a regex's allocations): most of a log's runs are
    // words and numbers (no dot, no colon) and are skipped; a plain public IPv4 is taken without a string.
    const n = body.length;
    let i = 0;
    while (i < n) {
      let c = body.charCodeAt(i);
      if (c >= 128 || ADDRESS_CHAR[c] === 0) {
        i++;
        continue;
      }
      const start = i;
      let dots = 0;
      let colons = 0;
      while (i < n && (c = body.charCodeAt(i)) < 128 && ADDRESS_CHAR[c] !== 0) {
        if (c === 46) dots++;
        else if (c === 58) colons++;
        i++;
      }
      if (i - start < 2 || dots + colons === 0) continue; // a number or a hex word
      // A time or a MAC-like run (a colon, no dot, no ::, fewer than 7 colons) is never an address: classify's rules.
      if (dots === 0 && colons < 7 && !hasDoubleColon(body, start, i)) continue;
      const quick = colons === 0 ? this.plainV4(body, start, i, lineNo, inText) : -1;
      if (quick === 1) found++;
      if (quick !== -1) continue;
      const next = this.token(body, start, body.slice(start, i), lineNo, inText);
      if (next < 0) continue;
      found++;
      i = Math.max(i, next);
    }
    // A lone word on a line of its own is a list entry that is not an address (a header line is let through).
    if (found === 0 && !SEPARATORS.test(body) && !(this.firstContentLine && !/\d/.test(body)))
      this.addInvalid(lineNo, body, notAnAddress(body));
    this.firstContentLine = false;
  }
}

/** RUN's characters (`[0-9A-Fa-f:.]`). */
const ADDRESS_CHAR = new Uint8Array(128);
/** GLUE's characters. */
const GLUE_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[0-9A-Fa-f]/.test(ch)) ADDRESS_CHAR[c] = 1;
  if (ch === '.' || ch === ':') ADDRESS_CHAR[c] = 1;
  if (GLUE.test(ch)) GLUE_CHAR[c] = 1;
}

/**
 * A copy of `s` that holds no part of the text it was cut from: a slice of a line keeps the whole chunk it came from
 * alive, and what the extractor keeps (addresses, entries, examples) must not keep the input.
 */
function detach(s: string): string {
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}

/** Whether body[start, end) holds `::`. */
function hasDoubleColon(body: string, start: number, end: number): boolean {
  const at = body.indexOf('::', start);
  return at !== -1 && at + 2 <= end;
}

/** The number of a dotted-quad IPv4 address in strict form, or null. */
function v4Number(ip: string): number | null {
  const p = ip.split('.');
  if (p.length !== 4) return null;
  let v = 0;
  for (const x of p) {
    if (!/^(0|[1-9]\d{0,2})$/.test(x) || Number(x) > 255) return null;
    v = v * 256 + Number(x);
  }
  return v;
}

/** Two lists of entries, each in input order, as one in input order. */
function mergeByPlace(a: Placed[], b: Placed[]): Placed[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  return [...a, ...b].sort((x, y) => x.seq - y.seq);
}

export function extractAddresses(text: string, opts: ExtractOptions = {}): ExtractResult {
  const x = new AddressExtractor(opts);
  x.write(text);
  return x.end();
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
  return isPublicV4(n) ? text : null;
}

/** First octets of SPECIAL_V4's ranges (1: some addresses starting with it are not public). */
const SPECIAL_FIRST = (() => {
  const t = new Uint8Array(256);
  for (const [lo, hi] of SPECIAL_V4)
    for (let o = Math.floor(lo / 2 ** 24); o <= Math.floor(hi / 2 ** 24); o++) t[o] = 1;
  return t;
})();

/** Whether the IPv4 address numbered `n` is in none of SPECIAL_V4's ranges. */
function isPublicV4(n: number): boolean {
  if (SPECIAL_FIRST[Math.floor(n / 2 ** 24)] === 0) return true;
  for (const [lo, hi] of SPECIAL_V4) if (n >= lo && n <= hi) return false;
  return true;
}

/** parseIp's problem for a word that is not an address ("“example.com” is not an IP address. …"). */
function notAnAddress(word: string): EntryProblem {
  const m = parseIp(word);
  return m.ok ? { kind: 'not-address' } : m.problem;
}
