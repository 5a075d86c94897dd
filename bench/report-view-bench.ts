/**
 * 11. The Report view (issue 35): a finished job of 10 000 addresses (with repeats, so hits differ) in the web
 * preview with the real core, in Debian Chromium; "Report" clicked, timed in the page from the click to the view
 * usable (coverage, the map's points and the top addresses in the DOM, then the next frame); the first open (after
 * Bulk was shown a moment: its idle prefetch of the map's chunk done) apart from the next ones, and, not judged, a
 * first open clicked the moment the button shows. And the map's lazy chunk and the initial JS, gzipped.
 * Goals: usable ≤ 300 ms after opening; the map's chunk ≤ 60 KB gzip; the initial JS ≤ 150 KB gzip.
 * BENCH_REPORT_ADDRESSES=2500 runs a smaller job (the 10 000 addresses take minutes to look up first).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { AppCore } from '../electron/core/app/app-core-types';
import { systemClock } from '../electron/core/lib/ports';
import { startPreviewServer, type PreviewServer } from '../electron/preview/server';
import { ensureRendererBuild, RENDERER_OUT } from '../scripts/ensure-renderer-build';
import { bundleSizes } from './bundle-sizes';
import { expectPage, previewSession, sessionContext } from './page-probes';
import { pick, SectionSkipped } from './quick';
import { CHROMIUM } from './renderer-bench';
import { benchAppCore, benchSimulator, type BenchCore } from './setup';
import { distinctIps, figure, type Figure } from './stats';

export const REPORT_VIEW_GOAL_MS = 300;
export const MAP_CHUNK_GOAL_KB = 60;
export const INITIAL_JS_GOAL_KB = 150;

export interface ReportViewResults {
  addresses: number;
  inputLines: number;
  firstOpen: Figure;
  /** The first open clicked the moment the Report button shows, before the idle prefetch of the map chunk. */
  firstOpenAtOnce: Figure;
  nextOpens: Figure;
  reportFetch: Figure;
  mapChunkGzipKB: number;
  initialJsGzipKB: number;
  met: { view: boolean; mapChunk: boolean; initialJs: boolean };
}

/** The map's lazy chunk (report-map-*.js) in out/renderer/assets, gzipped. */
function mapChunkGzip(): number {
  const dir = join(RENDERER_OUT, 'assets');
  const file = readdirSync(dir).find((f) => /^report-map-.*\.js$/.test(f));
  if (!file) throw new Error('bench: no report-map chunk in out/renderer/assets (is the map still lazy?)');
  return gzipSync(readFileSync(join(dir, file))).length;
}

/** The input: every address once, the first tenth of them again (1 to 10 more times each), as a log would. */
function input(n: number): string {
  const ips = distinctIps(n, 53);
  const lines = ips.map((ip, i) => `sshd[${i}]: Failed password for root from ${ip} port 22`);
  ips.slice(0, Math.ceil(n / 10)).forEach((ip, i) => {
    for (let k = 0; k <= i % 10; k++) lines.push(`sshd: Invalid user from ${ip}`);
  });
  return lines.join('\n');
}

/** Runs a job over `text` to its end through the core (the same call the window makes). */
async function finishedJob(core: AppCore, text: string): Promise<void> {
  let done!: (state: string) => void;
  const ended = new Promise<string>((r) => (done = r));
  let id: string | null = null;
  const off = core.on('bulk-progress', (p) => {
    if (p.jobId === id && p.state !== 'running' && p.state !== 'ready') done(p.state);
  });
  try {
    const started = await core.handlers.bulkStart({
      text,
      includeReserved: false,
      expandRanges: false,
      floor: { percent: 0 },
    });
    if (started.kind !== 'started') throw new Error(`bench: the job was refused: ${started.refusal.kind}`);
    id = started.job.id;
    const now = (await core.handlers.bulkList()).find((j) => j.id === id);
    const state = now?.state === 'finished' ? 'finished' : await ended;
    if (state !== 'finished') throw new Error(`bench: the job ended ${state}, not finished`);
  } finally {
    off();
  }
}

/** In the page: the click on "Report" → the view usable (coverage, map points, top addresses), then a frame. */
export async function openReport(page: Page): Promise<{ usable: number; fetch: number }> {
  // A string, not a function: tsx's transform would add helpers (__name) the page does not have.
  await page.evaluate(`(() => {
    const w = (window.__report = {});
    const usable = () =>
      document.querySelector('.report-coverage') &&
      document.querySelector('.report-map svg circle') &&
      document.querySelector('.report-top tbody tr');
    document.addEventListener('click', (e) => {
      if (e.target.textContent.trim() === 'Report') w.click = performance.now();
    }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!usable()) return;
      observer.disconnect();
      requestAnimationFrame(() => (w.ready = performance.now()));
    });
    observer.observe(document.body, { childList: true, subtree: true });
  })()`);
  await page.getByRole('region', { name: 'Bulk job', exact: true }).getByRole('button', { name: 'Report' }).click();
  await page.waitForFunction(() => (window as unknown as { __report: { ready?: number } }).__report.ready, null, {
    timeout: 30_000,
  });
  const r = (await page.evaluate(`(() => {
    const f = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/getBulkReport')).at(-1);
    performance.clearResourceTimings();
    return { ...window.__report, fetch: f ? f.responseEnd - f.startTime : NaN };
  })()`)) as { click: number; ready: number; fetch: number };
  await page.getByRole('button', { name: /Back/ }).click();
  await page.getByRole('heading', { name: 'Bulk lookups' }).waitFor();
  return { usable: r.ready - r.click, fetch: r.fetch };
}

/** Bulk shown with the finished job; `settle`: the user reads it a moment, the map's idle prefetch done. */
async function showBulk(page: Page, url: string, settle: boolean): Promise<void> {
  expectPage(await page.goto(url), url);
  await page.getByRole('button', { name: 'Bulk', exact: true }).click();
  await page.getByRole('region', { name: 'Bulk job', exact: true }).getByRole('button', { name: 'Report' }).waitFor();
  if (!settle) return;
  await page.waitForFunction(
    () => performance.getEntriesByType('resource').some((e) => /\/report-map-[^/]*\.js$/.test(e.name)),
    null,
    { timeout: 10_000 },
  );
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300))); // its module evaluated too
}

export async function benchReportView(opts: { log?: (m: string) => void } = {}): Promise<ReportViewResults> {
  const log = opts.log ?? (() => {});
  if (!existsSync(CHROMIUM))
    throw new SectionSkipped(`no browser: ${CHROMIUM} is missing (Debian: apt-get install chromium)`);
  ensureRendererBuild({ log: (m) => log(`  ${m}`) });
  const bundle = bundleSizes();
  const mapChunk = mapChunkGzip();
  const addresses = Number(process.env.BENCH_REPORT_ADDRESSES) || pick(10_000, 60);
  const opens = pick(10, 1);

  const sim = await benchSimulator();
  let bench: BenchCore | null = null;
  let server: PreviewServer | null = null;
  let browser: Browser | null = null;
  try {
    bench = await benchAppCore(systemClock, sim.url);
    const core = bench.core;
    const text = input(addresses);
    log(`  report view: a job of ${addresses} addresses (${text.split('\n').length} input lines)…`);
    await finishedJob(core, text);
    core.setWindowVisible(true);
    server = await startPreviewServer({ core, rendererDir: RENDERER_OUT });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const ctx = await sessionContext(browser, await previewSession(browser, server.openUrl));
    // A page whose user clicks Report the moment it shows: the map chunk is fetched with the view.
    const hasty = await ctx.newPage();
    await showBulk(hasty, server.url, false);
    const atOnce = await openReport(hasty);
    await hasty.close();
    const page = await ctx.newPage();
    await showBulk(page, server.url, true);
    log(`  report view: opened ${opens + 1} times…`);
    const first = await openReport(page);
    const next: { usable: number; fetch: number }[] = [];
    for (let i = 0; i < opens; i++) next.push(await openReport(page));
    await ctx.close();
    const firstOpen = figure([first.usable], 'ms', {
      note: 'in-page: click on Report → coverage, map points and top addresses in the DOM, next frame; Bulk shown a moment before (its idle prefetch of the map chunk done)',
    });
    const firstOpenAtOnce = figure([atOnce.usable], 'ms', {
      note: 'the same in a fresh page, clicked the moment the Report button shows (the map chunk fetched with the view); not judged',
    });
    const nextOpens = figure(
      next.map((n) => n.usable),
      'ms',
      { note: 'the same, the map chunk already loaded' },
    );
    const reportFetch = figure([first, ...next].map((n) => n.fetch).filter(Number.isFinite), 'ms', {
      note: 'of which: getBulkReport through the preview (the core computing the report, and the HTTP round trip)',
    });
    return {
      addresses,
      inputLines: text.split('\n').length,
      firstOpen,
      firstOpenAtOnce,
      nextOpens,
      reportFetch,
      mapChunkGzipKB: Math.round((mapChunk / 1024) * 10) / 10,
      initialJsGzipKB: Math.round((bundle.js.gzip / 1024) * 10) / 10,
      met: {
        view: Math.max(first.usable, nextOpens.median) <= REPORT_VIEW_GOAL_MS,
        mapChunk: mapChunk <= MAP_CHUNK_GOAL_KB * 1024,
        initialJs: bundle.js.gzip <= INITIAL_JS_GOAL_KB * 1024,
      },
    };
  } finally {
    await browser?.close();
    await server?.close();
    await bench?.close();
    await sim.close();
  }
}
