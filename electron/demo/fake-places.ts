/**
 * A small table of realistic places and networks. The simulator picks one per IP (by hash),
 * so every valid public IP gets a plausible, stable answer. Data is illustrative, not a geo database.
 */

export interface Currency {
  code: string;
  name: string;
  symbol: string;
}

export interface Language {
  code: string;
  name: string;
  name_native: string;
}

export interface FakeCountry {
  alpha2: string;
  alpha3: string;
  name: string;
  /** Country name per ISO 639-1 language, used for the `language` query parameter. */
  names: Record<string, string>;
  emoji: string;
  calling_codes: string[];
  currencies: Currency[];
  languages: Language[];
  is_in_european_union: boolean;
  continent: { code: string; name: string };
  tlds: string[];
}

export interface FakePlace {
  country: FakeCountry;
  region: { alpha2: string; name: string };
  city: string;
  zip: string;
  latitude: number;
  longitude: number;
  timezone: { id: string; code: string; dstCode: string };
  asn: string;
  organization: string;
  isp: string;
  /** Suffix for reverse-DNS names, e.g. "dip0.t-ipconnect.de". */
  hostSuffix: string;
  domains: string[];
  security: { datacenter: boolean; vpn: boolean; proxy: boolean; tor: boolean; abuser: boolean; baseThreat: number };
}

const EUR: Currency = { code: 'EUR', name: 'Euro', symbol: '€' };
const EU_CONTINENT = { code: 'EU', name: 'Europe' };

const US: FakeCountry = {
  alpha2: 'US',
  alpha3: 'USA',
  name: 'United States',
  names: { de: 'Vereinigte Staaten', fr: 'États-Unis' },
  emoji: '🇺🇸',
  calling_codes: ['+1'],
  currencies: [{ code: 'USD', name: 'US Dollar', symbol: '$' }],
  languages: [{ code: 'en', name: 'English', name_native: 'English' }],
  is_in_european_union: false,
  continent: { code: 'NA', name: 'North America' },
  tlds: ['.us'],
};
const DE: FakeCountry = {
  alpha2: 'DE',
  alpha3: 'DEU',
  name: 'Germany',
  names: { de: 'Deutschland', fr: 'Allemagne' },
  emoji: '🇩🇪',
  calling_codes: ['+49'],
  currencies: [EUR],
  languages: [{ code: 'de', name: 'German', name_native: 'Deutsch' }],
  is_in_european_union: true,
  continent: EU_CONTINENT,
  tlds: ['.de'],
};
const NL: FakeCountry = {
  alpha2: 'NL',
  alpha3: 'NLD',
  name: 'Netherlands',
  names: { de: 'Niederlande', fr: 'Pays-Bas' },
  emoji: '🇳🇱',
  calling_codes: ['+31'],
  currencies: [EUR],
  languages: [{ code: 'nl', name: 'Dutch', name_native: 'Nederlands' }],
  is_in_european_union: true,
  continent: EU_CONTINENT,
  tlds: ['.nl'],
};
const JP: FakeCountry = {
  alpha2: 'JP',
  alpha3: 'JPN',
  name: 'Japan',
  names: { de: 'Japan', fr: 'Japon' },
  emoji: '🇯🇵',
  calling_codes: ['+81'],
  currencies: [{ code: 'JPY', name: 'Japanese Yen', symbol: '¥' }],
  languages: [{ code: 'ja', name: 'Japanese', name_native: '日本語' }],
  is_in_european_union: false,
  continent: { code: 'AS', name: 'Asia' },
  tlds: ['.jp'],
};
const BR: FakeCountry = {
  alpha2: 'BR',
  alpha3: 'BRA',
  name: 'Brazil',
  names: { de: 'Brasilien', fr: 'Brésil' },
  emoji: '🇧🇷',
  calling_codes: ['+55'],
  currencies: [{ code: 'BRL', name: 'Brazilian Real', symbol: 'R$' }],
  languages: [{ code: 'pt', name: 'Portuguese', name_native: 'Português' }],
  is_in_european_union: false,
  continent: { code: 'SA', name: 'South America' },
  tlds: ['.br'],
};
const AU: FakeCountry = {
  alpha2: 'AU',
  alpha3: 'AUS',
  name: 'Australia',
  names: { de: 'Australien', fr: 'Australie' },
  emoji: '🇦🇺',
  calling_codes: ['+61'],
  currencies: [{ code: 'AUD', name: 'Australian Dollar', symbol: 'A$' }],
  languages: [{ code: 'en', name: 'English', name_native: 'English' }],
  is_in_european_union: false,
  continent: { code: 'OC', name: 'Oceania' },
  tlds: ['.au'],
};
const GB: FakeCountry = {
  alpha2: 'GB',
  alpha3: 'GBR',
  name: 'United Kingdom',
  names: { de: 'Vereinigtes Königreich', fr: 'Royaume-Uni' },
  emoji: '🇬🇧',
  calling_codes: ['+44'],
  currencies: [{ code: 'GBP', name: 'British Pound', symbol: '£' }],
  languages: [{ code: 'en', name: 'English', name_native: 'English' }],
  is_in_european_union: false,
  continent: EU_CONTINENT,
  tlds: ['.uk'],
};

const clean = { datacenter: false, vpn: false, proxy: false, tor: false, abuser: false, baseThreat: 0 };

export const FAKE_PLACES: readonly FakePlace[] = [
  {
    country: US,
    region: { alpha2: 'US-CA', name: 'California' },
    city: 'Mountain View',
    zip: '94043',
    latitude: 37.4223,
    longitude: -122.085,
    timezone: { id: 'America/Los_Angeles', code: 'PST', dstCode: 'PDT' },
    asn: '15169',
    organization: 'Google LLC',
    isp: 'Google LLC',
    hostSuffix: 'bc.googleusercontent.com',
    domains: ['dns.google', 'google.com', 'gstatic.com'],
    security: { ...clean, datacenter: true, baseThreat: 2 },
  },
  {
    country: DE,
    region: { alpha2: 'DE-SN', name: 'Saxony' },
    city: 'Falkenstein',
    zip: '08223',
    latitude: 50.4779,
    longitude: 12.3713,
    timezone: { id: 'Europe/Berlin', code: 'CET', dstCode: 'CEST' },
    asn: '24940',
    organization: 'Hetzner Online GmbH',
    isp: 'Hetzner Online GmbH',
    hostSuffix: 'your-server.de',
    domains: ['example-shop.de', 'mail.example-shop.de'],
    security: { ...clean, datacenter: true, abuser: true, baseThreat: 18 },
  },
  {
    country: DE,
    region: { alpha2: 'DE-BE', name: 'Berlin' },
    city: 'Berlin',
    zip: '10115',
    latitude: 52.5321,
    longitude: 13.3849,
    timezone: { id: 'Europe/Berlin', code: 'CET', dstCode: 'CEST' },
    asn: '3320',
    organization: 'Deutsche Telekom AG',
    isp: 'Deutsche Telekom AG',
    hostSuffix: 'dip0.t-ipconnect.de',
    domains: [],
    security: { ...clean },
  },
  {
    country: NL,
    region: { alpha2: 'NL-NH', name: 'North Holland' },
    city: 'Amsterdam',
    zip: '1012',
    latitude: 52.374,
    longitude: 4.8897,
    timezone: { id: 'Europe/Amsterdam', code: 'CET', dstCode: 'CEST' },
    asn: '60781',
    organization: 'LeaseWeb Netherlands B.V.',
    isp: 'LeaseWeb Netherlands B.V.',
    hostSuffix: 'leaseweb.net',
    domains: ['vpn-exit.example.net'],
    security: { datacenter: true, vpn: true, proxy: true, tor: false, abuser: false, baseThreat: 35 },
  },
  {
    country: JP,
    region: { alpha2: 'JP-13', name: 'Tokyo' },
    city: 'Tokyo',
    zip: '100-0001',
    latitude: 35.6895,
    longitude: 139.6917,
    timezone: { id: 'Asia/Tokyo', code: 'JST', dstCode: 'JST' },
    asn: '2516',
    organization: 'KDDI Corporation',
    isp: 'KDDI Corporation',
    hostSuffix: 'ppp.dion.ne.jp',
    domains: [],
    security: { ...clean },
  },
  {
    country: BR,
    region: { alpha2: 'BR-SP', name: 'São Paulo' },
    city: 'São Paulo',
    zip: '01000-000',
    latitude: -23.5475,
    longitude: -46.6361,
    timezone: { id: 'America/Sao_Paulo', code: '-03', dstCode: '-02' },
    asn: '28573',
    organization: 'Claro NXT Telecomunicacoes Ltda',
    isp: 'Claro S.A.',
    hostSuffix: 'virtua.com.br',
    domains: [],
    security: { ...clean, baseThreat: 5 },
  },
  {
    country: AU,
    region: { alpha2: 'AU-NSW', name: 'New South Wales' },
    city: 'Sydney',
    zip: '2000',
    latitude: -33.8688,
    longitude: 151.2093,
    timezone: { id: 'Australia/Sydney', code: 'AEST', dstCode: 'AEDT' },
    asn: '1221',
    organization: 'Telstra Limited',
    isp: 'Telstra Limited',
    hostSuffix: 'static.tpgi.com.au',
    domains: [],
    security: { ...clean },
  },
  {
    country: GB,
    region: { alpha2: 'GB-ENG', name: 'England' },
    city: 'London',
    zip: 'EC1A',
    latitude: 51.5085,
    longitude: -0.1257,
    timezone: { id: 'Europe/London', code: 'GMT', dstCode: 'BST' },
    asn: '60729',
    organization: 'Stiftung Erneuerbare Freiheit',
    isp: 'Relay Hosting Ltd',
    hostSuffix: 'tor-exit.example.org',
    domains: [],
    security: { datacenter: true, vpn: false, proxy: false, tor: true, abuser: true, baseThreat: 70 },
  },
];

/** A public resolver's anycast address: its real owner, network and reverse name, and a clean record. */
export interface WellKnownResolver {
  place: FakePlace;
  /** Reverse-DNS name, e.g. "dns.google". */
  hostname: string;
}

const RESOLVER_SECURITY = { ...clean, datacenter: true, baseThreat: 0 };

function resolver(
  p: Pick<FakePlace, 'region' | 'city' | 'zip' | 'latitude' | 'longitude' | 'asn' | 'organization'> & {
    domain: string;
  },
): FakePlace {
  return {
    country: US,
    timezone: { id: 'America/Los_Angeles', code: 'PST', dstCode: 'PDT' },
    isp: p.organization,
    hostSuffix: p.domain,
    domains: [p.domain],
    security: RESOLVER_SECURITY,
    ...p,
  };
}

const GOOGLE_DNS = resolver({
  region: { alpha2: 'US-CA', name: 'California' },
  city: 'Mountain View',
  zip: '94043',
  latitude: 37.4223,
  longitude: -122.085,
  asn: '15169',
  organization: 'Google LLC',
  domain: 'dns.google',
});
const CLOUDFLARE_DNS = resolver({
  region: { alpha2: 'US-CA', name: 'California' },
  city: 'San Francisco',
  zip: '94107',
  latitude: 37.7803,
  longitude: -122.3903,
  asn: '13335',
  organization: 'Cloudflare, Inc.',
  domain: 'one.one.one.one',
});
const QUAD9_DNS = resolver({
  region: { alpha2: 'US-CA', name: 'California' },
  city: 'Berkeley',
  zip: '94709',
  latitude: 37.8811,
  longitude: -122.2699,
  asn: '19281',
  organization: 'Quad9',
  domain: 'quad9.net',
});
const OPENDNS = resolver({
  region: { alpha2: 'US-CA', name: 'California' },
  city: 'San Francisco',
  zip: '94105',
  latitude: 37.7898,
  longitude: -122.3942,
  asn: '36692',
  organization: 'Cisco OpenDNS, LLC',
  domain: 'opendns.com',
});

/**
 * Well-known public DNS resolvers (normalised addresses): believable answers for the addresses people try first,
 * instead of a random place from the table (8.8.8.8 as a German host flagged for abuse).
 */
export const WELL_KNOWN_RESOLVERS: Readonly<Record<string, WellKnownResolver>> = {
  '8.8.8.8': { place: GOOGLE_DNS, hostname: 'dns.google' },
  '8.8.4.4': { place: GOOGLE_DNS, hostname: 'dns.google' },
  '2001:4860:4860::8888': { place: GOOGLE_DNS, hostname: 'dns.google' },
  '2001:4860:4860::8844': { place: GOOGLE_DNS, hostname: 'dns.google' },
  '1.1.1.1': { place: CLOUDFLARE_DNS, hostname: 'one.one.one.one' },
  '1.0.0.1': { place: CLOUDFLARE_DNS, hostname: 'one.one.one.one' },
  '2606:4700:4700::1111': { place: CLOUDFLARE_DNS, hostname: 'one.one.one.one' },
  '2606:4700:4700::1001': { place: CLOUDFLARE_DNS, hostname: 'one.one.one.one' },
  '9.9.9.9': { place: QUAD9_DNS, hostname: 'dns9.quad9.net' },
  '149.112.112.112': { place: QUAD9_DNS, hostname: 'dns.quad9.net' },
  '2620:fe::fe': { place: QUAD9_DNS, hostname: 'dns9.quad9.net' },
  '2620:fe::9': { place: QUAD9_DNS, hostname: 'dns.quad9.net' },
  '208.67.222.222': { place: OPENDNS, hostname: 'resolver1.opendns.com' },
  '208.67.220.220': { place: OPENDNS, hostname: 'resolver2.opendns.com' },
  '2620:119:35::35': { place: OPENDNS, hostname: 'resolver1.opendns.com' },
  '2620:119:53::53': { place: OPENDNS, hostname: 'resolver2.opendns.com' },
};
