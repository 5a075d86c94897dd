/**
 * A small mocked `electron` for wiring tests (after Electron Fiddle's tests/mocks and menubar's __mocks__).
 * Use: `vi.mock('electron', () => import('./mocks/electron'))`, then assert what the shell asked for.
 * Call `resetElectronMock()` in beforeEach.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Fn = (...args: never[]) => unknown;

export class MockSession {
  permissionRequestHandler: ((wc: unknown, permission: string, cb: (ok: boolean) => void) => void) | null = null;
  permissionCheckHandler: ((...a: unknown[]) => boolean) | null = null;
  headersListener:
    | ((
        details: { responseHeaders?: Record<string, string[]> },
        cb: (r: { responseHeaders?: Record<string, string[]> }) => void,
      ) => void)
    | null = null;
  setPermissionRequestHandler = vi.fn(
    (h: MockSession['permissionRequestHandler']) => void (this.permissionRequestHandler = h),
  );
  setPermissionCheckHandler = vi.fn(
    (h: MockSession['permissionCheckHandler']) => void (this.permissionCheckHandler = h),
  );
  webRequest = { onHeadersReceived: vi.fn((h: MockSession['headersListener']) => void (this.headersListener = h)) };
  /** The proxy configurations asked for, in order. */
  proxies: unknown[] = [];
  setProxy = vi.fn(async (config: unknown) => void this.proxies.push(config));
}

export class MockWebContents extends EventEmitter {
  session = new MockSession();
  windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null;
  destroyed = false;
  devTools = false;
  send = vi.fn();
  isDestroyed = vi.fn(() => this.destroyed);
  isDevToolsOpened = vi.fn(() => this.devTools);
  setWindowOpenHandler = vi.fn((h: MockWebContents['windowOpenHandler']) => void (this.windowOpenHandler = h));
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  webContents = new MockWebContents();
  visible = false;
  position: [number, number] = [0, 0];
  constructor(public options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    BrowserWindow.instances.push(this);
  }
  show = vi.fn(() => {
    if (this.visible) return;
    this.visible = true;
    this.emit('show');
  });
  hide = vi.fn(() => {
    if (!this.visible) return;
    this.visible = false;
    this.emit('hide');
  });
  isVisible = vi.fn(() => this.visible);
  focus = vi.fn();
  setPosition = vi.fn((x: number, y: number) => void (this.position = [x, y]));
  loadURL = vi.fn(async (_url: string) => {});
  loadFile = vi.fn(async (_file: string) => {});
  /** Simulate the user closing the window: listeners may preventDefault. */
  userClose(): boolean {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    return prevented;
  }
}

export class MockImage {
  reps: { scaleFactor: number; width?: number; height?: number; buffer?: Buffer }[] = [];
  template = false;
  constructor(
    public buffer: Buffer,
    public opts: { scaleFactor?: number } = {},
  ) {}
  addRepresentation(o: MockImage['reps'][number]) {
    this.reps.push(o);
  }
  setTemplateImage(v: boolean) {
    this.template = v;
  }
  isTemplateImage() {
    return this.template;
  }
}

export const nativeImage = {
  createFromBuffer: vi.fn((buffer: Buffer, opts?: { scaleFactor?: number }) => new MockImage(buffer, opts)),
  createEmpty: vi.fn(() => new MockImage(Buffer.alloc(0))),
};

export interface MockMenu {
  items: MenuItemTemplate[];
}
export interface MenuItemTemplate {
  label?: string;
  type?: string;
  enabled?: boolean;
  checked?: boolean;
  click?: () => void;
  role?: string;
  submenu?: MenuItemTemplate[];
}
export const Menu = {
  buildFromTemplate: vi.fn((template: MenuItemTemplate[]): MockMenu => ({ items: template })),
  /** The application menu last set (undefined: never set, so Electron's default menu with Reload/DevTools). */
  application: undefined as MockMenu | null | undefined,
  setApplicationMenu: vi.fn((m: MockMenu | null) => void (Menu.application = m)),
};

export class Tray extends EventEmitter {
  static instances: Tray[] = [];
  bounds = { x: 1_800, y: 0, width: 24, height: 24 };
  menu: MockMenu | null = null;
  constructor(public image: MockImage) {
    super();
    Tray.instances.push(this);
  }
  setImage = vi.fn((img: MockImage) => void (this.image = img));
  setToolTip = vi.fn();
  setContextMenu = vi.fn((m: MockMenu) => void (this.menu = m));
  popUpContextMenu = vi.fn();
  getBounds = vi.fn(() => this.bounds);
  destroy = vi.fn();
}

export class Notification extends EventEmitter {
  static instances: Notification[] = [];
  static supported = true;
  static isSupported = vi.fn(() => Notification.supported);
  show = vi.fn();
  constructor(public options: { title: string; body: string }) {
    super();
    Notification.instances.push(this);
  }
}

type Handler = (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => unknown;
export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle: vi.fn((channel: string, h: Handler) => {
    if (ipcMain.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    ipcMain.handlers.set(channel, h);
  }),
  removeHandler: vi.fn((channel: string) => void ipcMain.handlers.delete(channel)),
  /** Test helper: what a renderer invoke from `senderUrl` would get. */
  async invokeFrom(senderUrl: string | null, channel: string, ...args: unknown[]): Promise<unknown> {
    const h = ipcMain.handlers.get(channel);
    if (!h) throw new Error(`No handler registered for '${channel}'`);
    return h({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, ...args);
  },
};

export const globalShortcut = {
  taken: new Set<string>(),
  registered: new Map<string, () => void>(),
  register: vi.fn((acc: string, cb: () => void) => {
    if (acc.includes('Invalid')) throw new Error('bad accelerator');
    if (globalShortcut.taken.has(acc)) return false;
    globalShortcut.registered.set(acc, cb);
    return true;
  }),
  unregister: vi.fn((acc: string) => void globalShortcut.registered.delete(acc)),
  unregisterAll: vi.fn(() => globalShortcut.registered.clear()),
};

export const screen = {
  getDisplayNearestPoint: vi.fn((_p: { x: number; y: number }) => ({
    workArea: { x: 0, y: 25, width: 1_920, height: 1_055 },
  })),
  getCursorScreenPoint: vi.fn(() => ({ x: 100, y: 100 })),
};

export const session = { defaultSession: new MockSession() };
/** Electron's net: `fetch` answers what a test sets (`net.answer`), or rejects like Chromium (`net.fail`). */
export const net = {
  answer: (_url: string): Response => new Response('{}', { status: 200 }),
  fetch: vi.fn(async (url: string, _init?: RequestInit) => net.answer(url)),
};
export const shell = { openExternal: vi.fn(async (_url: string) => {}), openPath: vi.fn(async (_path: string) => '') };
/**
 * `dialog.nextSavePath`: what the next save dialog answers (null: the user cancels); `dialog.nextFollowPath`: what
 * the next open dialog of Follow a file… answers.
 */
export const dialog = {
  nextSavePath: null as string | null,
  nextFollowPath: null as string | null,
  showSaveDialog: vi.fn(async (..._args: unknown[]) => {
    const filePath = dialog.nextSavePath;
    return filePath === null ? { canceled: true, filePath: '' } : { canceled: false, filePath };
  }),
  /** What the next open dialog of Open file… answers (null: the user cancels). */
  nextOpenPath: null as string | null,
  showOpenDialog: vi.fn(async (..._args: unknown[]) => {
    const p = dialog.nextOpenPath ?? dialog.nextFollowPath;
    return p === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [p] };
  }),
};

/** `webUtils.getPathForFile`: a File's `mockPath` (a real drop), '' for any other File (one the page made). */
export const webUtils = {
  getPathForFile: vi.fn((file: unknown) => {
    if (typeof file !== 'object' || file === null) throw new TypeError('not a File');
    return (file as { mockPath?: string }).mockPath ?? '';
  }),
};
export const protocol = {
  registerSchemesAsPrivileged: vi.fn((_schemes: { scheme: string; privileges: Record<string, boolean> }[]) => {}),
  handle: vi.fn((_scheme: string, _handler: (request: Request) => Promise<Response>) => {}),
};
export const clipboard = { text: '', readText: vi.fn(async () => clipboard.text) };
export const powerMonitor = new EventEmitter();

export const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  setPath: vi.fn((_name: string, _path: string) => {}),
  setAppUserModelId: vi.fn((_id: string) => {}),
  getVersion: vi.fn(() => '0.1.0'),
  setLoginItemSettings: vi.fn(),
  getPath: vi.fn((_name: string) => '/tmp/lookup-tray-test'),
  getLocale: vi.fn(() => 'en-US'),
  getPreferredSystemLanguages: vi.fn((): string[] => ['en-US']),
  requestSingleInstanceLock: vi.fn(() => true),
  whenReady: vi.fn(async () => {}),
  quit: vi.fn(),
  exit: vi.fn(),
  dock: { hide: vi.fn() },
});

export const contextBridge = {
  exposed: {} as Record<string, unknown>,
  exposeInMainWorld: vi.fn((key: string, value: unknown) => void (contextBridge.exposed[key] = value)),
};

const rendererBus = new EventEmitter();
export const ipcRenderer = {
  invoke: vi.fn(async (_channel: string, _arg?: unknown): Promise<unknown> => undefined),
  on: vi.fn((channel: string, l: (...a: unknown[]) => void) => {
    rendererBus.on(channel, l);
    return ipcRenderer;
  }),
  removeListener: vi.fn((channel: string, l: (...a: unknown[]) => void) => {
    rendererBus.removeListener(channel, l);
    return ipcRenderer;
  }),
  /** Test helper: main sends `payload` on `channel` (with an event object, like Electron). */
  emitFromMain(channel: string, payload: unknown) {
    rendererBus.emit(channel, { sender: ipcRenderer, senderId: 0 }, payload);
  },
  listenerCount: (channel: string) => rendererBus.listenerCount(channel),
};

export function resetElectronMock(): void {
  BrowserWindow.instances = [];
  Tray.instances = [];
  Notification.instances = [];
  Notification.supported = true;
  ipcMain.handlers.clear();
  globalShortcut.taken.clear();
  globalShortcut.registered.clear();
  clipboard.text = '';
  dialog.nextSavePath = null;
  dialog.nextFollowPath = null;
  dialog.nextOpenPath = null;
  contextBridge.exposed = {};
  rendererBus.removeAllListeners();
  powerMonitor.removeAllListeners();
  app.isPackaged = false;
  Menu.application = undefined;
  for (const f of [
    nativeImage.createFromBuffer,
    Menu.buildFromTemplate,
    Menu.setApplicationMenu,
    app.setPath,
    app.setAppUserModelId,
    ipcMain.handle,
    ipcMain.removeHandler,
    globalShortcut.register,
    globalShortcut.unregister,
    shell.openExternal,
    shell.openPath,
    dialog.showSaveDialog,
    dialog.showOpenDialog,
    webUtils.getPathForFile,
    clipboard.readText,
    app.setLoginItemSettings,
    contextBridge.exposeInMainWorld,
    ipcRenderer.invoke,
    ipcRenderer.on,
    ipcRenderer.removeListener,
  ] as unknown as ReturnType<typeof vi.fn<Fn>>[])
    f.mockClear();
}

export default {
  app,
  BrowserWindow,
  Tray,
  Menu,
  nativeImage,
  ipcMain,
  Notification,
  globalShortcut,
  screen,
  session,
  net,
  shell,
  dialog,
  webUtils,
  clipboard,
  powerMonitor,
  contextBridge,
  ipcRenderer,
};
