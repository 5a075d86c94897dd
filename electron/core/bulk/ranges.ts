import ipaddr from 'ipaddr.js';
import { parseIp } from '../../../shared/ip';
import type { EntryProblem } from '../../../shared/bulk';

/**
 * CIDR blocks (`192.0.2.0/28`, `2001:db8::/124`) and `a-b` ranges of IP addresses: how many addresses they hold
 * (BigInt: an IPv6 /0 holds 2^128), and their expansion. Only expanded when the user asks, up to a cap.
 */

/** The most addresses ranges may expand to in one job (the cap). */
export const MAX_EXPANDED = 65_536;

export interface IpRange {
  version: 4 | 6;
  /** First and last address as integers (inclusive). */
  first: bigint;
  last: bigint;
}

function toBig(addr: ipaddr.IPv4 | ipaddr.IPv6): bigint {
  let n = 0n;
  for (const b of addr.toByteArray()) n = (n << 8n) | BigInt(b);
  return n;
}

function fromBig(n: bigint, version: 4 | 6): string {
  const len = version === 4 ? 4 : 16;
  const bytes = new Array<number>(len);
  for (let i = len - 1; i >= 0; i--) {
    bytes[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return ipaddr.fromByteArray(bytes).toString();
}

/** A parsed address as an integer, with its version (parseIp's strict rules: IPv4-mapped IPv6 reads as IPv4). */
function addressOf(text: string): { n: bigint; version: 4 | 6 } | null {
  const p = parseIp(text);
  if (!p.ok) return null;
  return { n: toBig(ipaddr.parse(p.ip)), version: p.version };
}

/** `base/prefix` as a range (the base is masked to the network), or why not (a fact the faces word). */
export function parseCidr(base: string, prefix: number): IpRange | { error: EntryProblem } {
  const a = addressOf(base);
  if (!a) return { error: { kind: 'bad', text: base } };
  const bits = a.version === 4 ? 32 : 128;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits)
    return { error: { kind: 'prefix', prefix, version: a.version } };
  const host = BigInt(bits - prefix);
  const first = (a.n >> host) << host;
  return { version: a.version, first, last: first + (1n << host) - 1n };
}

/** Whether `base` is the first address of `r` (192.0.2.0 of 192.0.2.0/24; not 192.0.2.5 of 192.0.2.5/24). */
export function startsRange(base: string, r: IpRange): boolean {
  const a = addressOf(base);
  return a !== null && a.n === r.first;
}

/** `from-to` as a range, or why not (a bad end, mixed versions, reversed). */
export function parseDashRange(from: string, to: string): IpRange | { error: EntryProblem } {
  const a = addressOf(from);
  const b = addressOf(to);
  if (!a) return { error: { kind: 'bad', text: from } };
  if (!b) return { error: { kind: 'bad', text: to } };
  if (a.version !== b.version) return { error: { kind: 'mixed' } };
  if (b.n < a.n) return { error: { kind: 'reversed' } };
  return { version: a.version, first: a.n, last: b.n };
}

export function rangeSize(r: IpRange): bigint {
  return r.last - r.first + 1n;
}

/** Every address of `r`, in order (normalised text). Call only after checking rangeSize against the cap. */
export function* expandRange(r: IpRange): Generator<string> {
  for (let n = r.first; n <= r.last; n++) yield fromBig(n, r.version);
}
