import { describe, expect, it } from 'vitest';
import { extractAddresses, MAX_INVALID_LISTED } from '../../../../electron/core/bulk/extract';
import { MAX_EXPANDED } from '../../../../electron/core/bulk/ranges';
import type { EntryProblem } from '../../../../shared/bulk';
import { wordsFor } from '../../../../shared/i18n';

/** An entry's problem as the window and the command line word it in English. */
const said = (p: EntryProblem) => wordsFor('en').w.bulkPreview.entryProblem(p);

const ips = (text: string, opts = {}) => extractAddresses(text, opts).addresses.map((a) => a.ip);

describe('bulk input: addresses out of arbitrary text', () => {
  it('finds IPv4 and IPv6 in any column of a CSV, between words, in brackets and with ports', () => {
    const text = [
      'email,signup_ip,country',
      'a@example.com,8.8.8.8,US',
      '"b@example.com","2001:4860:4860::8888","US"',
      'user c came from 1.1.1.1:443 then [2606:4700::1111]:8443 and left',
      'addr=9.9.9.9;next',
    ].join('\n');
    expect(ips(text)).toEqual(['8.8.8.8', '2001:4860:4860::8888', '1.1.1.1', '2606:4700::1111', '9.9.9.9']);
  });

  it('reads a web-server log without taking times, dates, versions or MAC addresses for addresses', () => {
    const log =
      '203.0.113.9 - - [23/Nov/2026:12:00:10 +0000] "GET /v1.2.3.4x HTTP/1.1" 200 512 "-" "curl/8.5.0" mac 00:1a:2b:3c:4d:5e\n' +
      '2026-11-23 12:00:11 client 8.8.4.4 port 51234 version 1.2.3\n';
    const r = extractAddresses(log, { includeReserved: true });
    expect(r.addresses.map((a) => a.ip)).toEqual(['203.0.113.9', '8.8.4.4']);
    expect(r.invalid).toEqual([]);
  });

  it('skips comment lines, trailing comments and blank lines; line numbers count every line', () => {
    const text = '# my list\n\n8.8.8.8  # google\n// note 1.2.3.4\n; 5.6.7.8\n\r\n9.9.9.9\n';
    const r = extractAddresses(text);
    expect(r.addresses).toEqual([
      { ip: '8.8.8.8', version: 4, line: 3, lastLine: 3, hits: 1, flag: null },
      { ip: '9.9.9.9', version: 4, line: 7, lastLine: 7, hits: 1, flag: null },
    ]);
    expect(r.lines).toBe(7);
  });

  it('normalises and de-duplicates: two spellings of one IPv6 address (and IPv4-mapped IPv6) are one address', () => {
    const r = extractAddresses(
      '2606:4700:0:0:0:0:0:1111\n2606:4700::1111\n8.8.8.8\n::ffff:8.8.8.8\n2606:4700::01111\n2606:4700::0:1111\n',
    );
    expect(r.addresses.map((a) => [a.ip, a.line])).toEqual([
      ['2606:4700::1111', 1],
      ['8.8.8.8', 3],
    ]);
    expect(r.duplicates).toBe(3);
  });

  it('counts the hits of each address (any spelling) with its first and last line', () => {
    const log = [
      'Failed password for root from 203.0.113.9 port 22',
      'Failed password for admin from 198.51.100.7 port 22',
      'Failed password for root from 203.0.113.9 port 22',
      'Accepted publickey for me from 2001:db8::1 port 22',
      'Failed password for root from 203.0.113.9 port 22',
      'Accepted publickey for me from 2001:0db8:0:0::1 port 22',
    ].join('\n');
    const r = extractAddresses(log, { includeReserved: true });
    expect(r.addresses.map((a) => [a.ip, a.hits, a.line, a.lastLine])).toEqual([
      ['203.0.113.9', 3, 1, 5],
      ['198.51.100.7', 1, 2, 2],
      ['2001:db8::1', 2, 4, 6],
    ]);
    expect(r.duplicates).toBe(3);
    const left = extractAddresses('10.0.0.1\n8.8.8.8\n10.0.0.1\n');
    expect(left.excluded.map((a) => [a.ip, a.hits, a.lastLine])).toEqual([['10.0.0.1', 2, 3]]);
  });

  it('lists invalid entries with their line numbers and messages', () => {
    const r = extractAddresses('8.8.8.8\n999.1.2.3\nexample.com\n2001:db8::1::2\n01.2.3.4\n1.2.3\n');
    expect(r.addresses.map((a) => a.ip)).toEqual(['8.8.8.8']);
    expect(r.invalid.map((e) => [e.line, e.text])).toEqual([
      [2, '999.1.2.3'],
      [3, 'example.com'],
      [4, '2001:db8::1::2'],
      [5, '01.2.3.4'],
      [6, '1.2.3'],
    ]);
    expect(r.invalid[1] && said(r.invalid[1].problem)).toContain('Hostnames are not looked up');
    expect(r.invalidCount).toBe(5);
  });

  it('lets a header line through, but not a lone word further down', () => {
    const r = extractAddresses('ip\n8.8.8.8\nhello\n');
    expect(r.invalid.map((e) => e.line)).toEqual([3]);
  });

  it('bounds the invalid list but counts them all', () => {
    const text = Array.from({ length: MAX_INVALID_LISTED + 5 }, (_, i) => `bad${i}`).join('\n');
    const r = extractAddresses(`ip\n${text}`);
    expect(r.invalid).toHaveLength(MAX_INVALID_LISTED);
    expect(r.invalidCount).toBe(MAX_INVALID_LISTED + 5);
  });

  it('flags private, loopback and reserved addresses and leaves them out unless included', () => {
    const text = '10.0.0.1\n127.0.0.1\n192.168.1.1\n8.8.8.8\nfe80::1\n::1\n240.0.0.1\n100.64.0.1\n';
    const r = extractAddresses(text);
    expect(r.addresses.map((a) => a.ip)).toEqual(['8.8.8.8']);
    expect(r.excluded.map((a) => a.ip)).toEqual([
      '10.0.0.1',
      '127.0.0.1',
      '192.168.1.1',
      'fe80::1',
      '::1',
      '240.0.0.1',
      '100.64.0.1',
    ]);
    expect(r.excluded[0]?.flag).toContain('private');
    expect(r.excluded[1]?.flag).toContain('loopback');
    const all = extractAddresses(text, { includeReserved: true });
    expect(all.addresses).toHaveLength(8);
    expect(all.excluded).toEqual([]);
    expect(all.addresses.find((a) => a.ip === '10.0.0.1')?.flag).toContain('private');
  });
});

describe('bulk input: CIDR blocks and a-b ranges', () => {
  it('counts ranges first and expands them only when asked', () => {
    const text = '192.0.2.0/30\n198.51.100.10 - 198.51.100.12\n2001:db8::/126\n8.8.8.8\n';
    const counted = extractAddresses(text, { includeReserved: true });
    expect(counted.ranges).toEqual([
      { line: 1, text: '192.0.2.0/30', size: 4 },
      { line: 2, text: '198.51.100.10-198.51.100.12', size: 3 },
      { line: 3, text: '2001:db8::/126', size: 4 },
    ]);
    expect(counted.rangeAddresses).toBe(11);
    expect(counted.expanded).toBe(false);
    expect(counted.addresses.map((a) => a.ip)).toEqual(['8.8.8.8']);

    const expanded = extractAddresses(text, { includeReserved: true, expandRanges: true });
    expect(expanded.expanded).toBe(true);
    expect(expanded.addresses.map((a) => a.ip)).toEqual([
      '8.8.8.8',
      '192.0.2.0',
      '192.0.2.1',
      '192.0.2.2',
      '192.0.2.3',
      '198.51.100.10',
      '198.51.100.11',
      '198.51.100.12',
      '2001:db8::',
      '2001:db8::1',
      '2001:db8::2',
      '2001:db8::3',
    ]);
    expect(expanded.addresses[1]?.line).toBe(1);
  });

  it('masks a CIDR base to its network and de-duplicates expanded addresses against listed ones', () => {
    const r = extractAddresses('8.8.8.9\n8.8.8.10/31\n', { expandRanges: true });
    expect(r.addresses.map((a) => a.ip)).toEqual(['8.8.8.9', '8.8.8.10', '8.8.8.11']);
    expect(extractAddresses('8.8.8.8/31\n', { expandRanges: true }).duplicates).toBe(0);
    expect(extractAddresses('8.8.8.8\n8.8.8.8/31\n', { expandRanges: true }).duplicates).toBe(1);
  });

  it(`refuses to expand beyond ${MAX_EXPANDED} addresses in total, with a message, and expands exactly that many`, () => {
    const over = extractAddresses('11.0.0.0/16\n12.0.0.0/32\n', { expandRanges: true });
    expect(over.expanded).toBe(false);
    expect(over.rangeAddresses).toBe(65_537);
    expect(over.rangeLimit).toEqual({ total: 65_537, max: MAX_EXPANDED });
    expect(wordsFor('en').w.bulkPreview.rangeLimit(65_537, MAX_EXPANDED)).toBe(
      'The ranges hold 65,537 addresses; at most 65,536 can be expanded. Narrow the ranges or split the list.',
    );
    expect(over.addresses).toEqual([]);
    const huge = extractAddresses('2001:db8::/32\n', { expandRanges: true });
    // 2^96 as a Number: its first 17 digits are exact, the rest rounded (what crosses IPC is a Number).
    expect(huge.rangeLimit && wordsFor('en').w.bulkPreview.rangeLimit(huge.rangeLimit.total, MAX_EXPANDED)).toMatch(
      /^The ranges hold 79,228,162,514,264,3\d\d(,\d{3}){4} addresses;/,
    );
    const atCap = extractAddresses('11.0.0.0/16\n', { expandRanges: true });
    expect(atCap.expanded).toBe(true);
    expect(atCap.addresses).toHaveLength(65_536);
    expect(atCap.addresses.at(-1)?.ip).toBe('11.0.255.255');
  });

  it('reports bad ranges as invalid entries', () => {
    const r = extractAddresses('8.8.8.0/33\n8.8.8.9-8.8.8.1\n8.8.8.8-2001:db8::1\n');
    expect(r.invalid.map((e) => [e.line, said(e.problem)])).toEqual([
      [1, '/33 is not a valid prefix length for IPv4 (0–32).'],
      [2, 'The range ends before it starts.'],
      [3, 'A range must start and end with the same IP version.'],
    ]);
  });
});

describe('bulk input: an address is a whole token, never a piece of another one', () => {
  const none = (text: string) => {
    const r = extractAddresses(text, { includeReserved: true });
    return { ips: r.addresses.map((a) => a.ip), ranges: r.ranges.map((x) => x.text) };
  };

  it('versions are not addresses: package identities, product versions, reduced user agents', () => {
    const text = [
      'Read out cached package applicability for package: Package_for_KB3121255~31bf3856ad364e35~amd64~~6.1.1.0, ApplicableState: 112',
      'Loaded Servicing Stack v6.1.7601.23505 with Core: amd64_microsoft-windows-servicingstack_31bf3856ad364e35_6.1.7601.23505_none',
      'agent nginx-1.25.3.4 build lib_6.1.2.0 v1.2.3.4 x86~6.1.34.0',
      '"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0"',
    ].join('\n');
    expect(none(text)).toEqual({ ips: [], ranges: [] });
  });

  it('C++ scope operators are not addresses (Name::add, Name::ea, Name::f)', () => {
    const text = [
      'corecaptured[31174]: CCIOReporterFormatter::addRegistryChildToChannelDictionary streams 7',
      'kernel[0]: AppleThunderboltGenericHAL::earlyWake - complete - took 0 milliseconds',
      'CCFile::captureLogRun() Exiting CCFile::captureLogRun; std::fabs(x) Foo::f',
    ].join('\n');
    expect(none(text)).toEqual({ ips: [], ranges: [] });
  });

  it('timestamps are not addresses', () => {
    const text = [
      '00000001@2016/9/27:20:30:31.455 WcpInitialize',
      '[23/Nov/2026:12:00:10 +0000] 2026-11-23T12:00:10.123Z 12:00:10.5 duration 1:23:45',
      'Jul  1 09:21:57 host proc[1]: t=1157689312.049',
    ].join('\n');
    expect(none(text)).toEqual({ ips: [], ranges: [] });
    expect(extractAddresses(text).invalid).toEqual([]);
  });

  it('MAC addresses and hex dumps are not addresses (nor invalid entries)', () => {
    const text = [
      'IN=eth0 OUT= MAC=90:10:20:76:8d:20:90:10:65:29:b6:2a:08:00 SRC=8.8.8.8',
      'hw 00:1a:2b:3c:4d:5e eui64 00:11:22:33:44:55:66:77 dump de:ad:be:ef:00:11:22:33',
      '0000: 4500 003c 1c46 4000 stack @0x7fed806eb5d @0xff83e97c',
    ].join('\n');
    const r = extractAddresses(text, { includeReserved: true });
    expect(r.addresses.map((a) => a.ip)).toEqual(['8.8.8.8']);
    expect(r.invalid).toEqual([]);
  });

  it('OIDs (more than four arcs) and UUIDs are not addresses', () => {
    const text = [
      'snmp OID=1.3.6.1.4.1.311.21.8 oid 1.3.6.1.2.1.1.3.0 (2.5.29.17.1) iso.3.6.1.4.1',
      'id 123e4567-e89b-12d3-a456-426614174000 {6F9619FF-8B86-D011-B42D-00C04FC964FF}',
    ].join('\n');
    expect(none(text)).toEqual({ ips: [], ranges: [] });
  });

  it('still finds addresses after labels, slashes and brackets, with ports, zones and sentence ends', () => {
    const text = [
      'configd[53]: network changed: v4(en0:9.9.9.9) v6(en0!:2607:f140:6000:8:f1dc:a608:863:19ad) DNS Proxy SMB',
      'v6(en0-:2607:f140:6000:8:d8d1:d506:6046:43e4) v6(en0+:2607:f140:6000:8:c6b3:1ff:fecd:467f)',
      'Deny tcp src outside:8.8.4.4/53638 dst inside:10.0.0.132/8111 TCP_MISS/200 DIRECT/207.58.145.61 text/html',
      'addStoredBlock: blockMap updated: /1.0.0.1:50010 is added; Received disconnect from 173.234.31.186: 11: Bye',
      'client 149.112.112.112#53 root@208.67.222.222 share \\\\4.2.2.2\\public seen 1.1.1.1. Then [2606:4700::1111]:443',
    ].join('\n');
    expect(none(text).ips).toEqual([
      '9.9.9.9',
      '2607:f140:6000:8:f1dc:a608:863:19ad',
      '2607:f140:6000:8:d8d1:d506:6046:43e4',
      '2607:f140:6000:8:c6b3:1ff:fecd:467f',
      '8.8.4.4',
      '10.0.0.132',
      '207.58.145.61',
      '1.0.0.1',
      '173.234.31.186',
      '149.112.112.112',
      '208.67.222.222',
      '4.2.2.2',
      '1.1.1.1',
      '2606:4700::1111',
    ]);
  });

  it('in a longer line, address/n is a range only when it starts one; otherwise the address (and its port)', () => {
    const r = extractAddresses('inet 8.8.8.5/24 brd 8.8.8.255\nallow 9.9.9.0/30 from 1.1.1.1/53\n8.8.4.4/33\n', {
      includeReserved: true,
    });
    expect(r.addresses.map((a) => a.ip)).toEqual(['8.8.8.5', '8.8.8.255', '1.1.1.1']);
    expect(r.ranges.map((x) => x.text)).toEqual(['9.9.9.0/30']);
    expect(r.invalid.map((e) => e.text)).toEqual(['8.8.4.4/33']);
  });
});

describe('bulk input: noise in a log, bad entries in a list (issue 41)', () => {
  const ua = (v: string) =>
    `"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v} Safari/537.36"`;

  it('in a log, version-like tokens are skipped and counted once with an example, not listed as entries', () => {
    const lines = [
      `8.8.8.8 - - [05/Jan/2026:00:00:01 +0000] "GET / HTTP/1.1" 200 12 ${ua('120.0.6099.109')}`,
      `1.1.1.1 - - [05/Jan/2026:00:00:02 +0000] "GET / HTTP/1.1" 200 12 ${ua('119.0.6045.199')}`,
      `8.8.8.8 - - [05/Jan/2026:00:00:03 +0000] "GET / HTTP/1.1" 404 12 ${ua('120.0.6099.109')}`,
      `2a01:4f8::1 - - [05/Jan/2026:00:00:04 +0000] "GET /x HTTP/1.1" 200 7 "Windows NT 10.0.19045.3803"`,
    ];
    const r = extractAddresses(lines.join('\n'));
    expect(r.kind).toBe('log');
    expect(r.addresses.map((a) => [a.ip, a.hits, a.line, a.lastLine])).toEqual([
      ['8.8.8.8', 2, 1, 3],
      ['1.1.1.1', 1, 2, 2],
      ['2a01:4f8::1', 1, 4, 4],
    ]);
    expect(r.invalid).toEqual([]);
    expect(r.invalidCount).toBe(0);
    expect(r.noise).toBe(4);
    expect(r.noiseExample).toBe('120.0.6099.109');
  });

  it('in a list (one entry a line), a bad entry is reported by its line as before, and nothing is noise', () => {
    const r = extractAddresses('8.8.8.8\n120.0.6099.109\n1.1.1.1 # office\nexample.com\n');
    expect(r.kind).toBe('list');
    expect(r.invalid.map((e) => [e.line, e.text])).toEqual([
      [2, '120.0.6099.109'],
      [4, 'example.com'],
    ]);
    expect(r.noise).toBe(0);
    expect(r.noiseExample).toBeNull();
  });

  it('a list with a few free-text lines is still a list: their bad tokens are entries, in line order', () => {
    const r = extractAddresses('8.8.8.8\n999.1.1.1\nseen from 300.1.2.3 at noon\n1.1.1.1\n');
    expect(r.kind).toBe('list');
    expect(r.invalid.map((e) => [e.line, e.text])).toEqual([
      [2, '999.1.1.1'],
      [3, '300.1.2.3'],
    ]);
    expect(r.invalidCount).toBe(2);
  });
});
