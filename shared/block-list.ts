/**
 * Block lists (issue 41): the addresses a report says need attention, or a filtered results table's, as a file a
 * firewall or a ban tool loads. Four formats, each valid for the tool it names (test/unit/shared/block-list.test.ts
 * loads them with `nft --check` and `ipset restore` in a private network namespace):
 * - `plain`: one address a line, nothing else (empty for none).
 * - `nftables`: an `nft -f` file: table `inet lookup_tray` with the named sets `blocked_v4` (ipv4_addr) and
 *   `blocked_v6` (ipv6_addr), emptied and filled again on each load, so a rule of the table's own (say
 *   `ip saddr @blocked_v4 drop` in a chain you add) keeps working as the list changes; an empty set is valid.
 * - `ipset`: an `ipset restore` file: `create lookup-tray-v4 hash:ip family inet …` and `…-v6 … family inet6` (both
 *   `-exist`, so loading again is fine), `flush`, then one `add` line per address.
 * - `fail2ban`: the plain list with `#` comment lines above it saying how to use it: every other line is one address,
 *   what `fail2ban-client set JAIL banip ADDRESS…` takes (and a banaction's or an `ignoreip` list's reader).
 * Every address is validated and written in its canonical form (shared/ip.ts parseIp: IPv4 dotted quad, IPv6
 * compressed, an IPv4-mapped IPv6 address as its IPv4); what is not one address is never written, only counted.
 */
import { parseIp } from './ip';
import type { BlockListFormat } from './file-formats';

export { BLOCK_LIST_FORMATS, BLOCK_LIST_FORMAT_IDS, isBlockListFormat, type BlockListFormat } from './file-formats';

/** The nftables table and sets, and the ipset sets, a block list defines. */
export const NFT_TABLE = 'lookup_tray';
export const NFT_SETS = { 4: 'blocked_v4', 6: 'blocked_v6' } as const;
export const IPSET_SETS = { 4: 'lookup-tray-v4', 6: 'lookup-tray-v6' } as const;
/** Fixed, so that loading a longer list again meets the same set (ipset refuses `create` with other options). */
const IPSET_MAXELEM = 1_048_576;

export interface BlockListSource {
  /** What the addresses are: "needs attention (threat ≥ 70, Tor, proxy, VPN)". */
  what: string;
  /** The job's label (outside text: shown in a comment, made safe for it). */
  label: string;
  madeAt: number;
}

export interface BlockList {
  text: string;
  v4: number;
  v6: number;
  /** Entries that were not one valid address (never written). */
  skipped: number;
}

/** Outside text for a `#` comment line: printable ASCII only (others as "?"), one line, at most 80 characters. */
export function commentSafe(text: string): string {
  const flat = text.replace(/[^\x20-\x7e]/g, '?');
  return flat.length > 80 ? `${flat.slice(0, 79)}~` : flat;
}

type Families = { 4: string[]; 6: string[] };

/** The canonical, de-duplicated addresses by family, in the order given. */
export function canonicalAddresses(ips: Iterable<string>): Families & { all: string[]; skipped: number } {
  const out = { 4: [] as string[], 6: [] as string[], all: [] as string[], skipped: 0 };
  const seen = new Set<string>();
  for (const ip of ips) {
    const r = parseIp(ip);
    if (!r.ok) {
      out.skipped++;
      continue;
    }
    if (seen.has(r.ip)) continue;
    seen.add(r.ip);
    out[r.version].push(r.ip);
    out.all.push(r.ip);
  }
  return out;
}

function header(src: BlockListSource, n: Families): string[] {
  const made = new Date(src.madeAt).toISOString().slice(0, 16).replace('T', ' ');
  return [
    `# Lookup Tray block list: ${commentSafe(src.what)}`,
    `# Job: ${commentSafe(src.label)}; made ${made} UTC; ${n[4].length} IPv4 and ${n[6].length} IPv6 addresses.`,
  ];
}

function nftables(src: BlockListSource, a: Families): string[] {
  const sets = ([4, 6] as const).flatMap((v) => [`\tset ${NFT_SETS[v]} {`, `\t\ttype ipv${v}_addr`, '\t}']);
  const fill = ([4, 6] as const).flatMap((v) =>
    a[v].length === 0
      ? []
      : [
          `add element inet ${NFT_TABLE} ${NFT_SETS[v]} {`,
          ...a[v].map((ip, i, all) => `\t${ip}${i < all.length - 1 ? ',' : ''}`),
          '}',
        ],
  );
  return [
    '#!/usr/sbin/nft -f',
    ...header(src, a),
    `# Load with: nft -f FILE. Its sets are emptied and filled again on each load; drop their traffic with a`,
    `# chain of this table, e.g. nft 'add chain inet ${NFT_TABLE} input { type filter hook input priority -1; }'`,
    `# and nft add rule inet ${NFT_TABLE} input ip saddr @${NFT_SETS[4]} drop (ip6 saddr @${NFT_SETS[6]} too).`,
    `table inet ${NFT_TABLE} {`,
    ...sets,
    '}',
    ...([4, 6] as const).map((v) => `flush set inet ${NFT_TABLE} ${NFT_SETS[v]}`),
    ...fill,
  ];
}

function ipset(src: BlockListSource, a: Families): string[] {
  return [
    ...header(src, a),
    `# Load with: ipset restore < FILE (the sets are emptied and filled again on each load).`,
    ...([4, 6] as const).map(
      (v) =>
        `create ${IPSET_SETS[v]} hash:ip family ${v === 4 ? 'inet' : 'inet6'} hashsize 1024 maxelem ${IPSET_MAXELEM} -exist`,
    ),
    ...([4, 6] as const).map((v) => `flush ${IPSET_SETS[v]}`),
    ...([4, 6] as const).flatMap((v) => a[v].map((ip) => `add ${IPSET_SETS[v]} ${ip} -exist`)),
  ];
}

function fail2ban(src: BlockListSource, a: Families & { all: string[] }): string[] {
  return [
    ...header(src, a),
    '# One address a line; lines starting with # are comments. Ban them all in a jail with:',
    "#   fail2ban-client set JAIL banip $(grep -v '^#' FILE)",
    ...a.all,
  ];
}

/** The block list of `ips` in `format` (in the order given: most telling first; IPv4 then IPv6 in the files by family). */
export function blockList(format: BlockListFormat, ips: Iterable<string>, src: BlockListSource): BlockList {
  const a = canonicalAddresses(ips);
  const lines =
    format === 'nftables'
      ? nftables(src, a)
      : format === 'ipset'
        ? ipset(src, a)
        : format === 'fail2ban'
          ? fail2ban(src, a)
          : a.all;
  return { text: lines.length ? `${lines.join('\n')}\n` : '', v4: a[4].length, v6: a[6].length, skipped: a.skipped };
}
