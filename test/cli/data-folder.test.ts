/**
 * The data folder the command creates or finds is its owner's only: state.db holds every looked-up
 * address. Real files and their permission bits; the command runs under the usual umask 022, so anything looser
 * than asked shows.
 */
import { chmodSync, mkdirSync, readdirSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { defaultDataDir as cliDefaultDataDir } from '../../electron/cli/data-dir';
import { defaultDataDir as coreDefaultDataDir } from '../../shared/app-folder';
import { CLI, cli, tempDir } from './helpers';

const mode = (p: string) => statSync(p).mode & 0o777;
/** The built command under umask 022. */
const bin = ['sh', '-c', 'umask 022 && exec "$0" "$@"', process.execPath, CLI];

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir('lt-cli-folder-');
});
afterEach(() => tmp.remove());

it.skipIf(process.platform === 'win32')(
  'a data folder the command creates is 0700, and state.db and settings.json 0600',
  async () => {
    const dir = join(tmp.dir, 'config', 'Lookup Tray');
    expect((await cli(dir, ['cache', 'clear'], { bin })).code).toBe(0);
    expect((await cli(dir, ['config', 'set', 'cache.ttlMinutes', '90'], { bin })).code).toBe(0);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'state.db'))).toBe(0o600);
    expect(mode(join(dir, 'settings.json'))).toBe(0o600);
  },
);

it.skipIf(process.platform === 'win32')(
  'an existing folder left readable to others is tightened at start: the folder, state.db, -wal and -shm',
  async () => {
    const dir = tmp.dir;
    chmodSync(dir, 0o755);
    // The app, still running, made them 0644 (as earlier versions did); -wal and -shm exist while it runs.
    const app = new DatabaseSync(join(dir, 'state.db'));
    try {
      app.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1);');
      for (const f of ['state.db', 'state.db-wal', 'state.db-shm']) chmodSync(join(dir, f), 0o644);
      writeFileSync(join(dir, 'ips.txt'), '8.8.8.8\n', { mode: 0o644 });

      expect((await cli(dir, ['config', 'get', 'answerLanguage'], { bin })).code).toBe(0); // reads settings only
      expect(mode(dir)).toBe(0o700);
      expect((await cli(dir, ['cache', 'clear'], { bin })).code).toBe(0); // opens state.db
      for (const f of ['state.db', 'state.db-wal', 'state.db-shm']) expect(mode(join(dir, f)), f).toBe(0o600);
      expect(mode(join(dir, 'ips.txt'))).toBe(0o644); // a file of the user's own is left alone
    } finally {
      app.close();
    }
  },
);

/**
 * Issue 33 (low): a data folder someone else controls decides where a key goes (its settings.json) and what the
 * app remembers: refused with one line (exit 1), never used quietly. Tests run as root here, so "another user" is
 * covered where the owner check can be given one (test/unit/core/storage/data-folder.test.ts).
 */
it.skipIf(process.platform === 'win32')(
  'a folder other users can write to, or a symbolic link, is refused with one line (exit 1) and left as it is',
  async () => {
    const open = join(tmp.dir, 'shared');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const r = await cli(open, ['config', 'get', 'answerLanguage'], { bin });
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `lookup-tray: The data folder ${open} can be changed by other users (mode 0777): run chmod 700 on it, or use another folder.\n`,
    });
    expect(mode(open)).toBe(0o777);
    expect(readdirSync(open)).toEqual([]);

    const real = join(tmp.dir, 'real');
    mkdirSync(real, { mode: 0o700 });
    const link = join(tmp.dir, 'link');
    symlinkSync(real, link);
    const l = await cli(link, ['key', 'remove'], { bin });
    expect(l).toMatchObject({
      code: 1,
      stderr: `lookup-tray: The data folder ${link} is a symbolic link (to ${realpathSync(real)}): name the folder itself with --data-dir, if it is yours.\n`,
    });
    expect(readdirSync(real)).toEqual([]);
  },
);

it.skipIf(process.platform !== 'linux')(
  'a folder that cannot be made says why at once (no 100 % CPU loop)',
  async () => {
    const r = await cli('/proc/nope', ['config', 'get', 'answerLanguage']);
    expect(r).toMatchObject({
      code: 1,
      stderr:
        'lookup-tray: Cannot create the data folder /proc/nope: /proc does not let a folder be made in it (ENOENT).\n',
    });
  },
);

it.skipIf(process.platform === 'win32')('a file named as the data folder: "is a file", not EEXIST', async () => {
  const file = join(tmp.dir, 'passwd');
  writeFileSync(file, 'root:x:0:0::/root:/bin/sh\n');
  expect(await cli(file, ['config', 'get', 'answerLanguage'])).toMatchObject({
    code: 1,
    stderr: `lookup-tray: The data folder ${file} is a file, not a folder.\n`,
  });
  const below = join(file, 'sub');
  expect(await cli(below, ['status'])).toMatchObject({
    code: 1,
    stderr: `lookup-tray: Cannot create the data folder ${below}: ${file} is a file, not a folder.\n`,
  });
});

it("the option's default is the core's app folder, the only one that adopts an earlier version's keychain items", () => {
  for (const platform of ['linux', 'darwin', 'win32'] as const)
    for (const env of [{}, { XDG_CONFIG_HOME: '/x/config', APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }])
      expect(cliDefaultDataDir(env, platform)).toBe(coreDefaultDataDir(env, platform));
});
