import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeIpData } from '../../../electron/demo/fake-ip-data';
import { get, KEY_BIG, startHarness, type Harness } from '../../helpers/simulator-helpers';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let h: Harness;
beforeEach(async () => {
  h = await startHarness(Date.UTC(2026, 6, 15, 10, 30, 0)); // July: northern summer time
});
afterEach(async () => {
  await h.sim.close();
});

async function lookup(query: string): Promise<Data> {
  const res = await get(h.sim, `/v2/info?${query}`, KEY_BIG);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Data }).data;
}

const SECURITY_FLAGS = [
  'is_anonymous',
  'is_datacenter',
  'is_vpn',
  'is_bot',
  'is_abuser',
  'is_known_attacker',
  'is_proxy',
  'is_spam',
  'is_tor',
  'is_icloud_relay',
];

function expectPublicShape(d: Data): void {
  expect(d.range_type).toEqual({ type: 'PUBLIC', description: expect.any(String) });
  expect(d.connection).toEqual({
    asn: expect.any(Number),
    organization: expect.any(String),
    isp: expect.any(String),
    range: expect.any(String),
  });
  const loc = d.location;
  expect(loc.latitude).toBeGreaterThanOrEqual(-90);
  expect(loc.latitude).toBeLessThanOrEqual(90);
  expect(loc.longitude).toBeGreaterThanOrEqual(-180);
  expect(loc.longitude).toBeLessThanOrEqual(180);
  expect(typeof loc.zip).toBe('string');
  expect(loc.continent).toEqual({ code: expect.stringMatching(/^[A-Z]{2}$/), name: expect.any(String) });
  expect(Object.keys(loc.country).sort()).toEqual(
    ['alpha2', 'alpha3', 'calling_codes', 'currencies', 'emoji', 'is_in_european_union', 'languages', 'name'].sort(),
  );
  expect(loc.country.alpha2).toMatch(/^[A-Z]{2}$/);
  expect(loc.country.alpha3).toMatch(/^[A-Z]{3}$/);
  expect(loc.country.calling_codes[0]).toMatch(/^\+\d+$/);
  expect(loc.region).toEqual({ alpha2: expect.any(String), name: expect.any(String) });
  expect(loc.city).toEqual({ name: expect.any(String) });
  expect(d.tlds[0]).toMatch(/^\.[a-z]{2}$/);
  expect(Object.keys(d.timezone).sort()).toEqual(['code', 'current_time', 'gmt_offset', 'id', 'is_daylight_saving']);
  for (const f of SECURITY_FLAGS) expect(typeof d.security[f], f).toBe('boolean');
  expect(d.security.threat_score).toBeGreaterThanOrEqual(0);
  expect(d.domains.count).toBe(d.domains.domains.length);
}

describe('simulator: /v2/info body', () => {
  it('gives a full, realistic body for a public IPv4 address', async () => {
    const d = await lookup('ip=203.0.114.7');
    expect(d.ip).toBe('203.0.114.7');
    expect(d.type).toBe('v4');
    expectPublicShape(d);
    expect(d.connection.range).toBe('203.0.114.0/24');
  });

  it('gives a full body for a public IPv6 address, normalised', async () => {
    const d = await lookup(`ip=${encodeURIComponent('2a00:1450:4001:0829:0000:0000:0000:200e')}`);
    expect(d.ip).toBe('2a00:1450:4001:829::200e');
    expect(d.type).toBe('v6');
    expectPublicShape(d);
    expect(d.connection.range).toBe('2a00:1450:4001::/48');
  });

  it('knows next to nothing about private and loopback addresses', async () => {
    for (const [ip, type, kind] of [
      ['192.168.1.10', 'v4', 'PRIVATE'],
      ['10.1.2.3', 'v4', 'PRIVATE'],
      ['127.0.0.1', 'v4', 'LOOPBACK'],
      ['::1', 'v6', 'LOOPBACK'],
      ['fd12:3456::1', 'v6', 'PRIVATE'],
    ] as const) {
      const d = await lookup(`ip=${encodeURIComponent(ip)}`);
      expect(d.ip).toBe(ip);
      expect(d.type).toBe(type);
      expect(d.range_type.type, ip).toBe(kind);
      expect(d.location.country).toBeNull();
      expect(d.location.city).toBeNull();
      expect(d.location.latitude).toBeNull();
      expect(d.connection.asn).toBeNull();
      expect(d.security.threat_score).toBe(0);
    }
  });

  it('is deterministic per IP and varied across IPs', async () => {
    const first = await lookup('ip=198.51.100.23');
    const second = await lookup('ip=198.51.100.23');
    expect(second).toEqual(first);
    const countries = new Set<string>();
    for (let i = 1; i <= 24; i++)
      countries.add((await lookup(`ip=100.${i * 7}.${i}.1`)).location?.country?.alpha2 ?? 'private');
    expect(countries.size).toBeGreaterThanOrEqual(4);
  });

  it('computes timezone.current_time from the clock, with the zone offset and DST', async () => {
    const d = await lookup('ip=203.0.114.7');
    const tz = d.timezone;
    expect(Date.parse(tz.current_time)).toBe(h.clock.now());
    const sign = tz.gmt_offset < 0 ? '-' : '+';
    const abs = Math.abs(tz.gmt_offset);
    const hhmm = `${String(Math.floor(abs / 3600)).padStart(2, '0')}:${String((abs % 3600) / 60).padStart(2, '0')}`;
    expect(tz.current_time.endsWith(`${sign}${hhmm}`)).toBe(true);
    // Find a Berlin entry and check summer vs winter time through the HTTP API.
    const berlinIp = Array.from({ length: 300 }, (_, i) => `81.${i % 250}.${i}.9`).find(
      (ip) => (fakeIpData(ip, 4, 'unicast', 0).timezone as { id: string }).id === 'Europe/Berlin',
    );
    expect(berlinIp).toBeDefined();
    const summer = (await lookup(`ip=${berlinIp}`)).timezone;
    expect(summer).toMatchObject({
      code: 'CEST',
      is_daylight_saving: true,
      gmt_offset: 7200,
      current_time: '2026-07-15T12:30:00+02:00',
    });
    h.clock.set(Date.UTC(2026, 11, 1, 10, 30, 0));
    const winter = (await lookup(`ip=${berlinIp}`)).timezone;
    expect(winter).toMatchObject({
      code: 'CET',
      is_daylight_saving: false,
      gmt_offset: 3600,
      current_time: '2026-12-01T11:30:00+01:00',
    });
  });

  it('honours language=de for the country name, and hostname=1', async () => {
    const germanIp = Array.from({ length: 300 }, (_, i) => `85.${i}.${i % 200}.20`).find(
      (ip) => ((fakeIpData(ip, 4, 'unicast', 0).location as Data).country as Data).alpha2 === 'DE',
    );
    expect(germanIp).toBeDefined();
    const plain = await lookup(`ip=${germanIp}`);
    expect(plain.location.country.name).toBe('Germany');
    expect(plain.hostname).toBeNull();
    const de = await lookup(`ip=${germanIp}&language=de&hostname=1`);
    expect(de.location.country.name).toBe('Deutschland');
    expect(de.hostname).toMatch(new RegExp(`^${germanIp!.replaceAll('.', '-')}\\.`));
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    const mapped = await lookup(`ip=${encodeURIComponent('::ffff:203.0.114.7')}`);
    const plain = await lookup('ip=203.0.114.7');
    expect(mapped).toEqual(plain);
  });
});
