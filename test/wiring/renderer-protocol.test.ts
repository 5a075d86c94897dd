/**
 * The renderer is served from app://lookup-tray/, with the CSP as a response header on every file, and nothing
 * outside the renderer's folder can be read through it (under file:// the CSP's 'self' allowed any local file).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));

import { protocol } from './mocks/electron';
import { APP_CSP } from '../../shared/csp';
import { APP_INDEX_URL, createRendererHandler } from '../../electron/shell/renderer-files';
import { registerAppScheme, serveRenderer } from '../../electron/shell/renderer-protocol';

let dir: string;
let root: string;
let serve: (request: Request) => Promise<Response>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lt-app-scheme-'));
  root = join(dir, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Lookup Tray</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'not for the page');
  serve = createRendererHandler(root, APP_CSP);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('app:// serving the renderer', () => {
  it('serves the built files with the CSP, nosniff and their type', async () => {
    const page = await serve(new Request(APP_INDEX_URL));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>Lookup Tray</title>');
    const js = await serve(new Request('app://lookup-tray/assets/index-abc.js'));
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-security-policy')).toBe(APP_CSP);
  });

  it('reads nothing outside the renderer folder, from no other host, and only GETs', async () => {
    for (const url of [
      'app://lookup-tray/../secret.txt',
      'app://lookup-tray/%2e%2e/secret.txt',
      'app://lookup-tray/assets/..%2f..%2fsecret.txt',
      'app://lookup-tray/%2e%2e%5csecret.txt',
      'app://lookup-tray/missing.js',
      'app://lookup-tray/index.html%00.js',
      'app://other-host/index.html',
    ]) {
      const r = await serve(new Request(url));
      expect(r.status, url).toBe(404);
      expect(await r.text(), url).not.toContain('not for the page');
    }
    expect((await serve(new Request(APP_INDEX_URL, { method: 'POST', body: 'x' }))).status).toBe(404);
  });

  it('registers app:// as a standard secure scheme and serves the renderer folder on it', async () => {
    registerAppScheme();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true } },
    ]);
    serveRenderer(root);
    const [scheme, handler] = protocol.handle.mock.calls.at(-1)!;
    expect(scheme).toBe('app');
    expect((await handler(new Request(APP_INDEX_URL))).headers.get('content-security-policy')).toBe(APP_CSP);
  });
});
