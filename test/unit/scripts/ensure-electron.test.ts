/**
 * `npm start` / `npm run demo` on a machine that cannot get the Electron binary: the download is attempted first
 * (before electron-vite builds anything), and when it fails the user sees one clear line that points at the web
 * preview and a non-zero exit — never a stack trace. The "download" goes to a local mirror that answers 404, so the
 * test needs no network and proves the attempt was made.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../../scripts/electron-binary';
import { listenOnLoopback } from '../../helpers/local-server';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const installed = findElectronBinary(ROOT).ok;
if (installed)
  console.log(
    '[ensure-electron] SKIPPED — an Electron binary is installed here, so there is no missing binary to report',
  );

function npmRun(script: string, env: Record<string, string | undefined>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: ROOT, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

describe.skipIf(installed)('without an Electron binary', () => {
  let server: Server;
  let mirror = '';
  const requests: string[] = [];
  let cache = '';

  beforeAll(async () => {
    cache = mkdtempSync(join(tmpdir(), 'electron-cache-'));
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(404).end();
    });
    mirror = `${await listenOnLoopback(server)}/`;
  });
  afterAll(() => {
    server.close();
    rmSync(cache, { recursive: true, force: true });
  });

  const offline = () => ({
    ELECTRON_SKIP_BINARY_DOWNLOAD: undefined,
    ELECTRON_MIRROR: mirror,
    electron_config_cache: cache,
  });

  it.each(['start', 'demo'])(
    'npm run %s tries the download before electron-vite starts, then says so in one line and exits non-zero',
    async (script) => {
      requests.length = 0;
      const r = await npmRun(script, offline());
      expect(r.code).not.toBe(0);
      expect(requests.some((u) => u.includes('45.') && /electron|SHASUMS/i.test(u))).toBe(true);
      const ours = r.out.split('\n').filter((l) => l.startsWith('Lookup Tray: cannot start Electron'));
      expect(ours).toHaveLength(1);
      // `npm run demo` is pointed at the same demo in the preview (its real flag), `npm start` at the preview.
      expect(ours[0]).toMatch(
        script === 'demo'
          ? /could not be downloaded .*the demo runs without Electron in the web preview: npm run preview:web -- --demo$/
          : /could not be downloaded .*npm run preview:web -- --port 5199$/,
      );
      expect(r.out).not.toMatch(/^\s+at /m); // no stack trace
      expect(r.out).not.toMatch(/vite v\d|building|Electron uninstall/); // electron-vite never started
    },
    60_000,
  );

  it('with ELECTRON_SKIP_BINARY_DOWNLOAD=1 nothing is downloaded and the line says why', async () => {
    requests.length = 0;
    const r = await npmRun('start', { ...offline(), ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
    expect(r.code).not.toBe(0);
    expect(requests).toEqual([]);
    expect(r.out).toContain(
      'Lookup Tray: cannot start Electron — the Electron binary is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set',
    );
    expect(r.out).not.toMatch(/^\s+at /m);
  }, 60_000);
});
