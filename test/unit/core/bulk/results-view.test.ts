/**
 * A job's results table sorted by hits and filtered by flag, threat band and country (bulk-jobs.ts `results` with
 * results-view.ts), against the simulator's answers: every filter keeps exactly the rows whose answer says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { extractAddresses } from '../../../../electron/core/bulk/extract';
import { readAnswer } from '../../../../shared/answer';
import type { BulkItemRow } from '../../../../electron/core/storage/state-db-bulk';
import { addresses, startBulk, type BulkHarness } from '../../../helpers/bulk-harness';

let h: BulkHarness | null = null;
afterEach(async () => {
  await h?.closeAll();
  h = null;
});

/** A log where the nth address occurs n % 4 + 1 times, plus a few well-known resolvers. */
function log(): string {
  const ips = [...addresses(40, 23), '8.8.8.8', '1.1.1.1', '9.9.9.9'];
  const lines: string[] = [];
  ips.forEach((ip, n) => {
    for (let k = 0; k <= n % 4; k++) lines.push(`sshd[${n}]: Failed password for root from ${ip} port 22`);
  });
  return lines.join('\n');
}

async function finishedJob(): Promise<{ id: string; all: BulkItemRow[] }> {
  h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: null } });
  const job = h.bulk.create({ addresses: extractAddresses(log()).addresses })!;
  expect(await h.drive(job.id)).toMatchObject({ state: 'finished' });
  return { id: job.id, all: h.bulk.results(job.id, 0, 1000).rows };
}

describe('the results of a job: sorted by hits, filtered by what the answers say', () => {
  it('most hits first (input order among equals), and the first and last line of each address', async () => {
    const { id, all } = await finishedJob();
    const page = h!.bulk.results(id, 0, 1000, undefined, { sort: 'hits' });
    expect(page.total).toBe(43);
    const expected = [...all].sort((a, b) => b.hits - a.hits || a.seq - b.seq).map((r) => r.ip);
    expect(page.rows.map((r) => r.ip)).toEqual(expected);
    expect(page.rows[0]).toMatchObject({ hits: 4, ip: addresses(40, 23)[3] });
    expect(page.rows[0]!.lastLine - page.rows[0]!.line).toBe(3);
    // Paged the same way.
    expect(h!.bulk.results(id, 5, 5, undefined, { sort: 'hits' }).rows.map((r) => r.ip)).toEqual(expected.slice(5, 10));
  });

  it('a flag, a threat band or a country keeps exactly the rows whose answer says so', async () => {
    const { id, all } = await finishedJob();
    const said = (keep: (a: NonNullable<ReturnType<typeof readAnswer>>) => boolean) =>
      all.filter((r) => {
        const a = readAnswer(r.body);
        return a !== null && keep(a);
      });
    for (const flag of ['vpn', 'tor', 'proxy', 'datacenter'] as const) {
      const page = h!.bulk.results(id, 0, 1000, undefined, { filter: { flag } });
      const expected = said((a) => a.security?.flags[flag] === true);
      expect(
        page.rows.map((r) => r.ip),
        flag,
      ).toEqual(expected.map((r) => r.ip));
      expect(page.total).toBe(expected.length);
    }
    const threat = h!.bulk.results(id, 0, 1000, undefined, { filter: { flag: 'threat', threatMin: 50 } });
    expect(threat.rows.map((r) => r.ip)).toEqual(said((a) => (a.security?.threatScore ?? -1) >= 50).map((r) => r.ip));
    const code = readAnswer(all[0]!.body)!.country!.code!;
    const country = h!.bulk.results(id, 0, 1000, undefined, { filter: { country: code.toLowerCase() } });
    expect(country.rows.length).toBeGreaterThan(0);
    expect(country.rows.map((r) => r.ip)).toEqual(said((a) => a.country?.code === code).map((r) => r.ip));
    // Both: both hold; sorted by hits and paged after filtering.
    const both = h!.bulk.results(id, 1, 2, undefined, { sort: 'hits', filter: { flag: 'datacenter', country: code } });
    const bothAll = said((a) => a.country?.code === code && a.security?.flags.datacenter === true).sort(
      (a, b) => b.hits - a.hits || a.seq - b.seq,
    );
    expect(both.total).toBe(bothAll.length);
    expect(both.rows.map((r) => r.ip)).toEqual(bothAll.slice(1, 3).map((r) => r.ip));
  });

  it('an answer that does not say is not kept by a flag (unknown is not "yes"); pending rows by none', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: null } });
    const job = h.bulk.create({ addresses: ['8.8.8.8', '1.1.1.1'] })!;
    expect(h.bulk.results(job.id, 0, 10, undefined, { filter: { country: 'unknown' } }).total).toBe(0);
    expect(h.bulk.results(job.id, 0, 10, undefined, { filter: {} }).total).toBe(2);
  });
});
