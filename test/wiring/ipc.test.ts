import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));

import { MockWebContents, ipcMain, resetElectronMock } from './mocks/electron';
import { createSenderCheck, forwardEvents, registerIpcHandlers } from '../../electron/shell/ipc';
import { CHANNELS, EVENT_NAMES, eventChannel, invokeChannel, type Channel } from '../../shared/ipc';
import type { Logger } from '../../electron/core/lib/ports';
import { fakeCore, snapshot } from '../helpers/fake-core';

const APP_URL = 'app://lookup-tray/index.html';

/** A valid request for every channel. */
const VALID: Record<Channel, unknown> = {
  getSnapshot: undefined,
  lookup: { ip: '8.8.8.8', refresh: true },
  cancelLookup: undefined,
  recentLookups: undefined,
  checkQuota: { spend: false },
  saveKey: { key: 'FAKE-KEY-wiring-0000', verify: 'free' },
  removeKey: undefined,
  useLegacyKey: { origin: 'https://api.example.com' },
  updateSettings: {
    thresholds: { monthLow: 30 },
    notifications: { minuteHit: true },
    shortcut: 'CommandOrControl+Shift+K',
  },
  dismissNotice: { id: 'n1' },
  pauseNotifications: { until: null },
  startDemo: undefined,
  stopDemo: undefined,
  demoFastForward: { by: 'day' },
  openExternal: { url: 'https://example.com/dashboard' },
  saveAnswer: { ip: '8.8.8.8' },
  getDataInfo: undefined,
  clearCache: undefined,
  clearRecent: undefined,
  openDataFolder: undefined,
  getHistory: undefined,
  exportHistory: undefined,
  bulkPreview: { text: '8.8.8.8\n1.1.1.1', floor: { percent: 5 } },
  bulkStart: { text: '8.8.8.8', expandRanges: true, label: 'sign-ups' },
  bulkOpenFile: undefined,
  bulkReadFile: { id: 'file-1', includeReserved: true, floor: { percent: 5 } },
  bulkCancelRead: { id: 'file-1' },
  bulkStartFile: { id: 'file-1', label: 'access.log' },
  bulkPause: { id: 'job-1' },
  bulkResume: { id: 'job-1' },
  bulkCancel: { id: 'job-1' },
  bulkList: undefined,
  bulkResults: { id: 'job-1', offset: 0, limit: 100, status: 'failed' },
  bulkExport: { id: 'job-1', format: 'csv', columns: ['ip', 'country'] },
  getBulkReport: { id: 'job-1' },
  exportBulkReport: { id: 'job-1', format: 'html' },
  exportBlockList: { id: 'job-1', format: 'nftables', filter: { flag: 'tor' } },
  addProfile: { name: 'Work', baseUrl: 'https://api.example.com' },
  switchProfile: { name: 'Work' },
  renameProfile: { from: 'Work', to: 'Office' },
  removeProfile: { name: 'Office' },
  getUpdateStatus: undefined,
  checkForUpdates: undefined,
  restartToUpdate: undefined,
  bulkFollow: { floor: { percent: 5 } },
  bulkFollowAgain: { id: 'job-1' },
  bulkFollowStop: { id: 'job-1' },
  bulkFollows: undefined,
};

/** Requests every handler must refuse. */
const INVALID: [Channel, unknown][] = [
  ['getSnapshot', { sneaky: true }],
  ['restartToUpdate', { version: '9.9.9' }],
  ['bulkFollow', { path: '/var/log/auth.log' }], // the window never names a path: the main process's dialog does
  ['bulkFollowAgain', { id: 'job-1', path: '/etc/passwd' }],
  ['lookup', undefined],
  ['lookup', '8.8.8.8'],
  ['lookup', { ip: 42 }],
  ['lookup', { ip: '8.8.8.8', force: 'yes' }],
  ['lookup', { ip: '8.8.8.8', extra: 1 }],
  ['lookup', { ip: 'x'.repeat(100_001) }],
  ['checkQuota', { spend: 1 }],
  ['saveKey', { key: 'FAKE-KEY-wiring-0000', verify: 'always' }],
  ['saveKey', {}],
  ['updateSettings', { thresholds: { monthLow: 'low' } }],
  ['updateSettings', { thresholds: { monthLow: 150 } }],
  ['updateSettings', { monthResetDay: 31 }],
  ['updateSettings', { __proto__: { polluted: true }, apiKey: 'x' }],
  ['dismissNotice', null],
  ['pauseNotifications', { until: 'tomorrow' }],
  ['pauseNotifications', {}],
  ['demoFastForward', { by: 'year' }],
  ['openExternal', { url: 12 }],
  ['saveAnswer', { ip: 8 }],
  ['bulkPreview', { text: 8 }],
  ['bulkPreview', { text: '8.8.8.8', floor: { percent: 150 } }],
  ['bulkStart', { text: '8.8.8.8', floor: { count: -1 } }],
  ['bulkResults', { id: 'job-1', offset: 0, limit: 100_000 }],
  ['bulkExport', { id: 'job-1', format: 'xlsx' }],
  ['bulkResults', { id: 'job-1', offset: 0, limit: 10, filter: { flag: 'everything' } }],
  ['getBulkReport', { id: 7 }],
  ['exportBulkReport', { id: 'job-1', format: 'pdf' }],
  ['exportBlockList', { id: 'job-1', format: 'iptables' }],
  ['exportBlockList', { id: 'job-1', format: 'plain', filter: { flag: 'everything' } }],
  ['saveAnswer', { ip: '8.8.8.8', path: '/etc/passwd' }],
];

let logger: { info: Mock<Logger['info']>; warn: Mock<Logger['warn']>; error: Mock<Logger['error']> };
const setup = () => {
  const core = fakeCore(snapshot());
  for (const c of CHANNELS) if (c !== 'getSnapshot') core.handlers[c].mockResolvedValue({ echo: c });
  const remove = registerIpcHandlers(core.handlers, { isAppSender: createSenderCheck({ appUrl: APP_URL }), logger });
  return { core, remove };
};

beforeEach(() => {
  resetElectronMock();
  logger = { info: vi.fn<Logger['info']>(), warn: vi.fn<Logger['warn']>(), error: vi.fn<Logger['error']>() };
});

describe('IPC handlers', () => {
  it('registers exactly one handler per capability', () => {
    setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(CHANNELS.map(invokeChannel).sort());
  });

  it('passes valid requests from the app page to the core', async () => {
    const { core } = setup();
    for (const c of CHANNELS) {
      await ipcMain.invokeFrom(APP_URL, invokeChannel(c), VALID[c]);
      expect(core.handlers[c], c).toHaveBeenCalledTimes(1);
    }
    expect(core.handlers.lookup).toHaveBeenCalledWith({ ip: '8.8.8.8', refresh: true });
    expect(await ipcMain.invokeFrom(`${APP_URL}#/settings`, invokeChannel('getSnapshot'))).toMatchObject({
      key: { hasKey: true },
    });
  });

  it('rejects invalid payloads with an error naming the channel, and never calls the core', async () => {
    const { core } = setup();
    for (const [c, bad] of INVALID) {
      await expect(
        ipcMain.invokeFrom(APP_URL, invokeChannel(c), bad),
        `${c} ${JSON.stringify(bad)?.slice(0, 60)}`,
      ).rejects.toThrow(`Invalid request for ${c}`);
    }
    await expect(ipcMain.invokeFrom(APP_URL, invokeChannel('lookup'), { ip: '1.1.1.1' }, 'second-arg')).rejects.toThrow(
      'Invalid request for lookup',
    );
    for (const c of CHANNELS) expect(core.handlers[c], c).not.toHaveBeenCalled();
  });

  it('rejects messages from any other sender', async () => {
    const { core } = setup();
    const strangers = [
      null,
      '',
      'https://evil.example/',
      'file:///tmp/evil.html',
      'file:///opt/Lookup%20Tray/resources/app.asar/out/renderer/index.html',
      'app://lookup-tray/other.html',
      'app://evil/index.html',
      'http://localhost:5173/',
      'devtools://devtools/bundled/inspector.html',
      'about:blank',
    ];
    for (const url of strangers)
      await expect(ipcMain.invokeFrom(url, invokeChannel('getSnapshot')), String(url)).rejects.toThrow(
        'unknown sender',
      );
    expect(core.handlers.getSnapshot).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalled();
  });

  it('accepts the dev server origin only when one is configured', () => {
    const dev = createSenderCheck({ appUrl: APP_URL, devServerUrl: 'http://localhost:5173' });
    expect(dev('http://localhost:5173/#/lookup')).toBe(true);
    expect(dev('http://localhost:5174/')).toBe(false);
    expect(dev('http://127.0.0.1:5173/')).toBe(false);
    expect(createSenderCheck({ appUrl: APP_URL })('http://localhost:5173/')).toBe(false);
  });

  it('a handler that throws gives a generic error, not its message (which could hold details)', async () => {
    const { core } = setup();
    core.handlers.saveKey.mockRejectedValue(new Error('keychain said FAKE-KEY-wiring-0000 is bad'));
    const err = await ipcMain.invokeFrom(APP_URL, invokeChannel('saveKey'), VALID.saveKey).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('saveKey failed');
    expect(JSON.stringify(logger.error.mock.calls)).not.toContain('FAKE-KEY');
  });

  it('can be removed again', () => {
    const { remove } = setup();
    remove();
    expect(ipcMain.handlers.size).toBe(0);
  });
});

describe('event forwarding', () => {
  it('sends every core event to the window, and nothing once the page is gone or unsubscribed', () => {
    const core = fakeCore();
    const wc = new MockWebContents();
    const stop = forwardEvents(core, () => wc as unknown as Electron.WebContents);
    core.emit('navigate', { view: 'lookup', ip: '1.1.1.1' });
    core.emit('notification', { id: 'a', title: 't', body: 'b' });
    expect(wc.send.mock.calls).toEqual([
      [eventChannel('navigate'), { view: 'lookup', ip: '1.1.1.1' }],
      [eventChannel('notification'), { id: 'a', title: 't', body: 'b' }],
    ]);
    for (const e of EVENT_NAMES) expect(eventChannel(e)).toMatch(/^lookup-tray:event:/);
    wc.destroyed = true;
    core.emit('navigate', { view: 'settings' });
    stop();
    wc.destroyed = false;
    core.emit('navigate', { view: 'settings' });
    expect(wc.send).toHaveBeenCalledTimes(2);
  });
});
