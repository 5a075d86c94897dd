/**
 * electron/shell/packaged.ts on a mocked `electron`: the Windows AppUserModelID (without it an installed copy's
 * notifications may not show), the menu of an installed copy on each system, and which launches get the end-to-end
 * hooks.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';

vi.mock('electron', () => import('./mocks/electron'));

import { Menu, app, resetElectronMock } from './mocks/electron';
import { APP_USER_MODEL_ID, applyAppIdentity, e2eMode } from '../../electron/shell/packaged';

beforeEach(() => resetElectronMock());

describe('an installed copy', () => {
  it("Windows: sets the AppUserModelID to electron-builder's appId (the Start-menu shortcut's), packaged or not", () => {
    const { appId } = parse(readFileSync('electron-builder.yml', 'utf8')) as { appId: string };
    expect(APP_USER_MODEL_ID).toBe(appId);
    applyAppIdentity(true, 'win32');
    expect(app.setAppUserModelId).toHaveBeenCalledWith(appId);
    applyAppIdentity(false, 'win32');
    expect(app.setAppUserModelId).toHaveBeenCalledTimes(2);
    applyAppIdentity(true, 'linux');
    applyAppIdentity(true, 'darwin');
    expect(app.setAppUserModelId).toHaveBeenCalledTimes(2);
  });

  it('Windows and Linux: no application menu (no Reload, no Toggle Developer Tools)', () => {
    for (const platform of ['win32', 'linux'] as const) {
      resetElectronMock();
      applyAppIdentity(true, platform);
      expect(Menu.setApplicationMenu).toHaveBeenCalledWith(null);
    }
  });

  it('macOS: only the app menu and Edit (copy and paste in the fields), nothing to reload or inspect', () => {
    applyAppIdentity(true, 'darwin');
    expect(Menu.application?.items).toEqual([{ role: 'appMenu' }, { role: 'editMenu' }]);
  });

  it("a development run keeps Electron's menu", () => {
    applyAppIdentity(false, 'linux');
    expect(Menu.setApplicationMenu).not.toHaveBeenCalled();
  });

  it('the end-to-end hooks and data folder: a development build asked for them gets them; an installed copy never', () => {
    const env = { LOOKUP_TRAY_E2E: '1', LOOKUP_TRAY_E2E_USER_DATA: '/tmp/e2e' };
    expect(e2eMode(false, env)).toEqual({ hooks: true, userData: '/tmp/e2e' });
    expect(e2eMode(true, env)).toEqual({ hooks: false, userData: null });
    expect(e2eMode(false, {})).toEqual({ hooks: false, userData: null });
    expect(e2eMode(false, { LOOKUP_TRAY_E2E: '1' })).toEqual({ hooks: true, userData: null });
  });
});
