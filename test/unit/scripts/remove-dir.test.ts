/**
 * Removing the real app's data folder after it closed (scripts/remove-dir.ts): on Windows Chromium's child processes
 * can hold its files for a moment (EBUSY/EPERM), which turned the `_electron` job and the bench red.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeDir } from '../../../scripts/remove-dir';

const held = (code: string) => Object.assign(new Error(`${code}: resource busy or locked, rmdir 'X'`), { code });

/** An rm that fails with `code` the first `failures` times, then succeeds; and the waits asked for. */
function flaky(failures: number, code = 'EBUSY') {
  const calls: string[] = [];
  const waits: number[] = [];
  return {
    calls,
    waits,
    rm: (path: string) => {
      calls.push(path);
      return calls.length <= failures ? Promise.reject(held(code)) : Promise.resolve();
    },
    sleep: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

describe('removeDir', () => {
  it.each(['EBUSY', 'EPERM', 'ENOTEMPTY'])(
    'a folder still held (%s) three times is removed at the fourth try, after growing waits',
    async (code) => {
      const f = flaky(3, code);
      await expect(removeDir('data', { rm: f.rm, sleep: f.sleep, delayMs: 100 })).resolves.toBe(4);
      expect(f.calls).toEqual(['data', 'data', 'data', 'data']);
      expect(f.waits).toEqual([100, 200, 300]);
    },
  );

  it('gives up after its bound, naming the folder and the error', async () => {
    const f = flaky(Infinity);
    await expect(removeDir('data', { rm: f.rm, sleep: f.sleep, tries: 5 })).rejects.toThrow(
      'could not remove data: still EBUSY after 5 tries',
    );
    expect(f.calls).toHaveLength(5);
    expect(f.waits).toHaveLength(4);
  });

  it('another error fails at once', async () => {
    const f = flaky(1, 'EIO');
    await expect(removeDir('data', { rm: f.rm, sleep: f.sleep })).rejects.toMatchObject({ code: 'EIO' });
    expect(f.calls).toHaveLength(1);
  });

  it('removes a real folder with files (and a missing one is fine)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'remove-dir-'));
    mkdirSync(join(dir, 'Local Storage'));
    writeFileSync(join(dir, 'Local Storage', 'x.log'), 'x');
    await expect(removeDir(dir)).resolves.toBe(1);
    expect(existsSync(dir)).toBe(false);
    await expect(removeDir(dir)).resolves.toBe(1);
  });

  it("the _electron specs and the bench remove the app's data folder through it, not a bare rmSync", () => {
    for (const file of ['test/electron/electron-env.ts', 'bench/electron-bench.ts']) {
      const src = readFileSync(file, 'utf8');
      expect(src, file).toMatch(/await removeDir\(userData\)/);
      expect(src, file).not.toMatch(/rmSync\(userData/);
    }
  });
});
