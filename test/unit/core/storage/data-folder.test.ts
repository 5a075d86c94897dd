/**
 * Issue 33 (low): a `--data-dir` someone else controls is refused with one line. The tests run as root here, so the
 * process's user is a port: "another user" is a folder whose owner is not the user the check is given.
 */
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OneShot, OneShotError } from '../../../../electron/core/app/one-shot';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { DataFolderError, openDataFolder } from '../../../../electron/core/storage/data-folder';

const POSIX = process.platform !== 'win32';
if (!POSIX)
  console.warn('[data-folder] SKIPPING: owners and modes are POSIX; Windows keeps the folder private by its ACL.');

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lt-data-folder-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const mode = (p: string) => statSync(p).mode & 0o777;

describe.skipIf(!POSIX)('a data folder must be the user’s own', () => {
  it('a folder of another user is refused by the command line (exit 1 kind), nothing written in it', async () => {
    const dir = join(root, 'theirs');
    mkdirSync(dir, { mode: 0o700 });
    const { uid, gid } = statSync(dir);
    const someoneElse = { uid: uid + 1, gid };
    const err = await OneShot.open({ dataDir: dir, user: someoneElse }, new MemorySecretStore()).catch((e) => e);
    expect(err).toBeInstanceOf(OneShotError);
    expect(err).toMatchObject({
      kind: 'failure',
      message: `The data folder ${dir} belongs to another user (uid ${uid}): use a folder of your own.`,
    });
    expect(() => openDataFolder(dir, { uid, gid })).not.toThrow(); // the owner's own
  });

  it("group-writable: refused for another group, tightened for the user's own group (umask 002)", () => {
    const dir = join(root, 'group');
    mkdirSync(dir);
    chmodSync(dir, 0o770);
    const { uid, gid } = statSync(dir);
    expect(() => openDataFolder(dir, { uid, gid: gid + 1 })).toThrow(DataFolderError);
    expect(mode(dir)).toBe(0o770);
    openDataFolder(dir, { uid, gid });
    expect(mode(dir)).toBe(0o700);
  });

  it('a symlink, a file, a file among the parents: one line each', () => {
    const me = { uid: process.getuid!(), gid: process.getgid!() };
    const real = join(root, 'real');
    mkdirSync(real, { mode: 0o700 });
    symlinkSync(real, join(root, 'link'));
    expect(() => openDataFolder(join(root, 'link'), me)).toThrow(/is a symbolic link/);
    writeFileSync(join(root, 'f'), 'x');
    expect(() => openDataFolder(join(root, 'f'), me)).toThrow(
      `The data folder ${join(root, 'f')} is a file, not a folder.`,
    );
    expect(() => openDataFolder(join(root, 'f', 'a', 'b'), me)).toThrow(/f is a file, not a folder/);
  });

  it('inside a parent others can change (no sticky bit) or another user owns: refused, each component looked at', () => {
    const me = { uid: process.getuid!(), gid: process.getgid!() };
    const shared = join(root, 'shared');
    mkdirSync(join(shared, 'mine', 'data'), { recursive: true, mode: 0o700 });
    chmodSync(shared, 0o777); // two levels up: anyone can rename "mine" and put their own folder there
    const dir = join(shared, 'mine', 'data');
    expect(() => openDataFolder(dir, me)).toThrow(
      new DataFolderError(
        `The data folder ${dir} is inside ${shared}, which other users can change (mode 0777): they could swap the folder; use a folder elsewhere.`,
        'EPERM',
      ),
    );
    expect(() => openDataFolder(join(shared, 'new', 'data'), me)).toThrow(/which other users can change/);
    expect(existsSync(join(shared, 'new'))).toBe(false); // refused before anything is made
    chmodSync(shared, 0o1777); // sticky, as /tmp: only an entry's owner can rename it
    expect(() => openDataFolder(dir, me)).not.toThrow();
    chmodSync(shared, 0o775); // the user's own group may write
    expect(() => openDataFolder(dir, me)).not.toThrow();
    expect(() => openDataFolder(dir, { ...me, gid: me.gid + 1 })).toThrow(/which other users can change \(mode 0775\)/);
    chmodSync(shared, 0o755);
    if (me.uid === 0) {
      // Run as root here: a parent given to another user (root's own parents are trusted).
      chownSync(shared, 4321, 4321);
      expect(() => openDataFolder(dir, me)).toThrow(
        `The data folder ${dir} is inside ${shared}, which belongs to another user (uid 4321): use a folder of your own.`,
      );
      chownSync(shared, 0, 0);
    }
  });

  it('missing parents are made, each 0700', () => {
    const me = { uid: process.getuid!(), gid: process.getgid!() };
    const dir = join(root, 'a', 'b', 'c');
    openDataFolder(dir, me);
    expect(mode(join(root, 'a'))).toBe(0o700);
    expect(mode(dir)).toBe(0o700);
  });
});
