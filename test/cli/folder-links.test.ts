/**
 * Issue 40, low: a folder someone hands over whose own files are symbolic links into the user's folder. Its
 * `keychain-folder.json` linked to the user's would take that folder's keychain id — and with it the user's key
 * (`key status` reads it, `key remove` deletes it); a linked `settings.json` or `state.db` reads and writes the
 * user's. Each is refused with one line (exit 1), and the user's folder is left as it was.
 */
import { readFileSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { cli, hasKeyring, setUp, tempDir, testKey } from './helpers';

const KEY = testKey('links');
let sim: Simulator;
let root: ReturnType<typeof tempDir>;
let mine: string;

beforeAll(async () => {
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: null, label: 'links' } } });
  root = tempDir('lt-cli-links-');
  mine = join(root.dir, 'mine');
  if (hasKeyring) await setUp(mine, sim.url, KEY);
});
afterAll(async () => {
  if (hasKeyring) await cli(mine, ['key', 'remove']);
  await sim.close();
  root.remove();
});

it.runIf(hasKeyring)(
  "a handed-over folder whose keychain-folder.json, settings.json or state.db links into the user's is refused (one line, exit 1), the user's key kept",
  async () => {
    const before = {
      id: readFileSync(join(mine, 'keychain-folder.json'), 'utf8'),
      settings: readFileSync(join(mine, 'settings.json'), 'utf8'),
      db: readFileSync(join(mine, 'state.db')),
    };
    for (const file of ['keychain-folder.json', 'settings.json', 'state.db']) {
      const crafted = join(root.dir, `crafted-${file}`);
      mkdirSync(crafted, { mode: 0o700 });
      if (file !== 'settings.json')
        writeFileSync(join(crafted, 'settings.json'), JSON.stringify({ schemaVersion: 1, baseUrl: sim.url }));
      symlinkSync(join(mine, file), join(crafted, file));
      for (const args of [
        ['key', 'status'],
        ['key', 'remove'],
        ['quota', '--check'],
        ['config', 'set', 'cache.ttlMinutes', '5'],
      ]) {
        const r = await cli(crafted, args);
        expect(r.stdout, `${file}: ${args.join(' ')}`).toBe('');
        expect(r.stderr, `${file}: ${args.join(' ')}`).toBe(
          `lookup-tray: The data folder ${crafted} holds ${file} as a symbolic link (to ${join(mine, file)}): a folder's own files must be files; remove the link, or use another folder.\n`,
        );
        expect(r.code).toBe(1);
      }
    }
    expect(readFileSync(join(mine, 'keychain-folder.json'), 'utf8')).toBe(before.id);
    expect(readFileSync(join(mine, 'settings.json'), 'utf8')).toBe(before.settings);
    expect((await cli(mine, ['key', 'status'])).code).toBe(0); // the user's key is still there
    expect(readFileSync(join(mine, 'settings.json'), 'utf8')).toBe(before.settings);
    expect(before.db.length).toBeGreaterThan(0);
  },
);
