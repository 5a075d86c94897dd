import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeIpData } from '../../../electron/demo/fake-ip-data';
import { NONE_STRINGS_ANSWER } from '../../fixtures/answers/none-strings';
import {
  MAX_TEXT,
  SECURITY_FLAGS,
  answerFacts,
  answerFromFacts,
  cleanText,
  dataOf,
  flagOf,
  flagsOn,
  isUnknownWord,
  placeOf,
  readAnswer,
  sentValue,
  type Answer,
} from '../../../shared/answer';

const GOOGLE = {
  ip: '8.8.8.8',
  type: 'v4',
  hostname: 'dns.google',
  range_type: { type: 'PUBLIC', description: 'Public address' },
  location: {
    country: { alpha2: 'US', name: 'United States', emoji: '🇺🇸' },
    region: { name: 'California' },
    city: { name: 'Mountain View' },
    zip: '94043',
    latitude: 37.386,
    longitude: -122.0838,
  },
  timezone: { id: 'America/Los_Angeles', code: 'PST', current_time: '2026-11-26T05:17:00-08:00' },
  connection: { asn: 15169, organization: 'Google LLC', isp: 'Google LLC', range: '8.8.8.0/24' },
  security: { is_vpn: false, is_tor: false, is_proxy: true, threat_score: 7 },
};

function answer(body: unknown): Answer {
  const a = readAnswer(body);
  if (!a) throw new Error('no answer');
  return a;
}

describe('readAnswer: the one model of the service answer', () => {
  it('reads {data: …} and the bare object alike', () => {
    const wrapped = answer({ data: GOOGLE });
    expect(answer(GOOGLE)).toEqual(wrapped);
    expect(wrapped).toMatchObject({
      ip: '8.8.8.8',
      ipVersion: 'IPv4',
      hostname: 'dns.google',
      rangeType: 'Public address',
      country: { name: 'United States', code: 'US', flag: '🇺🇸' },
      region: 'California',
      city: 'Mountain View',
      zip: '94043',
      coordinates: { lat: 37.386, lon: -122.0838 },
      timezone: { id: 'America/Los_Angeles', code: 'PST', currentTime: '2026-11-26T05:17:00-08:00' },
      asn: 'AS15169',
      organization: 'Google LLC',
      isp: 'Google LLC',
      network: '8.8.8.0/24',
    });
    expect(wrapped.security?.threatScore).toBe(7);
    expect(flagsOn(wrapped)).toEqual(['Proxy']);
    expect(placeOf(wrapped)).toBe('Mountain View, California, United States');
  });

  it('reads every answer the demo simulator gives', () => {
    for (const [ip, v, range] of [
      ['8.8.8.8', 4, 'unicast'],
      ['2001:4860:4860::8888', 6, 'unicast'],
      ['10.0.0.1', 4, 'private'],
    ] as const) {
      const a = answer({ data: fakeIpData(ip, v, range, Date.UTC(2026, 10, 26)) });
      expect(a.ip).toBe(ip);
      expect(a.ipVersion).toBe(v === 4 ? 'IPv4' : 'IPv6');
      if (range === 'unicast') {
        expect(a.country?.code).toMatch(/^[A-Z]{2}$/);
        expect(a.coordinates).not.toBeNull();
        expect(a.asn).toMatch(/^AS\d+$/);
        expect(a.security?.flags.vpn).toEqual(expect.any(Boolean));
      }
    }
  });

  it('is null for a body that is not an object; every field is null when the object says nothing', () => {
    for (const body of [null, undefined, 'text', 42, true, [GOOGLE]]) expect(readAnswer(body)).toBeNull();
    const empty = answer({});
    expect(Object.values(empty).every((v) => v === null)).toBe(true);
    expect(placeOf(empty)).toBeNull();
    expect(flagsOn(empty)).toEqual([]);
    // {data: null} or {data: []} is not wrapped: the body itself is read.
    expect(answer({ data: null, ip: '1.1.1.1' }).ip).toBe('1.1.1.1');
    expect(answer({ data: [1], ip: '1.1.1.1' }).ip).toBe('1.1.1.1');
  });

  it('a field of another type is unknown, never guessed', () => {
    const a = answer({
      ip: { v: 1 },
      hostname: ['x'],
      location: { country: 'US', region: { name: 7 }, city: { name: ['Berlin'] }, latitude: '52.5', longitude: 13.4 },
      connection: { asn: null, organization: true, isp: NaN, range: {} },
      security: { is_vpn: 'yes', is_tor: 1, threat_score: '90' },
      timezone: 'UTC',
    });
    expect(a).toMatchObject({
      ip: null,
      hostname: null,
      country: null,
      region: '7', // a number is a code some services send
      city: null,
      coordinates: null,
      asn: null,
      organization: null,
      isp: null,
      network: null,
      timezone: null,
    });
    expect(a.security).toEqual({ flags: expect.any(Object), threatScore: null });
    expect(Object.values(a.security!.flags).every((v) => v === null)).toBe(true);
    expect(answer({ location: [] }).country).toBeNull();
    expect(answer({ security: [] }).security).toBeNull();
  });

  it('keeps only what is in range: coordinates, threat score, a two-letter country code', () => {
    const at = (latitude: unknown, longitude: unknown) => answer({ location: { latitude, longitude } }).coordinates;
    expect(at(91, 0)).toBeNull();
    expect(at(0, -180.5)).toBeNull();
    expect(at(-90, 180)).toEqual({ lat: -90, lon: 180 });
    expect(at(52.5, null)).toBeNull();
    expect(at(Infinity, 0)).toBeNull();
    const score = (threat_score: unknown) => answer({ security: { threat_score } }).security?.threatScore;
    expect(score(-1)).toBeNull();
    expect(score(101)).toBeNull();
    expect(score(0)).toBe(0);
    expect(score(100)).toBe(100);
    const country = (c: unknown) => answer({ location: { country: c } }).country;
    expect(country({ alpha2: 'de' })).toEqual({ name: null, code: 'DE', flag: '🇩🇪' });
    expect(country({ alpha2: 'DEU', name: 'Germany' })).toEqual({ name: 'Germany', code: null, flag: null });
    expect(country({ alpha2: '1x' })).toBeNull();
    // The service's emoji wins; a long "emoji" is not a flag.
    expect(country({ alpha2: 'FR', emoji: 'x'.repeat(40) })?.flag).toBe('🇫🇷');
  });

  it('an ASN reads as "AS" and its number, whether sent as a number or as text', () => {
    const asn = (v: unknown) => answer({ connection: { asn: v } }).asn;
    expect(asn(15169)).toBe('AS15169');
    expect(asn('15169')).toBe('AS15169');
    expect(asn('AS15169')).toBe('AS15169');
    expect(asn('as 15169')).toBe('AS15169');
    expect(asn('AS-PRIVATE')).toBe('AS-PRIVATE');
    expect(asn('')).toBeNull();
    expect(asn(Infinity)).toBeNull();
  });

  it('text is kept on one line without control characters, and cut at MAX_TEXT', () => {
    const a = answer({
      hostname: '\x1b]0;PWNED\x07evil.example',
      location: { city: { name: 'Spring\u009b2Jfield' }, region: { name: '  North\r\n  Rhine \u2028Westphalia ' } },
      connection: { organization: 'Evil Org\n  security  nothing flagged', isp: '\u202eevil\u202c' },
    });
    expect(a.hostname).toBe(']0;PWNEDevil.example');
    expect(a.city).toBe('Spring2Jfield');
    expect(a.region).toBe('North Rhine Westphalia');
    expect(a.organization).toBe('Evil Org security nothing flagged');
    expect(a.isp).toBe('evil');
    expect(answer({ hostname: '\x00\x07 \t' }).hostname).toBeNull();

    const long = answer({ hostname: 'h'.repeat(100_000) }).hostname!;
    expect(long).toHaveLength(MAX_TEXT);
    expect(long.endsWith('…')).toBe(true);
    // A cut never leaves half of a surrogate pair.
    const flags = cleanText('🇩🇪'.repeat(MAX_TEXT));
    expect(flags.length).toBeLessThanOrEqual(MAX_TEXT);
    expect(flags).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('SECURITY_FLAGS: the flags an answer sets, in their order; unknown flags are not "no"', () => {
    const all = Object.fromEntries(SECURITY_FLAGS.map((f) => [f.key, true]));
    expect(flagsOn(answer({ security: all }))).toEqual(SECURITY_FLAGS.map((f) => f.label));
    const some = answer({ security: { is_tor: true, is_vpn: false } });
    expect(some.security?.flags).toMatchObject({ vpn: false, tor: true, proxy: null });
  });

  it('placeOf names each part once', () => {
    const place = (city: string, region: string, country: string) =>
      placeOf(answer({ location: { city: { name: city }, region: { name: region }, country: { name: country } } }));
    expect(place('Singapore', 'Singapore', 'Singapore')).toBe('Singapore');
    expect(place('Monaco', 'Monaco', 'Monaco')).toBe('Monaco');
    expect(place('Paris', 'Île-de-France', 'France')).toBe('Paris, Île-de-France, France');
  });

  it('sentValue: a field exactly as sent, for exports', () => {
    const body = { data: { ...GOOGLE, connection: { ...GOOGLE.connection, organization: '\t=cmd' } } };
    expect(sentValue(body, 'asn')).toBe(15169);
    expect(sentValue(body, 'organization')).toBe('\t=cmd');
    expect(sentValue(body, 'rangeType')).toBe('PUBLIC');
    expect(sentValue(body, 'type')).toBe('v4');
    expect(sentValue(body, 'proxy')).toBe(true);
    expect(sentValue(body, 'longitude')).toBe(-122.0838);
    expect(sentValue({ location: { latitude: 500 } }, 'latitude')).toBe(500);
    expect(sentValue({ location: { city: { name: { x: 1 } } } }, 'city')).toBeNull();
    expect(sentValue('<html>', 'city')).toBeNull();
  });

  it('a real service\'s "None" strings are unknown, read and sent alike (test/fixtures/answers/none-strings.ts)', () => {
    const a = answer(NONE_STRINGS_ANSWER);
    expect(a.hostname).toBeNull();
    expect(a.security?.threatScore).toBeNull();
    expect(Object.values(a.security?.flags ?? {})).toEqual(SECURITY_FLAGS.map(() => null));
    expect(flagsOn(a)).toEqual([]);
    expect(a.city).toBe('Los Angeles');
    for (const field of ['hostname', 'threatScore', 'tor', 'proxy', 'knownAttacker', 'vpn'] as const)
      expect(sentValue(NONE_STRINGS_ANSWER, field === 'knownAttacker' ? 'known-attacker' : field), field).toBeNull();
    expect(sentValue(NONE_STRINGS_ANSWER, 'city')).toBe('Los Angeles');
    for (const word of ['None', 'null', ' N/A ', 'unknown', 'NONE'])
      expect(sentValue({ hostname: word }, 'hostname'), word).toBeNull();
    expect(answer({ hostname: 'none.example' }).hostname).toBe('none.example');
    expect(answer({ location: { country: { alpha2: 'NA', name: 'Namibia' } } }).country?.code).toBe('NA');
  });

  it('flagOf and dataOf', () => {
    expect(flagOf('us')).toBe('🇺🇸');
    expect(flagOf('USA')).toBe('');
    expect(dataOf({ data: { ip: 'x' } })).toEqual({ ip: 'x' });
    expect(dataOf(['x'])).toBeNull();
  });
});

/** Any JSON-ish value, with strings that carry control characters, line breaks, emoji and long runs. */
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom('\n', '\u2028', '\x1b[2J', '\u202e', ' '.repeat(5000), 'x'.repeat(5000)),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    nasty,
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('any'), { maxLength: 3 }),
    tie('obj'),
  ),
  obj: fc.dictionary(
    fc.constantFrom(
      'data',
      'ip',
      'type',
      'hostname',
      'location',
      'country',
      'name',
      'alpha2',
      'emoji',
      'city',
      'region',
      'latitude',
      'longitude',
      'connection',
      'asn',
      'organization',
      'security',
      'is_vpn',
      'threat_score',
      'timezone',
      'id',
      'range_type',
    ),
    tie('any'),
    { maxKeys: 8 },
  ),
})).any;

function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (v === null || typeof v !== 'object') return [];
  return Object.values(v).flatMap(strings);
}

describe('readAnswer on anything (fast-check, fixed seed)', () => {
  it('never throws; every text is at most MAX_TEXT characters, on one line, without control characters', () => {
    fc.assert(
      fc.property(value, (body) => {
        const a = readAnswer(body);
        if (a === null) return;
        const all = [...strings(a), placeOf(a) ?? '', ...flagsOn(a)];
        for (const s of all) {
          expect(s.length).toBeLessThanOrEqual(MAX_TEXT * 3 + 4); // placeOf joins three
          // eslint-disable-next-line no-control-regex
          expect(s).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
        }
        for (const s of strings(a)) expect(s.length).toBeLessThanOrEqual(MAX_TEXT);
        const c = a.coordinates;
        if (c) expect(Math.abs(c.lat) <= 90 && Math.abs(c.lon) <= 180).toBe(true);
        const score = a.security?.threatScore;
        if (score != null) expect(score >= 0 && score <= 100).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

/** What a report reads of an answer: the fields answerFacts keeps, the rest null. */
function factsPart(a: Answer): Answer {
  const code = a.country?.code ?? null;
  return {
    ...a,
    country: a.country && { ...a.country, flag: code ? flagOf(code) : null },
    ip: null,
    ipVersion: null,
    hostname: null,
    rangeType: null,
    zip: null,
    timezone: null,
    isp: null,
    network: null,
  };
}

describe('answerFacts: what a report reads of an answer, stored beside it', () => {
  it('reads back as the answer itself for what a report reads, and is much shorter than the body', () => {
    const a = answer(GOOGLE);
    const facts = answerFacts(a);
    expect(answerFromFacts(facts)).toEqual(factsPart(a));
    expect(facts.length).toBeLessThan(JSON.stringify(GOOGLE).length / 2);
    const demo = fakeIpData('8.8.8.8', 4, 'unicast', Date.UTC(2026, 10, 26));
    expect(answerFacts(answer(demo)).length).toBeLessThan(JSON.stringify(demo).length / 2);
  });

  it('round-trips every answer readAnswer makes (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(value, (body) => {
        const a = readAnswer(body);
        if (a === null) return;
        expect(answerFromFacts(answerFacts(a))).toEqual(factsPart(a));
      }),
      { numRuns: 2000 },
    );
  });

  it('facts text another process wrote is data: anything not so shaped is unknown, never a throw', () => {
    expect(answerFromFacts('not json')).toBeNull();
    expect(answerFromFacts('[1,2]')).toBeNull();
    const odd = answerFromFacts(
      JSON.stringify({
        country: { name: 'A\nB', code: 'usa' },
        coordinates: { lat: 91, lon: 0 },
        asn: 7,
        security: { yes: 2, no: 'all', threatScore: 101 },
      }),
    );
    expect(odd).toMatchObject({
      country: { name: 'A B', code: null },
      coordinates: null,
      asn: '7',
      security: { threatScore: null, flags: { vpn: null, tor: true } },
    });
    fc.assert(
      fc.property(value, (v) => {
        const a = answerFromFacts(JSON.stringify(v) ?? 'null');
        for (const t of strings(a)) expect(t.length).toBeLessThanOrEqual(MAX_TEXT);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('a text field reads as cleanText gives it (null for an unknown word), whichever way it is read (fast-check, fixed seed)', () => {
  it('an already clean text is kept as it is; any other is cleaned: the same result as cleanText', () => {
    const chars = fc.constantFrom('a', 'Z', ' ', '  ', '\t', '\n', '\u0085', '\u00a0', '\u0007', '\u202e', 'é', '🇩🇪');
    const texts = fc.oneof(
      fc.string({ maxLength: 260 }),
      fc.array(chars, { maxLength: 40 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(texts, (s) => {
        const clean = cleanText(s);
        expect(readAnswer({ hostname: s })?.hostname).toBe(isUnknownWord(clean) ? null : clean || null);
      }),
      { numRuns: 3000 },
    );
  });
});
