import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));

import { BrowserWindow, resetElectronMock, screen } from './mocks/electron';
import { PRODUCTION_CSP, WINDOW_SIZE, createLookupWindow } from '../../electron/shell/window';
import { positionNearTray } from '../../electron/shell/window-position';
import { silentLogger } from '../../electron/core/lib/ports';

const make = (over: Partial<Parameters<typeof createLookupWindow>[0]> = {}) => {
  const visibility: boolean[] = [];
  const w = createLookupWindow({
    preloadPath: '/app/out/preload/preload.cjs',
    rendererUrl: 'app://lookup-tray/index.html',
    anchor: () => ({ x: 1_800, y: 0, width: 24, height: 24 }),
    onVisibilityChange: (v) => visibility.push(v),
    logger: silentLogger,
    ...over,
  });
  return { w, bw: BrowserWindow.instances.at(-1)!, visibility };
};

beforeEach(() => resetElectronMock());

describe('lookup window security', () => {
  it('is created hidden, small, off the taskbar, with isolation, sandbox and no node', () => {
    const { bw } = make();
    expect(bw.options).toMatchObject({ width: 380, height: 600, show: false, frame: true, skipTaskbar: true });
    expect(bw.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      preload: '/app/out/preload/preload.cjs',
    });
  });

  it('loads the built renderer from app:// (never file://) in production, with the strict CSP on every response', () => {
    const { bw } = make();
    expect(bw.loadURL).toHaveBeenCalledWith('app://lookup-tray/index.html');
    expect(bw.loadFile).not.toHaveBeenCalled();
    const ses = bw.webContents.session;
    let headers: Record<string, string[]> | undefined;
    ses.headersListener!({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => (headers = r.responseHeaders));
    expect(headers!['Content-Security-Policy']).toEqual([PRODUCTION_CSP]);
    expect(headers!['Content-Type']).toEqual(['text/html']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ])
      expect(PRODUCTION_CSP).toContain(directive);
    expect(PRODUCTION_CSP).not.toMatch(/unsafe-eval/);
  });

  it('in development loads the dev server and leaves the CSP to Vite (HMR)', () => {
    const { bw } = make({ devServerUrl: 'http://localhost:5173' });
    expect(bw.loadURL).toHaveBeenCalledWith('http://localhost:5173');
    expect(bw.webContents.session.webRequest.onHeadersReceived).not.toHaveBeenCalled();
  });

  it('denies permission requests and checks, navigation, redirects, webviews and window.open', () => {
    const { bw } = make();
    const ses = bw.webContents.session;
    const answers: boolean[] = [];
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read'])
      ses.permissionRequestHandler!({}, p, (ok) => answers.push(ok));
    expect(answers).toEqual([false, false, false, false]);
    expect(ses.permissionCheckHandler!({}, 'media')).toBe(false);
    for (const ev of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const preventDefault = vi.fn();
      bw.webContents.emit(ev, { preventDefault }, 'https://evil.example/');
      expect(preventDefault, ev).toHaveBeenCalled();
    }
    expect(bw.webContents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });
});

describe('lookup window behaviour', () => {
  it('shows next to the tray, reports visibility, and hides on blur', () => {
    const { w, bw, visibility } = make();
    w.show();
    expect(bw.visible).toBe(true);
    expect(bw.focus).toHaveBeenCalled();
    const [x, y] = bw.position;
    expect(y).toBe(24 + 4); // just under a top-bar tray icon
    expect(x + WINDOW_SIZE.width).toBeLessThanOrEqual(1_920);
    expect(screen.getDisplayNearestPoint).toHaveBeenCalledWith({ x: 1_800, y: 0 });
    bw.emit('blur');
    expect(bw.visible).toBe(false);
    expect(visibility).toEqual([true, false]);
  });

  it('does not hide on blur while devtools are open', () => {
    const { w, bw } = make();
    w.show();
    bw.webContents.devTools = true;
    bw.emit('blur');
    expect(bw.visible).toBe(true);
  });

  it('toggle shows and hides; a tray click that caused the blur does not re-open it', () => {
    const { w, bw } = make();
    w.toggle();
    expect(bw.visible).toBe(true);
    w.toggle();
    expect(bw.visible).toBe(false);
    w.show();
    bw.emit('blur'); // clicking the tray icon blurs the window first…
    w.toggle(); // …then delivers the click
    expect(bw.visible).toBe(false);
  });

  it('closing hides instead of destroying, until quit allows it', () => {
    const { w, bw } = make();
    w.show();
    expect(bw.userClose()).toBe(true);
    expect(bw.visible).toBe(false);
    w.allowClose();
    expect(bw.userClose()).toBe(false);
  });
});

describe('positionNearTray', () => {
  const area = { x: 0, y: 0, width: 1_920, height: 1_040 };
  const size = { width: 380, height: 600 };
  it('below a top tray, above a bottom taskbar tray, beside a side taskbar, always inside the work area', () => {
    expect(positionNearTray({ x: 1_900, y: 0, width: 20, height: 24 }, size, { ...area, y: 24 })).toEqual({
      x: 1_540,
      y: 28,
    });
    expect(positionNearTray({ x: 1_700, y: 1_045, width: 24, height: 35 }, size, area)).toEqual({ x: 1_522, y: 440 });
    expect(positionNearTray({ x: 0, y: 500, width: 40, height: 24 }, size, { ...area, x: 48 })).toEqual({
      x: 52,
      y: 212,
    });
  });
  it('falls back to the cursor, then the top-right corner, when the tray reports no bounds (Linux)', () => {
    expect(positionNearTray({ x: 0, y: 0, width: 0, height: 0 }, size, area, { x: 960, y: 10 })).toEqual({
      x: 770,
      y: 14,
    });
    expect(positionNearTray(null, size, area)).toEqual({ x: 1_540, y: 4 });
  });
});
