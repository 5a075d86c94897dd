/**
 * Turns whatever the service returned into a short list of readable facts. Only what is present is
 * listed; a body of another shape simply yields fewer (or no) facts — the full JSON is shown anyway.
 */
import { localTimeOf } from './format';

export interface Fact {
  label: string;
  value: string;
  /** Text put on the clipboard by the field's copy button: what is shown (the bare address for "IP"). */
  copy: string;
  /** Coordinates as numbers, for "Map" (a fixed-shape OpenStreetMap link). */
  coordinates?: { lat: number; lon: number };
  /** Optional emphasis for the security line. */
  tone?: 'warn' | 'ok';
}

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null;
}
function str(v: unknown): string | null {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}
function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Flag emoji from an ISO 3166 alpha-2 code (regional indicator symbols). */
export function flagOf(alpha2: string): string {
  if (!/^[A-Za-z]{2}$/.test(alpha2)) return '';
  return String.fromCodePoint(...[...alpha2.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const SECURITY_FLAGS: [string, string][] = [
  ['is_vpn', 'VPN'],
  ['is_tor', 'Tor'],
  ['is_proxy', 'Proxy'],
  ['is_datacenter', 'Datacenter'],
  ['is_anonymous', 'Anonymous'],
  ['is_icloud_relay', 'iCloud Relay'],
  ['is_bot', 'Bot'],
  ['is_abuser', 'Abuser'],
  ['is_known_attacker', 'Known attacker'],
  ['is_spam', 'Spam'],
];

/** The `data` object of `{"data": {...}}`, or the body itself when it is an object without `data`. */
export function dataOf(body: unknown): Obj | null {
  const b = obj(body);
  if (!b) return null;
  return obj(b.data) ?? b;
}

export function summarize(body: unknown): Fact[] {
  const d = dataOf(body);
  if (!d) return [];
  const facts: Fact[] = [];
  const add = (label: string, value: string | null, copy: string | null = value, tone?: Fact['tone']): void => {
    if (value !== null)
      facts.push(tone ? { label, value, copy: copy ?? value, tone } : { label, value, copy: copy ?? value });
  };

  const ip = str(d.ip);
  const type = str(d.type);
  const typeText = type === 'v4' ? 'IPv4' : type === 'v6' ? 'IPv6' : type;
  add('IP', ip ? (typeText ? `${ip} (${typeText})` : ip) : null, ip);
  add('Hostname', str(d.hostname));
  const range = obj(d.range_type);
  add('Address type', str(range?.description) ?? str(range?.type));

  const loc = obj(d.location);
  const country = obj(loc?.country);
  const countryName = str(country?.name);
  if (countryName) {
    const alpha2 = str(country?.alpha2);
    const emoji = str(country?.emoji) ?? (alpha2 ? flagOf(alpha2) : '');
    add('Country', `${emoji ? `${emoji} ` : ''}${countryName}${alpha2 ? ` (${alpha2})` : ''}`, countryName);
    // (The flag and code are decoration: the name is what is copied.)
  }
  add('Region', str(obj(loc?.region)?.name));
  add('City', str(obj(loc?.city)?.name));
  const lat = num(loc?.latitude);
  const lon = num(loc?.longitude);
  if (lat !== null && lon !== null) {
    const text = `${lat}, ${lon}`;
    facts.push({ label: 'Coordinates', value: text, copy: text, coordinates: { lat, lon } });
  }

  const conn = obj(d.connection);
  const asn = str(conn?.asn);
  add('ASN', asn ? (asn.toUpperCase().startsWith('AS') ? asn : `AS${asn}`) : null);
  const org = str(conn?.organization);
  const isp = str(conn?.isp);
  add('Organisation', org);
  if (isp && isp !== org) add('ISP', isp);
  add('Network', str(conn?.range));

  const tz = obj(d.timezone);
  const tzId = str(tz?.id);
  if (tzId) {
    const code = str(tz?.code);
    add('Time zone', code ? `${tzId} (${code})` : tzId);
    const current = str(tz?.current_time);
    add('Local time', current ? localTimeOf(current) : null);
  }

  const sec = obj(d.security);
  if (sec) {
    const on = SECURITY_FLAGS.filter(([k]) => sec[k] === true).map(([, label]) => label);
    const anyKnown = SECURITY_FLAGS.some(([k]) => typeof sec[k] === 'boolean');
    if (on.length > 0) add('Security', on.join(', '), on.join(', '), 'warn');
    else if (anyKnown) add('Security', 'No VPN, Tor, proxy or datacenter', null, 'ok');
    const score = num(sec.threat_score);
    if (score !== null) add('Threat score', `${score} / 100`, null, score >= 50 ? 'warn' : undefined);
  }
  return facts;
}
