/**
 * The one model of the service's answer. Its documentation does not show the body (lookup-api.md: "not shown"), so
 * this is the one place that knows its shape: `{"data": {...}}` or the object itself, with `location`, `connection`,
 * `security`, `timezone`… as the demo and the service notes describe them. Every reader (the window's summary, the
 * recent list's label, the bulk export and results, the report of a job, the tray, the command line) reads an answer
 * through `readAnswer`; when a real service answers differently, this file adapts and nothing else does.
 *
 * The body is data from outside: every text is trimmed, kept on one line and cut at MAX_TEXT characters; a field of
 * another type than expected is unknown (null), never guessed. Pure, no imports: the renderer and the core share it.
 */

/** Longest text kept from one field of an answer. */
export const MAX_TEXT = 200;

/** The security flags an answer may carry, in the order they are shown; `label` as the window and exports say it. */
export const SECURITY_FLAGS = [
  { key: 'is_vpn', id: 'vpn', label: 'VPN' },
  { key: 'is_tor', id: 'tor', label: 'Tor' },
  { key: 'is_proxy', id: 'proxy', label: 'Proxy' },
  { key: 'is_datacenter', id: 'datacenter', label: 'Datacenter' },
  { key: 'is_anonymous', id: 'anonymous', label: 'Anonymous' },
  { key: 'is_icloud_relay', id: 'icloud-relay', label: 'iCloud Relay' },
  { key: 'is_bot', id: 'bot', label: 'Bot' },
  { key: 'is_abuser', id: 'abuser', label: 'Abuser' },
  { key: 'is_known_attacker', id: 'known-attacker', label: 'Known attacker' },
  { key: 'is_spam', id: 'spam', label: 'Spam' },
] as const;

export type SecurityFlagId = (typeof SECURITY_FLAGS)[number]['id'];

/** What an answer says about an address. Every field is null when the answer does not say it (or says it oddly). */
export interface Answer {
  ip: string | null;
  /** 'IPv4', 'IPv6', or the service's own word. */
  ipVersion: string | null;
  hostname: string | null;
  /** The kind of range ("Public", "Private"…): its description, else its type. */
  rangeType: string | null;
  country: {
    name: string | null;
    /** ISO 3166 alpha-2, upper case; null unless it is two letters. */
    code: string | null;
    /** The service's emoji, else one made from the code; null when neither. */
    flag: string | null;
  } | null;
  region: string | null;
  city: string | null;
  zip: string | null;
  /** Both coordinates, within range, or null. */
  coordinates: { lat: number; lon: number } | null;
  timezone: { id: string; code: string | null; currentTime: string | null } | null;
  /** "AS15169" (the service's number with the AS prefix), or null. */
  asn: string | null;
  organization: string | null;
  isp: string | null;
  /** The network range, e.g. "8.8.8.0/24". */
  network: string | null;
  /**
   * null when the answer has no `security` object. Each flag: true, false, or null (not said). `threatScore` 0–100 or
   * null.
   */
  security: { flags: Record<SecurityFlagId, boolean | null>; threatScore: number | null } | null;
}

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null;
}

/** A text field: a non-empty string (or a finite number, as some services send codes), on one line, cut short. */
function text(v: unknown): string | null {
  let s: string;
  if (typeof v === 'string') s = v;
  else if (typeof v === 'number' && Number.isFinite(v)) s = String(v);
  else return null;
  // eslint-disable-next-line no-control-regex
  s = s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  if (s === '') return null;
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Flag emoji from an ISO 3166 alpha-2 code (regional indicator symbols); '' for anything else. */
export function flagOf(alpha2: string): string {
  if (!/^[A-Za-z]{2}$/.test(alpha2)) return '';
  return String.fromCodePoint(...[...alpha2.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** The `data` object of `{"data": {...}}`, or the body itself when it is an object without `data`; else null. */
export function dataOf(body: unknown): Obj | null {
  const b = obj(body);
  if (!b) return null;
  return obj(b.data) ?? b;
}

function countryOf(loc: Obj | null): Answer['country'] {
  const c = obj(loc?.country);
  if (!c) return null;
  const name = text(c.name);
  const raw = text(c.alpha2);
  const code = raw && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : null;
  const emoji = text(c.emoji);
  const flag = emoji && emoji.length <= 16 ? emoji : code ? flagOf(code) : null;
  if (name === null && code === null) return null;
  return { name, code, flag: flag || null };
}

function coordinatesOf(loc: Obj | null): Answer['coordinates'] {
  const lat = num(loc?.latitude);
  const lon = num(loc?.longitude);
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

function securityOf(sec: Obj | null): Answer['security'] {
  if (!sec) return null;
  const flags = {} as Record<SecurityFlagId, boolean | null>;
  for (const f of SECURITY_FLAGS) {
    const v = sec[f.key];
    flags[f.id] = typeof v === 'boolean' ? v : null;
  }
  const score = num(sec.threat_score);
  return { flags, threatScore: score !== null && score >= 0 && score <= 100 ? score : null };
}

function asnOf(v: unknown): string | null {
  const t = text(v);
  if (t === null) return null;
  return /^as/i.test(t) ? `AS${t.slice(2).trim()}` : `AS${t}`;
}

/** Reads an answer's body once. null when the body is not an object at all. */
export function readAnswer(body: unknown): Answer | null {
  const d = dataOf(body);
  if (!d) return null;
  const loc = obj(d.location);
  const conn = obj(d.connection);
  const range = obj(d.range_type);
  const tz = obj(d.timezone);
  const tzId = text(tz?.id);
  const type = text(d.type);
  return {
    ip: text(d.ip),
    ipVersion: type === 'v4' ? 'IPv4' : type === 'v6' ? 'IPv6' : type,
    hostname: text(d.hostname),
    rangeType: text(range?.description) ?? text(range?.type),
    country: countryOf(loc),
    region: text(obj(loc?.region)?.name),
    city: text(obj(loc?.city)?.name),
    zip: text(loc?.zip),
    coordinates: coordinatesOf(loc),
    timezone: tzId ? { id: tzId, code: text(tz?.code), currentTime: text(tz?.current_time) } : null,
    asn: asnOf(conn?.asn),
    organization: text(conn?.organization),
    isp: text(conn?.isp),
    network: text(conn?.range),
    security: securityOf(obj(d.security)),
  };
}

/** The security flags an answer sets, by label ("VPN", "Tor"…), in SECURITY_FLAGS order. */
export function flagsOn(a: Answer): string[] {
  const s = a.security;
  return s ? SECURITY_FLAGS.filter((f) => s.flags[f.id] === true).map((f) => f.label) : [];
}

/** "Mountain View, California, United States" (each part once), or null when the answer names no place. */
export function placeOf(a: Answer): string | null {
  const parts = [a.city, a.region, a.country?.name ?? null].filter((x): x is string => x !== null);
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  return unique.length ? unique.join(', ') : null;
}
