/**
 * The hosted pipeline, read from the workflow files (actionlint checks their syntax in the static layer; this checks
 * what they promise): CI on three systems with the real Electron's `_electron` suite, pinned third-party actions,
 * least privilege, superseded runs cancelled; a tag building every installer into a draft release.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  name?: string;
  'runs-on': string;
  container?: { image: string } | string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  strategy?: { matrix: { include: Record<string, string>[] } };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

const read = (name: string): { text: string; wf: Workflow } => {
  const text = readFileSync(`.github/workflows/${name}`, 'utf8');
  return { text, wf: parse(text) as Workflow };
};
const ci = read('ci.yml');
const release = read('release.yml');
const steps = (j: Job) => j.steps;
const runs = (j: Job) => steps(j).map((s) => s.run ?? '');
const nvmrc = readFileSync('.nvmrc', 'utf8').trim();

describe('ci.yml', () => {
  const { wf } = ci;
  const linux = wf.jobs.linux!;
  const desktop = wf.jobs.desktop!;

  it('runs on every push and pull request, cancelling a superseded run of the same ref', () => {
    expect(Object.keys(wf.on).sort()).toEqual(['pull_request', 'push']);
    expect(wf.concurrency?.['cancel-in-progress']).toBe(true);
    expect(wf.concurrency?.group).toContain('github.ref');
  });

  it('on Linux, macOS and Windows', () => {
    expect(linux['runs-on']).toMatch(/^ubuntu-/);
    expect(desktop.strategy?.matrix.include.map((m) => m.os)).toEqual(['macos-latest', 'windows-latest']);
  });

  it('Linux runs .ci/run (in the Debian it was written for), then the _electron suite with the real binary', () => {
    const image = typeof linux.container === 'string' ? linux.container : linux.container?.image;
    expect(image).toMatch(/^debian:/);
    const r = runs(linux);
    const ciRun = r.findIndex((x) => x === 'bash .ci/run');
    const binary = r.findIndex((x) => x.includes('npx install-electron'));
    const e2e = r.findIndex((x) => x.includes('playwright test -c playwright.electron.config.ts'));
    expect(ciRun).toBeGreaterThanOrEqual(0);
    expect(binary).toBeGreaterThan(ciRun);
    expect(e2e).toBeGreaterThan(binary);
    expect(r[e2e]).toMatch(/xvfb-run .*with-keyring\.sh/);
  });

  it('macOS and Windows: install → static → unit → keychain → ui → _electron (real binary) → packaging, in order', () => {
    const r = runs(desktop);
    const at = (pattern: RegExp) => {
      const i = r.findIndex((x) => pattern.test(x));
      expect(i, String(pattern)).toBeGreaterThanOrEqual(0);
      return i;
    };
    const order = [
      at(/^npm ci\b/),
      at(/^npx install-electron$/),
      at(/test-all\.mjs static$/),
      at(/test-all\.mjs unit$/),
      at(/test-all\.mjs keychain$/),
      at(/test-all\.mjs ui$/),
      at(/test-all\.mjs electron$/),
      at(/check-package-host\.mjs$/),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The binary is never skipped there.
    expect(JSON.stringify(desktop)).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  });

  it('measures the real app (BENCH_ONLY=electron), compares with main in the job summary, uploads shots and traces', () => {
    for (const job of [linux, desktop]) {
      const text = JSON.stringify(job);
      expect(text).toMatch(/BENCH_ONLY[=": ]+electron/);
      expect(runs(job).some((x) => x.includes('bench/electron-summary.mjs') && x.includes('GITHUB_STEP_SUMMARY'))).toBe(
        true,
      );
      const upload = steps(job).find((s) => s.uses?.startsWith('actions/upload-artifact@'));
      expect(upload?.if).toBe('always()');
      expect(String(upload?.with?.path)).toContain('.tmp/electron-shots/');
      expect(String(upload?.with?.path)).toContain('.tmp/pw-electron-results/');
      expect(steps(job).some((s) => s.uses?.startsWith('actions/cache/restore@'))).toBe(true);
      const save = steps(job).find((s) => s.uses?.startsWith('actions/cache/save@'));
      expect(save?.if).toContain("github.ref == 'refs/heads/main'");
    }
  });

  it('Node from .nvmrc (24) with the npm cache', () => {
    expect(nvmrc).toBe('24');
    for (const job of [linux, desktop]) {
      const node = steps(job).find((s) => s.uses?.startsWith('actions/setup-node@'));
      expect(node?.with).toEqual({ 'node-version-file': '.nvmrc', cache: 'npm' });
    }
  });
});

describe('release.yml', () => {
  const { wf } = release;

  it('runs on a tag v*, first checking the tag against package.json', () => {
    expect(wf.on).toEqual({ push: { tags: ['v*'] } });
    expect(runs(wf.jobs.draft!)).toContain('node scripts/check-release-tag.ts "$GITHUB_REF_NAME"');
  });

  it('creates a draft release; electron-builder publishes into it on each system', () => {
    expect(runs(wf.jobs.draft!).join('\n')).toMatch(/gh release create "\$GITHUB_REF_NAME" --draft /);
    const build = wf.jobs.build!;
    expect(build.needs).toBe('draft');
    expect(build.strategy?.matrix.include.map((m) => [m.os, m.target])).toEqual([
      ['macos-latest', '--mac'],
      ['windows-latest', '--win'],
      ['ubuntu-24.04', '--linux'],
    ]);
    expect(runs(build)).toContain('npx electron-builder ${{ matrix.target }} --publish always');
  });

  it('signs only with the secrets, and says in the notes when an installer is unsigned', () => {
    const env = steps(wf.jobs.build!).find((s) => s.run?.includes('electron-builder'))?.env ?? {};
    for (const name of [
      'MAC_CSC_LINK',
      'MAC_CSC_KEY_PASSWORD',
      'APPLE_ID',
      'APPLE_APP_SPECIFIC_PASSWORD',
      'APPLE_TEAM_ID',
      'WIN_CSC_LINK',
      'WIN_CSC_KEY_PASSWORD',
    ])
      expect(Object.values(env).join('\n')).toContain(`secrets.${name}`);
    expect(runs(wf.jobs.draft!).join('\n')).toContain('**unsigned**');
  });

  it('checks the draft holds every installer and latest*.yml', () => {
    const check = runs(wf.jobs.check!).join('\n');
    for (const f of [
      'latest\\.yml',
      'latest-mac\\.yml',
      'latest-linux\\.yml',
      '\\.dmg$',
      '\\.exe$',
      '\\.AppImage$',
      '\\.deb$',
    ])
      expect(check).toContain(f);
  });
});

describe('both workflows', () => {
  it('pin every third-party action by a full commit SHA, with the tag it stands for', () => {
    for (const { text } of [ci, release]) {
      const uses = [...text.matchAll(/uses:\s*(\S+)(.*)$/gm)];
      expect(uses.length).toBeGreaterThan(0);
      for (const [, ref, rest] of uses) {
        expect(ref, ref).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
        expect(rest, ref).toMatch(/# v\d+\.\d+\.\d+/);
      }
    }
  });

  it('least privilege: read-only by default; write access only for the jobs that make the release', () => {
    expect(ci.wf.permissions).toEqual({ contents: 'read' });
    for (const job of Object.values(ci.wf.jobs)) expect(job.permissions).toBeUndefined();
    expect(release.wf.permissions).toEqual({ contents: 'read' });
    for (const [name, job] of Object.entries(release.wf.jobs))
      expect(job.permissions, name).toEqual({ contents: 'write' });
    for (const { text } of [ci, release]) expect(text).not.toMatch(/write-all|pull_request_target/);
  });

  it('never persist the checkout credentials', () => {
    for (const { wf } of [ci, release])
      for (const job of Object.values(wf.jobs))
        for (const s of steps(job).filter((x) => x.uses?.startsWith('actions/checkout@')))
          expect(s.with?.['persist-credentials']).toBe(false);
  });
});
