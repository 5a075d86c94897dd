/**
 * Issue 24: the tarball `npm pack` leaves in the checkout (the lookup-tray command's package) is git-ignored. (It no
 * longer ships out/main/main.js, the app's Electron bundle: `main` is spelled "./out/main/main.js", which npm's
 * always-packed `main` does not match; test/cli/pack.test.ts checks the tarball's files.)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };

describe('npm pack', () => {
  it('the tarball npm pack writes into the checkout is git-ignored', () => {
    const r = spawnSync('git', ['check-ignore', '-q', `${pkg.name}-${pkg.version}.tgz`], { cwd: root });
    expect(r.status).toBe(0);
  });
});
