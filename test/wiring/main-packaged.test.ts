/**
 * main.ts as an installed copy (app.isPackaged) on a mocked `electron`: what users install honours none of the
 * end-to-end hooks (LOOKUP_TRAY_E2E's data folder, functions on globalThis) and has no developer menu (Reload, Toggle
 * Developer Tools). The same launch of a development build (test/wiring/main.test.ts) keeps both.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));
vi.mock('../../electron/core/app/app-core', async () => {
  const { fakeCore, snapshot } = await import('../helpers/fake-core');
  return { createAppCore: vi.fn(async () => fakeCore(snapshot())) };
});
vi.mock('../../electron/core/secrets/key-vault', () => ({
  loadKeytar: vi.fn(async () => ({ getPassword: async () => null })),
}));

import { Menu, Tray, app } from './mocks/electron';

describe('main.ts in an installed copy', () => {
  it('ignores LOOKUP_TRAY_E2E (no data-folder override, no hooks) and removes the developer menu', async () => {
    app.isPackaged = true;
    const env = { ...process.env };
    process.env.LOOKUP_TRAY_E2E = '1';
    process.env.LOOKUP_TRAY_E2E_USER_DATA = '/tmp/somewhere-else';
    try {
      await import('../../electron/main');
      await vi.waitFor(() => expect(Tray.instances).toHaveLength(1));
      // start() has run to its end once it listens for will-quit (the hooks would be set in the same tick).
      await vi.waitFor(() => expect(app.listenerCount('will-quit')).toBe(1));
      expect((globalThis as { __lookupTrayE2E?: unknown }).__lookupTrayE2E).toBeUndefined();
      expect(app.setPath).not.toHaveBeenCalled();
      // Windows and Linux: no application menu at all (Electron's default has Reload and Toggle Developer Tools).
      if (process.platform !== 'darwin') expect(Menu.application).toBeNull();
      else expect(JSON.stringify(Menu.application)).not.toMatch(/reload|toggleDevTools|viewMenu/i);
      expect(Menu.setApplicationMenu).toHaveBeenCalledTimes(1);
    } finally {
      process.env = env;
      app.isPackaged = false;
    }
  });
});
