/**
 * The lookup window's facts of an answer (renderer/src/summary.ts): what a user reads and copies for a body as the
 * service documents it, and that any other shape yields fewer facts, never an error.
 */
import { describe, expect, it } from 'vitest';
import { summarize, type Fact } from '../../../renderer/src/summary';

/** An answer as the service documents it (docs: the lookup endpoint), trimmed to what the summary reads. */
const BODY = {
  data: {
    ip: '8.8.8.8',
    type: 'v4',
    hostname: 'dns.google',
    range_type: { type: 'PUBLIC', description: 'Public address' },
    connection: { asn: 15169, organization: 'Google LLC', isp: 'Google LLC', range: '8.8.8.0/24' },
    location: {
      latitude: 37.386,
      longitude: -122.0838,
      country: { alpha2: 'US', name: 'United States', emoji: '🇺🇸' },
      region: { name: 'California' },
      city: { name: 'Mountain View' },
    },
    timezone: { id: 'America/Los_Angeles', code: 'PST', current_time: '2026-11-26T05:17:48-08:00' },
    security: { is_vpn: false, is_tor: false, is_proxy: false, is_datacenter: true, threat_score: 0 },
  },
};

const byLabel = (facts: Fact[]) => Object.fromEntries(facts.map((f) => [f.label, f.value]));

describe('summarize', () => {
  it('lists the facts of a documented answer in reading order, each with what its copy button copies', () => {
    const facts = summarize(BODY);
    expect(facts.map((f) => f.label)).toEqual([
      'IP',
      'Hostname',
      'Address type',
      'Country',
      'Region',
      'City',
      'Coordinates',
      'ASN',
      'Organisation',
      'Network',
      'Time zone',
      'Local time',
      'Security',
      'Threat score',
    ]);
    expect(byLabel(facts)).toMatchObject({
      IP: '8.8.8.8 (IPv4)',
      Hostname: 'dns.google',
      'Address type': 'Public address',
      Country: '🇺🇸 United States (US)',
      City: 'Mountain View',
      Coordinates: '37.386, -122.0838',
      ASN: 'AS15169',
      Organisation: 'Google LLC',
      Network: '8.8.8.0/24',
      'Time zone': 'America/Los_Angeles (PST)',
      'Local time': '05:17',
      Security: 'Datacenter',
      'Threat score': '0 / 100',
    });
    // The copy button copies the bare address and the country's name, not the decoration around them.
    expect(facts.find((f) => f.label === 'IP')?.copy).toBe('8.8.8.8');
    expect(facts.find((f) => f.label === 'Country')?.copy).toBe('United States');
    expect(facts.find((f) => f.label === 'Coordinates')?.coordinates).toEqual({ lat: 37.386, lon: -122.0838 });
    expect(facts.find((f) => f.label === 'Security')?.tone).toBe('warn');
  });

  it('says no VPN, Tor, proxy or datacenter when every known flag is false', () => {
    const body = { data: { ...BODY.data, security: { is_vpn: false, is_tor: false, threat_score: 72 } } };
    const facts = summarize(body);
    expect(facts.find((f) => f.label === 'Security')).toMatchObject({
      value: 'No VPN, Tor, proxy or datacenter',
      tone: 'ok',
    });
    expect(facts.find((f) => f.label === 'Threat score')).toMatchObject({ value: '72 / 100', tone: 'warn' });
  });

  it('lists the ISP only when it differs from the organisation, and an ASN as the service writes it, once', () => {
    const body = { connection: { asn: 'AS13335', organization: 'Cloudflare, Inc.', isp: 'Cloudflare Transit' } };
    expect(byLabel(summarize(body))).toEqual({
      ASN: 'AS13335',
      Organisation: 'Cloudflare, Inc.',
      ISP: 'Cloudflare Transit',
    });
  });

  it('makes the flag from the country code when the answer has no emoji', () => {
    const facts = summarize({ location: { country: { name: 'Germany', alpha2: 'DE' } } });
    expect(byLabel(facts)).toEqual({ Country: '🇩🇪 Germany (DE)' });
  });

  it('yields no facts for what is not an object, and fewer for another shape, without throwing', () => {
    for (const body of [null, undefined, 42, 'text', [1, 2], true]) expect(summarize(body)).toEqual([]);
    expect(summarize({ data: { ip: '  ', hostname: 7, location: { latitude: 'north' } } })).toEqual([
      { label: 'Hostname', value: '7', copy: '7' },
    ]);
  });
});
