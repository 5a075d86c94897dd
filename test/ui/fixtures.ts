/**
 * Playwright fixtures for the ui layer: each test gets its own web preview (real core + simulator,
 * one OffsetClock shared by both, a temp data dir, an in-memory key vault, a recording notifier).
 *
 *   import { test, expect } from './fixtures';
 *   test.use({ previewSetup: 'first-run' });                       // default: 'key-saved'
 *   test.use({ previewPlan: { monthLimit: 1000, minuteLimit: null } });
 *   test('…', async ({ page, preview }) => {
 *     await preview.open(page);                 // opens the printed address (session cookie), waits for bridge + app
 *     preview.sim.setUsage(preview.apiKey, { minute: 4 });        // drive the service
 *     preview.advance(60_000);                                    // move the shared clock (fires core timers)
 *     expect(preview.notifications).toHaveLength(0);
 *   });
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { createAppCore } from '../../electron/core/app/app-core';
import type { AppCore, AppCorePorts } from '../../electron/core/app/app-core-types';
import { OffsetClock } from '../../electron/core/lib/clocks';
import {
  MemorySecretStore,
  UnavailableSecretStore,
  type KeytarSecretStore,
} from '../../electron/core/secrets/key-vault';
import type { Logger, NotifyRequest } from '../../electron/core/lib/ports';
import { startSimulator, type Plan, type Simulator } from '../../electron/demo/simulator';
import { startPreviewServer } from '../../electron/preview/server';
import { previewSaveTextFile } from '../../electron/preview/save-file';
import { PreviewFollowPicker } from '../../electron/preview/pick-follow-file';
import { PreviewOpenFile, ReadGate } from '../../electron/preview/open-file';
import { RENDERER_OUT } from '../../scripts/ensure-renderer-build';

/** 'key-saved': a key and the simulator's base URL are saved before the page opens (lookup view).
 *  'first-run': nothing saved (onboarding). 'demo': the core starts in demo mode (its own simulator). */
export type PreviewSetup = 'key-saved' | 'first-run' | 'demo';

/**
 * The instant demo mode's simulated service starts at in every ui test: early in a month (Monday 2 November 2026,
 * 12:00 UTC), so a spec that fast-forwards days or weeks reads the same month on any day it runs — three weeks of
 * background traffic drain it to a warning before its end (issue 39: three demo days from November 28 crossed
 * December 1). Tests not in demo mode start at UI_START.
 */
export const UI_DEMO_START = Date.UTC(2026, 10, 2, 12, 0, 0);

/**
 * The instant the simulator and the core's shared clock start at in every ui test not in demo mode: the middle of a
 * month (Wednesday 11 November 2026, 12:00 UTC), far from a reset in every time zone, so a test that moves the clock
 * hours or days forward reads the same month on any day it runs. The page keeps the browser's own clock: the renderer
 * reads "now" from the core's snapshots (`asOf`), as the window does when the service's clock differs from the PC's.
 */
export const UI_START = Date.UTC(2026, 10, 11, 12, 0, 0);

export interface PreviewOpenOptions {
  /** Path (and query) to open, default '/'. */
  path?: string;
  /** Extra readiness condition, e.g. a locator the view must show. */
  waitFor?: (page: Page) => Promise<unknown>;
}

export interface Preview {
  /** http://127.x.y.z:PORT/ (403 without a session) */
  url: string;
  /** http://127.x.y.z:PORT/?token=… — what `npm run preview:web` prints; opening it starts a session. */
  openUrl: string;
  /** The run's token (for tests that call the HTTP API directly, in the x-lookup-tray-token header). */
  token: string;
  core: AppCore;
  /** The test's simulator (base URL `sim.url`; its plan for `apiKey` is `previewPlan`). Unused in 'demo'. */
  sim: Simulator;
  /** Shared by the simulator and the core. */
  clock: OffsetClock;
  /** The key store: in memory, or (previewKeychain: 'unavailable') one that fails like a missing keychain. */
  secrets: KeytarSecretStore;
  dataDir: string;
  /** The recognisable fake key the simulator knows (saved in 'key-saved'). */
  apiKey: string;
  /** What the core asked the notifier to show, oldest first. */
  notifications: NotifyRequest[];
  /** Links the core let through its allow-list to "the browser" (recorded, not opened), oldest first. */
  opened: string[];
  /** Every line the core and the preview server logged (for leak checks). */
  logs: string[];
  /** Uncaught errors of pages opened with open(). */
  pageErrors: Error[];
  /**
   * What pages opened with open() were refused by the Content-Security-Policy (Chromium's console lines): any left at
   * the end fails the test — the app must work under its own policy (no inline style, no inline script).
   */
  cspViolations: string[];
  /** Bulk → Follow a file…'s stand-in dialog: `followPick.answer(path)` sets what it picks next. */
  followPick: PreviewFollowPicker;
  /** The stand-in open dialog: set `openFile.next` to the path "Open file…" answers (null: cancelled). */
  openFile: PreviewOpenFile;
  /** Holds an opened file's read between chunks (close, step, open): a controllably slow read, without sleeps. */
  readGate: ReadGate;
  /** Move the shared clock forward; core timers that fall due fire. */
  advance(ms: number): void;
  /**
   * Open the printed address (the server trades the token for a session cookie and redirects to `path`), then
   * wait until the bridge's event stream is open and the app has rendered.
   */
  open(page: Page, opts?: PreviewOpenOptions): Promise<void>;
}

interface PreviewOptionFixtures {
  previewSetup: PreviewSetup;
  previewPlan: Plan;
  previewKey: string;
  /** The built renderer to serve (default out/renderer; env LOOKUP_TRAY_UI_RENDERER_DIR overrides). */
  previewRendererDir: string;
  /** 'unavailable': no system keychain (Linux without a Secret Service); default 'available'. */
  previewKeychain: 'available' | 'unavailable';
  /** The loopback address the preview binds (default: a random 127.x.y.z of its own, as `preview:web`). */
  previewHost: string | undefined;
  /** The core's self-update port (default none: the preview never updates itself), e.g. a fake updater. */
  previewUpdates: AppCorePorts['updates'];
}

export const test = base.extend<PreviewOptionFixtures & { preview: Preview }>({
  previewSetup: ['key-saved', { option: true }],
  previewPlan: [{ monthLimit: 10_000, minuteLimit: 5 }, { option: true }],
  previewKey: ['FAKE-ui-key-0000-1111-2222-3333', { option: true }],
  previewRendererDir: [process.env.LOOKUP_TRAY_UI_RENDERER_DIR || RENDERER_OUT, { option: true }],
  previewKeychain: ['available', { option: true }],
  previewHost: [undefined, { option: true }],
  previewUpdates: [undefined, { option: true }],

  preview: async (
    { previewSetup, previewPlan, previewKey, previewRendererDir, previewKeychain, previewHost, previewUpdates },
    use,
  ) => {
    const logs: string[] = [];
    const rec = (level: string) => (msg: string, extra?: Record<string, unknown>) =>
      void logs.push(`${level} ${msg}${extra ? ` ${JSON.stringify(extra)}` : ''}`);
    const logger: Logger = { info: rec('info'), warn: rec('warn'), error: rec('error') };
    const notifications: NotifyRequest[] = [];
    const clock = new OffsetClock(previewSetup === 'demo' ? undefined : UI_START);
    const secrets: KeytarSecretStore =
      previewKeychain === 'unavailable' ? new UnavailableSecretStore() : new MemorySecretStore();
    const opened: string[] = [];
    const followPick = new PreviewFollowPicker();
    const dataDir = mkdtempSync(join(tmpdir(), 'lookup-tray-ui-'));
    const openFile = new PreviewOpenFile(null);
    const readGate = new ReadGate();
    const sim = await startSimulator({ clock, keys: { [previewKey]: { ...previewPlan, label: 'ui-test' } } });
    let core: AppCore | null = null;
    let server: Awaited<ReturnType<typeof startPreviewServer>> | null = null;
    try {
      core = await createAppCore({
        clock,
        fetch: globalThis.fetch,
        secrets,
        dataDir,
        notifier: { notify: (n) => void notifications.push(n) },
        logger,
        demo: previewSetup === 'demo',
        demoStartAt: UI_DEMO_START,
        saveTextFile: previewSaveTextFile(dataDir),
        openExternal: async (u) => void opened.push(u),
        pickFollowFile: followPick.pick,
        openFile: openFile.port,
        beforeFileChunk: readGate.port,
        ...(previewUpdates ? { updates: previewUpdates } : {}),
      });
      core.setWindowVisible(true);
      if (previewSetup === 'key-saved') {
        const saved = await core.handlers.saveKey({ key: previewKey, baseUrl: sim.url, verify: 'skip' });
        if (saved.kind !== 'saved') throw new Error(`fixture: saving the key failed: ${JSON.stringify(saved)}`);
      }
      server = await startPreviewServer({ core, rendererDir: previewRendererDir, logger, host: previewHost });
      const pageErrors: Error[] = [];
      const cspViolations: string[] = [];
      const { url, openUrl, token } = server;
      const preview: Preview = {
        url,
        openUrl,
        token,
        core,
        sim,
        clock,
        secrets,
        dataDir,
        apiKey: previewKey,
        notifications,
        opened,
        followPick,
        logs,
        pageErrors,
        cspViolations,
        openFile,
        readGate,
        advance: (ms) => clock.advance(ms),
        async open(page, opts = {}) {
          page.on('pageerror', (e) => pageErrors.push(e));
          page.on('console', (m) => {
            if (m.type() === 'error' && m.text().includes('Content Security Policy')) cspViolations.push(m.text());
          });
          const target = new URL(opts.path ?? '/', url);
          target.searchParams.set('token', token);
          const res = await page.goto(target.toString());
          // Landed on the address without the token: the page never sees it.
          expect(new URL(page.url()).searchParams.has('token')).toBe(false);
          expect(res?.status()).toBe(200);
          await page.waitForFunction(
            () =>
              (window as unknown as { __lookupTrayPreview?: { state: string } }).__lookupTrayPreview?.state === 'open',
          );
          await page.waitForFunction(() => {
            const root = document.getElementById('root');
            return !root || root.childElementCount > 0;
          });
          if (opts.waitFor) await opts.waitFor(page);
        },
      };
      await use(preview);
      expect(cspViolations, 'the page broke its Content-Security-Policy').toEqual([]);
    } finally {
      await server?.close();
      await core?.dispose();
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect };
