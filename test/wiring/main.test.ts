import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));
const fake = vi.hoisted(() => ({ core: null as unknown, ports: null as unknown }));
vi.mock('../../electron/core/app/app-core', async () => {
  const { fakeCore, snapshot } = await import('../helpers/fake-core');
  return {
    createAppCore: vi.fn(async (ports: unknown) => {
      fake.ports = ports;
      fake.core = fakeCore(
        snapshot({ settings: { ...snapshot().settings, shortcut: 'Alt+Shift+L', launchAtLogin: true } }),
      );
      return fake.core;
    }),
  };
});
vi.mock('../../electron/core/secrets/key-vault', () => ({
  loadKeytar: vi.fn(async () => ({ getPassword: async () => null })),
}));

import { BrowserWindow, Tray, app, dialog, globalShortcut, ipcMain, powerMonitor } from './mocks/electron';
import type { FakeCore } from '../helpers/fake-core';
import type { AppCorePorts } from '../../electron/core/app/app-core-types';
import { CHANNELS } from '../../shared/ipc';
import { DEV_RUN_REASON } from '../../electron/core/update/update-availability';

describe('main.ts composition', () => {
  it('wires core, window, tray, IPC, shortcut, power events and the single-instance lock', async () => {
    const argv = process.argv;
    process.argv = [...argv, '--demo'];
    app.getPreferredSystemLanguages.mockReturnValueOnce(['fr-FR', 'de-DE']);
    await import('../../electron/main');
    await vi.waitFor(() => expect(globalShortcut.registered.size).toBe(1));
    expect(Tray.instances).toHaveLength(1);
    process.argv = argv;
    const core = fake.core as FakeCore;
    const ports = fake.ports as AppCorePorts;

    expect(app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(app.dock.hide).toHaveBeenCalled();
    expect(ports.demo).toBe(true);
    // The core (notifications, tray) and the window follow the system's whole list, not only its first language.
    expect(ports.systemLanguages?.()).toEqual(['fr-FR', 'de-DE']);
    expect(ports.dataDir).toBe('/tmp/lookup-tray-test');
    expect(typeof ports.notifier.notify).toBe('function');
    // A development run never loads electron-updater; the window is told why.
    expect(ports.updates).toEqual({ updater: null, offReason: DEV_RUN_REASON, currentVersion: '0.1.0' });
    expect(ipcMain.handlers.size).toBe(CHANNELS.length + 1); // and the preload's drop channel
    expect(BrowserWindow.instances).toHaveLength(1);
    const win = BrowserWindow.instances[0]!;
    expect(String(win.options.webPreferences!.preload)).toMatch(
      /out[\\/]preload[\\/]preload\.cjs$|preload[\\/]preload\.cjs$/,
    );
    expect([...globalShortcut.registered.keys()]).toEqual(['Alt+Shift+L']);

    // Has a key, not in demo per the snapshot: the window starts hidden.
    expect(win.visible).toBe(false);
    globalShortcut.registered.get('Alt+Shift+L')!();
    expect(win.visible).toBe(true);
    expect(core.setWindowVisible).toHaveBeenLastCalledWith(true);
    win.emit('blur');
    expect(core.setWindowVisible).toHaveBeenLastCalledWith(false);

    app.emit('second-instance');
    expect(win.visible).toBe(true);

    powerMonitor.emit('suspend');
    expect(core.setSuspended).toHaveBeenLastCalledWith(true);
    powerMonitor.emit('resume');
    expect(core.setSuspended).toHaveBeenLastCalledWith(false);

    // Settings changes reach the shell: a new shortcut replaces the old one.
    core.emit('snapshot-changed', { ...core.current, settings: { ...core.current.settings, shortcut: 'Alt+Shift+K' } });
    expect([...globalShortcut.registered.keys()]).toEqual(['Alt+Shift+K']);

    // openExternal port refuses non-allow-listed links.
    await expect(ports.openExternal!('https://evil.example/')).rejects.toThrow();

    // saveTextFile port: the save dialog, parented to the window; cancelling saves nothing.
    expect(await ports.saveTextFile!('answer-8.8.8.8-x.json', '{}')).toBeNull();
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(win, expect.objectContaining({ title: 'Save the answer' }));

    // pickFollowFile port (Bulk → Follow a file…): the open dialog, parented to the window; its file, or null.
    dialog.nextFollowPath = '/var/log/auth.log';
    expect(await ports.pickFollowFile!()).toBe('/var/log/auth.log');
    expect(dialog.showOpenDialog).toHaveBeenCalledWith(win, expect.objectContaining({ title: 'Follow a log file' }));
  });
});
