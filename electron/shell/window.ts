/**
 * The lookup window: small, hidden until asked for, placed by the tray, hidden on blur, and locked down
 * the way Electron's security checklist asks (isolation, sandbox, no node, no navigation, no popups,
 * no permissions, a strict CSP in production).
 */
import { BrowserWindow, screen, type Rectangle, type Session, type WebContents } from 'electron';
import type { Logger } from '../core/lib/ports';
import { positionNearTray } from './window-position';
import { APP_CSP } from '../../shared/csp';

export const WINDOW_SIZE = { width: 380, height: 600 } as const;

// One literal (in shared/csp.ts, not assembled) so that scanners such as electronegativity can parse it.
export const PRODUCTION_CSP = APP_CSP;

export interface LookupWindowOptions {
  preloadPath: string;
  /** Where the built renderer is served (app://lookup-tray/index.html). */
  rendererUrl: string;
  /** ELECTRON_RENDERER_URL in development (Vite dev server); undefined in production. */
  devServerUrl?: string | undefined;
  /** The tray icon's bounds (for placement), or null when unknown. */
  anchor: () => Rectangle | null;
  onVisibilityChange?: (visible: boolean) => void;
  logger: Logger;
  title?: string;
}

export interface LookupWindow {
  readonly window: BrowserWindow;
  show(): void;
  hide(): void;
  toggle(): void;
  isVisible(): boolean;
  /** Let the window really close (on quit) instead of hiding. */
  allowClose(): void;
}

/** A tray click right after the window hid itself on blur (the click caused the blur) must not re-show it. */
const BLUR_TOGGLE_GRACE_MS = 300;

/** Deny navigation, new windows and webviews on any web contents. */
export function lockDownContents(contents: WebContents, logger: Logger): void {
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    logger.warn('Navigation blocked', { scheme: safeScheme(url) });
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Permission requests and checks are denied; in production every response gets the strict CSP. */
export function hardenSession(ses: Session, opts: { csp: boolean }): void {
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  if (opts.csp) {
    ses.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [PRODUCTION_CSP] } });
    });
  }
}

export function createLookupWindow(opts: LookupWindowOptions): LookupWindow {
  const window = new BrowserWindow({
    width: WINDOW_SIZE.width,
    height: WINDOW_SIZE.height,
    show: false,
    frame: true,
    resizable: false,
    maximizable: false,
    minimizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    title: opts.title ?? 'Lookup Tray',
    webPreferences: {
      preload: opts.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click must not open links in new windows.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  const contents = window.webContents;
  hardenSession(contents.session, { csp: !opts.devServerUrl });
  lockDownContents(contents, opts.logger);

  let closable = false;
  let hiddenByBlurAt = 0;
  window.on('close', (event) => {
    if (!closable) {
      event.preventDefault();
      window.hide();
    }
  });
  window.on('blur', () => {
    if (contents.isDevToolsOpened()) return;
    hiddenByBlurAt = Date.now();
    window.hide();
  });
  window.on('show', () => opts.onVisibilityChange?.(true));
  window.on('hide', () => opts.onVisibilityChange?.(false));

  if (opts.devServerUrl) void window.loadURL(opts.devServerUrl);
  else void window.loadURL(opts.rendererUrl);

  const show = () => {
    const anchor = opts.anchor();
    const ref = anchor && anchor.width > 0 ? { x: anchor.x, y: anchor.y } : screen.getCursorScreenPoint();
    const { workArea } = screen.getDisplayNearestPoint(ref);
    const pos = positionNearTray(anchor, WINDOW_SIZE, workArea, screen.getCursorScreenPoint());
    window.setPosition(pos.x, pos.y, false);
    window.show();
    window.focus();
  };
  const hide = () => window.hide();
  return {
    window,
    show,
    hide,
    isVisible: () => window.isVisible(),
    toggle: () => {
      if (window.isVisible()) hide();
      else if (Date.now() - hiddenByBlurAt > BLUR_TOGGLE_GRACE_MS) show();
    },
    allowClose: () => {
      closable = true;
    },
  };
}

function safeScheme(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return 'invalid';
  }
}
