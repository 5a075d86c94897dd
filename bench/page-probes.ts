/** What the renderer benchmark runs inside the page: readiness, event and repaint probes; load and heap readings. */
import type { Browser, BrowserContext, Page, Response } from '@playwright/test';

/** The preview session a browser holds: its cookie and the page secret kept in the origin's storage. */
export type SessionCookies = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Opens the address the web preview prints (`/?token=…`): the preview trades the token for a session cookie and
 * redirects to the page without it, handing the page its session secret (`#session=…`, kept in localStorage by the
 * bridge). Returns both. Every page and asset needs the cookie, every API call and event stream the secret too
 * (403 otherwise), so each fresh context of the benchmark gets them: a browser that has opened the preview before,
 * with an empty cache.
 */
export async function previewSession(browser: Browser, openUrl: string): Promise<SessionCookies> {
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    const res = await page.goto(openUrl);
    if (res?.status() !== 200)
      throw new Error(`bench: opening the preview's printed address answered ${res?.status() ?? 'nothing'}`);
    if (new URL(page.url()).searchParams.has('token'))
      throw new Error('bench: the preview did not trade its token for a session (the token is still in the address)');
    // The bridge stores the secret as the app starts: wait for it, as for any page that opened the preview.
    await page.waitForFunction(() => localStorage.length > 0);
    const state = await ctx.storageState();
    if (state.cookies.length === 0) throw new Error('bench: the preview set no session cookie');
    return state;
  } finally {
    await ctx.close();
  }
}

/** A context with the preview's session (its cookie and the page secret). */
export async function sessionContext(browser: Browser, session: SessionCookies): Promise<BrowserContext> {
  return browser.newContext({ storageState: session });
}

/** Fails at once when the page did not answer 200 (a 403 shows a note, never the field the bench waits for). */
export function expectPage(res: Response | null, url: string): void {
  if (res?.status() !== 200)
    throw new Error(`bench: ${url} answered ${res?.status() ?? 'nothing'} (no preview session?), not the app`);
}

/** Records, in the page, when the "IP address" field is usable, quota events arrive, and the month gauge changes. */
export const PROBE = `(() => {
  const w = window;
  w.__bench = { fieldReadyAt: undefined, evtAt: null, domAt: null, frameAt: null, domEpoch: null };
  const fieldUsable = () => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === 'IP address');
    const el = label && label.control;
    return !!el && !el.disabled && !el.readOnly && el.getClientRects().length > 0;
  };
  const check = () => {
    if (w.__bench.fieldReadyAt === undefined && fieldUsable()) w.__bench.fieldReadyAt = performance.now();
  };
  new MutationObserver((records) => {
    check();
    const b = w.__bench;
    if (b.evtAt === null || b.domAt !== null) return;
    for (const r of records) {
      const t = r.target;
      const isMonth = (el) => el && el.getAttribute && el.getAttribute('role') === 'meter' && el.getAttribute('aria-label') === 'Month quota';
      const hit = r.type === 'attributes' ? isMonth(t) : [...r.addedNodes].some((n) => isMonth(n) || (n.querySelector && n.querySelector('[role=meter][aria-label="Month quota"]')));
      if (hit) {
        b.domAt = performance.now();
        b.domEpoch = performance.timeOrigin + b.domAt;
        requestAnimationFrame(() => { b.frameAt = performance.now(); });
        return;
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-valuenow', 'disabled', 'hidden', 'class', 'style'] });
  const Orig = w.EventSource;
  w.EventSource = class extends Orig {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('quota-changed', () => { if (w.__bench.evtAt === null) w.__bench.evtAt = performance.now(); });
    }
  };
})();`;

/** Waits (up to 2 s) for first-contentful-paint; a string so the bundler adds no helpers to it. */
const FCP_PROBE = `new Promise((done) => {
  const n = performance.getEntriesByType('navigation')[0];
  const dcl = n ? n.domContentLoadedEventEnd : null;
  const timer = setTimeout(() => done({ fcp: null, dcl }), 2000);
  new PerformanceObserver((list) => {
    const e = list.getEntriesByName('first-contentful-paint')[0];
    if (e) { clearTimeout(timer); done({ fcp: e.startTime, dcl }); }
  }).observe({ type: 'paint', buffered: true });
})`;

export interface Bench {
  fieldReadyAt?: number;
  evtAt: number | null;
  domAt: number | null;
  frameAt: number | null;
  domEpoch: number | null;
}

export const benchState = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);

export interface LoadTimes {
  inPage: number;
  wall: number;
  fcp: number | null;
  domContentLoaded: number | null;
}

export async function coldLoad(browser: Browser, url: string, cookies: SessionCookies): Promise<LoadTimes> {
  const ctx = await sessionContext(browser, cookies);
  try {
    const page = await ctx.newPage();
    await page.addInitScript(PROBE);
    const t0 = performance.now();
    expectPage(await page.goto(url, { waitUntil: 'commit' }), url);
    await page.waitForFunction(
      () => (window as unknown as { __bench?: Bench }).__bench?.fieldReadyAt !== undefined,
      null,
      { timeout: 20_000, polling: 'raf' },
    );
    const wall = performance.now() - t0;
    const s = await benchState(page);
    // First contentful paint is reported asynchronously: wait for it (briefly) instead of reading too early.
    const nav = (await page.evaluate(FCP_PROBE)) as { fcp: number | null; dcl: number | null };
    return { inPage: s.fieldReadyAt as number, wall, fcp: nav.fcp, domContentLoaded: nav.dcl };
  } finally {
    await ctx.close();
  }
}

async function heapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const h = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return h.usedSize / 1024 / 1024;
  } finally {
    await cdp.detach();
  }
}

export async function heapSamples(page: Page, n = 3): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await heapMB(page));
  return out;
}
