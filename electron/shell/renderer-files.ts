/**
 * Serving the built renderer from the app's own privileged scheme (`app://lookup-tray/…`) instead of file://:
 * under file:// the CSP's `'self'` would allow any local file, and a <meta> CSP is all a file:// page gets. Here
 * every response carries the CSP as a header, and only files under the renderer's folder are served. Plain Node
 * (a fetch-style handler), so it is tested without Electron.
 */
import { readFile } from 'node:fs/promises';
import { extname, normalize, resolve, sep } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'lookup-tray';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });

/** The handler for `protocol.handle('app', …)`: GETs of files under `root`, with `csp` on every answer. */
export function createRendererHandler(root: string, csp: string): (request: Request) => Promise<Response> {
  const base = resolve(root);
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return notFound();
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || request.method !== 'GET') return notFound();
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return notFound();
    }
    if (path.includes('\0')) return notFound();
    const file = resolve(base, `.${normalize(path === '/' ? '/index.html' : path)}`);
    if (!file.startsWith(base + sep)) return notFound();
    const type = TYPES[extname(file).toLowerCase()];
    if (!type) return notFound();
    try {
      const body = await readFile(file);
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': type,
          'content-security-policy': csp,
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-store',
        },
      });
    } catch {
      return notFound();
    }
  };
}
