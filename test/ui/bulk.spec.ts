/**
 * Issue "Bulk lookups paced to the quota": the window's Bulk view — a pasted list read and costed before anything
 * is sent, a paced run to the end, the results table (most hits first), CSV export, answers that later single lookups
 * get for free; and a 16 384-address job whose table stays virtualised.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { infoRequests, lookUp, result } from './ui-helpers';
import { shoot } from './ux-shots';

test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: 60 } });

/** Screenshots looked at by hand: into docs/screenshots/bulk/ when asked for (UX_SHOTS=1), else .tmp/screens/bulk/. */
const SHOTS = process.env.UX_SHOTS
  ? join(process.cwd(), 'docs', 'screenshots', 'bulk')
  : join(process.cwd(), '.tmp', 'screens', 'bulk');
mkdirSync(SHOTS, { recursive: true });

test('paste a list, see the cost, run it, read the table, export CSV; a later single lookup spends nothing', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  await expect(page.getByRole('heading', { name: 'Bulk lookups' })).toBeVisible();
  await page
    .getByLabel(/Addresses/)
    .fill('# firewall export\n8.8.8.8, blocked\n1.1.1.1 and 9.9.9.9\nnot-an-ip\n10.0.0.1\n8.8.8.8\n');
  await page.getByRole('button', { name: 'Check cost' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  await expect(cost).toContainText('3 unique addresses');
  // Singular for one ("1 duplicates", "1 entries", "1 … addresses").
  await expect(cost).toContainText('1 duplicate merged');
  await expect(cost).toContainText('1 entry is not an address');
  await expect(cost).toContainText('1 private, loopback or reserved address left out');
  // The count once: its line goes on with what the cache answers and what is sent (not "3 unique addresses" twice).
  await expect(cost).toContainText(
    '3 unique addresses (1 duplicate merged): 0 answered from the cache (free), 3 to send.',
  );
  expect((await cost.innerText()).match(/unique address/g)).toHaveLength(1);
  await expect(cost).toContainText(/Month: 10,000 of 10,000 left now, 9,997 after\./);
  await expect(cost).toContainText('Budget floor: keeps 500');
  expect(infoRequests(preview)).toBe(0); // nothing sent to cost it
  await shoot(page, 'bulk-cost', { dark: true, fullPage: true });

  await cost.getByRole('button', { name: 'Start (uses up to 3 requests)' }).click();
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });
  await expect(job.getByRole('heading')).toContainText('Finished');
  await expect(page.getByRole('progressbar', { name: 'Bulk progress' })).toHaveAttribute('aria-valuenow', '3');
  await expect(job).toContainText('3 done · 0 left · 0 from cache · 0 failed');
  const rows = page.getByRole('table', { name: 'Bulk results' }).getByRole('row');
  await expect(rows).toHaveCount(4); // the header and three rows
  await expect(rows.nth(1)).toContainText('8.8.8.8');
  await expect(rows.nth(2)).toContainText('1.1.1.1');
  await expect(rows.nth(3)).toContainText('9.9.9.9');
  expect(infoRequests(preview)).toBe(3);
  await shoot(page, 'bulk-finished', { dark: true, fullPage: true });

  // The preview hands the export to the browser as a download (it used to stay in its temporary folder).
  const download = page.waitForEvent('download');
  await job.getByRole('button', { name: 'CSV' }).click();
  const csv = await download;
  await expect(job.getByRole('status').filter({ hasText: 'Downloaded as' })).toBeVisible();
  expect(csv.suggestedFilename()).toMatch(/^bulk-.*\.csv$/);
  const lines = readFileSync(await csv.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines).toHaveLength(4);
  expect(lines[1]).toMatch(/^8\.8\.8\.8,/);
  expect(readFileSync(await csv.path())[0]).not.toBe(0xef); // no byte-order mark unless asked for
  // For Excel and LibreOffice: the same CSV with a UTF-8 byte-order mark.
  await job.getByLabel('CSV for Excel (UTF-8 BOM)').check();
  const forExcel = page.waitForEvent('download');
  await job.getByRole('button', { name: 'CSV' }).click();
  const bytes = readFileSync(await (await forExcel).path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString('utf8').split(/\r?\n/)[1]).toMatch(/^8\.8\.8\.8,/);
  await shoot(page, 'bulk-export-bom', { dark: true });

  await page.getByRole('button', { name: /Back/ }).click();
  await lookUp(page, '9.9.9.9');
  await expect(result(page)).toContainText('9.9.9.9 (IPv4)');
  expect(infoRequests(preview)).toBe(3); // answered from the bulk job's answers, free
});

test('a bulk run of 20 leaves Recent lookups to the two looked up by hand', async ({ page, preview }) => {
  await preview.open(page);
  for (const ip of ['8.8.8.8', '1.1.1.1']) {
    await lookUp(page, ip);
    await expect(result(page)).toContainText(`${ip} (IPv4)`);
  }
  const recentIps = page.getByRole('region', { name: 'Recent lookups' }).locator('.recent-ip');
  await expect(recentIps).toHaveText(['1.1.1.1', '8.8.8.8']);

  await page.getByRole('button', { name: 'Bulk' }).click();
  await page.getByLabel(/Addresses/).fill(Array.from({ length: 20 }, (_, i) => `45.0.${i}.1`).join('\n'));
  await page.getByRole('button', { name: 'Check cost' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  await cost.getByRole('button', { name: 'Start (uses up to 20 requests)' }).click();
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });
  await expect(job.getByRole('heading')).toContainText('Finished');
  await expect(job).toContainText('20 done · 0 left · 0 from cache · 0 failed');
  expect(infoRequests(preview)).toBe(22);

  await page.getByRole('button', { name: /Back/ }).click();
  await expect(recentIps).toHaveText(['1.1.1.1', '8.8.8.8']); // the job's 20 are cached, not "recent"
  // One of the job's addresses looked up by hand: free, and now one of the user's recent lookups.
  await lookUp(page, '45.0.7.1');
  await expect(result(page)).toContainText('45.0.7.1 (IPv4)');
  expect(infoRequests(preview)).toBe(22);
  await expect(recentIps).toHaveText(['45.0.7.1', '1.1.1.1', '8.8.8.8']);
});

test('a job started from an opened file is labelled by its name; one from an edited text is not', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  // "Open file…" asks the core, which opens the stand-in dialog's file and reads it (docs/bulk.md).
  const auth = join(preview.dataDir, 'auth-2026-11.log');
  writeFileSync(auth, 'Failed password for root from 45.1.0.1 port 22\nAccepted from 45.1.0.2\n');
  preview.openFile.next = auth;
  await page.getByRole('button', { name: 'Open file…' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  await cost.getByRole('button', { name: 'Start (uses up to 2 requests)' }).click();
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });
  await expect(job.getByRole('heading')).toContainText('auth-2026-11.log · Finished');

  // The same file opened, then edited: the text is no longer the file's, the job is "N addresses".
  const other = join(preview.dataDir, 'other.log');
  writeFileSync(other, '45.1.0.3\n');
  preview.openFile.next = other;
  await page.getByRole('button', { name: 'Open file…' }).click();
  await expect(cost).toContainText('1 unique address');
  await page.getByLabel(/Addresses/).fill('45.1.0.3\n45.1.0.4\n');
  await page.getByRole('button', { name: 'Check cost' }).click();
  await cost.getByRole('button', { name: 'Start (uses up to 2 requests)' }).click();
  await expect(job.getByRole('heading')).toContainText('2 addresses · Finished');
});

test('a list with ranges: the window counts them as the command line does, with a key saved', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  const check = async (text: string) => {
    await page.getByLabel(/Addresses/).fill(text);
    await page.getByRole('button', { name: 'Check cost' }).click();
    await expect(cost).toBeVisible();
  };

  // Only ranges: what they hold, never "0 unique addresses" nor "Add an API key" (a key is saved).
  await check('198.18.0.0/15\n45.0.0.0/30\n45.1.1.1-45.1.1.5\n');
  await expect(cost).toContainText(
    'No single addresses, only ranges: 3 ranges (198.18.0.0/15, 45.0.0.0/30, 45.1.1.1-45.1.1.5) hold 131,081 addresses, more than the 65,536 that can be expanded: narrow them or split the list.',
  );
  await expect(cost).not.toContainText('0 unique addresses');
  await expect(cost).not.toContainText('API key');
  await expect(cost.getByRole('button', { name: /^Start/ })).toHaveCount(0);
  await page.screenshot({ path: join(SHOTS, 'only-ranges.png'), fullPage: true, animations: 'disabled' });

  await check('45.0.0.0/30\n45.1.1.1-45.1.1.5\n');
  await expect(cost).toContainText(
    'No single addresses, only ranges: 2 ranges (45.0.0.0/30, 45.1.1.1-45.1.1.5) hold 9 addresses: “Expand ranges” looks them up too (up to 9 more requests).',
  );

  // One plain address beside them: its cost, and the 9 addresses of the ranges not counted in it.
  await check('8.8.8.8\n45.0.0.0/30\n45.1.1.1-45.1.1.5\n');
  await expect(cost).toContainText('1 unique address: 0 answered from the cache (free), 1 to send.');
  await expect(cost).toContainText(
    'Not counted above: 2 ranges (45.0.0.0/30, 45.1.1.1-45.1.1.5) hold 9 addresses: “Expand ranges” looks them up too (up to 9 more requests).',
  );
  await expect(cost.getByRole('button', { name: 'Start (uses up to 1 request)' })).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'ranges-counted.png'), fullPage: true, animations: 'disabled' });

  // Expanded, they are part of the count.
  await page.getByLabel('Expand ranges (CIDR, a-b)').check();
  await page.getByRole('button', { name: 'Check cost' }).click();
  await expect(cost).toContainText('10 unique addresses: 0 answered from the cache (free), 10 to send.');
  await expect(cost).not.toContainText('Not counted above');
  expect(infoRequests(preview)).toBe(0);
});

test('results at 380 px: "Done (cache, free)" rows keep the Organisation column where the others have it, and Where whole', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  // The job shown is the new one once its progress counts its own addresses: the first job's "Finished" heading is
  // still on screen when the second starts.
  const run = async (text: string, addresses: number) => {
    await page.getByLabel(/Addresses/).fill(text);
    await page.getByRole('button', { name: 'Check cost' }).click();
    await cost.getByRole('button', { name: /^Start/ }).click();
    const job = page.getByRole('region', { name: 'Bulk job', exact: true });
    await expect(job.getByRole('progressbar', { name: 'Bulk progress' })).toHaveAttribute(
      'aria-valuemax',
      String(addresses),
    );
    await expect(job.getByRole('heading')).toContainText('Finished');
  };
  await run('8.8.8.8\n', 1);
  await run('8.8.4.4\n8.8.8.8\n', 2); // 8.8.8.8 from the cache
  const rows = page.getByRole('table', { name: 'Bulk results' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Done');
  await expect(rows.nth(2)).toContainText('Done (cache, free)');
  const boxes = async (n: number) => {
    const cells = rows.nth(n).getByRole('cell');
    const where = cells.nth(1);
    return {
      org: (await cells.nth(2).boundingBox())?.x,
      whereCut: await where.evaluate((el) => el.scrollWidth > el.clientWidth),
      where: await where.textContent(),
    };
  };
  const fresh = await boxes(1);
  const cached = await boxes(2);
  expect(cached.where).toContain('Mountain View');
  expect(cached.org).toBe(fresh.org);
  expect(cached.whereCut).toBe(false);
  // A Flags column (threat and flags, for triage without a filter) fits beside the result, neither cut.
  await expect(
    page.getByRole('table', { name: 'Bulk results' }).getByRole('columnheader', { name: 'Flags' }),
  ).toBeVisible();
  for (const n of [1, 2]) {
    const cells = rows.nth(n).getByRole('cell');
    await expect(cells.nth(4)).not.toBeEmpty();
    for (const c of [cells.nth(3), cells.nth(4)])
      expect(await c.evaluate((el) => el.scrollWidth <= el.clientWidth), await c.innerText()).toBe(true);
  }
  await shoot(page, 'bulk-results-380', { dark: true, fullPage: true });
  await page.screenshot({ path: join(SHOTS, 'results-380px.png'), fullPage: true, animations: 'disabled' });
});

test('a 16 384-address job: the table shows only the rows in view, and scrolls to the last', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  await page.getByLabel(/Addresses/).fill('8.8.0.0/18');
  await page.getByRole('button', { name: 'Check cost' }).click();
  await expect(page.getByRole('region', { name: 'Cost before sending' })).toContainText(
    'No single addresses, only ranges: 1 range (8.8.0.0/18) holds 16,384 addresses',
  );
  await page.getByLabel('Expand ranges (CIDR, a-b)').check();
  await page.getByRole('button', { name: 'Check cost' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  await expect(cost).toContainText('16,384 unique addresses');
  await cost.getByRole('button', { name: /^Start/ }).click();
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });
  await expect(job.getByRole('heading')).toContainText('Running');
  await job.getByRole('button', { name: 'Pause' }).click();
  await expect(job.getByRole('heading')).toContainText('Paused');

  const table = page.getByRole('table', { name: 'Bulk results' });
  await expect(table).toHaveAttribute('aria-rowcount', '16385');
  await expect(table.getByRole('row').nth(1)).toContainText('8.8.0.0');
  expect(await table.getByRole('row').count()).toBeLessThan(40); // virtualised: not 16 384 rows in the page
  await page.getByRole('rowgroup', { name: 'Results, scrollable' }).evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(table.getByRole('row').filter({ hasText: '8.8.63.255' })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeLessThan(40);
  await shoot(page, 'bulk-large', { dark: true });
  await job.getByRole('button', { name: 'Cancel job' }).click();
  await expect(job.getByRole('heading')).toContainText('Cancelled');
});

test.describe('in demo mode', () => {
  test.use({ previewSetup: 'demo' });

  test('paced to the demo’s 10 a minute: mid-job it waits for the next minute; fast-forward finishes it; export checked', async ({
    page,
    preview,
  }) => {
    await preview.open(page);
    await page.getByRole('button', { name: 'Bulk' }).click();
    const list = Array.from({ length: 12 }, (_, i) => `80.80.80.${i + 1}`).join('\n');
    await page.getByLabel(/Addresses/).fill(list);
    await page.getByRole('button', { name: 'Check cost' }).click();
    const cost = page.getByRole('region', { name: 'Cost before sending' });
    await expect(cost).toContainText('12 unique addresses');
    await expect(cost).toContainText(/Time at 10 a minute/);
    await cost.getByRole('button', { name: /^Start/ }).click();

    // Mid-job: the minute's requests are spent (one kept for single lookups), the rest waits for the next minute.
    const job = page.getByRole('region', { name: 'Bulk job', exact: true });
    const bar = page.getByRole('progressbar', { name: 'Bulk progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', /^[1-9]$/);
    await expect(job.getByRole('heading')).toContainText('Running');
    // The table catches up with the last answer of the burst (no later event comes while the job waits).
    // "Done", as the CSV's status column and the command say (the table said "Answered").
    const answered = page.getByRole('table', { name: 'Bulk results' }).getByRole('row').filter({ hasText: 'Done' });
    await expect(async () => {
      const done = Number(await bar.getAttribute('aria-valuenow'));
      expect(await answered.count()).toBe(done);
    }).toPass({ timeout: 5_000 });
    await shoot(page, 'bulk-demo-mid-job', { dark: true, fullPage: true });

    await page.getByRole('button', { name: 'Fast-forward' }).click();
    await page.getByRole('menuitem', { name: '1 minute' }).click();
    await expect(job.getByRole('heading')).toContainText('Finished', { timeout: 15_000 });
    await expect(bar).toHaveAttribute('aria-valuenow', '12');

    const download = page.waitForEvent('download');
    await job.getByRole('button', { name: 'NDJSON' }).click();
    const file = await download;
    await expect(job.getByRole('status').filter({ hasText: 'Downloaded as' })).toBeVisible();
    expect(file.suggestedFilename()).toMatch(/^bulk-.*\.ndjson$/);
    const rows = readFileSync(await file.path(), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { ip: string });
    expect(rows.map((r) => r.ip)).toEqual(list.split('\n'));
  });

  test('a job that would eat into the budget floor stops there, keeps what it found, and says why', async ({
    page,
    preview,
  }) => {
    await preview.open(page);
    // Two demo days of background traffic (45 a day): 910 of 1,000 left; a 90 % floor keeps 900, so 10 can go.
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Fast-forward' }).click();
      await page.getByRole('menuitem', { name: '1 day' }).click();
    }
    await expect(page.getByRole('meter', { name: 'Month quota' })).toHaveAttribute('aria-valuenow', '910');
    await page.getByRole('button', { name: 'Bulk' }).click();
    await page.getByLabel(/Addresses/).fill(Array.from({ length: 12 }, (_, i) => `81.81.81.${i + 1}`).join('\n'));
    await page.getByLabel('Budget floor, percent of the month limit').fill('90');
    await page.getByRole('button', { name: 'Check cost' }).click();
    const cost = page.getByRole('region', { name: 'Cost before sending' });
    await expect(cost).toContainText('Budget floor: keeps 900');
    await expect(cost).toContainText('Only 10 can be sent before the budget floor: the job will stop there');
    await cost.getByRole('button', { name: 'Start (uses up to 10 requests)' }).click();
    const job = page.getByRole('region', { name: 'Bulk job', exact: true });
    await expect(job.getByRole('heading')).toContainText('Running');
    await page.getByRole('button', { name: 'Fast-forward' }).click();
    await page.getByRole('menuitem', { name: '1 minute' }).click();
    await expect(job.getByRole('heading')).toContainText('Stopped', { timeout: 15_000 });
    await expect(job).toContainText('10 done · 2 left');
    await expect(job.getByRole('status').first()).toContainText(/budget floor/i);
    await shoot(page, 'bulk-demo-budget-floor', { dark: true, fullPage: true });
  });
});

test('a pasted log: its User-Agent versions are summed up once, not listed as entries (380 px)', async ({
  page,
  preview,
}) => {
  await page.setViewportSize({ width: 380, height: 760 });
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  const ua = (v: string) => `"Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/${v} Safari/537.36"`;
  await page
    .getByLabel(/Addresses/)
    .fill(
      [
        `8.8.8.8 - - [05/Jan/2026:00:00:01 +0000] "GET / HTTP/1.1" 200 512 ${ua('120.0.6099.109')}`,
        `1.1.1.1 - - [05/Jan/2026:00:00:02 +0000] "GET /a HTTP/1.1" 404 0 ${ua('119.0.6045.199')}`,
        `8.8.8.8 - - [05/Jan/2026:00:00:03 +0000] "GET /b HTTP/1.1" 200 77 ${ua('120.0.6099.109')}`,
      ].join('\n'),
    );
  await page.getByRole('button', { name: 'Check cost' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  await expect(cost).toContainText('2 unique addresses (1 duplicate merged)');
  await expect(cost).toContainText('3 version-like tokens skipped, e.g. 120.0.6099.109.');
  await expect(cost).not.toContainText('not an address');
  await shoot(page, 'bulk-log-noise-380', { dark: true, fullPage: true });
});
