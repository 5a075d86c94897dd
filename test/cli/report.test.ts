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
    expect(run.stdout).toMatch(/\nTop addresses by hits\nAddress +Hits +Lines +Country +Organisation +Flags\n/);

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
