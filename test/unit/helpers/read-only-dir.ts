/**
 * Run a store in a directory it cannot write to, for real. The directory is chmod 555; as root
 * (where permissions do not stop writes) the store runs in a child process as uid/gid 65534.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./store-child.ts', import.meta.url));

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
export const canTestReadOnly = process.platform !== 'win32';

export interface ChildReport {
  kind: 'settings' | 'json';
  before: unknown;
  after: unknown;
  outcome: unknown;
  notices: { id: string; level: string; message: string }[];
  persistent: boolean;
}

/**
 * Make `dir` read-only (chmod 555 on `dir` itself, nothing else) and run the store child on it.
 * As root the child gets its own scratch TMPDIR/HOME it owns (tsx caches compiled files there).
 */
export async function runStoreInReadOnlyDir(
  kind: 'settings' | 'json',
  dir: string,
  patch: unknown,
): Promise<ChildReport> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'store-child-'));
  if (isRoot) fs.chownSync(scratch, 65534, 65534);
  fs.chmodSync(dir, 0o555);
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, kind, dir, JSON.stringify(patch)], {
      cwd: ROOT,
      timeout: 15_000,
      env: { ...process.env, HOME: scratch, TMPDIR: scratch },
      ...(isRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    return JSON.parse(stdout) as ChildReport;
  } finally {
    fs.chmodSync(dir, 0o755);
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
