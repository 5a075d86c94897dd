import ipaddr from 'ipaddr.js';
import { rangeWords } from '../../shared/ip';
import { FAKE_PLACES, WELL_KNOWN_RESOLVERS, type FakePlace } from './fake-places';

/**
 * Builds the simulator's `data` object for /v2/info: the field set the real service answers with
 * (as the one model of an answer reads it, shared/answer.ts: the service's doc does not show the body), realistic and deterministic per IP, for any valid address.
 */

export interface FakeIpOptions {
  /** ISO 639-1 code from the `language` query parameter, e.g. "de". */
  language?: string | null;
  /** `hostname=1` was asked for: fill in a reverse-DNS name. */
  hostname?: boolean;
}

/** 32-bit FNV-1a of a string: small, stable, good enough to spread IPs over the table. */
export function hashIp(ip: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < ip.length; i++) {
    h ^= ip.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const RANGE_TYPES: Record<string, { type: string; description: string }> = {
  unicast: { type: 'PUBLIC', description: 'Public address' },
  private: { type: 'PRIVATE', description: 'Private network address (RFC 1918)' },
  uniqueLocal: { type: 'PRIVATE', description: 'Unique local address (RFC 4193)' },
  carrierGradeNat: { type: 'PRIVATE', description: 'Shared address space for carrier-grade NAT (RFC 6598)' },
  loopback: { type: 'LOOPBACK', description: 'Loopback address' },
  linkLocal: { type: 'LINK_LOCAL', description: 'Link-local address' },
  multicast: { type: 'MULTICAST', description: 'Multicast address' },
  unspecified: { type: 'UNSPECIFIED', description: 'Unspecified address' },
};

/** Other non-public ranges: "Reserved address", "Benchmarking address", … (never "Reserved address (reserved)"). */
function rangeType(range: string): { type: string; description: string } {
  const words = (rangeWords(range) ?? 'A reserved address').replace(/^(A|An|The) /, '');
  return RANGE_TYPES[range] ?? { type: 'RESERVED', description: words.charAt(0).toUpperCase() + words.slice(1) };
}

/** Offset of an IANA zone from UTC at `at`, in seconds (uses the runtime's ICU data). */
export function zoneOffsetSeconds(zone: string, at: number): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(part ?? '');
  if (!m) return 0; // "GMT" alone means +00:00
  const secs = Number(m[2]) * 3600 + Number(m[3]) * 60;
  return m[1] === '-' ? -secs : secs;
}

function isoWithOffset(at: number, offsetSec: number): string {
  const local = new Date(at + offsetSec * 1000).toISOString().slice(0, 19);
  const abs = Math.abs(offsetSec);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `${local}${offsetSec < 0 ? '-' : '+'}${hh}:${mm}`;
}

function timezoneOf(place: FakePlace, now: number) {
  const offset = zoneOffsetSeconds(place.timezone.id, now);
  const year = new Date(now).getUTCFullYear();
  const standard = Math.min(
    zoneOffsetSeconds(place.timezone.id, Date.UTC(year, 0, 1)),
    zoneOffsetSeconds(place.timezone.id, Date.UTC(year, 6, 1)),
  );
  const dst = offset > standard;
  return {
    id: place.timezone.id,
    current_time: isoWithOffset(now, offset),
    code: dst ? place.timezone.dstCode : place.timezone.code,
    is_daylight_saving: dst,
    gmt_offset: offset,
  };
}

/** The announced network around the address: a /24 for IPv4, a /48 for IPv6. */
function networkRange(ip: string, version: 4 | 6): string {
  if (version === 4) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  const parts = ipaddr.IPv6.parse(ip).parts;
  return `${new ipaddr.IPv6([parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, 0, 0, 0, 0, 0]).toString()}/48`;
}

function hostnameFor(ip: string, version: 4 | 6, place: FakePlace, h: number): string {
  if (version === 4) return `${ip.replaceAll('.', '-')}.${place.hostSuffix}`;
  return `host-${h.toString(16).padStart(8, '0')}.${place.hostSuffix}`;
}

/** Small deterministic jitter so neighbouring IPs do not share exact coordinates. */
function jitter(h: number, shift: number): number {
  return Math.round((((h >>> shift) & 0xff) / 255 - 0.5) * 0.1 * 10_000) / 10_000;
}

function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

/**
 * `ip` must already be validated and normalised; `range` is ipaddr.js's range name.
 * `now` (simulator clock) drives `timezone.current_time`.
 */
export function fakeIpData(
  ip: string,
  version: 4 | 6,
  range: string,
  now: number,
  opts: FakeIpOptions = {},
): Record<string, unknown> {
  const type = version === 4 ? 'v4' : 'v6';
  if (range !== 'unicast') return privateData(ip, type, range);
  const h = hashIp(ip);
  const known = WELL_KNOWN_RESOLVERS[ip];
  const place = known?.place ?? (FAKE_PLACES[h % FAKE_PLACES.length] as FakePlace);
  const c = place.country;
  const lang = (opts.language ?? '').toLowerCase();
  const threat = known ? place.security.baseThreat : Math.min(100, place.security.baseThreat + ((h >>> 8) % 5));
  const s = place.security;
  return {
    ip,
    type,
    hostname: opts.hostname ? (known?.hostname ?? hostnameFor(ip, version, place, h)) : null,
    range_type: rangeType(range),
    connection: {
      asn: Number(place.asn),
      organization: place.organization,
      isp: place.isp,
      range: networkRange(ip, version),
    },
    location: {
      latitude: known ? place.latitude : round4(place.latitude + jitter(h, 12)),
      longitude: known ? place.longitude : round4(place.longitude + jitter(h, 20)),
      zip: place.zip,
      continent: { ...c.continent },
      country: {
        alpha2: c.alpha2,
        alpha3: c.alpha3,
        name: c.names[lang] ?? c.name,
        emoji: c.emoji,
        calling_codes: [...c.calling_codes],
        currencies: c.currencies.map((x) => ({ ...x })),
        languages: c.languages.map((x) => ({ ...x })),
        is_in_european_union: c.is_in_european_union,
      },
      region: { ...place.region },
      city: { name: place.city },
    },
    tlds: [...c.tlds],
    timezone: timezoneOf(place, now),
    security: {
      is_anonymous: s.vpn || s.proxy || s.tor,
      is_datacenter: s.datacenter,
      is_vpn: s.vpn,
      is_bot: false,
      is_abuser: s.abuser,
      is_known_attacker: s.abuser && threat >= 50,
      is_proxy: s.proxy,
      is_spam: s.abuser,
      is_tor: s.tor,
      is_icloud_relay: false,
      threat_score: threat,
    },
    domains: { count: place.domains.length, domains: [...place.domains] },
  };
}

/** Private, loopback and other non-public addresses: the service knows next to nothing. */
function privateData(ip: string, type: 'v4' | 'v6', range: string): Record<string, unknown> {
  return {
    ip,
    type,
    hostname: null,
    range_type: rangeType(range),
    connection: { asn: null, organization: null, isp: null, range: null },
    location: { latitude: null, longitude: null, zip: null, continent: null, country: null, region: null, city: null },
    tlds: [],
    timezone: null,
    security: {
      is_anonymous: false,
      is_datacenter: false,
      is_vpn: false,
      is_bot: false,
      is_abuser: false,
      is_known_attacker: false,
      is_proxy: false,
      is_spam: false,
      is_tor: false,
      is_icloud_relay: false,
      threat_score: 0,
    },
    domains: { count: 0, domains: [] },
  };
}
