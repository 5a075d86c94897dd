import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));

import type * as ElectronMock from './mocks/electron';
import {
  CHANNELS,
  EVENT_METHODS,
  EVENT_NAMES,
  eventChannel,
  invokeChannel,
  DROP_FILE_CHANNEL,
  type LookupTrayApi,
  type LookupTrayDropApi,
} from '../../shared/ipc';

let contextBridge: typeof ElectronMock.contextBridge;
let ipcRenderer: typeof ElectronMock.ipcRenderer;

/** A fresh module registry per test: the preload runs its top level (exposeInMainWorld) again. */
async function loadPreload(): Promise<LookupTrayApi> {
  vi.resetModules();
  // The module the preload sees as 'electron' (the mock registry survives resetModules).
  const electron = (await import('electron')) as unknown as typeof ElectronMock;
  electron.resetElectronMock();
  ({ contextBridge, ipcRenderer } = electron);
  await import('../../electron/preload');
  // The page's API, and the drop (a File in, the core's id out: docs/bulk.md, "Reading a file").
  expect(vi.mocked(contextBridge.exposeInMainWorld).mock.calls.map((c) => c[0])).toEqual([
    'lookupTray',
    'lookupTrayDrop',
  ]);
  return contextBridge.exposed.lookupTray as LookupTrayApi;
}

describe('preload', () => {
  it('exposes exactly one function per capability and one per event — no ipcRenderer, no generic invoke', async () => {
    const api = await loadPreload();
    const expected = [...CHANNELS, ...Object.values(EVENT_METHODS)].sort();
    expect(Object.keys(api).sort()).toEqual(expected);
    for (const k of Object.keys(api)) expect(typeof (api as Record<string, unknown>)[k], k).toBe('function');
    expect(Object.values(api)).not.toContain(ipcRenderer);
    expect(api).not.toHaveProperty('invoke');
    expect(api).not.toHaveProperty('send');
  });

  it('each method invokes its own channel with the request', async () => {
    const api = await loadPreload();
    vi.mocked(ipcRenderer.invoke).mockResolvedValue({ answer: 42 });
    await expect(api.lookup({ ip: '8.8.8.8' })).resolves.toEqual({ answer: 42 });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(invokeChannel('lookup'), { ip: '8.8.8.8' });
    await api.getSnapshot();
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(invokeChannel('getSnapshot'), undefined);
    const call = api as unknown as Record<string, (req?: unknown) => Promise<unknown>>;
    for (const c of CHANNELS) {
      await call[c]!({ probe: c });
      expect(vi.mocked(ipcRenderer.invoke).mock.lastCall![0], c).toBe(invokeChannel(c));
    }
  });

  it('subscriptions get the payload only (never the IPC event) and can unsubscribe', async () => {
    const api = await loadPreload();
    const got: unknown[][] = [];
    const off = api.onNavigate((...args: unknown[]) => got.push(args));
    ipcRenderer.emitFromMain(eventChannel('navigate'), { view: 'settings' });
    expect(got).toEqual([[{ view: 'settings' }]]);
    off();
    ipcRenderer.emitFromMain(eventChannel('navigate'), { view: 'lookup' });
    expect(got).toHaveLength(1);
    expect(ipcRenderer.listenerCount(eventChannel('navigate'))).toBe(0);
    for (const e of EVENT_NAMES) {
      const seen: unknown[] = [];
      const unsubscribe = (api[EVENT_METHODS[e]] as (cb: (p: unknown) => void) => () => void)((p) => seen.push(p));
      ipcRenderer.emitFromMain(eventChannel(e), { e });
      expect(seen, e).toEqual([{ e }]);
      unsubscribe();
    }
  });

  it("a drop sends the dropped File's own path on the drop channel; a File the page made sends nothing", async () => {
    await loadPreload();
    const drop = contextBridge.exposed.lookupTrayDrop as LookupTrayDropApi;
    expect(Object.keys(drop)).toEqual(['bulkDropFile']);
    const opened = { id: 'f1', name: 'access.log', size: 12 };
    vi.mocked(ipcRenderer.invoke).mockResolvedValue(opened);
    const dropped = Object.assign(new File(['x'], 'access.log'), { mockPath: '/var/log/access.log' });
    await expect(drop.bulkDropFile(dropped)).resolves.toEqual(opened);
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(DROP_FILE_CHANNEL, '/var/log/access.log');
    vi.mocked(ipcRenderer.invoke).mockClear();
    await expect(drop.bulkDropFile(new File(['8.8.8.8'], 'made.txt'))).resolves.toBeNull();
    await expect(drop.bulkDropFile('/etc/passwd' as unknown as File)).resolves.toBeNull();
    expect(ipcRenderer.invoke).not.toHaveBeenCalled();
    // The page's API has no way to name a path.
    const api = contextBridge.exposed.lookupTray as Record<string, unknown>;
    expect(Object.keys(api).filter((k) => /drop|path|grant/i.test(k))).toEqual([]);
  });
});
