/**
 * The one model of the service's answer. Its documentation does not show the body (lookup-api.md: "not shown"), so
 * this is the one place that knows its shape: `{"data": {...}}` or the object itself, with `location`, `connection`,
 * `security`, `timezone`… as the demo and the service notes describe them. Every reader (the window's summary, the
 * recent list's label, the bulk export and results, the report of a job, the tray, the command line) reads an answer
 * through `readAnswer`; when a real service answers differently, this file adapts and nothing else does.
 *
 * The body is data from outside: every text of an Answer is kept on one line without control characters, trimmed and
 * cut at MAX_TEXT characters; a field of another type than expected (or out of range) is unknown (null), never
 * guessed. A text that says it does not know ("None", "null", "N/A"… UNKNOWN_WORDS: a real service sends its
 * unknown hostname and security fields as the string "None") is unknown too. Exports, which keep what the service
 * said, read single fields as sent through `sentValue` (an unknown word is null there as well, so CSV writes it empty
 * and JSON null, as a missing field); both read the one table of where each field sits, ANSWER_FIELDS. Pure, no
 * imports: the renderer and the core share it.
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
  /** "AS15169" (the service's number, with the AS prefix once), the service's own word when it is not a number, or null. */
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

/**
 * Strings an answer sends for a value it does not know, compared without case and surrounding space: the service's
 * Python-made answers say "None" for an unknown hostname, threat score or flag (test/fixtures/answers). Whichever
 * field holds one, it is unknown (null), like a field that is missing.
 */
export const UNKNOWN_WORDS: readonly string[] = ['', 'none', 'null', 'nil', 'n/a', 'unknown', '-'];

/** Whether `v` is a string that says "unknown" (UNKNOWN_WORDS). */
export function isUnknownWord(v: unknown): boolean {
  return typeof v === 'string' && v.length <= 10 && UNKNOWN_WORDS.includes(v.trim().toLowerCase());
}

/**
 * Where each fact sits in the answer's `data` object: the one description of the body's shape. The security flags sit
 * at `security.<key>` (SECURITY_FLAGS).
 */
export const ANSWER_FIELDS = {
  ip: ['ip'],
  type: ['type'],
  hostname: ['hostname'],
  rangeType: ['range_type', 'type'],
  rangeDescription: ['range_type', 'description'],
  countryName: ['location', 'country', 'name'],
  countryCode: ['location', 'country', 'alpha2'],
  countryEmoji: ['location', 'country', 'emoji'],
  region: ['location', 'region', 'name'],
  city: ['location', 'city', 'name'],
  zip: ['location', 'zip'],
  latitude: ['location', 'latitude'],
  longitude: ['location', 'longitude'],
  timezone: ['timezone', 'id'],
  timezoneCode: ['timezone', 'code'],
  currentTime: ['timezone', 'current_time'],
  asn: ['connection', 'asn'],
  organization: ['connection', 'organization'],
  isp: ['connection', 'isp'],
  network: ['connection', 'range'],
  threatScore: ['security', 'threat_score'],
} as const satisfies Record<string, readonly string[]>;

export type AnswerField = keyof typeof ANSWER_FIELDS;

function obj(v: unknown): Obj | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null;
}

/** The value at `path` under `d` (own properties only), or undefined. */
function at(d: Obj | null, path: readonly string[]): unknown {
  let v: unknown = d;
  for (const p of path) {
    const o = obj(v);
    if (!o || !Object.hasOwn(o, p)) return undefined;
    v = o[p];
  }
  return v;
}

/** Control characters (C0, DEL, C1) but white space, and the bidirectional overrides that would reorder text: removed. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u202a-\u202e\u2066-\u2069]+/g;
/** Runs of white space, line breaks (NEL too) among them: one space. */
const SPACES = /[\s\u0085]+/g;
/** What cleanText would change: a control character, white space other than one space, or space at either end. */
// eslint-disable-next-line no-control-regex
const UNCLEAN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[^\S ]| {2}|^ | $/;

/**
 * `s` on one line: control characters removed, each run of white space (line breaks too) one space, trimmed, cut at
 * MAX_TEXT characters (never inside a surrogate pair). Linear in the length of `s`.
 */
export function cleanText(s: string): string {
  const t = s.replace(CONTROLS, '').replace(SPACES, ' ').trim();
  if (t.length <= MAX_TEXT) return t;
  let cut = MAX_TEXT - 1;
  const last = t.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return `${t.slice(0, cut)}…`;
}

/**
 * A text field: a non-empty string (or a finite number, as some services send codes), cleaned; else null, and null
 * for a word that says unknown (UNKNOWN_WORDS).
 */
function text(v: unknown): string | null {
  let s: string;
  if (typeof v === 'string') s = v;
  else if (typeof v === 'number' && Number.isFinite(v)) s = String(v);
  else return null;
  // Already clean: most texts, one test.
  const t = s.length > 0 && s.length <= MAX_TEXT && !UNCLEAN.test(s) ? s : cleanText(s);
  return isUnknownWord(t) ? null : t;
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

/**
 * A field's value exactly as the service sent it (a string, a finite number or a boolean), or null (missing, of
 * another type, or an unknown word: UNKNOWN_WORDS): for exports,
 * which keep what was said (the CSV writer escapes it for spreadsheets). Whatever is shown reads `readAnswer`.
 */
export function sentValue(body: unknown, field: AnswerField | SecurityFlagId): string | number | boolean | null {
  const flag = SECURITY_FLAGS.find((f) => f.id === field);
  const v = at(dataOf(body), flag ? ['security', flag.key] : ANSWER_FIELDS[field as AnswerField]);
  if (typeof v === 'string') return isUnknownWord(v) ? null : v;
  if (typeof v === 'boolean') return v;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The answer as the service sent it, for JSON exports, with every field the answer model reads that says "unknown"
 * in words (UNKNOWN_WORDS: a real service's "None") as null: an unknown value is exported one way — empty in CSV, null
 * in JSON. Everything else is kept exactly as sent; the body itself is not changed.
 */
export function answerForExport(body: unknown): unknown {
  if (!dataOf(body)) return body;
  const copy = structuredClone(body);
  const d = dataOf(copy) as Obj;
  const paths = [...Object.values(ANSWER_FIELDS), ...SECURITY_FLAGS.map((f) => ['security', f.key])];
  for (const path of paths) {
    const parent = at(d, path.slice(0, -1));
    const o = obj(parent);
    const key = path[path.length - 1] as string;
    if (o && Object.hasOwn(o, key) && isUnknownWord(o[key])) o[key] = null;
  }
  return copy;
}

/** An ISO 3166 alpha-2 code, upper case, or null for anything else. */
function countryCode(v: unknown): string | null {
  const raw = text(v);
  return raw && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : null;
}

/** Both coordinates, each a finite number within range, or null. */
function coordinates(latitude: unknown, longitude: unknown): Answer['coordinates'] {
  const lat = num(latitude);
  const lon = num(longitude);
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

/** A threat score from 0 to 100, or null. */
function threatScore(v: unknown): number | null {
  const score = num(v);
  return score !== null && score >= 0 && score <= 100 ? score : null;
}

function countryOf(d: Obj): Answer['country'] {
  const name = text(at(d, ANSWER_FIELDS.countryName));
  const code = countryCode(at(d, ANSWER_FIELDS.countryCode));
  if (name === null && code === null) return null;
  const emoji = text(at(d, ANSWER_FIELDS.countryEmoji));
  const flag = emoji && emoji.length <= 16 ? emoji : code ? flagOf(code) : '';
  return { name, code, flag: flag || null };
}

function coordinatesOf(d: Obj): Answer['coordinates'] {
  return coordinates(at(d, ANSWER_FIELDS.latitude), at(d, ANSWER_FIELDS.longitude));
}

function securityOf(d: Obj): Answer['security'] {
  const sec = obj(d.security);
  if (!sec) return null;
  const flags = {} as Record<SecurityFlagId, boolean | null>;
  for (const f of SECURITY_FLAGS) {
    const v = at(sec, [f.key]);
    flags[f.id] = typeof v === 'boolean' ? v : null;
  }
  return { flags, threatScore: threatScore(at(d, ANSWER_FIELDS.threatScore)) };
}

/** "AS15169" from 15169, "15169" or "as 15169"; a service's own word ("AS-PRIVATE") as it is. */
function asnOf(v: unknown): string | null {
  const t = text(v);
  if (t === null) return null;
  const n = /^(?:AS\s*)?(\d+)$/i.exec(t);
  return n ? `AS${n[1]}` : t;
}

function ipVersionOf(type: string | null): string | null {
  return type === 'v4' ? 'IPv4' : type === 'v6' ? 'IPv6' : type;
}

function timezoneOf(d: Obj): Answer['timezone'] {
  const id = text(at(d, ANSWER_FIELDS.timezone));
  if (!id) return null;
  return { id, code: text(at(d, ANSWER_FIELDS.timezoneCode)), currentTime: text(at(d, ANSWER_FIELDS.currentTime)) };
}

/** Reads an answer's body once. null when the body is not an object at all. */
export function readAnswer(body: unknown): Answer | null {
  const d = dataOf(body);
  if (!d) return null;
  const t = (f: AnswerField) => text(at(d, ANSWER_FIELDS[f]));
  return {
    ip: t('ip'),
    ipVersion: ipVersionOf(t('type')),
    hostname: t('hostname'),
    rangeType: t('rangeDescription') ?? t('rangeType'),
    country: countryOf(d),
    region: t('region'),
    city: t('city'),
    zip: t('zip'),
    coordinates: coordinatesOf(d),
    timezone: timezoneOf(d),
    asn: asnOf(at(d, ANSWER_FIELDS.asn)),
    organization: t('organization'),
    isp: t('isp'),
    network: t('network'),
    security: securityOf(d),
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

/**
 * The facts of an answer a job's report reads (place, coordinates, ASN, organisation, security), as one short JSON
 * text stored beside the whole body when the answer is recorded: a report of 10 000 addresses parses these (about a
 * fifth of a body each) instead of every body again. Null fields are left out; the security flags are two bit masks
 * (said set, said not set) in SECURITY_FLAGS order; the country's flag is made again from its code.
 */
export function answerFacts(a: Answer): string {
  const s = a.security;
  // The flags as two bit masks in SECURITY_FLAGS order: those the answer says are set, and those it says are not.
  const mask = (want: boolean) => SECURITY_FLAGS.reduce((m, f, i) => (s?.flags[f.id] === want ? m | (1 << i) : m), 0);
  const facts = {
    country: a.country && { name: a.country.name, code: a.country.code },
    region: a.region,
    city: a.city,
    coordinates: a.coordinates,
    asn: a.asn,
    organization: a.organization,
    security: s && { yes: mask(true), no: mask(false), threatScore: s.threatScore },
  };
  return JSON.stringify(facts, (_k, v: unknown) => (v === null ? undefined : v));
}

/**
 * An Answer from `answerFacts` text (its other fields null), or null when the text is not such an object. The text
 * comes from state.db, which another process may have written: every field is checked and cleaned as a body's are.
 */
export function answerFromFacts(json: string): Answer | null {
  let o: Obj | null;
  try {
    o = obj(JSON.parse(json));
  } catch {
    return null;
  }
  if (!o) return null;
  const c = obj(o.country);
  const code = countryCode(c?.code);
  const country = c && { name: text(c.name), code, flag: code && flagOf(code) };
  const xy = obj(o.coordinates);
  const sec = obj(o.security);
  const bits = (v: unknown) => (Number.isSafeInteger(v) ? (v as number) : 0);
  return {
    ip: null,
    ipVersion: null,
    hostname: null,
    rangeType: null,
    country: country && (country.name !== null || country.code !== null) ? country : null,
    region: text(o.region),
    city: text(o.city),
    zip: null,
    coordinates: xy && coordinates(xy.lat, xy.lon),
    timezone: null,
    asn: text(o.asn),
    organization: text(o.organization),
    isp: null,
    network: null,
    security: sec && { flags: flagsFromMasks(bits(sec.yes), bits(sec.no)), threatScore: threatScore(sec.threatScore) },
  };
}

function flagsFromMasks(yes: number, no: number): Record<SecurityFlagId, boolean | null> {
  const flags = {} as Record<SecurityFlagId, boolean | null>;
  SECURITY_FLAGS.forEach((f, i) => {
    flags[f.id] = yes & (1 << i) ? true : no & (1 << i) ? false : null;
  });
  return flags;
}
