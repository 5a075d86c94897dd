import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));

import { app, clipboard, dialog, globalShortcut, resetElectronMock, shell } from './mocks/electron';
import { createShortcutManager } from '../../electron/shell/shortcut';
import { createOpenExternal, createOpenFolder, isAllowedExternalUrl } from '../../electron/shell/external';
import { createSaveTextFile } from '../../electron/shell/save-file';
import { createPickFollowFile } from '../../electron/shell/pick-follow-file';
import { applyLaunchAtLogin, autostartFile } from '../../electron/shell/login-item';
import { clipboardIp } from '../../electron/shell/clipboard';
import { silentLogger } from '../../electron/core/lib/ports';

beforeEach(() => resetElectronMock());

describe('global shortcut', () => {
  it('registers the accelerator, swaps it on change, and reports a conflict instead of failing', () => {
    const conflicts: string[] = [];
    const pressed = vi.fn();
    const m = createShortcutManager({
      onPress: pressed,
      onConflict: (acc, reason) => conflicts.push(`${acc}: ${reason}`),
    });
    expect(m.apply('CommandOrControl+Shift+L')).toBe(true);
    globalShortcut.registered.get('CommandOrControl+Shift+L')!();
    expect(pressed).toHaveBeenCalledTimes(1);
    globalShortcut.taken.add('CommandOrControl+Shift+K');
    expect(m.apply('CommandOrControl+Shift+K')).toBe(false);
    expect(conflicts).toEqual(['CommandOrControl+Shift+K: it is already used by another application']);
    expect(globalShortcut.registered.size).toBe(0); // the old one was released
    expect(m.apply('Invalid+Thing')).toBe(false);
    expect(conflicts[1]).toContain('not a valid shortcut');
    expect(m.apply('Alt+Space')).toBe(true);
    expect(m.current()).toBe('Alt+Space');
    expect(m.apply('')).toBe(true);
    expect(globalShortcut.registered.size).toBe(0);
  });
});

describe('open the data folder (About → Open data folder)', () => {
  it('opens the data folder through shell.openPath, and no other path', async () => {
    const open = createOpenFolder('/home/u/.config/Lookup Tray');
    expect(await open('/home/u/.config/Lookup Tray')).toBe('');
    expect(shell.openPath).toHaveBeenCalledWith('/home/u/.config/Lookup Tray');
    expect(await open('/etc')).toBe('Only the data folder can be opened.');
    expect(await open('/home/u/.config/Lookup Tray/../../..')).toBe('Only the data folder can be opened.');
    expect(shell.openPath).toHaveBeenCalledTimes(1);
    shell.openPath.mockResolvedValueOnce('No application is associated');
    expect(await open('/home/u/.config/Lookup Tray/')).toBe('No application is associated');
  });
});

describe('openExternal', () => {
  it('opens only https links to allowed hosts', async () => {
    const open = createOpenExternal(() => ['dashboard.example.com']);
    await open('https://dashboard.example.com/keys');
    expect(shell.openExternal).toHaveBeenCalledWith('https://dashboard.example.com/keys');
    for (const bad of [
      'http://dashboard.example.com/keys',
      'https://evil.example/',
      'https://dashboard.example.com.evil.example/',
      'https://user:pw@dashboard.example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ]) {
      await expect(open(bad), bad).rejects.toThrow('not on the allow-list');
    }
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
    expect(isAllowedExternalUrl('https://a.example/', [])).toBe(false);
  });
});

describe('pickFollowFile', () => {
  it('asks the open dialog for one existing file (logs offered first): its path, or null when cancelled', async () => {
    const pick = createPickFollowFile(() => null);
    dialog.nextFollowPath = '/var/log/nginx/access.log';
    expect(await pick()).toBe('/var/log/nginx/access.log');
    const options = dialog.showOpenDialog.mock.calls[0]?.[0] as {
      properties: string[];
      filters: { name: string; extensions: string[] }[];
    };
    expect(options.properties).toEqual(['openFile']);
    expect(options.filters[0]).toEqual({ name: 'Logs', extensions: ['log', 'txt'] });
    dialog.nextFollowPath = null;
    expect(await pick()).toBeNull();
    expect(dialog.showOpenDialog).toHaveBeenCalledTimes(2);
  });
});

describe('saveTextFile', () => {
  it('asks the save dialog with a JSON filter, writes the text where chosen; a cancel writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lt-save-'));
    const save = createSaveTextFile(() => null);
    const text = JSON.stringify({ data: { ip: '8.8.8.8', rows: [1, 2, 3] } });
    dialog.nextSavePath = join(dir, 'chosen.json');
    expect(await save('answer-8.8.8.8-20261123-180347.json', text)).toBe(join(dir, 'chosen.json'));
    expect(readFileSync(join(dir, 'chosen.json'), 'utf8')).toBe(text);
    const options = dialog.showSaveDialog.mock.calls[0]?.[0] as {
      defaultPath: string;
      filters: { name: string; extensions: string[] }[];
    };
    expect(options.defaultPath).toMatch(/answer-8\.8\.8\.8-20261123-180347\.json$/);
    expect(options.filters).toContainEqual({ name: 'JSON', extensions: ['json'] });

    dialog.nextSavePath = null;
    expect(await save('answer-1.1.1.1-x.json', text)).toBeNull();
    expect(dialog.showSaveDialog).toHaveBeenCalledTimes(2);
    expect(existsSync(join(dir, 'answer-1.1.1.1-x.json'))).toBe(false);
  });

  it('offers the CSV type for a .csv export (and titles the dialog as an export)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lt-save-'));
    const save = createSaveTextFile(() => null);
    dialog.nextSavePath = join(dir, 'h.csv');
    expect(await save('history-default-20261123-180347.csv', 'time_utc,remaining,limit\n')).toBe(join(dir, 'h.csv'));
    const options = dialog.showSaveDialog.mock.calls.at(-1)?.[0] as {
      title: string;
      filters: { name: string; extensions: string[] }[];
    };
    expect(options.filters[0]).toEqual({ name: 'CSV', extensions: ['csv'] });
    expect(options.filters).not.toContainEqual({ name: 'JSON', extensions: ['json'] });
    expect(options.title).toBe('Save the export');
  });
});

describe('launch at login', () => {
  it('uses the login item on macOS and Windows', () => {
    applyLaunchAtLogin(true, silentLogger, 'darwin');
    applyLaunchAtLogin(false, silentLogger, 'win32');
    expect(vi.mocked(app.setLoginItemSettings).mock.calls).toEqual([[{ openAtLogin: true }], [{ openAtLogin: false }]]);
  });

  it('writes and removes an XDG autostart entry on Linux (packaged app only)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lt-autostart-'));
    const old = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = dir;
    try {
      const file = autostartFile();
      applyLaunchAtLogin(true, silentLogger, 'linux');
      expect(existsSync(file)).toBe(false); // not packaged: no stable executable
      app.isPackaged = true;
      applyLaunchAtLogin(true, silentLogger, 'linux');
      expect(readFileSync(file, 'utf8')).toContain('[Desktop Entry]');
      applyLaunchAtLogin(false, silentLogger, 'linux');
      expect(existsSync(file)).toBe(false);
      expect(app.setLoginItemSettings).not.toHaveBeenCalled();
    } finally {
      if (old === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = old;
    }
  });
});

describe('clipboard', () => {
  it('yields a normalised IP, or null for anything else', async () => {
    for (const [text, want] of [
      ['  8.8.8.8\n', '8.8.8.8'],
      ['2001:DB8::1', '2001:db8::1'],
      ['example.com', null],
      ['8.8.8.8/24', null],
      ['', null],
      ['1.1.1.1 '.repeat(100), null],
    ] as const) {
      clipboard.text = text;
      expect(await clipboardIp(), JSON.stringify(text)).toBe(want);
    }
  });
});
