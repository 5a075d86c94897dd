/**
 * The hosted pipeline, read from the workflow files (actionlint checks their syntax in the static layer; this checks
 * what they promise): CI on three systems with the real Electron's `_electron` suite, pinned third-party actions,
 * least privilege, superseded runs cancelled; a tag building every installer into a draft release.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { interpolate } from '../../helpers/gha-expression';

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
  'runs-on'?: string;
  /** A reusable workflow this job calls (then it has no steps). */
  uses?: string;
  environment?: string;
  if?: string;
  container?: { image: string } | string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  strategy?: { matrix: { include: Record<string, string>[] } };
  steps?: Step[];
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
const steps = (j: Job) => j.steps ?? [];
const runs = (j: Job) => steps(j).map((s) => s.run ?? '');
const nvmrc = readFileSync('.nvmrc', 'utf8').trim();

describe('ci.yml', () => {
  const { wf } = ci;
  const linux = wf.jobs.linux!;
  const desktop = wf.jobs.desktop!;

  it('runs on every push to a branch and every pull request (cancelling a superseded run), and as the release gate', () => {
    expect(Object.keys(wf.on).sort()).toEqual(['pull_request', 'push', 'workflow_call']);
    // Tags do not start it twice: release.yml calls it (a push filtered by branches ignores tags).
    expect(wf.on.push).toEqual({ branches: ['**'] });
    expect(wf.concurrency?.['cancel-in-progress']).toBe(true);
    expect(wf.concurrency?.group).toContain('github.ref');
  });

  it('on Linux, macOS and Windows', () => {
    expect(linux['runs-on']).toMatch(/^ubuntu-/);
    expect(desktop.strategy?.matrix.include.map((m) => m.os)).toEqual(['macos-latest', 'windows-latest']);
  });

  it('Linux runs .ci/run (in the Debian it was written for), the _electron suite with the real binary, then the packaged app', () => {
    const image = typeof linux.container === 'string' ? linux.container : linux.container?.image;
    expect(image).toMatch(/^debian:/);
    const r = runs(linux);
    const ciRun = r.findIndex((x) => x === 'bash .ci/run');
    const binary = r.findIndex((x) => x === 'npx --no install-electron');
    const e2e = r.findIndex((x) => x.endsWith('playwright test -c playwright.electron.config.ts'));
    const pack = r.findIndex((x) => x === 'node scripts/check-package-host.mjs --keep .tmp/packaged');
    const packaged = r.findIndex((x) => x.endsWith('test/electron/packaged-app.spec.ts'));
    expect(ciRun).toBeGreaterThanOrEqual(0);
    expect(binary).toBeGreaterThan(ciRun);
    expect(e2e).toBeGreaterThan(binary);
    expect(pack).toBeGreaterThan(e2e);
    expect(packaged).toBeGreaterThan(pack);
    expect(r[e2e]).toMatch(/with-keyring\.sh/);
    expect(steps(linux)[packaged]?.env).toEqual({ LOOKUP_TRAY_PACKAGED_APP: '.tmp/packaged' });
  });

  it('every Xvfb the real app runs in is 1280×1024 in 24-bit colour (xvfb-run -a alone gives 640×480×8)', () => {
    const xvfb = runs(linux).filter((x) => x.includes('xvfb-run'));
    expect(xvfb.length).toBeGreaterThanOrEqual(3); // the _electron suite, the packaged app, the bench
    for (const x of xvfb) expect(x).toMatch(/^xvfb-run -a -s "-screen 0 1280x1024x24" /);
  });

  it('macOS and Windows: install → static → unit → keychain → ui → _electron → packaging → the packaged app, in order', () => {
    const r = runs(desktop);
    const at = (pattern: RegExp) => {
      const i = r.findIndex((x) => pattern.test(x));
      expect(i, String(pattern)).toBeGreaterThanOrEqual(0);
      return i;
    };
    const order = [
      at(/^npm ci\b/),
      at(/^npx --no install-electron$/),
      at(/test-all\.mjs static$/),
      at(/test-all\.mjs unit$/),
      at(/test-all\.mjs keychain$/),
      at(/test-all\.mjs ui$/),
      at(/test-all\.mjs electron$/),
      at(/^node scripts\/check-package-host\.mjs --keep \.tmp\/packaged$/),
      at(/playwright\.electron\.config\.ts test\/electron\/packaged-app\.spec\.ts$/),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The binary is never skipped there; the ui layer's Chromium is chosen in one place (test/ui/chromium.ts).
    expect(JSON.stringify(desktop)).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
    expect(JSON.stringify(desktop)).not.toContain('LOOKUP_TRAY_PLAYWRIGHT_CHROMIUM');
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
      // The previous figures are read from the cache, except when a tag's release runs this workflow.
      const restore = steps(job).find((s) => s.uses?.startsWith('actions/cache/restore@'));
      expect(restore?.if).toBe("github.ref_type != 'tag'");
      const save = steps(job).find((s) => s.uses?.startsWith('actions/cache/save@'));
      expect(save?.if).toContain("github.ref == 'refs/heads/main'");
    }
  });

  it('Node from .nvmrc (24), with the npm cache except as a release gate', () => {
    expect(nvmrc).toBe('24');
    for (const job of [linux, desktop]) {
      const node = steps(job).find((s) => s.uses?.startsWith('actions/setup-node@'));
      expect(node?.with).toEqual({
        'node-version-file': '.nvmrc',
        cache: "${{ github.ref_type != 'tag' && 'npm' || '' }}",
      });
    }
  });
});

describe('every installer on main (ci.yml installers), so a tag repeats what already worked', () => {
  const installers = ci.wf.jobs.installers!;
  const build = release.wf.jobs.build!;

  it('runs on pushes to main only: not on branches, pull requests, nor as the release gate (github.ref is the tag there)', () => {
    expect(installers.if).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
  });

  it("on release.yml's runners and targets, with its commands, publishing nothing and seeing no secret", () => {
    const matrix = (j: Job) => j.strategy?.matrix.include.map((m) => [m.name, m.os, m.target]);
    expect(matrix(installers)).toEqual(matrix(build));
    const buildSteps = (j: Job) =>
      steps(j)
        .filter((s) => /^(npm ci|npx electron-vite|sudo apt-get)/.test(s.run ?? ''))
        .map((s) => [s.run, s.if ?? null]);
    expect(buildSteps(installers)).toEqual(buildSteps(build));
    // The same electron-builder command (the release adds Azure Trusted Signing's options when configured).
    const command = 'npx electron-builder ${{ matrix.target }} --publish never';
    expect(runs(installers)).toContain(command);
    expect(runs(build).some((r) => r.split('\n').some((line) => line.startsWith(command)))).toBe(true);
    const text = JSON.stringify(installers);
    expect(text).not.toMatch(/secrets\.|GH_TOKEN|github\.token|upload-artifact/);
    expect(installers.environment).toBeUndefined();
  });

  it("checks this system's installers and metadata are in dist/ (run here with bash)", () => {
    const script = runs(installers).find((r) => r.includes('missing: '))!;
    const check = (system: string, files: string[]) => {
      const dir = mkdtempSync(join(tmpdir(), 'installers-check-'));
      try {
        mkdirSync(join(dir, 'dist'));
        for (const f of files) writeFileSync(join(dir, 'dist', f), '');
        return spawnSync('bash', ['-c', script], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, SYSTEM: system },
        }).status;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const mac = ['latest-mac.yml', 'Lookup-Tray-0.2.0-arm64.dmg', 'Lookup-Tray-0.2.0-arm64-mac.zip'];
    expect(check('macOS', mac)).toBe(0);
    expect(check('macOS', mac.slice(0, 2))).toBe(1); // no zip
    expect(check('macOS', [mac[0]!, mac[2]!])).toBe(1); // no dmg
    expect(check('Windows', ['latest.yml', 'Lookup-Tray-Setup-0.2.0.exe'])).toBe(0);
    expect(check('Windows', ['latest.yml'])).toBe(1);
    const linux = ['latest-linux.yml', 'Lookup-Tray-0.2.0.AppImage', 'lookup-tray_0.2.0_amd64.deb'];
    expect(check('Linux', linux)).toBe(0);
    expect(check('Linux', linux.slice(0, 2))).toBe(1); // no deb
  });
});

describe('release.yml', () => {
  const { wf } = release;
  const jobs = wf.jobs;

  it('runs on a tag v*, first checking the tag against package.json, then the whole test gate (ci.yml)', () => {
    expect(wf.on).toEqual({ push: { tags: ['v*'] } });
    expect(runs(jobs.tag!)).toContain('node scripts/check-release-tag.ts "$GITHUB_REF_NAME"');
    expect(jobs.gate).toMatchObject({ needs: 'tag', uses: './.github/workflows/ci.yml' });
    expect(jobs.build!.needs).toBe('gate');
    expect(jobs.publish!.needs).toBe('build');
  });

  it('builds on each system without publishing; the publish job puts the files into a draft release', () => {
    const build = jobs.build!;
    expect(build.strategy?.matrix.include.map((m) => [m.os, m.target])).toEqual([
      ['macos-latest', '--mac'],
      ['windows-latest', '--win'],
      ['ubuntu-24.04', '--linux'],
    ]);
    expect(runs(build).some((r) => r.includes('npx electron-builder ${{ matrix.target }} --publish never'))).toBe(true);
    const upload = steps(build).find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.['if-no-files-found']).toBe('error');
    const publish = runs(jobs.publish!).join('\n');
    expect(publish).toMatch(/gh release create "\$GITHUB_REF_NAME" --draft --verify-tag /);
    expect(publish).toContain('gh release upload "$GITHUB_REF_NAME" release/dist/* --clobber');
  });

  it("uploads each system's installers and update metadata, nothing else, and no name twice (merge-multiple)", () => {
    // What electron-builder leaves in dist/ on each system (builder-debug.yml when its debug log is on:
    // app-builder-lib's packager.js; builder-effective-config.yaml on a terminal).
    const junk = ['builder-debug.yml', 'builder-effective-config.yaml'];
    const dist: Record<string, string[]> = {
      macOS: [
        'Lookup-Tray-0.2.0-arm64.dmg',
        'Lookup-Tray-0.2.0-arm64.dmg.blockmap',
        'Lookup-Tray-0.2.0-arm64-mac.zip',
        'Lookup-Tray-0.2.0-arm64-mac.zip.blockmap',
        'latest-mac.yml',
      ],
      Windows: ['Lookup-Tray-Setup-0.2.0.exe', 'Lookup-Tray-Setup-0.2.0.exe.blockmap', 'latest.yml'],
      Linux: ['Lookup-Tray-0.2.0.AppImage', 'lookup-tray_0.2.0_amd64.deb', 'latest-linux.yml'],
    };
    const upload = steps(jobs.build!).find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    const globs = String(upload?.with?.path)
      .split('\n')
      .map((g) => g.trim())
      .filter((g) => g.startsWith('dist/'));
    // upload-artifact's globs here use only `*` (never across a /).
    const matchers = globs.map(
      (g) => new RegExp(`^${g.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`),
    );
    const uploaded = (files: string[]) => files.filter((f) => matchers.some((m) => m.test(`dist/${f}`)));
    const all: string[] = [];
    for (const [system, files] of Object.entries(dist)) {
      expect(uploaded([...files, ...junk]), system).toEqual(files);
      all.push(...uploaded([...files, ...junk]));
    }
    expect(new Set(all).size).toBe(all.length);
  });

  it('electron-builder.yml says how releases are published as the workflow does it (--publish never, a draft)', () => {
    const config = readFileSync('electron-builder.yml', 'utf8');
    const said = [...config.matchAll(/--publish[ =](\w+)/g)].map((m) => m[1]);
    const done = [...release.text.matchAll(/electron-builder\b.*--publish[ =](\w+)/g)].map((m) => m[1]);
    expect(done).toEqual(['never']);
    expect(said.length).toBeGreaterThan(0);
    for (const mode of said) expect(mode).toBe('never');
    expect((parse(config) as { publish: { releaseType: string } }).publish.releaseType).toBe('draft');
  });

  it('the jobs that run npm code can only read, restore no cache and hold no token; the signing secrets sit behind a protected environment', () => {
    for (const name of ['tag', 'build']) {
      const job = jobs[name]!;
      expect(job.permissions ?? wf.permissions, name).toEqual({ contents: 'read' });
      const text = JSON.stringify(job);
      expect(text, name).not.toMatch(/GH_TOKEN|github\.token|GITHUB_TOKEN/);
      expect(text, name).not.toMatch(/actions\/cache/);
      for (const s of steps(job).filter((x) => x.uses?.startsWith('actions/setup-node@')))
        expect(s.with?.cache, name).toBeUndefined();
    }
    expect(jobs.gate!.permissions).toEqual({ contents: 'read' });
    expect(jobs.build!.environment).toBe('release-signing');
    // No other job sees a secret.
    for (const [name, job] of Object.entries(jobs))
      if (name !== 'build') {
        expect(JSON.stringify(job), name).not.toContain('secrets.');
        expect(job.environment, name).toBeUndefined();
      }
    // No npm cache anywhere in the release workflow.
    expect(release.text).not.toMatch(/cache: npm|actions\/cache/);
  });

  it('the publish job, the only one that may write, runs no code from npm or the repository', () => {
    const publish = jobs.publish!;
    expect(publish.permissions).toEqual({ contents: 'write' });
    expect(
      steps(publish)
        .map((s) => s.uses?.split('@')[0])
        .filter(Boolean),
    ).toEqual(['actions/download-artifact']);
    for (const r of runs(publish)) expect(r).not.toMatch(/\b(npm|npx|node|tsx|yarn|pnpm)\b|scripts\//);
  });

  it('signs only with the secrets, and says in the notes when an installer is unsigned and that it does not update itself', () => {
    const env = steps(jobs.build!).find((s) => s.run?.includes('electron-builder'))?.env ?? {};
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
    const notes = runs(jobs.publish!).join('\n');
    expect(notes).toContain('**unsigned**');
    expect(notes).toMatch(/Windows: installer \(nsis\), \*\*unsigned\*\*.*does not update itself/);
    expect(notes).toContain('libfuse2');
  });

  describe('the draft release step (run here with bash and a stand-in gh)', () => {
    const script = runs(jobs.publish!).find((r) => r.includes('gh release upload'))!;
    /** Runs the step with a release that is `none` (missing), a draft (`true`) or published (`false`). */
    const publish = (release: 'none' | 'true' | 'false') => {
      const dir = mkdtempSync(join(tmpdir(), 'release-publish-'));
      try {
        for (const d of ['bin', 'release/dist', 'release/signing', 'tmp']) mkdirSync(join(dir, d), { recursive: true });
        writeFileSync(join(dir, 'release', 'dist', 'latest.yml'), '');
        for (const system of ['macOS', 'Windows', 'Linux'])
          writeFileSync(join(dir, 'release', 'signing', system), 'false\n');
        writeFileSync(
          join(dir, 'bin', 'gh'),
          [
            '#!/usr/bin/env bash',
            'echo "gh $*" >> "$GH_LOG"',
            'if [ "$1 $2" = "release view" ]; then',
            '  if [ "$FAKE_RELEASE" = none ]; then echo "release not found" >&2; exit 1; fi',
            '  echo "$FAKE_RELEASE"',
            'fi',
            '',
          ].join('\n'),
          { mode: 0o755 },
        );
        const log = join(dir, 'gh.log');
        writeFileSync(log, '');
        const r = spawnSync('bash', ['-c', script], {
          cwd: dir,
          encoding: 'utf8',
          env: {
            ...process.env,
            PATH: `${join(dir, 'bin')}${delimiter}${process.env.PATH}`,
            GH_LOG: log,
            FAKE_RELEASE: release,
            GITHUB_REF_NAME: 'v0.2.0',
            RUNNER_TEMP: join(dir, 'tmp'),
          },
        });
        const calls = readFileSync(log, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((c) => c.split(' ').slice(0, 3).join(' '));
        return { code: r.status, out: `${r.stdout}${r.stderr}`, calls };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };

    it('creates a draft when there is no release, then uploads into it', () => {
      expect(publish('none')).toMatchObject({
        code: 0,
        calls: ['gh release view', 'gh release create', 'gh release upload'],
      });
    });

    it('replaces the files of an existing draft', () => {
      expect(publish('true')).toMatchObject({ code: 0, calls: ['gh release view', 'gh release upload'] });
    });

    it('uploads nothing into a published release (installed apps read its latest*.yml), and fails saying so', () => {
      const r = publish('false');
      expect(r.calls).toEqual(['gh release view']);
      expect(r.code).toBe(1);
      expect(r.out).toContain('is published already');
    });
  });

  describe('Windows signing: Azure Trusted Signing when configured, else the .pfx (the step run with bash and a stand-in npx)', () => {
    const step = steps(jobs.build!).find((s) => s.run?.includes('npx electron-builder'))!;
    const signedNote = steps(jobs.build!).find((s) => s.env?.SIGNED)!.env!.SIGNED!;
    const AZURE_VARS = {
      AZURE_SIGN_ENDPOINT: 'https://weu.codesigning.azure.net/',
      AZURE_SIGN_ACCOUNT: 'lookup-tray-signing',
      AZURE_SIGN_PROFILE: 'lookup-tray-public',
      AZURE_SIGN_PUBLISHER: 'Lookup Tray developers',
    };
    const AZURE_SECRETS = {
      AZURE_TENANT_ID: 'tenant-1',
      AZURE_CLIENT_ID: 'client-1',
      AZURE_CLIENT_SECRET: 'FAKE-client-secret',
    };
    const PFX = { WIN_CSC_LINK: 'FAKE-base64-pfx', WIN_CSC_KEY_PASSWORD: 'FAKE-pfx-password' };
    const SIGNING_ENV = [
      'WIN_CSC_LINK',
      'WIN_CSC_KEY_PASSWORD',
      ...Object.keys(AZURE_VARS),
      ...Object.keys(AZURE_SECRETS),
    ] as const;

    /** What electron-builder is run with (its arguments and the signing environment) on `system`. */
    const run = (system: 'Windows' | 'macOS', secrets: Record<string, string>, vars: Record<string, string>) => {
      const target = system === 'Windows' ? '--win' : '--mac';
      const ctx = { matrix: { name: system, target }, secrets, vars };
      const env = Object.fromEntries(Object.entries(step.env!).map(([k, v]) => [k, interpolate(v, ctx)]));
      const dir = mkdtempSync(join(tmpdir(), 'release-sign-'));
      try {
        mkdirSync(join(dir, 'bin'));
        writeFileSync(
          join(dir, 'bin', 'npx'),
          [
            '#!/usr/bin/env bash',
            'for a in "$@"; do printf "%s\\n" "$a"; done > "$OUT/args"',
            `for v in ${SIGNING_ENV.join(' ')}; do printf "%s=%s\\n" "$v" "\${!v}"; done > "$OUT/env"`,
            '',
          ].join('\n'),
          { mode: 0o755 },
        );
        const r = spawnSync('bash', ['-c', interpolate(step.run!, ctx)], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, ...env, OUT: dir, PATH: `${join(dir, 'bin')}${delimiter}${process.env.PATH}` },
        });
        expect(r.status, r.stderr).toBe(0);
        const given = Object.fromEntries(
          readFileSync(join(dir, 'env'), 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
        );
        const passed = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== ''));
        const [tool, ...args] = readFileSync(join(dir, 'args'), 'utf8').split('\n').filter(Boolean);
        expect(tool).toBe('electron-builder');
        return {
          args,
          env: passed,
          signed: interpolate(signedNote, ctx),
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };

    it('nothing configured: unsigned, no signing options or credentials passed', () => {
      expect(run('Windows', {}, {})).toEqual({ args: ['--win', '--publish', 'never'], env: {}, signed: 'false' });
    });

    it('only the .pfx: WIN_CSC_* passed, no Azure option or credential', () => {
      expect(run('Windows', PFX, {})).toEqual({ args: ['--win', '--publish', 'never'], env: PFX, signed: 'true' });
    });

    it('Azure configured: win.azureSignOptions from the variables, the Entra ID credentials from the secrets, the .pfx not passed', () => {
      const r = run('Windows', { ...PFX, ...AZURE_SECRETS }, AZURE_VARS);
      expect(r.args).toEqual([
        '--win',
        '--publish',
        'never',
        '-c.win.azureSignOptions.endpoint=https://weu.codesigning.azure.net/',
        '-c.win.azureSignOptions.codeSigningAccountName=lookup-tray-signing',
        '-c.win.azureSignOptions.certificateProfileName=lookup-tray-public',
        '-c.win.azureSignOptions.publisherName=Lookup Tray developers',
      ]);
      expect(r.env).toEqual({ ...AZURE_VARS, ...AZURE_SECRETS });
      expect(r.signed).toBe('true');
      // The option names are electron-builder's (app-builder-lib's WindowsAzureSigningConfiguration).
      const types = readFileSync(
        createRequire(import.meta.url).resolve('app-builder-lib/out/options/winOptions.d.ts'),
        'utf8',
      );
      const azure = types.slice(types.indexOf('export interface WindowsAzureSigningConfiguration'));
      for (const name of ['publisherName', 'endpoint', 'certificateProfileName', 'codeSigningAccountName'])
        expect(azure).toMatch(new RegExp(`readonly ${name}: string;`));
      expect(types).toContain('readonly azureSignOptions?: WindowsAzureSigningConfiguration | null;');
    });

    it('macOS never gets the Windows options or credentials, configured or not', () => {
      const r = run('macOS', { ...PFX, ...AZURE_SECRETS }, AZURE_VARS);
      expect(r.args).toEqual(['--mac', '--publish', 'never']);
      expect(r.env).toEqual({});
    });
  });

  describe('the check that every installer and latest*.yml are there (run here with bash)', () => {
    const script = runs(jobs.publish!).find((r) => r.includes('missing: '))!;
    const ALL = [
      'latest.yml',
      'latest-mac.yml',
      'latest-linux.yml',
      'Lookup-Tray-0.2.0-arm64.dmg',
      'Lookup-Tray-0.2.0-arm64-mac.zip',
      'Lookup-Tray-Setup-0.2.0.exe',
      'Lookup-Tray-0.2.0.AppImage',
      'lookup-tray_0.2.0_amd64.deb',
    ];
    const check = (files: string[]) => {
      const dir = mkdtempSync(join(tmpdir(), 'release-check-'));
      try {
        mkdirSync(join(dir, 'release', 'dist'), { recursive: true });
        for (const f of files) writeFileSync(join(dir, 'release', 'dist', f), '');
        const r = spawnSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8' });
        return { code: r.status, out: `${r.stdout}${r.stderr}` };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };

    it('passes when all are there (a pattern starting with "-" is not read as a grep option)', () => {
      expect(check(ALL)).toMatchObject({ code: 0 });
      expect(script).toContain('grep -Eq -e "$pattern"');
    });

    it.each(ALL)('fails, naming what is missing, without %s', (gone) => {
      const r = check(ALL.filter((f) => f !== gone));
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/missing: /);
      expect(r.out).not.toMatch(/grep: /);
    });
  });
});

describe('docs/releasing.md on the release workflow', () => {
  const doc = readFileSync('docs/releasing.md', 'utf8');

  it("says how a one-person project sets up release-signing's reviewer (with Prevent self-review nobody could approve: the run waits 30 days)", () => {
    const env = doc.slice(doc.indexOf('**Environment `release-signing`**'), doc.indexOf('Signing secrets ('));
    expect(env).toMatch(
      /\*\*One maintainer\*\*: add yourself as the required reviewer and leave \*\*"Prevent self-review" unticked\*\*/,
    );
    expect(env).toContain('30 days');
    expect(env).toMatch(/\*\*Two or more maintainers\*\*: .*tick "Prevent self-review"/s);
  });
});

describe('both workflows', () => {
  it('pin every third-party action by a full commit SHA, with the tag it stands for', () => {
    for (const { text } of [ci, release]) {
      const uses = [...text.matchAll(/uses:\s*(\S+)(.*)$/gm)];
      expect(uses.length).toBeGreaterThan(0);
      for (const [, ref, rest] of uses) {
        if (ref!.startsWith('./')) continue; // this repository's own workflow (release.yml's gate)
        expect(ref, ref).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
        expect(rest, ref).toMatch(/# v\d+\.\d+\.\d+/);
      }
    }
  });

  it('least privilege: read-only by default; write access only for the job that makes the release', () => {
    expect(ci.wf.permissions).toEqual({ contents: 'read' });
    for (const job of Object.values(ci.wf.jobs)) expect(job.permissions).toBeUndefined();
    expect(release.wf.permissions).toEqual({ contents: 'read' });
    const writers = Object.entries(release.wf.jobs).filter(([, job]) => job.permissions?.contents === 'write');
    expect(writers.map(([name]) => name)).toEqual(['publish']);
    for (const { text } of [ci, release]) expect(text).not.toMatch(/write-all|pull_request_target/);
  });

  it("fetch Electron's binary with `npx --no install-electron`: a missing local bin fails instead of running a registry package of that name", () => {
    const texts = [ci.text, release.text, readFileSync('package.json', 'utf8'), readFileSync('README.md', 'utf8')];
    for (const dir of ['docs', 'scripts'])
      for (const f of readdirSync(dir).filter((x) => /\.(md|ts|mjs|sh)$/.test(x)))
        texts.push(readFileSync(join(dir, f), 'utf8'));
    const all = texts.join('\n');
    expect(all).toContain('npx --no install-electron');
    expect(all).not.toMatch(/npx (?!--no )(\S+ )*install-electron/);
  });

  it('never persist the checkout credentials', () => {
    for (const { wf } of [ci, release])
      for (const job of Object.values(wf.jobs))
        for (const s of steps(job).filter((x) => x.uses?.startsWith('actions/checkout@')))
          expect(s.with?.['persist-credentials']).toBe(false);
  });
});
