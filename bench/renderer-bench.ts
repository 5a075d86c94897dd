/**
 * 5. Renderer: initial JS/CSS bytes of the production build, time to a usable lookup field (cold loads in
 *    Debian Chromium, served by the web preview with the real core), quota-changed → gauge repainted, and the
 *    renderer heap after 200 lookups through the UI.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { createAppCore } from '../electron/core/app/app-core';
import type { AppCore } from '../electron/core/app/app-core-types';
import { MemorySecretStore } from '../electron/core/secrets/key-vault';
import { silentLogger, systemClock } from '../electron/core/lib/ports';
import { startPreviewServer, type PreviewServer } from '../electron/preview/server';
import { buildReason, ensureRendererBuild, RENDERER_OUT } from '../scripts/ensure-renderer-build';
import { bundleSizes, type BundleSizes } from './bundle-sizes';
import {
  benchState,
  coldLoad,
  expectPage,
  heapSamples,
  previewSession,
  PROBE,
  sessionContext,
  type Bench,
} from './page-probes';
import { pick, QUICK, SectionSkipped } from './quick';
import { BENCH_KEY, benchSimulator } from './setup';
import { distinctIps, figure, type Figure } from './stats';

export const CHROMIUM = '/usr/bin/chromium';

export interface RendererResults {
  bundle: BundleSizes;
  built: string;
  browser: string;
  timeToLookupField: Figure;
  timeToLookupFieldWall: Figure;
  domContentLoaded: Figure;
  firstContentfulPaint: Figure;
  quotaEventToDom: Figure;
  quotaEventToFrame: Figure;
  coreEmitToDom: Figure;
  heap: { afterLoadMB: Figure; after200LookupsMB: Figure; lookupsDone: number };
  /** UI lookups whose first Enter started no lookup within 5 s (then Enter was pressed again), with diagnostics. */
  lostEnters: { count: number; details: string[] };
}

export async function benchRenderer(
  opts: { loads?: number; repaints?: number; uiLookups?: number; log?: (m: string) => void } = {},
): Promise<RendererResults> {
  const log = opts.log ?? (() => {});
  // Debian's chromium, never a downloaded browser (as the ui layer); CI installs it (.ci/run).
  if (!existsSync(CHROMIUM))
    throw new SectionSkipped(`no browser: ${CHROMIUM} is missing (Debian: apt-get install chromium)`);
  const reason = buildReason();
  if (reason) log(`  renderer: ${reason}; building…`);
  ensureRendererBuild({ log: (m) => log(`  ${m}`) });
  const bundle = bundleSizes();

  const sim = await benchSimulator();
  const dataDir = mkdtempSync(join(tmpdir(), 'lookup-tray-bench-ui-'));
  let core: AppCore | null = null;
  let server: PreviewServer | null = null;
  let browser: Browser | null = null;
  try {
    core = await createAppCore({
      clock: systemClock,
      fetch: globalThis.fetch,
      secrets: new MemorySecretStore(),
      dataDir,
      notifier: { notify: () => {} },
      logger: silentLogger,
    });
    const saved = await core.handlers.saveKey({ key: BENCH_KEY, baseUrl: sim.url, verify: 'skip' });
    if (saved.kind !== 'saved') throw new Error(`bench: saving the key failed: ${saved.kind}`);
    core.setWindowVisible(true);
    server = await startPreviewServer({ core, rendererDir: RENDERER_OUT });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });

    // The preview answers 403 without a session: open the address it prints once, as a user does, and give its
    // session cookie to every fresh context below.
    const session = await previewSession(browser, server.openUrl);
    const loads = opts.loads ?? pick(10, 1);
    log(
      `  renderer: ${loads} cold loads (fresh context each, with the session cookie)${QUICK ? '' : ' after one discarded warm-up'}…`,
    );
    // Warms the browser process and the server, not recorded (quick mode: opening the session warmed them enough).
    if (!QUICK) await coldLoad(browser, server.url, session);
    const inPage: number[] = [];
    const wall: number[] = [];
    const fcp: number[] = [];
    const dcl: number[] = [];
    for (let i = 0; i < loads; i++) {
      const r = await coldLoad(browser, server.url, session);
      inPage.push(r.inPage);
      wall.push(r.wall);
      if (r.fcp !== null) fcp.push(r.fcp);
      if (r.domContentLoaded !== null) dcl.push(r.domContentLoaded);
    }

    // One page for the repaint and heap measurements.
    const ctx = await sessionContext(browser, session);
    const page = await ctx.newPage();
    await page.addInitScript(PROBE);
    expectPage(await page.goto(server.url), server.url);
    await page.waitForFunction(() => (window as unknown as { __bench?: Bench }).__bench?.fieldReadyAt !== undefined);
    await page
      .waitForFunction(
        () => (window as unknown as { __lookupTrayPreview?: { state: string } }).__lookupTrayPreview?.state === 'open',
        null,
        { timeout: 10_000 },
      )
      .catch(() => {
        /* older bridge without the marker: the event stream opens right after load */
      });
    const field = page.getByLabel('IP address');
    const monthMeter = page.getByRole('meter', { name: 'Month quota' });
    const afterLoad = await heapSamples(page);

    // quota-changed → gauge: lookups triggered from Node through the core; the page times event and DOM change.
    await core.handlers.lookup({ ip: '9.9.9.9', refresh: true });
    await monthMeter.waitFor({ timeout: 10_000 });
    const repaints = opts.repaints ?? pick(20, 2);
    log(`  renderer: ${repaints} quota-changed → gauge repaints…`);
    const evToDom: number[] = [];
    const evToFrame: number[] = [];
    const emitToDom: number[] = [];
    let emitEpoch = 0;
    const off = core.on('quota-changed', () => {
      if (emitEpoch === 0) emitEpoch = performance.timeOrigin + performance.now();
    });
    try {
      for (const ip of distinctIps(repaints, 31)) {
        await page.evaluate(() => {
          const b = (window as unknown as { __bench: Bench }).__bench;
          b.evtAt = b.domAt = b.frameAt = b.domEpoch = null;
        });
        emitEpoch = 0;
        const o = await core.handlers.lookup({ ip, refresh: true });
        if (o.kind !== 'ok') throw new Error(`bench: lookup gave ${o.kind}`);
        await page.waitForFunction(() => (window as unknown as { __bench: Bench }).__bench.frameAt !== null, null, {
          timeout: 10_000,
        });
        const s = await benchState(page);
        evToDom.push((s.domAt as number) - (s.evtAt as number));
        evToFrame.push((s.frameAt as number) - (s.evtAt as number));
        if (emitEpoch) emitToDom.push((s.domEpoch as number) - emitEpoch);
      }
    } finally {
      off();
    }

    // 200 lookups through the UI, as a user would: type, Enter, wait for the result.
    const uiLookups = opts.uiLookups ?? pick(200, 3);
    log(`  renderer: ${uiLookups} lookups through the UI…`);
    const result = page.getByRole('region', { name: 'Lookup result' });
    let done = 0;
    const button = page.getByRole('button', { name: 'Look up', exact: true });
    let apiLookups = 0;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/lookup') apiLookups++;
    });
    await page.evaluate(`(() => {
      const k = (window.__keys = { enter: 0, submit: 0 });
      document.addEventListener('keydown', (e) => { if (e.key === 'Enter') k.enter++; }, true);
      document.addEventListener('submit', () => { k.submit++; }, true);
    })()`);
    const keys = () => page.evaluate('window.__keys') as Promise<{ enter: number; submit: number }>;
    let lostEnters = 0;
    const lost: string[] = [];
    for (const ip of distinctIps(uiLookups, 41)) {
      const sentBefore = sim.log.length;
      const apiBefore = apiLookups;
      const k0 = await keys();
      await field.fill(ip);
      await field.press('Enter');
      // Done, not pending: the pending view says "Looking up <ip>…", which must not count as the answer.
      const seen = page
        .locator('[role="region"][aria-label="Lookup result"][aria-busy="false"]')
        .filter({ hasText: `${ip} (IPv4)` });
      try {
        await seen.waitFor({ timeout: 5_000 });
      } catch {
        // Diagnose, then submit once more (counted and reported: a real user would press Enter again).
        const k1 = await keys();
        const focused = await page.evaluate('document.activeElement && document.activeElement.id');
        lostEnters++;
        lost.push(
          `${ip}: Enter keydowns ${k1.enter - k0.enter}, submits ${k1.submit - k0.submit}, lookup calls ${apiLookups - apiBefore}, ` +
            `simulator requests ${sim.log.length - sentBefore}, focus #${String(focused)}, Look up disabled: ${await button.isDisabled()}, field "${await field.inputValue()}"`,
        );
        await field.press('Enter');
        try {
          await seen.waitFor({ timeout: 20_000 });
        } catch (err) {
          const shown = (await result.innerText().catch(() => '')).split('\n').slice(0, 6).join(' | ');
          throw new Error(
            `bench: UI lookup ${done + 1} (${ip}) showed no result, even after a second Enter; ${lost.at(-1)}; result region: ${shown}`,
            {
              cause: err,
            },
          );
        }
      }
      done++;
    }
    const after = await heapSamples(page);
    await ctx.close();

    return {
      bundle,
      browser: `Chromium ${browser.version()} (${CHROMIUM})`,
      built: reason ? `built now (${reason})` : 'existing out/renderer (up to date)',
      timeToLookupField: figure(inPage, 'ms', {
        note: 'in-page: navigation start → "IP address" field present, enabled and laid out (performance.now)',
      }),
      domContentLoaded: figure(dcl, 'ms', {
        note: 'in-page: navigation start → DOMContentLoaded end (same cold loads)',
      }),
      firstContentfulPaint: figure(fcp, 'ms', {
        note: 'in-page: navigation start → first contentful paint (same cold loads)',
      }),
      timeToLookupFieldWall: figure(wall, 'ms', {
        note: 'from Node: page.goto start → field usable seen by the test (adds Playwright round trips)',
      }),
      quotaEventToDom: figure(evToDom, 'ms', {
        note: 'in-page: quota-changed EventSource message → Month quota meter changed in the DOM',
      }),
      quotaEventToFrame: figure(evToFrame, 'ms', {
        note: 'in-page: quota-changed message → first animation frame after the DOM change (repaint)',
      }),
      coreEmitToDom: figure(emitToDom, 'ms', {
        note: 'core emits quota-changed (Node) → meter changed in the page (both on the wall clock; includes the preview’s HTTP event stream)',
      }),
      heap: {
        afterLoadMB: figure(afterLoad, 'MB', {
          note: 'renderer JS heap (CDP Runtime.getHeapUsage after GC) right after load',
        }),
        after200LookupsMB: figure(after, 'MB', {
          note: `renderer JS heap after ${done} lookups typed into the UI (distinct IPs, each answered from the network)`,
        }),
        lookupsDone: done,
      },
      lostEnters: { count: lostEnters, details: lost.slice(0, 10) },
    };
  } finally {
    await browser?.close();
    await server?.close();
    await core?.dispose();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
