/**
 * Run a store in a directory it cannot write to, for real. The directory is chmod 555; as root
 * (where permissions do not stop writes) the store runs in a child process as uid/gid 65534.
 *
 * That child must not need anything from the clone: the clone may live in a private directory (mode 0700, e.g.
 * under /root) that uid 65534 cannot enter. So the child is bundled (esbuild) into a scratch directory of its own,
 * and run by a copy of this Node binary when uid 65534 cannot reach the original.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./store-child.ts', import.meta.url));
const NOBODY = 65534;

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

/** Whether `file` can be executed by uid/gid 65534 (every directory on its path searchable, the file executable). */
function nobodyCanRun(file: string): boolean {
  const otherX = (p: string) => (fs.statSync(p).mode & 0o001) !== 0;
  let p = path.resolve(file);
  if (!otherX(p)) return false;
  while (path.dirname(p) !== p) {
    p = path.dirname(p);
    if (!otherX(p)) return false;
  }
  return true;
}

/** A scratch directory the child owns, holding the bundled child (and a Node binary it can run, if needed). */
function prepareScratch(): { scratch: string; node: string; script: string } {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'store-child-'));
  const script = path.join(scratch, 'store-child.mjs');
  buildSync({
    entryPoints: [CHILD],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: script,
    logLevel: 'silent',
  });
  let node = process.execPath;
  if (isRoot && !nobodyCanRun(node)) {
    node = path.join(scratch, 'node');
    fs.copyFileSync(process.execPath, node);
    fs.chmodSync(node, 0o755);
  }
  fs.chmodSync(scratch, 0o755);
  if (isRoot)
    for (const f of [scratch, ...fs.readdirSync(scratch).map((n) => path.join(scratch, n))])
      fs.chownSync(f, NOBODY, NOBODY);
  return { scratch, node, script };
}

/** Make `dir` read-only (chmod 555 on `dir` itself, nothing else) and run the store child on it. */
export async function runStoreInReadOnlyDir(
  kind: 'settings' | 'json',
  dir: string,
  patch: unknown,
): Promise<ChildReport> {
  const { scratch, node, script } = prepareScratch();
  fs.chmodSync(dir, 0o555);
  try {
    const { stdout } = await run(node, [script, kind, dir, JSON.stringify(patch)], {
      cwd: scratch,
      timeout: 15_000,
      env: { ...process.env, HOME: scratch, TMPDIR: scratch },
      ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    return JSON.parse(stdout) as ChildReport;
  } finally {
    fs.chmodSync(dir, 0o755);
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
