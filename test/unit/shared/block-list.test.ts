/**
 * Block lists (shared/block-list.ts): every address canonical and validated, nothing else written, and each file
 * loaded by the tool it names — nft --check / nft -f and ipset restore, in a private network namespace
 * (test/helpers/firewall-tools.ts; skipped with the reason printed where a tool is absent).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { BLOCK_LIST_FORMAT_IDS, blockList, canonicalAddresses, type BlockListFormat } from '../../../shared/block-list';
import { FC_SEED } from '../../helpers/fast-check-seed';
import { IPSET_MISSING, NFT_MISSING, ipsetRestore, nftCheck, nftLoad } from '../../helpers/firewall-tools';

const SRC = {
  what: 'needs attention (threat 70+, Tor, proxy, VPN)',
  label: 'auth.log',
  madeAt: Date.UTC(2026, 10, 26),
};
const dir = mkdtempSync(join(tmpdir(), 'lookup-tray-block-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(format: BlockListFormat, ips: Iterable<string>, label = SRC.label): string {
  const path = join(dir, `list-${n++}.${format}`);
  writeFileSync(path, blockList(format, ips, { ...SRC, label }).text);
  return path;
}

/** What the service or a log could give as an "address": hostile, odd, or in a non-canonical form. */
const HOSTILE = [
  '203.0.113.7',
  '203.0.113.7', // twice
  '2001:DB8:0:0::1', // → 2001:db8::1
  '::ffff:198.51.100.9', // IPv4-mapped → 198.51.100.9
  '198.51.100.9', // the same again
  '  192.0.2.44 ', // trimmed
  '1.2.3.4; drop table inet filter',
  '1.2.3.4\nadd lookup-tray-v4 6.6.6.6',
  '203.0.113.0/24',
  '010.1.1.1',
  'fe80::1%eth0',
  '} ; flush ruleset ; {',
  '',
];

/** A seeded set of addresses of both families (printed, for a failure to be replayed). */
function generated(): string[] {
  const v4 = fc.ipV4();
  const v6 = fc.ipV6();
  console.log(`block-list addresses: fast-check seed ${FC_SEED}`);
  return fc.sample(fc.oneof(v4, v6), { seed: FC_SEED, numRuns: 300 });
}

describe('block lists: what is written', () => {
  it('only valid addresses, canonical and once each; anything else is counted, never written', () => {
    const a = canonicalAddresses(HOSTILE);
    expect(a.all).toEqual(['203.0.113.7', '2001:db8::1', '198.51.100.9', '192.0.2.44']);
    expect(a.skipped).toBe(7);
    for (const format of BLOCK_LIST_FORMAT_IDS) {
      const text = blockList(format, HOSTILE, { ...SRC, label: 'evil\nadd lookup-tray-v4 6.6.6.6 ✓' }).text;
      expect(text, format).not.toMatch(/6\.6\.6\.6\n|drop table|flush ruleset|\/24|010\.|%eth0/);
      // The job's label is in a comment line of its own, one line, printable ASCII.
      for (const line of text.split('\n')) expect(line, format).toMatch(/^[\x20-\x7e\t]*$/);
    }
  });

  it('plain: one address a line in the order given; fail2ban: the same under # comments saying how to ban them', () => {
    expect(blockList('plain', HOSTILE, SRC).text).toBe('203.0.113.7\n2001:db8::1\n198.51.100.9\n192.0.2.44\n');
    expect(blockList('plain', [], SRC).text).toBe('');
    const f2b = blockList('fail2ban', HOSTILE, SRC).text.split('\n');
    expect(f2b.filter((l) => l !== '' && !l.startsWith('#'))).toEqual([
      '203.0.113.7',
      '2001:db8::1',
      '198.51.100.9',
      '192.0.2.44',
    ]);
    expect(f2b).toContain("#   fail2ban-client set JAIL banip $(grep -v '^#' FILE)");
  });
});

/** The elements of a set in `nft list ruleset`'s output, canonical (nft prints ::5d1:4893 as ::5.209.72.147), sorted. */
function elements(ruleset: string, set: string): string[] {
  const body = new RegExp(`set ${set} \\{[^}]*?elements = \\{([^}]*)\\}`).exec(ruleset)?.[1] ?? '';
  // ipaddr.js reads "::a.b.c.d" as IPv4-mapped (::ffff:a.b.c.d): the dotted tail is made hex before it is read.
  const hexTail = (ip: string) =>
    ip.replace(/:(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a: string, b: string, c: string, d: string) => {
      const hex = (x: string, y: string) => ((Number(x) << 8) | Number(y)).toString(16);
      return `:${hex(a, b)}:${hex(c, d)}`;
    });
  return canonicalAddresses(
    body
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(hexTail),
  ).all.sort();
}

describe.skipIf(NFT_MISSING !== null)('block lists: nftables, checked and loaded by nft', () => {
  it('a list of both families, an empty one, and one family alone: nft --check accepts each and loads it twice', () => {
    for (const ips of [[...HOSTILE, ...generated()], [], ['192.0.2.1'], ['2001:db8::2']]) {
      const path = file('nftables', ips);
      const check = nftCheck(path);
      expect(check.stderr, path).toBe('');
      expect(check.status).toBe(0);
      const load = nftLoad(path);
      expect(load.status, load.stderr).toBe(0);
      const a = canonicalAddresses(ips);
      expect(load.stdout).toContain('set blocked_v4 {\n\t\ttype ipv4_addr');
      expect(load.stdout).toContain('set blocked_v6 {\n\t\ttype ipv6_addr');
      // Every address in its set, once (loaded twice: the sets are emptied first), as nft reads it back.
      expect(elements(load.stdout, 'blocked_v4')).toEqual([...a[4]].sort());
      expect(elements(load.stdout, 'blocked_v6')).toEqual([...a[6]].sort());
    }
  });

  it('the check is real: a file with an address nft cannot read fails it', () => {
    const path = file('nftables', ['192.0.2.1']);
    writeFileSync(path, blockList('nftables', ['192.0.2.1'], SRC).text.replace('192.0.2.1', '192.0.2.300'));
    expect(nftCheck(path).status).not.toBe(0);
  });
});
if (NFT_MISSING) console.warn(`Skipped the nftables checks: ${NFT_MISSING}`);

describe.skipIf(IPSET_MISSING !== null)('block lists: ipset, restored by ipset', () => {
  it('a list of both families and an empty one: ipset restore loads each twice, every address in its set', () => {
    for (const ips of [[...HOSTILE, ...generated()], []]) {
      const path = file('ipset', ips);
      const r = ipsetRestore(path);
      expect(r.stderr, path).toBe('');
      expect(r.status).toBe(0);
      const a = canonicalAddresses(ips);
      const added = r.stdout.split('\n').filter((l) => l.startsWith('add '));
      expect(added.filter((l) => l.startsWith('add lookup-tray-v4 ')).length).toBe(a[4].length);
      expect(added.filter((l) => l.startsWith('add lookup-tray-v6 ')).length).toBe(a[6].length);
      expect(r.stdout).toMatch(/create lookup-tray-v4 hash:ip family inet /);
      expect(r.stdout).toMatch(/create lookup-tray-v6 hash:ip family inet6 /);
    }
  });

  it('the restore is real: an add line ipset cannot read fails it', () => {
    const path = file('ipset', ['192.0.2.1']);
    writeFileSync(path, blockList('ipset', ['192.0.2.1'], SRC).text.replace('192.0.2.1', '192.0.2.300'));
    expect(ipsetRestore(path).status).not.toBe(0);
  });
});
if (IPSET_MISSING) console.warn(`Skipped the ipset checks: ${IPSET_MISSING}`);
