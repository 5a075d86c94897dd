/**
 * The report's arithmetic (electron/core/bulk/report.ts) on answers with missing and odd fields: every answered address
 * is in exactly one row of each breakdown, what an answer does not say is unknown (never guessed), and pending,
 * failed and private addresses are counted apart. Then the report of a real job against the simulator.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { computeReport } from '../../../../electron/core/bulk/report';
import { answerFacts, readAnswer } from '../../../../shared/answer';
import { extractAddresses } from '../../../../electron/core/bulk/extract';
import type { BulkItemRow } from '../../../../electron/core/storage/state-db-bulk';
import type { BulkJobInfo } from '../../../../shared/bulk';
import { MAX_ROWS, MAX_TOP, reportToMarkdown, type BulkReport, type ReportRow } from '../../../../shared/report';
import { NONE_STRINGS_ANSWER } from '../../../fixtures/answers/none-strings';
import { addresses, startBulk, type BulkHarness } from '../../../helpers/bulk-harness';

const JOB: BulkJobInfo = {
  id: 'j1',
  label: 'auth.log',
  profile: 'default',
  createdAt: 0,
  updatedAt: 0,
  state: 'stopped',
  reason: 'budget-floor',
  message: null,
  floor: { percent: 5 },
  active: false,
  total: 0,
  done: 0,
  fromCache: 0,
  failed: 0,
  left: 0,
  sent: 0,
  rateLimited: 0,
};

let seq = 0;
function row(ip: string, body: unknown, over: Partial<BulkItemRow> = {}): BulkItemRow {
  seq++;
  return {
    seq,
    ip,
    line: seq,
    lastLine: seq,
    hits: 1,
    flag: null,
    status: 'done',
    source: 'network',
    kind: 'ok',
    error: null,
    body,
    answeredAt: 0,
    ...over,
  };
}

const answer = (o: {
  country?: [string, string] | null;
  asn?: unknown;
  org?: unknown;
  security?: Record<string, unknown> | null;
  lat?: unknown;
  lon?: unknown;
  city?: string;
}) => ({
  data: {
    location: {
      ...(o.country ? { country: { alpha2: o.country[0], name: o.country[1] } } : {}),
      ...(o.city ? { city: { name: o.city } } : {}),
      latitude: o.lat,
      longitude: o.lon,
    },
    connection: { asn: o.asn, organization: o.org },
    ...(o.security === null ? {} : { security: o.security ?? {} }),
  },
});

const sum = (rows: ReportRow[], k: 'addresses' | 'hits' = 'addresses') => rows.reduce((s, r) => s + r[k], 0);
const keyed = (rows: ReportRow[]) => Object.fromEntries(rows.map((r) => [r.key, [r.addresses, r.hits]]));

function report(rows: (BulkItemRow & { facts?: string | null })[]): BulkReport {
  return computeReport(JOB, rows, 1_000);
}

describe('the report of a job: arithmetic on answers with missing and odd fields', () => {
  const DE = (over: Parameters<typeof answer>[0] = {}) =>
    answer({
      country: ['DE', 'Germany'],
      asn: 3320,
      org: 'Deutsche Telekom',
      security: { is_vpn: false, is_tor: false, is_proxy: false, is_datacenter: false, threat_score: 10 },
      lat: 52.52,
      lon: 13.4,
      city: 'Berlin',
      ...over,
    });
  const rows = () => [
    row('203.0.113.1', DE(), { hits: 400, line: 1, lastLine: 900 }),
    row('203.0.113.2', DE({ security: { is_vpn: true, is_tor: true, threat_score: 80 } }), { hits: 3 }),
    // No country, an ASN as text with its prefix, no security object at all, coordinates out of range.
    row('203.0.113.3', answer({ asn: 'as13335 ', org: 'Cloudflare', security: null, lat: 95, lon: 10 }), { hits: 2 }),
    // Odd types: a country code of three letters (no code, the name kept), a threat score above 100, flags as text.
    row(
      '203.0.113.4',
      answer({
        country: ['XYZ', 'Narnia'],
        asn: null,
        org: 42,
        security: { is_vpn: 'yes', is_datacenter: true, threat_score: 150 },
        lat: '1',
        lon: 2,
      }),
    ),
    // Not an object at all; an empty security object (says nothing).
    row('203.0.113.5', 'not json'),
    row(
      '203.0.113.6',
      answer({ country: ['de', 'Germany'], asn: 3320, org: 'DTAG', security: {}, lat: 52.5, lon: 13.4 }),
    ),
    // Counted apart: private (kept at input), failed, pending.
    row('10.0.0.1', answer({}), { flag: 'Private network', hits: 50 }),
    row('198.51.100.9', null, { status: 'failed', source: null, kind: 'server-error', error: 'Server error', hits: 7 }),
    row('198.51.100.10', null, { status: 'pending', source: null, kind: null, answeredAt: null }),
  ];

  it('coverage: answered, private, failed and pending add up to the job, hits to the input', () => {
    const r = report(rows());
    expect(r.requests).toBe(0);
    expect(r.coverage).toEqual({
      total: 9,
      answered: 6,
      failed: 1,
      pending: 1,
      privateOrReserved: 1,
      notLookedUp: 3,
      hits: 400 + 3 + 2 + 1 + 1 + 1 + 50 + 7 + 1,
      share: 6 / 9,
    });
    expect(r).toMatchObject({ jobId: 'j1', label: 'auth.log', state: 'stopped', madeAt: 1_000 });
  });

  it('countries and ASNs: each answered address in one row, unknown apart, shares of the answered', () => {
    const r = report(rows());
    expect(keyed(r.countries)).toEqual({ DE: [3, 404], Narnia: [1, 1], unknown: [2, 3] });
    expect(r.countries.map((c) => c.label)).toEqual(['Germany', 'Narnia', 'Unknown']);
    expect(r.countries[0]!.share).toBeCloseTo(3 / 6);
    expect(sum(r.countries)).toBe(r.coverage.answered);
    expect(keyed(r.asns)).toEqual({ AS3320: [3, 404], AS13335: [1, 2], unknown: [2, 2] });
    // The organisation named most often for the ASN; a number where a name belongs is no name.
    expect(r.asns.find((a) => a.key === 'AS3320')!.organization).toBe('Deutsche Telekom');
    expect(r.asns.find((a) => a.key === 'unknown')!.organization).toBeNull();
    expect(sum(r.asns)).toBe(r.coverage.answered);
  });

  it('flags and threat bands: only what the answer says; "yes" is not true and 150 is no score', () => {
    const r = report(rows());
    expect(keyed(r.flags)).toEqual({
      vpn: [1, 3],
      tor: [1, 3],
      proxy: [0, 0],
      datacenter: [1, 1],
      none: [1, 400],
      unknown: [3, 4],
    });
    expect(r.flags.map((f) => f.label)).toEqual(['VPN', 'Tor', 'Proxy', 'Datacenter', 'None flagged', 'Unknown']);
    expect(keyed(r.threat)).toEqual({
      '0-24': [1, 400],
      '25-49': [0, 0],
      '50-74': [0, 0],
      '75-100': [1, 3],
      unknown: [4, 5],
    });
    expect(sum(r.threat)).toBe(r.coverage.answered);
  });

  it('top addresses by hits (input order among equals), places by their names', () => {
    const r = report(rows());
    expect(r.top.slice(0, 4).map((t) => [t.ip, t.hits])).toEqual([
      ['203.0.113.1', 400],
      ['10.0.0.1', 50],
      ['198.51.100.9', 7],
      ['203.0.113.2', 3],
    ]);
    expect(r.top[0]).toMatchObject({
      line: 1,
      lastLine: 900,
      country: 'Germany',
      countryCode: 'DE',
      organization: 'Deutsche Telekom',
      flags: [],
      threatScore: 10,
    });
    expect(r.top.find((t) => t.ip === '203.0.113.3')).toMatchObject({ country: null, flags: null, threatScore: null });
    expect(r.top.find((t) => t.ip === '198.51.100.10')).toMatchObject({ status: 'pending', country: null });
    // Berlin's two addresses (the threat among them colours it); the one naming Germany alone is a place of its own
    // at the same coordinates (places are named places); Narnia's latitude is text: no point.
    expect(r.places).toEqual([
      { lat: 52.5, lon: 13.4, hits: 403, addresses: 2, flag: 'threat', label: 'Berlin, Germany' },
      { lat: 52.5, lon: 13.4, hits: 1, addresses: 1, flag: 'unknown', label: 'Germany' },
    ]);
  });

  it('places: one per named place wherever its coordinates fall, at its most hit address; unnamed ones by 0.1°', () => {
    const at = (lat: number, lon: number, city?: string) =>
      answer({ country: city ? ['BR', 'Brazil'] : null, city, lat, lon, security: {} });
    const r = report([
      row('198.51.100.1', at(-23.55, -46.64, 'São Paulo'), { hits: 5 }),
      row('198.51.100.2', at(-23.71, -46.41, 'São Paulo'), { hits: 53 }),
      row('198.51.100.3', at(-23.4, -46.9, 'são  paulo'), { hits: 4 }),
      row('198.51.100.4', at(-22.9, -43.2, 'Rio de Janeiro'), { hits: 1 }),
      // No name at all: by rounded coordinates, two addresses in one cell and one in another.
      row('198.51.100.5', at(10.01, 20.02), { hits: 2 }),
      row('198.51.100.6', at(10.04, 19.98), { hits: 2 }),
      row('198.51.100.7', at(10.2, 20), { hits: 1 }),
    ]);
    expect(r.places.map((p) => [p.label, p.hits, p.addresses, p.lat, p.lon])).toEqual([
      ['São Paulo, Brazil', 62, 3, -23.7, -46.4],
      ['10, 20', 4, 2, 10, 20],
      ['10.2, 20', 1, 1, 10.2, 20],
      ['Rio de Janeiro, Brazil', 1, 1, -22.9, -43.2],
    ]);
  });

  it('a real service\'s "None" flags are Unknown in every table, the top addresses too; a said "no flag" is none', () => {
    const said = answer({ country: ['DE', 'Germany'], security: { is_vpn: false, is_tor: false, threat_score: 1 } });
    const r = report([row('134.201.250.155', NONE_STRINGS_ANSWER, { hits: 5 }), row('203.0.113.7', said)]);
    expect(keyed(r.flags)).toMatchObject({ unknown: [1, 5], none: [1, 1] });
    expect(r.top.map((t) => [t.ip, t.flags])).toEqual([
      ['134.201.250.155', null],
      ['203.0.113.7', []],
    ]);
    const md = reportToMarkdown(r);
    const line = (ip: string) => md.split('\n').find((l) => l.startsWith(`| ${ip} |`));
    expect(line('134.201.250.155')).toMatch(/ \| United States \| AT\\&T Services, Inc\. \| Unknown \|$/);
    expect(line('203.0.113.7')).toMatch(/ \| Germany \| {2}\| none \|$/);
  });

  it("only a demo job's report says DEMO, in its title and a line under it", () => {
    const real = reportToMarkdown(report(rows()));
    expect(real).toMatch(/^# Report: auth\.log\n\n\d+ addresses/);
    expect(real).not.toContain('DEMO');
    const demo = reportToMarkdown(computeReport({ ...JOB, demo: true }, rows(), 1_000));
    expect(demo.split('\n').slice(0, 3)).toEqual([
      '# Report: auth.log — DEMO',
      '',
      '**DEMO: simulated answers from the demo service, not a real lookup. Its countries, networks and flags are made up.**',
    ]);
  });

  it('an answer read from its stored facts (as recorded since migration 5) reports as from its whole body', () => {
    const base = rows();
    const withFacts = base.map((r) => {
      const a = r.status === 'done' ? readAnswer(r.body) : null;
      return { ...r, body: null, facts: a ? answerFacts(a) : null };
    });
    expect(report(withFacts)).toEqual(report(base));
  });

  it('beyond 20 countries the rest is one "Other" row; at most 20 top addresses; nothing answered is all zero', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      row(
        `192.0.2.${i}`,
        answer({ country: [String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)), `Land ${i}`] }),
        { hits: i + 1 },
      ),
    );
    const r = report(many);
    expect(r.countries).toHaveLength(MAX_ROWS + 1);
    expect(r.countries.at(-1)).toMatchObject({ key: 'other', label: 'Other (10)' });
    expect(sum(r.countries)).toBe(30);
    expect(sum(r.countries, 'hits')).toBe((30 * 31) / 2);
    expect(r.top).toHaveLength(MAX_TOP);
    expect(r.top.map((t) => t.hits)).toEqual(Array.from({ length: 20 }, (_, i) => 30 - i));

    const none = report([row('198.51.100.1', null, { status: 'pending', source: null })]);
    expect(none.coverage).toMatchObject({ total: 1, answered: 0, pending: 1, share: 0 });
    expect(none.countries).toEqual([]);
    expect(none.flags.every((f) => f.addresses === 0 && f.share === 0)).toBe(true);
  });
});

describe('the report of a job against the simulator', () => {
  let h: BulkHarness | null = null;
  afterEach(async () => {
    await h?.closeAll();
    h = null;
  });

  it('a stopped job: its report covers what was answered, sends nothing, and its counts add up to the job', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: null } });
    const ips = addresses(30, 31);
    const text = ips.flatMap((ip, i) => Array.from({ length: (i % 3) + 1 }, () => `from ${ip} port 22`)).join('\n');
    const job = h.bulk.create({ addresses: extractAddresses(text).addresses })!;
    let stop = false;
    const end = h.bulk.start(job.id);
    h.bulk.onProgress((p) => {
      if (!stop && p.done >= 12) {
        stop = true;
        h!.bulk.pause(job.id);
      }
    });
    await end;
    const info = h.bulk.get(job.id)!;
    const sent = h.sim.log.length;
    const r = h.bulk.report(job.id)!;
    expect(h.sim.log.length).toBe(sent);
    expect(r.coverage.total).toBe(info.total);
    expect(r.coverage.answered + r.coverage.privateOrReserved).toBe(info.done);
    expect(r.coverage.failed).toBe(info.failed);
    expect(r.coverage.pending).toBe(info.left);
    expect(r.coverage.pending).toBeGreaterThan(0);
    expect(r.coverage.hits).toBe(60);
    expect(sum(r.countries)).toBe(r.coverage.answered);
    expect(sum(r.asns)).toBe(r.coverage.answered);
    expect(sum(r.threat)).toBe(r.coverage.answered);
    expect(r.countries.every((c) => c.key !== 'unknown')).toBe(true);
    expect(r.places.reduce((n, p) => n + p.addresses, 0)).toBe(r.coverage.answered);
    expect(h.bulk.report('nope')).toBeNull();
  });

  it('a report opened again is the same while the job is; resumed to its end, or at another threshold, it is made anew', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: null } });
    const job = h.bulk.create({
      addresses: addresses(20, 41).map((ip, i) => ({
        ip,
        version: 4 as const,
        line: i + 1,
        lastLine: i + 1,
        hits: 1,
        flag: null,
      })),
    })!;
    let paused = false;
    h.bulk.onProgress((p) => {
      if (!paused && p.done >= 5) {
        paused = true;
        h!.bulk.pause(job.id);
      }
    });
    await h.bulk.start(job.id);
    const first = h.bulk.report(job.id)!;
    expect(first.coverage.pending).toBeGreaterThan(0);
    h.clock.advance(60_000);
    const again = h.bulk.report(job.id)!;
    expect({ ...again, madeAt: 0 }).toEqual({ ...first, madeAt: 0 });
    expect(again.madeAt).toBe(first.madeAt + 60_000);
    await h.bulk.start(job.id);
    const done = h.bulk.report(job.id)!;
    expect(done.state).toBe('finished');
    expect(done.coverage).toMatchObject({ pending: 0, answered: 20 });
    const strict = h.bulk.report(job.id, { threatThreshold: 0 })!;
    expect(strict.attention.total).toBe(20);
    expect(h.bulk.report(job.id)!.attention.total).toBe(done.attention.total);
  });

  it('the sshd sample: one row and one map point per named place (São Paulo once, with all its hits)', async () => {
    h = await startBulk({ plan: { monthLimit: 10_000, minuteLimit: null } });
    const log = readFileSync(new URL('../../../fixtures/logs/sshd/openssh.log', import.meta.url), 'utf8');
    const job = h.bulk.create({ addresses: extractAddresses(log).addresses })!;
    expect((await h.drive(job.id)).state).toBe('finished');
    const r = h.bulk.report(job.id)!;
    const labels = r.places.map((p) => p.label);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
    const saoPaulo = r.places.filter((p) => p.label.startsWith('São Paulo'));
    expect(saoPaulo).toHaveLength(1);
    // Its hits are every São Paulo address's (53 + 5 + 4 when grouped by rounded coordinates).
    expect(saoPaulo[0]!.hits).toBe(62);
    expect(saoPaulo[0]!.addresses).toBeGreaterThan(1);
    expect(r.places.reduce((n, p) => n + p.addresses, 0)).toBe(r.coverage.answered);
    for (const city of ['London', 'Berlin', 'Amsterdam', 'Sydney'])
      expect(
        labels.filter((l) => l.startsWith(city)),
        city,
      ).toHaveLength(1);
  });
});
