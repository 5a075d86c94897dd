/**
 * Issue 35 in the window: a real public log (OpenSSH, loghub) run as a bulk job; its results table ordered by hits
 * and narrowed by country and flag; its Report view, whose figures are checked against the job's own rows (read from
 * the core, counted here), in light and dark, axe-clean; the report's HTML export opened with JavaScript off.
 * Screenshots go to .tmp/screens/report/, or with REPORT_SHOTS=1 to docs/screenshots/report/ (looked at by hand).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BulkResultRow } from '../../shared/ipc';
import { NFT_MISSING, nftCheck } from '../helpers/firewall-tools';
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

/** One part of the page, light and dark, as it looks at the window's width. */
async function shootPart(page: Page, part: ReturnType<Page['locator']>, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await part.screenshot({ path: join(SHOTS, `${name}-${colorScheme}.png`), animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
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

  // Most hits first by default (input order among equals), as counted from the job's rows.
  await expect(job.getByLabel('Order')).toHaveValue('hits');
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
  // Each row says its flags in a column of its own (no filter needed to see them).
  const label = { vpn: 'VPN', proxy: 'Proxy', tor: 'Tor' }[flag];
  for (const cell of await table.getByRole('row').locator('[role="cell"]:nth-child(5)').all())
    await expect(cell).toContainText(label);
  await expectNoViolations(page, 'Bulk results narrowed by flag');
});

/** A breakdown table's rows as [label, addresses, hits] (the share column is the bar and its percent). */
async function breakdown(page: Page, caption: string): Promise<[string, number, number][]> {
  const cells = await page
    .getByRole('table', { name: caption })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
  return cells.map((c) => [
    c[0] as string,
    Number((c[1] as string).replace(/\D/g, '')),
    Number((c[3] as string).replace(/\D/g, '')),
  ]);
}

/** [label, addresses, hits] per value of `key` among the rows, counted here. */
function expectedBy(rows: BulkResultRow[], key: (r: BulkResultRow) => string): [string, number, number][] {
  const m = new Map<string, [number, number]>();
  for (const r of rows) {
    const k = key(r);
    const [n, h] = m.get(k) ?? [0, 0];
    m.set(k, [n + 1, h + r.hits]);
  }
  return [...m].map(([k, [n, h]]) => [k, n, h]);
}

const byLabel = (a: [string, number, number], b: [string, number, number]) => a[0].localeCompare(b[0]);

test('the Report view of the finished sshd job: its figures are the job’s rows, its map offline; light, dark, axe-clean', async ({
  page,
  preview,
}) => {
  test.setTimeout(120_000); // a job, two axe passes and four screenshots
  await runLog(page, preview);
  const rows = await jobRows(preview);
  const sent = preview.sim.log.length;
  const hits = rows.reduce((n, r) => n + r.hits, 0);
  const opened = Date.now();
  await page.getByRole('region', { name: 'Bulk job', exact: true }).getByRole('button', { name: 'Report' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report · 19 addresses');
  await expect(page.getByLabel('Coverage')).toHaveText(
    `19 addresses (${hits} hits), 19 answered (100.0 %). The job is finished; the report sent no request.`,
  );
  // Every breakdown, as counted here from the job's rows.
  const countries = expectedBy(rows, (r) => `${String(r.fields.country)} (${String(r.fields.country_code)})`);
  expect((await breakdown(page, 'By country')).sort(byLabel)).toEqual(countries.sort(byLabel));
  const asns = expectedBy(rows, (r) => String(r.fields.asn));
  const shownAsns = await breakdown(page, 'By network (ASN)');
  const asnOnly = shownAsns.map(([l, n, h]): [string, number, number] => [
    (l.split(' ')[0] ?? '').replace(/^AS/i, ''),
    n,
    h,
  ]);
  expect(asnOnly.sort(byLabel)).toEqual(asns.sort(byLabel));
  const threat = await breakdown(page, 'By threat score');
  expect(threat.reduce((n, [, a]) => n + a, 0)).toBe(rows.length);
  expect(threat.reduce((n, [, , h]) => n + h, 0)).toBe(hits);
  for (const flag of ['VPN', 'Tor', 'Proxy'] as const) {
    const key = `is_${flag.toLowerCase()}`;
    const shown = (await breakdown(page, 'By security flag')).find(([l]) => l === flag);
    expect(shown?.[1], flag).toBe(rows.filter((r) => r.fields[key] === true).length);
  }
  // The most hit address first, with its hits.
  const top = [...rows].sort((a, b) => b.hits - a.hits || a.seq - b.seq)[0] as BulkResultRow;
  await expect(page.getByRole('table', { name: 'Top addresses by hits' }).locator('tbody tr').first()).toContainText(
    `${top.ip}${top.hits}`,
  );
  // The map: drawn (lazily) with a point per place, named by its list of top places.
  const map = page.getByRole('img', { name: 'World map of the located addresses' });
  await expect(map).toBeVisible();
  const points = await map.locator('circle').count();
  expect(points).toBeGreaterThan(0);
  expect(points).toBeLessThanOrEqual(rows.length);
  const places = page.getByRole('region', { name: 'Where the addresses are' }).getByRole('listitem');
  await expect(places).toHaveCount(Math.min(10, points));
  await expect(places.first()).toContainText(/hits? from \d+ address/);
  // Where points crowd into one blob at the window's width (Germany, the Netherlands, Great Britain), an enlarged
  // inset below the world shows them apart: points that overlap on the world map stand apart in it.
  const blobs = async (img: typeof map): Promise<number[]> => {
    const c = await img.locator('circle').evaluateAll((cs) =>
      cs.map((e) => {
        const b = e.getBoundingClientRect();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2, r: b.width / 2 };
      }),
    );
    // Circles that overlap, transitively, read as one blob: the sizes of those groups.
    const group = c.map((_, i) => i);
    const root = (i: number): number => (group[i] === i ? i : root(group[i] as number));
    c.forEach((a, i) =>
      c.forEach((b, j) => {
        if (j > i && Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r) group[root(i)] = root(j);
      }),
    );
    const sizes = new Map<number, number>();
    c.forEach((_, i) => sizes.set(root(i), (sizes.get(root(i)) ?? 0) + 1));
    return [...sizes.values()];
  };
  const worldBlobs = await blobs(map);
  const crowd = Math.max(...worldBlobs);
  expect(crowd).toBeGreaterThanOrEqual(3); // the sshd log's European places: one blob at 380 px
  const inset = page.getByRole('img', { name: /^Enlarged: the \d+ places in the box on the world map$/ });
  await expect(inset).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.locator('.report-map').screenshot({ path: join(SHOTS, `report-map-inset-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const insetBlobs = await blobs(inset);
  expect(insetBlobs.reduce((n, g) => n + g, 0)).toBeGreaterThanOrEqual(crowd);
  // Apart in the inset: at least three separate points or groups (a city's own places may still touch).
  expect(insetBlobs.length, `inset groups ${JSON.stringify(insetBlobs)}`).toBeGreaterThanOrEqual(3);
  test
    .info()
    .annotations.push({ type: 'report view usable', description: `${Date.now() - opened} ms after the click` });
  expect(preview.sim.log.length).toBe(sent); // a report sends nothing
  await shoot(page, 'report-view');
  await expectNoViolations(page, 'Report view, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoViolations(page, 'Report view, dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Back to Bulk on the same job, focus on Report again.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Bulk lookups' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report' })).toBeVisible();
});

test('the report exported as Markdown and as HTML; the HTML opens with JavaScript off and shows the map', async ({
  page,
  preview,
  browser,
}) => {
  await runLog(page, preview);
  await page.getByRole('region', { name: 'Bulk job', exact: true }).getByRole('button', { name: 'Report' }).click();
  await expect(page.getByLabel('Coverage')).toBeVisible();

  const md = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Markdown' }).click();
  const mdFile = await md;
  expect(mdFile.suggestedFilename()).toMatch(/\.md$/);
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded as' })).toBeVisible();
  const markdown = readFileSync(await mdFile.path(), 'utf8');
  expect(markdown).toContain('Germany');
  expect(markdown).toMatch(/\|\s*-+/); // tables

  const html = page.waitForEvent('download');
  await page.getByRole('button', { name: 'HTML' }).click();
  const htmlFile = await html;
  expect(htmlFile.suggestedFilename()).toMatch(/\.html$/);
  const saved = test.info().outputPath('report.html');
  await htmlFile.saveAs(saved);
  const text = readFileSync(saved, 'utf8');
  expect(text).not.toMatch(/<script|<link|src=|url\(/i);

  // Opened as a file with JavaScript disabled, the network refused: the map is there.
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 900, height: 700 } });
  const requests: string[] = [];
  ctx.on('request', (r) => {
    if (!r.url().startsWith('file:')) requests.push(r.url());
  });
  const viewer = await ctx.newPage();
  await viewer.goto(`file://${saved}`);
  const svg = viewer.locator('svg').first();
  await expect(svg).toBeVisible();
  expect(await svg.locator('circle').count()).toBeGreaterThan(0);
  expect((await svg.boundingBox())?.width).toBeGreaterThan(300);
  await expect(viewer.locator('body')).toContainText('Germany');
  expect(requests).toEqual([]);
  await viewer.screenshot({ path: join(SHOTS, 'report-html-no-js.png'), fullPage: true });
  await ctx.close();

  // On a phone (420 px) in dark mode: nothing wider than the screen, the map dark like the page (not a bright
  // panel), a range of lines ("34–117") on one line, and the crowded region enlarged below the world.
  for (const colorScheme of ['dark', 'light'] as const) {
    const phone = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 420, height: 800 },
      colorScheme,
    });
    const narrow = await phone.newPage();
    await narrow.goto(`file://${saved}`);
    // Soft: each of the three is told apart when it fails.
    expect
      .soft(await narrow.evaluate(() => document.documentElement.scrollWidth), 'page width')
      .toBeLessThanOrEqual(420);
    const luminance = (rgb: string): number => {
      const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number) as [number, number, number];
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    const sea = await narrow
      .locator('svg .map-sea')
      .first()
      .evaluate((el) => getComputedStyle(el).fill);
    if (colorScheme === 'dark') expect.soft(luminance(sea), `sea ${sea}`).toBeLessThan(0.25);
    else expect.soft(luminance(sea), `sea ${sea}`).toBeGreaterThan(0.75);
    const ranges = await narrow.locator('td').evaluateAll((tds) =>
      tds
        .filter((td) => /^\d+–\d+$/.test(td.textContent ?? ''))
        .map((td) => {
          const r = document.createRange();
          r.selectNodeContents(td);
          return { text: td.textContent, lines: new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size };
        }),
    );
    expect(ranges.length).toBeGreaterThan(0);
    expect.soft(ranges.filter((r) => r.lines !== 1)).toEqual([]);
    await expect(narrow.getByRole('img', { name: /^Enlarged: the \d+ places in the box/ })).toBeVisible();
    await narrow.screenshot({ path: join(SHOTS, `report-html-420px-${colorScheme}.png`) });
    await narrow
      .locator('table')
      .last()
      .screenshot({ path: join(SHOTS, `report-html-420px-top-${colorScheme}.png`) });
    await phone.close();
  }
});

test('a map that cannot load leaves the report whole: it says so, and the places are listed in words', async ({
  page,
  preview,
}) => {
  await page.route(/\/report-map-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  await runLog(page, preview);
  await page.getByRole('region', { name: 'Bulk job', exact: true }).getByRole('button', { name: 'Report' }).click();
  await expect(page.getByLabel('Coverage')).toContainText('19 answered');
  await expect(page.getByText('The map could not be loaded; the places are listed below.')).toBeVisible();
  await expect(page.locator('.report-place-list li').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'World map of the located addresses' })).toHaveCount(0);
  await shoot(page, 'report-map-failed');
});

test('Needs attention heads the Report view with its block list; a filtered table saves its own; the setting moves it', async ({
  page,
  preview,
}) => {
  test.setTimeout(150_000); // a job, two axe passes, three downloads and six screenshots
  await runLog(page, preview);
  const [job] = await preview.core.handlers.bulkList();
  const want = (await preview.core.handlers.getBulkReport({ id: job!.id }))!.attention.rows;
  expect(want.length).toBeGreaterThan(0);
  await page.getByRole('region', { name: 'Bulk job', exact: true }).getByRole('button', { name: 'Report' }).click();

  // Above the map and every breakdown: the flagged and high-threat addresses, by threat then hits, with their lines.
  const section = page.getByRole('region', { name: 'Needs attention' });
  await expect(section).toContainText('Flagged Tor, proxy or VPN, or a threat score of 70 or more');
  const top = async (name: string) => (await page.getByRole('region', { name }).boundingBox())!.y;
  expect(await top('Needs attention')).toBeLessThan(await top('Where the addresses are'));
  expect(await top('Needs attention')).toBeLessThan(await top('By country'));
  const rows = section.getByRole('table', { name: 'Needs attention' }).locator('tbody tr');
  await expect(rows).toHaveCount(want.length);
  for (const [i, a] of want.entries()) {
    await expect(rows.nth(i)).toContainText(`${a.ip}${a.hits}`);
    await expect(rows.nth(i)).toContainText(a.line === a.lastLine ? `line ${a.line}` : `lines ${a.line}–${a.lastLine}`);
    if (a.threatScore !== null) await expect(rows.nth(i)).toContainText(`threat ${a.threatScore}`);
  }
  await shootPart(page, section, 'report-needs-attention');
  await expectNoViolations(page, 'Report view with Needs attention, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoViolations(page, 'Report view with Needs attention, dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Its block list as an nftables file: every address that needs attention, loadable by nft where it is installed.
  await section.getByLabel('Block list of these addresses:').selectOption('nftables');
  const nft = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Save block list' }).click();
  const nftFile = await nft;
  expect(nftFile.suggestedFilename()).toMatch(/^blocklist-.+\.nft$/);
  const nftPath = test.info().outputPath('attention.nft');
  await nftFile.saveAs(nftPath);
  const nftText = readFileSync(nftPath, 'utf8');
  for (const a of want) expect(nftText).toContain(`\t${a.ip}`);
  if (NFT_MISSING) test.info().annotations.push({ type: 'skipped nft --check', description: NFT_MISSING });
  else expect(nftCheck(nftPath)).toMatchObject({ status: 0, stderr: '' });

  // Back in Bulk, the results narrowed to Tor: a plain list of exactly the rows shown.
  await page.keyboard.press('Escape');
  const bulkJob = page.getByRole('region', { name: 'Bulk job', exact: true });
  await bulkJob.getByLabel('Flag').selectOption('tor');
  const tor = (await jobRows(preview)).filter((r) => r.fields.is_tor === true);
  expect(tor.length).toBeGreaterThan(0);
  await expect(bulkJob).toContainText(`${tor.length} row${tor.length === 1 ? '' : 's'}, most hits first`);
  const plain = page.waitForEvent('download');
  await bulkJob.getByRole('button', { name: 'Save block list' }).click();
  const plainFile = await plain;
  expect(plainFile.suggestedFilename()).toMatch(/^blocklist-.+\.txt$/);
  const listed = readFileSync(await plainFile.path(), 'utf8')
    .trim()
    .split('\n');
  expect(listed.sort()).toEqual(tor.map((r) => r.ip).sort());
  await shootPart(page, bulkJob, 'results-tor-block-list');

  // Settings → Bulk reports: from 15, more addresses need attention, and the Report says so.
  await page.getByRole('button', { name: '← Back' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const field = page.getByLabel('Needs attention from threat score');
  await expect(field).toHaveValue('70');
  await field.fill('15');
  await shootPart(page, page.locator('fieldset', { hasText: 'Bulk reports' }), 'settings-bulk-reports');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  const at15 = (await preview.core.handlers.getBulkReport({ id: job!.id }))!.attention;
  expect(at15.threshold).toBe(15);
  expect(at15.total).toBeGreaterThan(want.length);
  await page.getByRole('button', { name: '← Back' }).click();
  await page.getByRole('button', { name: 'Bulk' }).click();
  await page.getByRole('region', { name: 'Bulk job', exact: true }).getByRole('button', { name: 'Report' }).click();
  await expect(page.getByRole('region', { name: 'Needs attention' })).toContainText('a threat score of 15 or more');
  await expect(page.getByRole('table', { name: 'Needs attention' }).locator('tbody tr')).toHaveCount(at15.rows.length);
});
