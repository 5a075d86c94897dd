/**
 * `lookup-tray report` end to end (built command, simulator, real keychain): a real public log (OpenSSH, loghub) run
 * as a bulk job with --report, then its report as JSON checked against the job's own rows (the NDJSON export), as
 * Markdown and as a self-contained HTML page, with nothing sent; unknown jobs refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import type { BulkReport } from '../../shared/report';
import { canonicalAddresses } from '../../shared/block-list';
import { IPSET_MISSING, NFT_MISSING, ipsetRestore, nftCheck } from '../helpers/firewall-tools';
import { cli, hasKeyring, ROOT, setUp, tempDir, testKey } from './helpers';

const KEY = testKey('report');
const LOG = join(ROOT, 'test/fixtures/logs/sshd/openssh.log');
let sim: Simulator;
let data: ReturnType<typeof tempDir>;
const sent = () => sim.log.filter((e) => e.path === '/v2/info').length;

beforeAll(async () => {
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: 100, label: 'report' } } });
  data = tempDir();
  if (hasKeyring) await setUp(data.dir, sim.url, KEY);
});
afterAll(async () => {
  if (hasKeyring) await cli(data.dir, ['key', 'remove']);
  await sim.close();
  data.remove();
});

interface Record {
  ip: string;
  hits: number;
  status: string;
  answer: { data?: { location?: { country?: { alpha2?: string } } } } | null;
}

it.runIf(hasKeyring)(
  'bulk --report prints the report when the job ends; report --json adds up to the job and sends nothing',
  async () => {
    const out = join(data.dir, 'out.ndjson');
    const run = await cli(data.dir, ['bulk', LOG, '--yes', '--out', out, '--report']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\nReport: .*openssh\.log\n19 addresses \(\d[\d,]* hits\), 19 answered \(100\.0 %\)\./);
    for (const title of [
      'Countries',
      'Networks',
      'Security flags (an address may carry several flags)',
      'Threat score',
    ])
      expect(run.stdout).toContain(`\n${title}\n`);
    expect(run.stdout).toMatch(/\nTop addresses by hits\nAddress +Threat +Hits +Lines +Country +Organisation +Flags\n/);

    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record);
    const before = sent();
    const r = await cli(data.dir, ['report', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as BulkReport;
    expect(sent()).toBe(before);
    expect(report).toMatchObject({ requests: 0, state: 'finished' });
    expect(report.label).toContain('openssh.log');
    const hits = rows.reduce((s, x) => s + x.hits, 0);
    expect(report.coverage).toEqual({
      total: rows.length,
      answered: rows.length,
      failed: 0,
      pending: 0,
      privateOrReserved: 0,
      notLookedUp: 0,
      hits,
      share: 1,
    });
    // Countries as the rows' answers name them; the top addresses are the rows with the most hits.
    const byCountry = new Map<string, { addresses: number; hits: number }>();
    for (const x of rows) {
      const code = x.answer?.data?.location?.country?.alpha2 ?? 'unknown';
      const c = byCountry.get(code) ?? { addresses: 0, hits: 0 };
      byCountry.set(code, { addresses: c.addresses + 1, hits: c.hits + x.hits });
    }
    expect(Object.fromEntries(report.countries.map((c) => [c.key, { addresses: c.addresses, hits: c.hits }]))).toEqual(
      Object.fromEntries(byCountry),
    );
    const most = [...rows].sort((a, b) => b.hits - a.hits).slice(0, 5);
    expect(report.top.slice(0, 5).map((t) => t.hits)).toEqual(most.map((x) => x.hits));
    expect(report.top[0]!.hits).toBeGreaterThan(1);
    for (const t of [report.flags, report.threat])
      expect(
        t.filter((x) => x.key !== 'vpn' && x.key !== 'tor' && x.key !== 'proxy' && x.key !== 'datacenter').length,
      ).toBeGreaterThan(0);
    expect(report.threat.reduce((s, x) => s + x.addresses, 0)).toBe(rows.length);
  },
);

it.runIf(hasKeyring)('report --markdown and --html --out FILE; an unknown job is refused', async () => {
  const md = await cli(data.dir, ['report', '--markdown']);
  expect(md.code).toBe(0);
  expect(md.stdout).toMatch(/^# Report: .*openssh\.log\n\n19 addresses/);
  expect(md.stdout).toContain('| Country | Addresses | Share | Hits |\n| --- | --: | --: | --: |\n');

  const file = join(data.dir, 'report.html');
  const html = await cli(data.dir, ['report', '--html', '--out', file]);
  expect(html.code).toBe(0);
  expect(html.stderr).toContain(`to ${file}.`);
  const page = readFileSync(file, 'utf8');
  expect(page).toMatch(/^<!doctype html>/);
  expect(page).toContain('<svg');
  expect(page).not.toMatch(/<script/i);

  const list = await cli(data.dir, ['bulk', 'list', '--json']);
  const id = (JSON.parse(list.stdout) as { id: string }[])[0]!.id;
  const byId = await cli(data.dir, ['report', id.slice(0, 8), '--json']);
  expect((JSON.parse(byId.stdout) as BulkReport).jobId).toBe(id);

  const none = await cli(data.dir, ['report', 'ffffffffffff']);
  expect(none.code).toBe(2);
  expect(none.stderr).toContain('No bulk job "ffffffffffff"');
  const both = await cli(data.dir, ['report', '--json', '--markdown']);
  expect(both.code).toBe(2);
});

/** Whether a report's top address needs attention at `threshold` (Tor, proxy, VPN, or the score). */
const flagged = (t: BulkReport['top'][number], threshold: number) =>
  (t.threatScore ?? -1) >= threshold || ['Tor', 'Proxy', 'VPN'].some((f) => t.flags?.includes(f));

it.runIf(hasKeyring)(
  'Needs attention: first in the tables, Markdown and HTML, by threat then hits; --threat-threshold and the setting',
  async () => {
    const json = JSON.parse((await cli(data.dir, ['report', '--json'])).stdout) as BulkReport;
    const a = json.attention;
    expect(a.threshold).toBe(70);
    expect(a.rows.length).toBeGreaterThan(0);
    for (const t of json.top) expect(a.rows.some((x) => x.ip === t.ip)).toBe(flagged(t, 70));
    const scores = a.rows.map((x) => x.threatScore ?? -1);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));

    // The terminal's tables: Needs attention right under the coverage, its first row the highest threat.
    const text = (await cli(data.dir, ['report'])).stdout;
    const first = a.rows[0]!;
    expect(text).toMatch(
      /\n\nNeeds attention \(flagged Tor, proxy or VPN, or a threat score of 70 or more[^\n]*\nAddress +Threat +Hits +Lines/,
    );
    expect(text.indexOf('Needs attention')).toBeLessThan(text.indexOf('\nCountries\n'));
    expect(text).toMatch(
      new RegExp(
        `\\nAddress +Threat[^\\n]*\\n${first.ip.replace(/\./g, '\\.')} +${first.threatScore ?? ''} +${first.hits} `,
      ),
    );

    const md = (await cli(data.dir, ['report', '--markdown'])).stdout;
    expect(md.split('\n').filter((l) => l.startsWith('## '))[0]).toBe('## Needs attention');
    expect(md).toContain(`| ${first.ip} | ${first.threatScore ?? ''} | ${first.hits} |`);
    const html = (await cli(data.dir, ['report', '--html'])).stdout;
    expect(html.indexOf('<h2>Needs attention</h2>')).toBeGreaterThan(0);
    expect(html.indexOf('<h2>Needs attention</h2>')).toBeLessThan(html.indexOf('<h2>Map</h2>'));

    // A lower threshold on the command line takes more in; the setting is the default; a bad value is refused.
    const low = JSON.parse(
      (await cli(data.dir, ['report', '--json', '--threat-threshold', '20'])).stdout,
    ) as BulkReport;
    expect(low.attention.threshold).toBe(20);
    for (const t of json.top) expect(low.attention.rows.some((x) => x.ip === t.ip)).toBe(flagged(t, 20));
    expect(low.attention.total).toBeGreaterThan(a.total);
    expect((await cli(data.dir, ['config', 'set', 'reports.threatThreshold', '20'])).code).toBe(0);
    const set = JSON.parse((await cli(data.dir, ['report', '--json'])).stdout) as BulkReport;
    expect(set.attention).toEqual(low.attention);
    expect((await cli(data.dir, ['config', 'set', 'reports.threatThreshold', '70'])).code).toBe(0);
    const bad = await cli(data.dir, ['report', '--threat-threshold', '101']);
    expect([bad.code, bad.stderr.trim()]).toEqual([
      2,
      'lookup-tray: --threat-threshold must be a whole number from 1 to 100.',
    ]);
  },
);

it.runIf(hasKeyring)(
  'report --block-list: the addresses that need attention, every format, each loaded by its tool where there is one',
  async () => {
    const json = JSON.parse((await cli(data.dir, ['report', '--json'])).stdout) as BulkReport;
    const want = json.attention.rows.map((x) => x.ip);
    const plain = await cli(data.dir, ['report', '--block-list', 'plain']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe(want.map((ip) => `${ip}\n`).join(''));
    expect(plain.stderr).toContain(`${want.length} addresses need attention in`);

    const f2b = (await cli(data.dir, ['report', '--block-list', 'fail2ban'])).stdout.split('\n');
    expect(f2b.filter((l) => l !== '' && !l.startsWith('#'))).toEqual(want);

    const nft = join(data.dir, 'blocked.nft');
    const n = await cli(data.dir, ['report', '--block-list', 'nftables', '--out', nft]);
    expect([n.code, n.stdout]).toEqual([0, '']);
    expect(n.stderr).toContain(`written to ${nft}.`);
    const nftText = readFileSync(nft, 'utf8');
    for (const ip of canonicalAddresses(want).all) expect(nftText).toContain(`\t${ip}`);
    if (NFT_MISSING) console.warn(`Skipped nft --check: ${NFT_MISSING}`);
    else expect(nftCheck(nft)).toMatchObject({ status: 0, stderr: '' });

    const ipset = join(data.dir, 'blocked.ipset');
    expect((await cli(data.dir, ['report', '--block-list', 'ipset', '--out', ipset])).code).toBe(0);
    if (IPSET_MISSING) console.warn(`Skipped ipset restore: ${IPSET_MISSING}`);
    else {
      const r = ipsetRestore(ipset);
      expect(r).toMatchObject({ status: 0, stderr: '' });
      expect(r.stdout.split('\n').filter((l) => l.startsWith('add ')).length).toBe(want.length);
    }

    const wrong = await cli(data.dir, ['report', '--block-list', 'iptables']);
    expect(wrong.code).toBe(2);
    const both = await cli(data.dir, ['report', '--markdown', '--block-list', 'plain']);
    expect([both.code, both.stderr.trim()]).toEqual([
      2,
      'lookup-tray: Choose one of --json, --markdown, --html and --block-list.',
    ]);
  },
);
