import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { parseIp, rangeWords } from '../../../shared/ip';
import { RANGE_KINDS } from '../../../shared/range-kind';

describe('parseIp: what the user may type', () => {
  it.each([
    ['8.8.8.8', '8.8.8.8', 4],
    ['  8.8.8.8\n', '8.8.8.8', 4],
    ['\t1.1.1.1 ', '1.1.1.1', 4],
    ['2001:4860:4860::8888', '2001:4860:4860::8888', 6],
    ['2001:4860:4860:0000:0000:0000:0000:8888', '2001:4860:4860::8888', 6],
    ['2001:4860:4860::8888'.toUpperCase(), '2001:4860:4860::8888', 6],
    ['::ffff:8.8.4.4', '8.8.4.4', 4],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:102:304', 6],
  ])('accepts %j as %s (IPv%d), normalised', (input, ip, version) => {
    const r = parseIp(input);
    expect(r).toMatchObject({ ok: true, ip, version, flag: null });
  });

  it('reads "::1.2.3.4" as the IPv6 address it is (::102:304), not as the IPv4-mapped ::ffff:1.2.3.4', () => {
    // ipaddr.js alone reads it as mapped: a block list would then name 1.2.3.4, another host.
    expect(parseIp('::1.2.3.4')).toMatchObject({ ok: true, ip: '::102:304', version: 6 });
    expect(parseIp('::5.209.72.147')).toMatchObject({ ok: true, ip: '::5d1:4893', version: 6 });
    expect(parseIp('::FFFF:1.2.3.4')).toMatchObject({ ok: true, ip: '1.2.3.4', version: 4 });
    expect(parseIp('64:ff9b::1.2.3.4')).toMatchObject({ ok: true, ip: '64:ff9b::102:304', version: 6 });
  });

  it.each([
    ['10.1.2.3', 'private'],
    ['192.168.0.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['2001:db8::1', 'reserved'],
  ])('allows %s but flags it (%s)', (input, word) => {
    const r = parseIp(input);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.flag).toMatch(/the service may know little about it/);
      expect(r.flag?.toLowerCase()).toContain(word);
    }
  });

  it('names a reserved address once: "A reserved address", never "A reserved address (reserved)"', () => {
    for (const ip of ['2001:db8::1', '203.0.113.9', '240.0.0.1']) {
      const r = parseIp(ip);
      expect(r.ok && r.flag).toBe('A reserved address: the service may know little about it.');
    }
    const b = parseIp('255.255.255.255');
    expect(b.ok && b.flag).toBe('The broadcast address: the service may know little about it.');
  });

  it.each([
    ['', /Enter an IP address/],
    ['   ', /Enter an IP address/],
    ['example.com', /Hostnames are not looked up/],
    ['localhost', /Hostnames are not looked up/],
    ['10.0.0.0/8', /not a range/],
    ['2001:db8::/32', /not a range/],
    ['1.2.3.4:80', /without a port/],
    ['[2001:db8::1]:443', /without a port/],
    ['[::1]', /without a port/],
    ['fe80::1%eth0', /Zone ids/],
    ['999.1.1.1', /not a valid IPv4/],
    ['1.2.3', /not a valid IPv4/],
    ['1.2.3.4.5', /not a valid IPv4/],
    ['01.2.3.4', /not a valid IPv4/],
    ['0x7f.0.0.1', /not an IP address/],
    ['1.2.3.4 5.6.7.8', /without spaces/],
    ['1::2::3', /not a valid IPv6/],
    ['1:2:3:4:5:6:7:8:9', /not a valid IPv6/],
    ['12345::1', /not a valid IPv6/],
    ['x'.repeat(10_000), /too long/],
  ])('refuses %j with a clear message', (input, message) => {
    const r = parseIp(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(wordsFor('en').w.outcome.ipProblem(r.problem)).toMatch(message);
  });

  // Bug found and fixed here: ipaddr.js reads the embedded IPv4 of an IPv6 address leniently
  // ("010" as 10, "0x10" as 16), so "::ffff:0x10.2.3.4" was silently looked up as 16.2.3.4.
  it.each(['::ffff:0x10.2.3.4', '::ffff:010.2.3.4', '::ffff:1.2.3.04', '::ffff:0001.2.3.4'])(
    'refuses the non-decimal embedded IPv4 in %s',
    (input) => {
      expect(parseIp(input).ok).toBe(false);
    },
  );

  it('refuses what is not a string', () => {
    for (const v of [null, undefined, 42, {}, ['1.2.3.4']]) expect(parseIp(v).ok).toBe(false);
  });

  it('shortens long input quoted in its message', () => {
    const r = parseIp(`host-${'a'.repeat(80)}`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(wordsFor('en').w.outcome.ipProblem(r.problem).length).toBeLessThan(200);
  });
});

describe("a non-public address's name is written once, in the uiResult area", () => {
  const en = wordsFor('en').w.uiResult;

  it("parseIp's note and rangeWords say what the window says, for every kind", () => {
    for (const kind of RANGE_KINDS) expect(rangeWords(kind), kind).toBe(en.rangeName(kind));
    expect(rangeWords('uniqueLocal')).toBe('A private address');
    expect(rangeWords('something-new')).toBe('A reserved address');
    expect(rangeWords('unicast')).toBeNull();
    for (const [ip, kind] of [
      ['127.0.0.1', 'loopback'],
      ['fd00::1', 'private'],
      ['100.64.0.1', 'carrierGradeNat'],
    ] as const) {
      const r = parseIp(ip);
      expect(r.ok && r.flag, ip).toBe(en.note(kind));
    }
  });

  it('shared/ip.ts holds no copy of the range names', () => {
    const ip = readFileSync('shared/ip.ts', 'utf8');
    for (const kind of RANGE_KINDS) expect(ip, kind).not.toContain(`'${en.rangeName(kind)}'`);
  });
});
