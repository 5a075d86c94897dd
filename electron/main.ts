/**
 * Composition root: builds the core with its ports, then the Electron adapters, and wires them. No logic.
 */
import { app, globalShortcut, net, powerMonitor, session } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppSnapshot } from '../shared/ipc';
import { createAppCore } from './core/app/app-core';
import type { AppCore } from './core/app/app-core-types';
import { KEYCHAIN_SERVICE, loadKeytar, type KeytarSecretStore } from './core/secrets/key-vault';
import { systemClock, type Notifier, type NotifyRequest } from './core/lib/ports';
import { clipboardIp } from './shell/clipboard';
import { EXTERNAL_HOST_ALLOW_LIST } from './core/app/external-links';
import { createOpenExternal, createOpenFolder } from './shell/external';
import { createSaveTextFile } from './shell/save-file';
import { createPickFollowFile } from './shell/pick-follow-file';
import { createOpenFile, registerDropFile } from './shell/open-file';
import { forwardEvents, registerIpcHandlers, createSenderCheck } from './shell/ipc';
import { createConsoleLogger } from './shell/logger';
import { applyLaunchAtLogin } from './shell/login-item';
import { createAppNetwork } from './shell/network';
import { createNotifier } from './shell/notifications';
import { createShortcutManager } from './shell/shortcut';
import { applyAppIdentity, e2eMode } from './shell/packaged';
import { setupTray, type TrayController } from './shell/tray';
import { systemLanguages } from './shell/system-languages';
import { createLookupWindow, lockDownContents, type LookupWindow } from './shell/window';
import { APP_INDEX_URL } from './shell/renderer-files';
import { registerAppScheme, serveRenderer } from './shell/renderer-protocol';
import { readMacTeamId, readUpdateConfig, setUpUpdates } from './shell/updater';

const here = dirname(fileURLToPath(import.meta.url));
const PRELOAD = join(here, '../preload/preload.cjs');
const RENDERER_DIR = join(here, '../renderer');
const DEV_SERVER = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const logger = createConsoleLogger();

process.on('unhandledRejection', (reason) =>
  logger.error('Unhandled rejection', { error: reason instanceof Error ? reason.name : String(reason) }),
);

registerAppScheme(); // before ready
applyAppIdentity(app.isPackaged, process.platform);
// The Playwright _electron specs give each launch its own data folder (and so its own single-instance lock); only a
// development build honours them.
const e2e = e2eMode(app.isPackaged, process.env);
if (e2e.userData) app.setPath('userData', e2e.userData);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start().catch((err: unknown) => {
    logger.error('Start-up failed', { error: err instanceof Error ? err.message : String(err) });
    app.exit(1);
  });
}

/** What decides whether this copy updates itself: how it was installed, and (macOS) who signed it. */
async function thisCopy(): Promise<Parameters<typeof setUpUpdates>[0]> {
  return {
    packaged: app.isPackaged,
    platform: process.platform,
    appImage: process.env.APPIMAGE,
    updateConfig: app.isPackaged ? readUpdateConfig(process.resourcesPath) : null,
    macTeamId: app.isPackaged && process.platform === 'darwin' ? await readMacTeamId(app.getPath('exe')) : undefined,
  };
}

async function start(): Promise<void> {
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents, logger));
  app.on('window-all-closed', () => {
    /* a tray app keeps running without windows */
  });
  await app.whenReady();
  serveRenderer(RENDERER_DIR);
  app.dock?.hide();

  let win: LookupWindow | null = null;
  let tray: TrayController | null = null;
  let latest: AppSnapshot | null = null;
  const showWindow = () => win?.show();
  const toggleWindow = () => win?.toggle();
  const quit = () => app.quit();

  const native = createNotifier({ onClick: showWindow, logger });
  const shown: NotifyRequest[] = [];
  const notifier: Notifier = e2e.hooks ? { notify: (n) => (shown.push(n), native.notify(n)) } : native;
  // Self-update: only an installed copy that can update itself loads electron-updater (update-availability.ts).
  const updates = await setUpUpdates(await thisCopy(), logger);
  const secrets = await loadKeytar(logger);
  // Chromium's network (system proxy, PAC, WPAD, the OS certificate store); Settings → Network picks the proxy.
  const network = createAppNetwork({
    netFetch: (url, init) => net.fetch(url, init),
    session: session.defaultSession,
    logger,
  });
  const languages = systemLanguages(app); // read once: Chromium's own locale does not change while it runs either
  const core = await createAppCore({
    clock: systemClock,
    fetch: network.fetch,
    secrets,
    dataDir: app.getPath('userData'),
    notifier,
    logger,
    // The core's language (notifications, the tray): Settings → App → Language, or with "Same as the system" the
    // system's preferred languages in order — the window follows the same list (the snapshot's systemLanguages).
    systemLanguages: () => languages,
    demo: process.argv.includes('--demo'),
    openExternal: createOpenExternal(() => EXTERNAL_HOST_ALLOW_LIST),
    saveTextFile: createSaveTextFile(() => win?.window ?? null),
    pickFollowFile: createPickFollowFile(() => win?.window ?? null),
    openFile: createOpenFile(() => win?.window ?? null),
    openPath: createOpenFolder(app.getPath('userData')),
    updates: { ...updates, currentVersion: app.getVersion() },
  });
  latest = await core.handlers.getSnapshot();
  await network.follow(core, latest);

  const isAppSender = createSenderCheck({ appUrl: APP_INDEX_URL, devServerUrl: DEV_SERVER });
  const removeIpc = registerIpcHandlers(core.handlers, { isAppSender, logger });
  const removeDrop = registerDropFile((path) => core.grantDroppedFile(path), { isAppSender, logger });
  win = createLookupWindow({
    preloadPath: PRELOAD,
    rendererUrl: APP_INDEX_URL,
    devServerUrl: DEV_SERVER,
    anchor: () => tray?.tray.getBounds() ?? null,
    onVisibilityChange: (visible) => {
      core.setWindowVisible(visible);
      void tray?.refresh();
    },
    logger,
  });
  const stopEvents = forwardEvents(core, () => win?.window.webContents);

  tray = await setupTray(core, {
    platform: process.platform,
    clock: systemClock,
    logger,
    showWindow,
    toggleWindow,
    quit,
    readClipboardIp: clipboardIp,
    notify: (n) => notifier.notify(n),
  });
  const trayReadyAt = Date.now(); // the tray icon is set (the electron bench's launch → tray)
  logger.info('Started: the tray icon is set'); // the packaged-app spec waits for this line

  const shortcuts = followShellSettings(core, latest, toggleWindow, notifier);
  core.on('snapshot-changed', (s) => (latest = s));

  powerMonitor.on('suspend', () => core.setSuspended(true));
  powerMonitor.on('resume', () => core.setSuspended(false));
  app.on('second-instance', showWindow);
  app.on('before-quit', () => win?.allowClose());
  app.on('will-quit', () => {
    shortcuts.dispose();
    globalShortcut.unregisterAll();
    stopEvents();
    removeIpc();
    removeDrop();
    tray?.dispose();
    void core.dispose();
  });

  // First run (onboarding) and demo mode open the window at once: on GNOME without the AppIndicator
  // extension there may be no tray icon to click.
  if (!latest.key.hasKey || latest.demo.active) showWindow();

  if (e2e.hooks) {
    // Hooks for the Playwright _electron specs and the electron bench (electronApp.evaluate): the tray's own click
    // path, the shortcut's callback, the tray's Quit, and when the tray icon was set.
    (globalThis as Record<string, unknown>).__lookupTrayE2E = {
      trayClick: () => tray?.tray.emit('click'),
      isWindowVisible: () => win?.isVisible() ?? false,
      trayModel: () => tray?.model(),
      trayBounds: () => tray?.tray.getBounds() ?? null,
      shownNotifications: () => [...shown],
      shortcut: () => latest?.settings.shortcut ?? null,
      pressShortcut: toggleWindow,
      quit,
      trayReadyAt: () => trayReadyAt,
      ...keychainHooks(secrets),
    };
  }
}

/**
 * The OS keychain as this app sees it, for the e2e specs: queried from inside the app, so macOS never asks "allow
 * access?" of a process (Playwright's Node) that did not create the items. The specs pass their made-up key.
 */
function keychainHooks(secrets: KeytarSecretStore) {
  return {
    keychainAccountsHolding: async (value: string) =>
      (await secrets.findCredentials(KEYCHAIN_SERVICE))
        .filter((c) => c.password === value)
        .map((c) => ({ account: c.account })),
    forgetKeychainItemsHolding: async (value: string) => {
      for (const c of await secrets.findCredentials(KEYCHAIN_SERVICE))
        if (c.password === value) await secrets.deletePassword(KEYCHAIN_SERVICE, c.account);
    },
  };
}

/**
 * The global shortcut and launch at login follow the settings (a shortcut that cannot be registered says so in a
 * notification). Returns the shortcut manager, disposed at quit.
 */
function followShellSettings(
  core: AppCore,
  first: AppSnapshot,
  onPress: () => void,
  notifier: Notifier,
): ReturnType<typeof createShortcutManager> {
  const shortcuts = createShortcutManager({
    onPress,
    onConflict: (accelerator, reason) => {
      logger.warn('Global shortcut not registered', { accelerator, reason });
      notifier.notify({
        id: `shortcut:${accelerator}`,
        title: 'Shortcut not available',
        body: `${accelerator} could not be set up: ${reason}. Choose another one in Settings.`,
      });
    },
  });
  shortcuts.apply(first.settings.shortcut);
  applyLaunchAtLogin(first.settings.launchAtLogin, logger);
  let before = first;
  core.on('snapshot-changed', (s) => {
    if (s.settings.shortcut !== before.settings.shortcut) shortcuts.apply(s.settings.shortcut);
    if (s.settings.launchAtLogin !== before.settings.launchAtLogin)
      applyLaunchAtLogin(s.settings.launchAtLogin, logger);
    before = s;
  });
  return shortcuts;
}
