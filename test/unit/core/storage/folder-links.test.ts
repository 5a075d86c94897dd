/**
 * A data folder's own files are opened through no symbolic link, whoever opens the folder (the app's own folder is
 * never run through the command line's up-front refusal, data-folder.ts): a `keychain-folder.json` linked to another
 * folder's does not lend its keychain id, a linked `settings.json` is neither read nor written, a linked `state.db`
 * is not opened (an in-memory one for the session, with a notice). The linked-to files are left as they were.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { folderId } from '../../../../electron/core/app/keychain-folder';
import { openDataFolder } from '../../../../electron/core/storage/data-folder';
import { readSettingsFast } from '../../../../electron/core/storage/settings-fast';
import { SettingsStore } from '../../../../electron/core/storage/settings-store';
import { StateDb } from '../../../../electron/core/storage/state-db';
import { DEFAULT_SETTINGS } from '../../../../shared/settings';

let root: string;
let theirs: string;
let mine: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lt-links-'));
  theirs = join(root, 'theirs');
  mine = join(root, 'mine');
  mkdirSync(theirs, { mode: 0o700 });
  mkdirSync(mine, { mode: 0o700 });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const link = (file: string) => symlinkSync(join(theirs, file), join(mine, file));

it.skipIf(process.platform === 'win32')("keychain-folder.json linked to another folder's: not that folder's id", () => {
  const other = folderId(theirs);
  const kept = readFileSync(join(theirs, 'keychain-folder.json'), 'utf8');
  link('keychain-folder.json');
  expect(folderId(mine).id).not.toBe(other.id);
  expect(readFileSync(join(theirs, 'keychain-folder.json'), 'utf8')).toBe(kept);
  expect(() => openDataFolder(mine)).toThrow(/holds keychain-folder\.json as a symbolic link/);
});

it.skipIf(process.platform === 'win32')('settings.json linked elsewhere: neither read nor written', () => {
  const text = JSON.stringify({ ...DEFAULT_SETTINGS, baseUrl: 'https://theirs.example' });
  writeFileSync(join(theirs, 'settings.json'), text);
  link('settings.json');
  expect(readSettingsFast(mine)).toBeNull();
  const store = new SettingsStore({ dataDir: mine });
  expect(store.get().baseUrl).toBe('');
  store.update({ thresholds: { monthLow: 40 } });
  expect(readFileSync(join(theirs, 'settings.json'), 'utf8')).toBe(text);
});

it.skipIf(process.platform === 'win32')('state.db linked elsewhere: not opened (in memory, with a notice)', () => {
  const db = StateDb.open({ dir: theirs });
  db.writeKv('who', 'theirs');
  db.close();
  const before = readFileSync(join(theirs, 'state.db'));
  link('state.db');
  const opened = StateDb.open({ dir: mine });
  expect(opened.file).toBeNull();
  expect(opened.readKv('who')).toBeNull();
  expect(opened.notices().length).toBeGreaterThan(0);
  opened.writeKv('who', 'mine');
  opened.close();
  expect(readFileSync(join(theirs, 'state.db'))).toEqual(before);
});
