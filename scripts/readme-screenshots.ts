/**
 * npx tsx scripts/readme-screenshots.ts
 *
 * Real captures of the current UI for README.md, into docs/screenshots/:
 *   window-lookup.png, window-lookup-dark.png  the window (web preview, demo mode) after one lookup
 *   window-429.png                             the same demo after spending the minute limit
 *   onboarding.png                             first run, nothing saved
 *   tray-menu.png                              the tray's context menu
 *   tray-menu-profiles.png                     the same with three profiles, showing the closest to running out
 *   tray-icons.png                             the tray icon in each state
 *
 * The window shots are the built renderer in Debian Chromium against the real core (web preview).
 * tray-menu.png: the menu's content comes from the real tray model; its look is a mock-up, since a native
 * menu cannot be captured here. tray-icons.png: the icons are the real renderTrayIcon() output; the panel
 * strips behind them are drawn by this script.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { levelFor } from '../shared/quota';
import { createAppCore } from '../electron/core/app/app-core';
import type { AppCore } from '../electron/core/app/app-core-types';
import { MemorySecretStore } from '../electron/core/secrets/key-vault';
import { silentLogger, systemClock } from '../electron/core/lib/ports';
import { quantiseRemaining, renderTrayIcon, type IconModel } from '../electron/core/tray/tray-icon';
import { buildTrayModel, type TrayModel } from '../electron/shell/tray-words';
import { startPreviewServer, type PreviewServer } from '../electron/preview/server';
import { startSimulator } from '../electron/demo/simulator';
import { ensureRendererBuild, PROJECT_ROOT, RENDERER_OUT } from './ensure-renderer-build';

const OUT = join(PROJECT_ROOT, 'docs', 'screenshots');
const WINDOW = { width: 380, height: 600 };

interface Running {
  core: AppCore;
  server: PreviewServer;
  dataDir: string;
}

const cleanups: (() => Promise<void> | void)[] = [];

async function startApp(demo: boolean): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lookup-tray-readme-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const core = await createAppCore({
    clock: systemClock,
    fetch: globalThis.fetch,
    secrets: new MemorySecretStore(),
    dataDir,
    notifier: { notify() {} },
    logger: silentLogger,
    demo,
  });
  cleanups.push(() => core.dispose());
  core.setWindowVisible(true);
  const server = await startPreviewServer({ core, rendererDir: RENDERER_OUT, logger: silentLogger });
  cleanups.push(() => server.close());
  return { core, server, dataDir };
}

/**
 * Opens the preview's printed address (it starts a session: a cookie per port, so the two previews below can
 * share a browser context) and waits until the bridge's event stream is open and the app has rendered.
 */
async function openPreview(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { __lookupTrayPreview?: { state: string } }).__lookupTrayPreview?.state === 'open',
  );
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
}

const settle = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

async function shot(page: Page, file: string, colorScheme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await settle(page);
  await page.screenshot({ path: join(OUT, file), animations: 'disabled', caret: 'hide' });
  console.log(`  wrote docs/screenshots/${file}`);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** A native-looking context menu under a panel strip; content from the real TrayModel, labels as electron/shell/tray.ts builds them. */
function trayMenuHtml(model: TrayModel, now: number): string {
  const icon = dataUrl(renderTrayIcon(model.iconModel, 48));
  const clock = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
  type Row = { label: string; enabled: boolean; submenu?: boolean; radio?: boolean } | 'sep';
  const rows: Row[] = [
    // The status lines are enabled items (they open the window), as electron/shell/tray.ts builds them.
    ...model.statusLines.map((label): Row => ({ label, enabled: true })),
    ...(model.demo ? [{ label: 'Leave demo', enabled: true }] : []),
    ...(model.bulk ? [{ label: model.bulk.line, enabled: true }] : []),
    // One radio item per profile (with more than one), the one in use checked.
    ...(model.profiles.length > 0 ? (['sep'] as Row[]) : []),
    ...model.profiles.map((p): Row => ({ label: p.label, enabled: true, radio: p.active })),
    'sep',
    { label: 'Look up IP…', enabled: true },
    // Disabled until the clipboard holds an IP; then it reads "Look up IP from clipboard (1.2.3.4)".
    { label: 'Look up IP from clipboard', enabled: false },
    { label: model.checkQuotaLabel, enabled: model.hasKey },
    { label: 'Pause notifications', enabled: true, submenu: true },
    { label: 'Settings…', enabled: true },
    { label: 'About Lookup Tray', enabled: true },
    'sep',
    { label: 'Quit', enabled: true },
  ];
  const items = rows
    .map((r) =>
      r === 'sep'
        ? '<div class="sep"></div>'
        : `<div class="item${r.enabled ? '' : ' off'}"><span>${r.radio === undefined ? '' : `<span class="radio">${r.radio ? '●' : ''}</span>`}${esc(r.label)}</span>${r.submenu ? '<span class="arrow">▸</span>' : ''}</div>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  html,body{margin:0;background:#e9e9ec;font:14px system-ui,"Cantarell","Noto Sans","DejaVu Sans",sans-serif}
  .panel{height:32px;background:#1d1d20;color:#eee;display:flex;align-items:center;justify-content:flex-end;padding:0 10px;gap:14px;font-size:13px}
  .panel .tray{width:24px;height:24px;padding:4px;border-radius:6px;background:rgba(255,255,255,.16)}
  .panel .tray img{width:24px;height:24px;display:block}
  .wrap{display:flex;justify-content:flex-end;padding:4px 10px 18px}
  .menu{background:#fafafa;border:1px solid rgba(0,0,0,.18);border-radius:8px;box-shadow:0 6px 18px rgba(0,0,0,.22);padding:5px 0;min-width:300px;color:#1d1d20}
  .item{display:flex;justify-content:space-between;padding:5px 18px;white-space:nowrap}
  .item.off{color:#8b8b90}
  .item.hover{background:#3584e4;color:#fff}
  .arrow{margin-left:24px}
  .radio{display:inline-block;width:18px;font-size:10px;vertical-align:1px}
  .sep{height:1px;background:rgba(0,0,0,.12);margin:5px 0}
  </style></head><body>
  <div class="panel"><span class="tray" title="Lookup Tray"><img alt="" src="${icon}"></span><span>${esc(clock)}</span></div>
  <div class="wrap"><div class="menu">${items}</div></div>
  </body></html>`;
}

/** The icon in each state at 48 px, on a dark and a light panel, labelled underneath. */
function trayIconsHtml(): string {
  const LIMIT = 1000;
  const gauge = (remaining: number, extra: Partial<Extract<IconModel, { kind: 'gauge' }>> = {}): IconModel => ({
    kind: 'gauge',
    step: quantiseRemaining(remaining, LIMIT),
    level: levelFor(remaining, LIMIT),
    minuteHit: false,
    atRisk: false,
    dimmed: false,
    ...extra,
  });
  const states: { label: string; model: IconModel; template?: boolean }[] = [
    { label: 'No key', model: { kind: 'no-key' } },
    { label: 'OK · 100 %', model: gauge(1000) },
    { label: 'OK · 60 %', model: gauge(600) },
    { label: 'At risk · 60 %', model: gauge(600, { atRisk: true }) },
    { label: 'Low · 20 %', model: gauge(200) },
    { label: 'Critical · 8 %', model: gauge(80) },
    { label: 'Exhausted', model: gauge(0) },
    { label: 'Minute limit hit', model: gauge(700, { minuteHit: true }) },
    { label: 'Stale / dimmed', model: gauge(700, { dimmed: true }) },
    { label: 'macOS template', model: gauge(600), template: true },
  ];
  const row = (theme: 'dark' | 'light') =>
    `<div class="row ${theme}">${states
      .map(
        (s) =>
          `<figure><img alt="" class="${s.template && theme === 'dark' ? 'tint' : ''}" src="${dataUrl(renderTrayIcon(s.model, 48, { template: s.template }))}"><figcaption>${esc(s.label)}</figcaption></figure>`,
      )
      .join('')}</div>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  html,body{margin:0;background:#fff;font:12px system-ui,"Cantarell","Noto Sans","DejaVu Sans",sans-serif}
  .row{display:flex;gap:6px;padding:12px 12px 8px}
  .row.dark{background:#1d1d20;color:#ddd}
  .row.light{background:#ececef;color:#333}
  figure{margin:0;width:104px;display:flex;flex-direction:column;align-items:center;gap:6px}
  img{width:48px;height:48px;image-rendering:auto}
  img.tint{filter:invert(1)} /* macOS tints template images white on a dark menu bar */
  figcaption{text-align:center;white-space:nowrap}
  </style></head><body>${row('dark')}${row('light')}</body></html>`;
}

async function main(): Promise<void> {
  const started = Date.now();
  ensureRendererBuild();
  mkdirSync(OUT, { recursive: true });
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  cleanups.push(() => browser.close());

  // The 429 shot needs its countdown to survive a few seconds: avoid the last seconds of a UTC minute.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) {
    const wait = 60_000 - intoMinute + 500;
    console.log(
      `  waiting ${Math.round(wait / 1000)} s for a fresh minute (the demo's minute windows are fixed UTC minutes)`,
    );
    await new Promise((r) => setTimeout(r, wait));
  }

  // 1. The window in demo mode after one lookup, light and dark.
  const demo = await startApp(true);
  const ctx = await browser.newContext({ viewport: WINDOW, deviceScaleFactor: 1, locale: 'en-US' });
  const page = await ctx.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (e) => pageErrors.push(e));
  await openPreview(page, demo.server.openUrl);
  const ip = page.getByLabel('IP address');
  await ip.waitFor();
  await ip.fill('8.8.8.8');
  await ip.press('Enter');
  await page.getByRole('region', { name: 'Lookup result' }).filter({ hasText: '8.8.8.8' }).waitFor();
  await page.getByRole('meter', { name: 'Month quota' }).and(page.locator('[aria-valuenow="999"]')).waitFor();
  await ip.blur();
  await shot(page, 'window-lookup.png', 'light');
  await shot(page, 'window-lookup-dark.png', 'dark');

  // 4. The tray menu for the demo after a few lookups.
  for (const extra of ['1.1.1.1', '9.9.9.9']) {
    const r = await demo.core.handlers.lookup({ ip: extra });
    if (r.kind !== 'ok') throw new Error(`demo lookup of ${extra} failed: ${r.kind}`);
  }
  const now = Date.now();
  const model = buildTrayModel(await demo.core.handlers.getSnapshot(), now);
  if (!model.demo || model.iconModel.kind !== 'gauge')
    throw new Error(`unexpected tray model: ${JSON.stringify(model.iconModel)}`);
  const mock = await browser.newPage({ viewport: { width: 420, height: 100 }, deviceScaleFactor: 2 });
  await mock.setContent(trayMenuHtml(model, now));
  await mock.locator('.menu').waitFor();
  await mock.screenshot({ path: join(OUT, 'tray-menu.png'), fullPage: true });
  console.log('  wrote docs/screenshots/tray-menu.png');

  // 5. The tray icon in each state.
  const icons = await browser.newPage({ viewport: { width: 9 * 110 + 24, height: 100 }, deviceScaleFactor: 1 });
  await icons.setContent(trayIconsHtml());
  await icons.screenshot({ path: join(OUT, 'tray-icons.png'), fullPage: true });
  console.log('  wrote docs/screenshots/tray-icons.png');

  // 2. Spend the demo's minute limit (10 a minute) through the core; the page shows the countdown.
  let limited = false;
  for (let i = 1; i <= 25 && !limited; i++) {
    const r = await demo.core.handlers.lookup({ ip: `203.0.113.${i}` });
    if (r.kind === 'rate-limited' || r.kind === 'cooldown') limited = true;
    else if (r.kind !== 'ok') throw new Error(`demo lookup ${i} failed: ${r.kind}`);
  }
  if (!limited) throw new Error('the demo never answered 429');
  const alert = page.getByRole('alert').filter({ hasText: /Minute limit reached — resets in 0:\d\d/ });
  await alert.waitFor({ timeout: 5_000 });
  await shot(page, 'window-429.png', 'light');
  if (!(await alert.isVisible())) throw new Error('the countdown ended before the screenshot');

  // 3. First run: nothing saved, not in demo mode.
  const fresh = await startApp(false);
  const first = await ctx.newPage();
  first.on('pageerror', (e) => pageErrors.push(e));
  await openPreview(first, fresh.server.openUrl);
  await first.getByRole('button', { name: 'Try demo' }).waitFor();
  await shot(first, 'onboarding.png', 'light');

  // 6. The tray menu with three profiles, the tray showing the one closest to running out.
  await threeProfilesTrayMenu(browser);

  if (pageErrors.length) throw new Error(`the page threw: ${pageErrors.map((e) => e.message).join('; ')}`);
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/**
 * Three profiles, each on its own simulated service and key (Default in use, Work nearly used up, Lab low), and
 * "Tray icon shows: the profile closest to running out": the real core's snapshot through the real tray model.
 */
async function threeProfilesTrayMenu(browser: Browser): Promise<void> {
  const plans = [
    { name: 'default', key: 'FAKE-readme-home-0001', limit: 10_000, used: 2_400 },
    { name: 'Work', key: 'FAKE-readme-work-0002', limit: 50_000, used: 46_100 },
    { name: 'Lab', key: 'FAKE-readme-lab-0003', limit: 1_000, used: 780 },
  ];
  const sims = await Promise.all(
    plans.map((p) => startSimulator({ keys: { [p.key]: { monthLimit: p.limit, minuteLimit: null, label: p.name } } })),
  );
  cleanups.push(() => Promise.all(sims.map((s) => s.close())).then(() => undefined));
  const { core } = await startApp(false);
  for (const [i, p] of plans.entries()) {
    const sim = sims[i]!;
    sim.setUsage(p.key, { month: p.used });
    if (p.name !== 'default') {
      const r = await core.handlers.addProfile({ name: p.name, baseUrl: sim.url });
      if (r.kind !== 'done') throw new Error(`adding ${p.name}: ${JSON.stringify(r.problem)}`);
    }
    const saved = await core.handlers.saveKey({ key: p.key, baseUrl: sim.url });
    if (saved.kind !== 'saved') throw new Error(`saving ${p.name}'s key: ${saved.kind}`);
  }
  const back = await core.handlers.switchProfile({ name: 'default' });
  if (back.kind !== 'done') throw new Error(JSON.stringify(back.problem));
  await core.handlers.updateSettings({ trayShows: 'closest' });
  await core.whenIdle();
  const now = Date.now();
  const model = buildTrayModel(await core.handlers.getSnapshot(), now);
  if (model.profiles.length !== 3 || !model.statusLines[0]?.startsWith('Work'))
    throw new Error(`unexpected tray model: ${JSON.stringify(model.statusLines)}`);
  const mock = await browser.newPage({ viewport: { width: 440, height: 100 }, deviceScaleFactor: 2 });
  await mock.setContent(trayMenuHtml(model, now));
  await mock.locator('.menu').waitFor();
  await mock.screenshot({ path: join(OUT, 'tray-menu-profiles.png'), fullPage: true });
  console.log('  wrote docs/screenshots/tray-menu-profiles.png');
}

async function cleanup(): Promise<void> {
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error(`cleanup: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

main()
  .then(cleanup)
  .then(() => process.exit(0))
  .catch(async (err: unknown) => {
    console.error(`readme-screenshots failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    await cleanup();
    process.exit(1);
  });
