/**
 * The tray: a gauge icon, a tooltip, and a context menu that carries the status itself (Linux trays show
 * no tooltips and may not deliver clicks). A view of the core's state: rebuilt on every change, but
 * `setImage` is called only when the picture changes (frequent updates flicker and burn CPU on Linux).
 */
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import { bulkTrayLine, type BulkProgress } from '../../shared/bulk';
import type { AppSnapshot, NavigateEvent, UpdateStatus } from '../../shared/ipc';
import type { AppCore } from '../core/app/app-core-types';
import type { Clock, Logger, NotifyRequest, TimerHandle } from '../core/lib/ports';
import { TRAY_ICON_SIZES, iconKey, renderTrayIcon, type IconModel } from '../core/tray/tray-icon';
import { buildTrayModel, updateItem, type TrayModel } from '../core/tray/tray-model';

export interface TrayDeps {
  platform: NodeJS.Platform;
  clock: Clock;
  logger: Logger;
  /** Locale for numbers and dates (app.getLocale()). */
  locale?: string;
  showWindow(): void;
  toggleWindow(): void;
  quit(): void;
  /** The IP on the clipboard, or null. */
  readClipboardIp(): Promise<string | null>;
  /** Tells the user about a failed "Check quota" (the tray has no other place to say it). */
  notify(n: NotifyRequest): void;
}

export interface TrayController {
  readonly tray: Tray;
  /** Rebuild menu, tooltip and (if the picture changed) icon from the latest state. */
  refresh(): Promise<void>;
  /** The latest model (for tests and diagnostics). */
  model(): TrayModel;
  dispose(): void;
}

export function trayImage(model: IconModel, platform: NodeJS.Platform): NativeImage {
  const sizes =
    platform === 'darwin'
      ? TRAY_ICON_SIZES.darwin
      : platform === 'win32'
        ? TRAY_ICON_SIZES.win32
        : TRAY_ICON_SIZES.linux;
  const template = platform === 'darwin';
  const image = nativeImage.createFromBuffer(renderTrayIcon(model, sizes[0], { template }), { scaleFactor: 1 });
  image.addRepresentation({
    scaleFactor: 2,
    width: sizes[1],
    height: sizes[1],
    buffer: renderTrayIcon(model, sizes[1], { template }),
  });
  if (template) image.setTemplateImage(true);
  return image;
}

/** Start of the next local day. */
export function startOfTomorrow(now: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

export async function setupTray(core: AppCore, deps: TrayDeps): Promise<TrayController> {
  let snapshot: AppSnapshot = await core.handlers.getSnapshot();
  let bulk: BulkProgress | null = null;
  let update: UpdateStatus | null = (await core.handlers.getUpdateStatus().catch(() => null)) ?? null;
  let current = buildTrayModel(snapshot, deps.clock.now(), { locale: deps.locale, update });
  let shownKey = iconKey(current.iconModel);
  let shownTip = current.tooltip;
  const tray = new Tray(trayImage(current.iconModel, deps.platform));
  tray.setToolTip(shownTip);
  let timer: TimerHandle | null = null;
  let generation = 0;
  let disposed = false;
  const popUpMenu = deps.platform === 'darwin' || deps.platform === 'win32';

  const openView = (ev: NavigateEvent) => {
    deps.showWindow();
    core.emit('navigate', ev);
  };
  const failed = (what: string) => (err: unknown) =>
    deps.logger.error(`${what} failed`, { error: err instanceof Error ? err.name : String(err) });
  const checkQuota = async (spend: boolean) => {
    const r = await core.handlers.checkQuota({ spend });
    if (r.kind === 'needs-confirmation') openView({ view: 'lookup' });
    else if (r.kind === 'failed')
      deps.notify({
        id: 'check-quota-failed',
        title: `${snapshot.demo.active ? 'DEMO — ' : ''}Check quota failed`,
        body: r.message,
      });
  };
  const pause = (until: number | null) =>
    void core.handlers.pauseNotifications({ until }).catch(failed('Pause notifications'));

  const restartToUpdate = () =>
    void core.handlers.restartToUpdate().then((r) => {
      // Held (a bulk job started since the menu was built) or nothing to install: say why, the tray has no other place.
      if (r.kind !== 'restarting')
        deps.notify({ id: 'restart-to-update', title: 'Not restarting yet', body: r.message });
    }, failed('Restart to update'));
  const leaveDemo = () => void core.handlers.stopDemo().then(() => undefined, failed('Leave demo'));
  const bulkItems = (b: NonNullable<TrayModel['bulk']>): MenuItemConstructorOptions[] => [
    { label: b.line, toolTip: 'Open Lookup Tray', click: () => openView({ view: 'lookup' }) },
    ...(b.canPause
      ? [{ label: 'Pause bulk job', click: () => void core.handlers.bulkPause({ id: b.jobId }).catch(failed('Pause')) }]
      : []),
    ...(b.canResume
      ? [
          {
            label: 'Resume bulk job',
            click: () => void core.handlers.bulkResume({ id: b.jobId }).catch(failed('Resume')),
          },
        ]
      : []),
  ];

  const template = (m: TrayModel, clipIp: string | null): MenuItemConstructorOptions[] => [
    // Information, not disabled grey text: each line opens the window where the figures are.
    ...m.statusLines.map((label): MenuItemConstructorOptions => ({
      label,
      toolTip: 'Open Lookup Tray',
      click: () => openView({ view: m.hasKey ? 'lookup' : 'onboarding' }),
    })),
    ...(m.demo ? [{ label: 'Leave demo', click: leaveDemo } satisfies MenuItemConstructorOptions] : []),
    ...(m.bulk ? bulkItems(m.bulk) : []),
    ...(m.update
      ? [
          {
            label: m.update.label,
            enabled: m.update.enabled,
            click: restartToUpdate,
          } satisfies MenuItemConstructorOptions,
        ]
      : []),
    ...(m.profiles.length > 0
      ? [
          { type: 'separator' } satisfies MenuItemConstructorOptions,
          ...m.profiles.map((p): MenuItemConstructorOptions => ({
            type: 'radio',
            label: p.label,
            checked: p.active,
            click: () =>
              void core.handlers.switchProfile({ name: p.name }).then(() => undefined, failed('Switch profile')),
          })),
        ]
      : []),
    { type: 'separator' },
    { label: 'Look up IP…', click: () => openView({ view: m.hasKey ? 'lookup' : 'onboarding' }) },
    {
      label: clipIp ? `Look up IP from clipboard (${clipIp})` : 'Look up IP from clipboard',
      enabled: m.hasKey && clipIp !== null,
      click: () => {
        // Re-read: the clipboard may have changed since the menu was built.
        void deps
          .readClipboardIp()
          .then((ip) => openView(ip ? { view: 'lookup', ip } : { view: 'lookup' }), failed('Clipboard lookup'));
      },
    },
    {
      label: m.checkQuotaLabel,
      enabled: m.hasKey,
      click: () => void checkQuota(m.checkQuotaSpends).catch(failed('Check quota')),
    },
    {
      label: 'Pause notifications',
      submenu: [
        { label: 'For 1 hour', click: () => pause(deps.clock.now() + 3_600_000) },
        { label: 'Until tomorrow', click: () => pause(startOfTomorrow(deps.clock.now())) },
        { type: 'separator' },
        { label: 'Resume notifications', enabled: m.pausedUntil !== null, click: () => pause(null) },
      ],
    },
    { label: 'Settings…', click: () => openView({ view: 'settings' }) },
    { label: 'About Lookup Tray', click: () => openView({ view: 'about' }) },
    { type: 'separator' },
    { label: 'Quit', click: () => deps.quit() },
  ];

  const buildMenu = async (m: TrayModel) =>
    Menu.buildFromTemplate(template(m, m.hasKey ? await deps.readClipboardIp().catch(() => null) : null));

  const schedule = (m: TrayModel) => {
    if (timer !== null) deps.clock.clearTimeout(timer);
    timer = null;
    if (m.nextChangeAt === null || !Number.isFinite(m.nextChangeAt) || disposed) return;
    // setTimeout turns a delay beyond 2^31 - 1 ms into 1 ms: clamp, or an absurd instant would spin.
    const delay = Math.min(2 ** 31 - 1, Math.max(1_000, m.nextChangeAt - deps.clock.now()));
    timer = deps.clock.setTimeout(() => {
      timer = null;
      void refresh();
    }, delay);
  };

  const refresh = async () => {
    if (disposed) return;
    const gen = ++generation;
    const m = buildTrayModel(snapshot, deps.clock.now(), { locale: deps.locale, bulk, update });
    current = m;
    const key = iconKey(m.iconModel);
    if (key !== shownKey) {
      shownKey = key;
      tray.setImage(trayImage(m.iconModel, deps.platform));
    }
    if (m.tooltip !== shownTip) {
      shownTip = m.tooltip;
      tray.setToolTip(m.tooltip);
    }
    schedule(m);
    if (!popUpMenu) {
      const menu = await buildMenu(m);
      if (gen === generation && !disposed) tray.setContextMenu(menu);
    }
  };

  tray.on('click', () => deps.toggleWindow());
  if (popUpMenu) {
    // Built at the moment it opens, so the clipboard item and the ages are current.
    tray.on('right-click', () => {
      void buildMenu(current).then((menu) => tray.popUpContextMenu(menu), failed('Tray menu'));
    });
  }

  const offs = [
    core.on('snapshot-changed', (s) => {
      snapshot = s;
      void refresh();
    }),
    core.on('quota-changed', (q) => {
      snapshot = { ...snapshot, quota: q };
      void refresh();
    }),
    core.on('update-status', (u) => {
      const changed = JSON.stringify(updateItem(u)) !== JSON.stringify(current.update);
      update = u;
      if (changed) void refresh(); // download progress alone changes nothing in the menu
    }),
    core.on('bulk-progress', (p) => {
      // The line changes with every answer; the menu is rebuilt only when the line or the state changes.
      const changed =
        !bulk || bulk.state !== p.state || bulk.jobId !== p.jobId || bulkTrayLine(bulk) !== bulkTrayLine(p);
      bulk = p;
      if (changed) void refresh();
    }),
  ];
  await refresh();

  return {
    tray,
    refresh,
    model: () => current,
    dispose: () => {
      disposed = true;
      offs.forEach((off) => off());
      if (timer !== null) deps.clock.clearTimeout(timer);
      tray.destroy();
    },
  };
}
