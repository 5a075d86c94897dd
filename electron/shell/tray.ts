/**
 * The tray: a gauge icon, a tooltip, and a context menu that carries the status itself (Linux trays show
 * no tooltips and may not deliver clicks). A view of the core's state: rebuilt on every change, but
 * `setImage` is called only when the picture changes (frequent updates flicker and burn CPU on Linux).
 * The menu's items are data (tray-menu.ts); this file turns them into Electron's and carries out their actions.
 */
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import type { BulkProgress } from '../../shared/bulk';
import { wordsFor } from '../../shared/i18n';
import type { AppSnapshot, NavigateEvent, UpdateStatus } from '../../shared/ipc';
import type { AppCore } from '../core/app/app-core-types';
import type { Clock, Logger, NotifyRequest, TimerHandle } from '../core/lib/ports';
import { TRAY_ICON_SIZES, iconKey, renderTrayIcon, type IconModel } from '../core/tray/tray-icon';
import { trayFacts, updateFact } from '../core/tray/tray-model';
import { trayMenu, type TrayAction, type TrayMenuItem } from './tray-menu';
import { wordTray, type TrayModel } from './tray-words';

export interface TrayDeps {
  platform: NodeJS.Platform;
  clock: Clock;
  logger: Logger;
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

/** The tray's picture and tooltip: each set again only when it differs from the one shown. */
export class TrayFace {
  readonly tray: Tray;
  private shownKey: string;
  private shownTip: string;

  constructor(
    model: TrayModel,
    private readonly platform: NodeJS.Platform,
  ) {
    this.shownKey = iconKey(model.iconModel);
    this.shownTip = model.tooltip;
    this.tray = new Tray(trayImage(model.iconModel, platform));
    this.tray.setToolTip(this.shownTip);
  }

  show(m: TrayModel): void {
    const key = iconKey(m.iconModel);
    if (key !== this.shownKey) {
      this.shownKey = key;
      this.tray.setImage(trayImage(m.iconModel, this.platform));
    }
    if (m.tooltip !== this.shownTip) {
      this.shownTip = m.tooltip;
      this.tray.setToolTip(m.tooltip);
    }
  }
}

/** What the tray model is built from; the core's events replace its parts. */
interface TrayInputs {
  snapshot: AppSnapshot;
  bulk: BulkProgress | null;
  update: UpdateStatus | null;
}

/** A rejection handler that logs `<what> failed` with the error's name. */
const loggedFailure = (logger: Logger) => (what: string) => (err: unknown) =>
  logger.error(`${what} failed`, { error: err instanceof Error ? err.name : String(err) });

/** Carries out a menu item's action through the core (failures are logged; the ones the user must hear of, told). */
function trayActions(core: AppCore, deps: TrayDeps, inputs: TrayInputs): (a: TrayAction) => void {
  const said = () => wordsFor(core.lang()).w.tray.notify;
  const openView = (ev: NavigateEvent) => {
    deps.showWindow();
    core.emit('navigate', ev);
  };
  const failed = loggedFailure(deps.logger);
  const checkQuota = async (spend: boolean) => {
    const r = await core.handlers.checkQuota({ spend });
    if (r.kind === 'needs-confirmation') openView({ view: 'lookup' });
    else if (r.kind === 'failed')
      deps.notify({
        id: 'check-quota-failed',
        title: said().checkQuotaFailed(inputs.snapshot.demo.active),
        body: wordsFor(core.lang()).w.outcome.message(r.outcome),
      });
  };
  const pauseUntil = (until: number | null) =>
    void core.handlers.pauseNotifications({ until }).catch(failed('Pause notifications'));
  const restartToUpdate = () =>
    void core.handlers.restartToUpdate().then((r) => {
      // Held (a bulk job started since the menu was built) or nothing to install: say why, the tray has no other place.
      if (r.kind !== 'restarting')
        deps.notify({ id: 'restart-to-update', title: said().notRestarting, body: r.message });
    }, failed('Restart to update'));

  return (a) => {
    switch (a.kind) {
      case 'open':
        return openView({ view: a.view });
      case 'lookup-clipboard':
        // Re-read: the clipboard may have changed since the menu was built.
        return void deps
          .readClipboardIp()
          .then((ip) => openView(ip ? { view: 'lookup', ip } : { view: 'lookup' }), failed('Clipboard lookup'));
      case 'leave-demo':
        return void core.handlers.stopDemo().then(() => undefined, failed('Leave demo'));
      case 'bulk-pause':
        return void core.handlers.bulkPause({ id: a.jobId }).catch(failed('Pause'));
      case 'bulk-resume':
        return void core.handlers.bulkResume({ id: a.jobId }).catch(failed('Resume'));
      case 'restart-to-update':
        return restartToUpdate();
      case 'open-release':
        return void core.handlers.openExternal({ url: a.url }).then(() => undefined, failed('Open the release page'));
      case 'switch-profile':
        return void core.handlers.switchProfile({ name: a.name }).then(() => undefined, failed('Switch profile'));
      case 'check-quota':
        return void checkQuota(a.spend).catch(failed('Check quota'));
      case 'pause-notifications': {
        const now = deps.clock.now();
        return pauseUntil(
          a.for === 'hour' ? now + 3_600_000 : a.for === 'until-tomorrow' ? startOfTomorrow(now) : null,
        );
      }
      case 'quit':
        return deps.quit();
    }
  };
}

/** Electron's template for the menu's items, each click carrying out its item's action. */
function electronTemplate(items: TrayMenuItem[], run: (a: TrayAction) => void): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    if (item.type === 'separator') return { type: 'separator' };
    const { action, submenu, ...rest } = item;
    return {
      ...rest,
      ...(action ? { click: () => run(action) } : {}),
      ...(submenu ? { submenu: electronTemplate(submenu, run) } : {}),
    };
  });
}

/** Redraws the tray when the model says it would change by itself (a cooldown's end, staleness): one timer. */
class RedrawTimer {
  private timer: TimerHandle | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly redraw: () => void,
  ) {}

  schedule(at: number | null): void {
    this.cancel();
    if (at === null || !Number.isFinite(at)) return;
    // setTimeout turns a delay beyond 2^31 - 1 ms into 1 ms: clamp, or an absurd instant would spin.
    const delay = Math.min(2 ** 31 - 1, Math.max(1_000, at - this.clock.now()));
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.redraw();
    }, delay);
  }

  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Whether a new bulk progress changes the tray: the line changes with every answer, the menu only with it or the state. */
function bulkChanged(before: BulkProgress | null, p: BulkProgress): boolean {
  const line = (x: BulkProgress) => wordsFor('en').w.tray.bulk(x);
  return !before || before.state !== p.state || before.jobId !== p.jobId || line(before) !== line(p);
}

export async function setupTray(core: AppCore, deps: TrayDeps): Promise<TrayController> {
  const inputs: TrayInputs = {
    snapshot: await core.handlers.getSnapshot(),
    bulk: null,
    update: (await core.handlers.getUpdateStatus().catch(() => null)) ?? null,
  };
  // The tray speaks the core's language (Settings → App → Language, or the system's): asked at every redraw, so a
  // change of the setting (a snapshot-changed) rewords it.
  const speaker = () => wordsFor(core.lang());
  const modelNow = () =>
    wordTray(trayFacts(inputs.snapshot, deps.clock.now(), { bulk: inputs.bulk, update: inputs.update }), speaker());
  let current = modelNow();
  const face = new TrayFace(current, deps.platform);
  const { tray } = face;
  const run = trayActions(core, deps, inputs);
  const life = { generation: 0, disposed: false };
  const popUpMenu = deps.platform === 'darwin' || deps.platform === 'win32';

  const buildMenu = async (m: TrayModel) => {
    const clipIp = m.hasKey ? await deps.readClipboardIp().catch(() => null) : null;
    return Menu.buildFromTemplate(electronTemplate(trayMenu(m, clipIp, speaker().w.tray.menu), run));
  };
  const timer = new RedrawTimer(deps.clock, () => void refresh());

  const refresh = async () => {
    if (life.disposed) return;
    const gen = ++life.generation;
    const m = (current = modelNow());
    face.show(m);
    timer.schedule(m.nextChangeAt);
    if (!popUpMenu) {
      const menu = await buildMenu(m);
      if (gen === life.generation && !life.disposed) tray.setContextMenu(menu);
    }
  };

  tray.on('click', () => deps.toggleWindow());
  if (popUpMenu) {
    // Built at the moment it opens, so the clipboard item and the ages are current.
    tray.on('right-click', () => {
      void buildMenu(current).then((menu) => tray.popUpContextMenu(menu), loggedFailure(deps.logger)('Tray menu'));
    });
  }

  const offs = [
    core.on('snapshot-changed', (s) => {
      inputs.snapshot = s;
      void refresh();
    }),
    core.on('quota-changed', (q) => {
      inputs.snapshot = { ...inputs.snapshot, quota: q };
      void refresh();
    }),
    core.on('update-status', (u) => {
      const changed = JSON.stringify(updateFact(u)) !== JSON.stringify(updateFact(inputs.update));
      inputs.update = u;
      if (changed) void refresh(); // download progress alone changes nothing in the menu
    }),
    core.on('bulk-progress', (p) => {
      const changed = bulkChanged(inputs.bulk, p);
      inputs.bulk = p;
      if (changed) void refresh();
    }),
  ];
  await refresh();

  return {
    tray,
    refresh,
    model: () => current,
    dispose: () => {
      life.disposed = true;
      offs.forEach((off) => off());
      timer.cancel();
      tray.destroy();
    },
  };
}
