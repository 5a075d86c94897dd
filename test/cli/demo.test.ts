/**
 * `lookup-tray demo` as a user meets it: the app's demo service starts, its base URL and a demo key are printed with
 * the commands to try them, they work, and Ctrl+C stops it, leaving no service, folder or keychain item behind.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { KEYCHAIN_SERVICE, loadKeytar } from '../../electron/core/secrets/key-vault';
import { CLI, ROOT, cli, hasKeyring, track } from './helpers';

it.runIf(hasKeyring)(
  'demo prints a base URL and a demo key that work with the command, until Ctrl+C stops it and removes what it made',
  async () => {
    const child = track(spawn(process.execPath, [CLI, 'demo'], { cwd: ROOT }));
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const exited = new Promise<number | null>((r) => child.on('close', r));
    try {
      await expect.poll(() => out.includes('Ctrl+C stops it.'), { timeout: 20_000 }).toBe(true);
      const url = /^Demo service: (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out)?.[1];
      const key = /^Demo key: +(demo-[0-9a-f]+)$/m.exec(out)?.[1];
      const dir = /removed at the end, with the key saved there\): (.+)$/m.exec(out)?.[1];
      expect(url && key && dir, out).toBeTruthy();
      expect(out).toContain(`| lookup-tray --data-dir ${dir} key set --stdin --base-url ${url}`);

      // What it says to try works.
      const set = await cli(dir!, ['key', 'set', '--stdin', '--base-url', url!], { input: key });
      expect(set.code, set.stderr).toBe(0);
      const looked = await cli(dir!, ['lookup', '8.8.8.8', '--fields', 'ip,country']);
      expect(looked.code, looked.stderr).toBe(0);
      expect(JSON.parse(looked.stdout)).toEqual({ ip: '8.8.8.8', country: 'United States' });
      expect((await cli(dir!, ['quota'])).stdout).toMatch(/Month +999 of 1,000 left/);

      // A job in the demo's folder is a demo job: its report says DEMO and simulated, in every format.
      const job = await cli(dir!, ['bulk', '-', '--yes', '--report', '--fields', 'ip'], { input: '1.1.1.1\n' });
      expect(job.code, job.stderr).toBe(0);
      expect(job.stderr).toContain('Report: stdin — DEMO\nDEMO: simulated answers from the demo service');
      const md = await cli(dir!, ['report', '--markdown']);
      expect(md.stdout).toMatch(/^# Report: stdin — DEMO\n\n\*\*DEMO: simulated answers from the demo service/);
      expect((await cli(dir!, ['report', '--html'])).stdout).toContain('<h1>Report: stdin — DEMO</h1>');
      expect((await cli(dir!, ['bulk', 'list'])).stdout).toMatch(/ Default +stdin \(DEMO\)$/m);

      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(err).toContain('Demo stopped: its service, key and data folder are gone.');
      expect(existsSync(dir!)).toBe(false);
      await expect(fetch(`${url}/v2/status`)).rejects.toThrow();
      const left = await (await loadKeytar()).findCredentials(KEYCHAIN_SERVICE);
      expect(left.map((c) => c.account).filter((a) => a.includes(new URL(url!).host))).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  },
);
