/**
 * What the hosted packaging check (scripts/check-package-host.mjs) builds on each system. It expects
 * resources/app-update.yml, which electron-builder writes on macOS only for a dmg or zip target and on Windows only
 * for nsis — with `--dir` there the check failed on both. The second test reads electron-builder's own rule, so an
 * electron-builder that changes it fails here rather than on the first hosted run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostBuildArgs, packageBin } from '../../../scripts/package-check/host-target.mjs';

describe('the hosted packaging check', () => {
  it('builds the zip on macOS, the nsis installer on Windows, --dir on Linux', () => {
    expect(hostBuildArgs('darwin')).toEqual(['--mac', 'zip']);
    expect(hostBuildArgs('win32')).toEqual(['--win', 'nsis']);
    expect(hostBuildArgs('linux')).toEqual(['--linux', 'dir']);
    expect(hostBuildArgs('aix')).toBeNull();
  });

  it("those are targets for which electron-builder writes app-update.yml (its PublishManager's rule)", () => {
    const source = readFileSync(
      createRequire(import.meta.url).resolve('app-builder-lib/out/publish/PublishManager.js'),
      'utf8',
    );
    // macOS: only when a dmg or a zip is among the targets.
    expect(source).toMatch(
      /electronPlatformName === "darwin"\)\s*\{\s*if \(!event\.targets\.some\(it => it\.name === "dmg" \|\| it\.name === "zip"\)\)/,
    );
    // Windows: only for a "suitable" target, which nsis is.
    expect(source).toMatch(/function isSuitableWindowsTarget\(target\) \{[\s\S]*?return target\.name === "nsis"/);
  });

  it('the check verifies the macOS signature after the fuses, and can keep the packaged app for the launch spec', () => {
    const script = readFileSync('scripts/check-package-host.mjs', 'utf8');
    expect(script).toContain("'codesign', ['--verify', '--deep', '--strict'");
    expect(script).toContain("process.argv.indexOf('--keep')");
    expect(script).not.toMatch(/'--dir'/);
  });

  it("finds electron-vite's command through its package.json (its exports hide bin/ from require.resolve)", () => {
    const require = createRequire(join(process.cwd(), 'package.json'));
    const bin = packageBin(require, 'electron-vite');
    expect(bin.replaceAll('\\', '/')).toMatch(/node_modules\/electron-vite\/bin\/electron-vite\.js$/);
    expect(existsSync(bin)).toBe(true);
    expect(() => packageBin(require, 'electron-vite', 'no-such-command')).toThrow(/no command no-such-command/);
  });

  it('without out/ it goes on to build (here: a folder with no app, so the build fails and says so), never crashing first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pkg-host-no-out-'));
    try {
      writeFileSync(join(dir, 'package.json'), '{"name":"x","productName":"X","type":"module"}');
      symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'junction');
      const r = spawnSync(process.execPath, [resolve('scripts/check-package-host.mjs')], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000,
      });
      const out = `${r.stdout}${r.stderr}`;
      expect(out).not.toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
      expect(out).toContain('check-package-host: electron-vite build failed');
      expect(r.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
