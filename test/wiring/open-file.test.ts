/**
 * Bulk → "Open file…" and a drop in the Electron shell (electron/shell/open-file.ts), with the mocked `electron`:
 * the open dialog answers the core's openFile port; the preload's drop channel accepts a path only from the app's
 * page and only as one string, and the core then grants it (a regular file) — the page gets an id, never a path.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));

import { dialog, ipcMain, resetElectronMock } from './mocks/electron';
import { createOpenFile, registerDropFile } from '../../electron/shell/open-file';
import { createSenderCheck } from '../../electron/shell/ipc';
import { FileReads } from '../../electron/core/bulk/file-read';
import { bulkFileHandlers } from '../../electron/core/app/handlers/bulk-file-handlers';
import { DROP_FILE_CHANNEL } from '../../shared/ipc';
import { silentLogger } from '../../electron/core/lib/ports';

const APP_URL = 'app://lookup-tray/index.html';
const dir = mkdtempSync(join(tmpdir(), 'lt-open-'));
const log = join(dir, 'access.log');
writeFileSync(log, '8.8.8.8 - - "GET / HTTP/1.1" 200\n1.1.1.1 - - "GET / HTTP/1.1" 200\n');

beforeEach(() => resetElectronMock());

describe("Open file… (the shell's open dialog)", () => {
  it('answers the chosen path, or null when cancelled; the core grants it and the page gets an id', async () => {
    const open = createOpenFile(() => null);
    const files = new FileReads({ now: () => 0 });
    const h = bulkFileHandlers({
      bulk: {} as never,
      hasKey: async () => false,
      files,
      openFile: open,
      progress: () => {},
    });
    expect(await h.bulkOpenFile()).toBeNull();
    dialog.nextOpenPath = log;
    const opened = await h.bulkOpenFile();
    expect(opened).toMatchObject({ name: 'access.log', size: expect.any(Number) as number });
    expect(JSON.stringify(opened)).not.toContain(dir);
    const options = dialog.showOpenDialog.mock.calls.at(-1)?.[0] as { properties: string[] };
    expect(options.properties).toEqual(['openFile']);
    const read = await h.bulkReadFile({ id: opened!.id });
    expect(read.kind === 'read' && read.prepared.unique).toBe(2);
  });
});

describe('the drop channel', () => {
  it("grants a dropped path from the app's page; refuses other senders and anything but one path", async () => {
    const grant = vi.fn(async (p: string) => new FileReads({ now: () => 0 }).grant(p));
    registerDropFile(grant, { isAppSender: createSenderCheck({ appUrl: APP_URL }), logger: silentLogger });
    expect(await ipcMain.invokeFrom(APP_URL, DROP_FILE_CHANNEL, log)).toMatchObject({ name: 'access.log' });
    await expect(ipcMain.invokeFrom('https://evil.example/', DROP_FILE_CHANNEL, log)).rejects.toThrow(/unknown sender/);
    expect(await ipcMain.invokeFrom(APP_URL, DROP_FILE_CHANNEL, '')).toBeNull();
    expect(await ipcMain.invokeFrom(APP_URL, DROP_FILE_CHANNEL, { path: log })).toBeNull();
    expect(await ipcMain.invokeFrom(APP_URL, DROP_FILE_CHANNEL, log, log)).toBeNull();
    expect(await ipcMain.invokeFrom(APP_URL, DROP_FILE_CHANNEL, `${log}\0x`)).toBeNull();
    expect(await ipcMain.invokeFrom(APP_URL, DROP_FILE_CHANNEL, dir)).toBeNull(); // a folder: not a regular file
    expect(grant).toHaveBeenCalledTimes(2);
  });
});
