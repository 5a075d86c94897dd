/**
 * Issue 16, item 20: the demo's well-known public resolvers come back as anycast resolvers of their real owners,
 * not as a random place from the table (8.8.8.8 was "Hetzner, Falkenstein — Datacenter, Abuser, Spam").
 */
import { describe, expect, it } from 'vitest';
import { fakeIpData } from '../../../electron/demo/fake-ip-data';
import { parseIp } from '../../../shared/ip';

type Data = {
  hostname: string | null;
  connection: { asn: number; organization: string };
  location: { country: { alpha2: string } };
  security: Record<string, boolean | number>;
};

function data(ip: string): Data {
  const p = parseIp(ip);
  if (!p.ok) throw new Error(ip);
  return fakeIpData(p.ip, p.version, p.range, Date.UTC(2026, 10, 23, 12), { hostname: true }) as unknown as Data;
}

describe('well-known public resolvers in the demo', () => {
  it.each([
    ['8.8.8.8', 15169, 'Google LLC', 'dns.google'],
    ['8.8.4.4', 15169, 'Google LLC', 'dns.google'],
    ['2001:4860:4860::8888', 15169, 'Google LLC', 'dns.google'],
    ['1.1.1.1', 13335, 'Cloudflare, Inc.', 'one.one.one.one'],
    ['1.0.0.1', 13335, 'Cloudflare, Inc.', 'one.one.one.one'],
    ['2606:4700:4700::1111', 13335, 'Cloudflare, Inc.', 'one.one.one.one'],
    ['9.9.9.9', 19281, 'Quad9', 'dns9.quad9.net'],
    ['208.67.222.222', 36692, 'Cisco OpenDNS, LLC', 'resolver1.opendns.com'],
  ])('%s is %s’s resolver (AS%s), clean', (ip, asn, org, host) => {
    const d = data(ip);
    expect(d.connection).toMatchObject({ asn, organization: org });
    expect(d.hostname).toBe(host);
    expect(d.location.country.alpha2).toBe('US');
    const s = d.security;
    for (const flag of ['is_abuser', 'is_spam', 'is_known_attacker', 'is_vpn', 'is_tor', 'is_proxy', 'is_bot'])
      expect(s[flag], flag).toBe(false);
    expect(s.threat_score).toBe(0);
  });

  it('any other public address still gets a stable answer from the table', () => {
    expect(data('93.184.216.34')).toEqual(data('93.184.216.34'));
    expect(data('93.184.216.34').connection.organization).not.toBe('');
  });
});
