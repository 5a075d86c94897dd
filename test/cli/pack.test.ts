/**
 * What a user installs: `npm pack ./out/cli` (the built command is a package of its own), then `npm install -g
 * --prefix <tmp>` of that tarball on a clean prefix: no Electron, and of the app's runtime dependencies only the one
 * the command uses (the keychain binding). The installed `lookup-tray` answers --version, and quota against the
 * simulator.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { cli, hasKeyring, ROOT, tempDir, testKey } from './helpers';

const KEY = testKey('pack');
let tmp: ReturnType<typeof tempDir>;
let sim: Simulator;
let bin: string;
const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', npm_config_audit: 'false', npm_config_fund: 'false' };

/** Every directory name under `dir` (recursively). */
function dirs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [e.name, ...dirs(join(dir, e.name))]);
}

beforeAll(async () => {
  tmp = tempDir('lt-pack-');
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 500, minuteLimit: null, label: 'pack' } } });
  const out = execFileSync('npm', ['pack', './out/cli', '--json', '--pack-destination', tmp.dir], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  const [info] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const files = info!.files.map((f) => f.path);
  expect(files).toContain('lookup-tray.js');
  expect(files).toContain('package.json');
  // Only the command (its entry, its chunks, their licences): nothing of the app.
  expect(files.filter((f) => !/^(lookup-tray\.js|package\.json|chunks\/.*\.js|.*\.LEGAL\.txt)$/.test(f))).toEqual([]);
  // Offline when npm's cache has the few runtime dependencies (it has after `npm ci`); the registry otherwise.
  const install = spawnSync(
    'npm',
    ['install', '-g', '--prefix', join(tmp.dir, 'prefix'), '--prefer-offline', join(tmp.dir, info!.filename)],
    { env, encoding: 'utf8' },
  );
  expect(install.status, install.stderr).toBe(0);
  bin = join(tmp.dir, 'prefix', 'bin', 'lookup-tray');
}, 180_000);
afterAll(async () => {
  await sim?.close();
  tmp?.remove();
});

it('installs without Electron and the installed command answers --version and quota', async () => {
  expect(existsSync(bin)).toBe(true);
  expect(dirs(join(tmp.dir, 'prefix', 'lib', 'node_modules'))).not.toContain('electron');
  // Of the runtime dependencies only the keychain binding (and its build for this system): nothing of the app's.
  const deps = join(tmp.dir, 'prefix', 'lib', 'node_modules', 'lookup-tray', 'node_modules');
  const installed = readdirSync(deps).flatMap((d) =>
    d.startsWith('@') ? readdirSync(join(deps, d)).map((n) => `${d}/${n}`) : d.startsWith('.') ? [] : [d],
  );
  expect(installed.filter((d) => !d.startsWith('@napi-rs/keyring'))).toEqual([]);
  expect(installed).toContain('@napi-rs/keyring');
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  expect(await cli(null, ['--version'], { bin: [bin] })).toMatchObject({ code: 0, stdout: `${version}\n` });
  const data = join(tmp.dir, 'data');
  expect((await cli(data, ['config', 'set', 'baseUrl', sim.url], { bin: [bin] })).code).toBe(0);
  const q = await cli(data, ['quota'], { bin: [bin] });
  expect(q.code).toBe(0);
  expect(q.stdout).toContain(`Profile  Default · ${sim.url}`);
});

it.runIf(hasKeyring)('the installed command reaches the keychain (its native binding) and the service', async () => {
  const data = join(tmp.dir, 'data');
  const set = await cli(data, ['key', 'set', '--stdin'], { bin: [bin], input: KEY });
  expect(set.code, set.stderr).toBe(0);
  const q = await cli(data, ['quota', '--check'], { bin: [bin] });
  expect(q.code, q.stderr).toBe(0);
  expect(q.stdout).toMatch(/Month {4}500 of 500 left/);
  expect((await cli(data, ['key', 'remove'], { bin: [bin] })).code).toBe(0);
});
