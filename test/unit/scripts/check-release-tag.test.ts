import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tagProblem } from '../../../scripts/check-release-tag';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['scripts/check-release-tag.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, GITHUB_REF_NAME: '', ...env },
  });

describe('release tag check (release.yml, first step)', () => {
  it('a tag v<package.json version> releases; the script says so and exits 0', () => {
    expect(tagProblem(`v${version}`, version)).toBeNull();
    const r = run([], { GITHUB_REF_NAME: `v${version}` });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`matches package.json's version ${version}`);
  });

  it('another version, a tag without v or not semver, or none: exit 1 with what to do', () => {
    expect(tagProblem('v9.9.9', '0.1.0')).toMatch(
      /^tag v9\.9\.9 does not match package\.json's version 0\.1\.0: set "version": "9\.9\.9"/,
    );
    expect(tagProblem('0.1.0', '0.1.0')).toMatch(/is not v<major>\.<minor>\.<patch>/);
    expect(tagProblem('v0.1', '0.1.0')).toMatch(/is not v<major>/);
    expect(tagProblem('v0.2.0-beta.1', '0.2.0-beta.1')).toBeNull();
    expect(tagProblem('', '0.1.0')).toMatch(/^no tag given/);
    const r = run(['v99.0.0']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^release: tag v99\.0\.0 does not match/);
    expect(run([]).status).toBe(1);
  });
});
