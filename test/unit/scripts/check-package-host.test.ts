/**
 * What the hosted packaging check (scripts/check-package-host.mjs) builds on each system. It expects
 * resources/app-update.yml, which electron-builder writes on macOS only for a dmg or zip target and on Windows only
 * for nsis — with `--dir` there the check failed on both. The second test reads electron-builder's own rule, so an
 * electron-builder that changes it fails here rather than on the first hosted run.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { hostBuildArgs } from '../../../scripts/package-check/host-target.mjs';

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
});
