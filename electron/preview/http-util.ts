/** Small HTTP helpers for the web preview server: token checks, Host checks, bodies, static files. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { APP_CSP } from '../../shared/csp';

export const TOKEN_HEADER = 'x-lookup-tray-token';
export const MAX_BODY_BYTES = 64 * 1024;

/** The same policy the Electron window gets in production. */
export const CONTENT_SECURITY_POLICY = APP_CSP;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function mimeFor(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Constant-time comparison of a presented token with the real one (hashing first evens out the lengths). */
export function tokenMatches(presented: string | null | undefined, token: string): boolean {
  if (typeof presented !== 'string' || presented.length === 0 || presented.length > 512) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}

/** Only the bound address and port, and `localhost:PORT` when that is 127.0.0.1 (DNS-rebinding defence). */
export function hostAllowed(host: string | undefined, port: number, bound = '127.0.0.1'): boolean {
  if (!host) return false;
  const h = host.toLowerCase();
  return h === `${bound}:${port}` || (bound === '127.0.0.1' && h === `localhost:${port}`);
}

/**
 * `Sec-Fetch-Site` as a browser sends it: only the preview's own page (`same-origin`) or the user (`none`) may call.
 * Absent (not a browser, or an old one) is left to the other checks.
 */
export function fetchSiteAllowed(value: string | string[] | undefined): boolean {
  return value === undefined || value === 'same-origin' || value === 'none';
}

/** `Origin`, when there is one, must be this server's own (the Host was checked before). */
export function originAllowed(origin: string | string[] | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  return typeof origin === 'string' && !!host && origin.toLowerCase() === `http://${host.toLowerCase()}`;
}

/** `application/json`, with or without parameters: a type no cross-origin page can send without a preflight. */
export function isJsonContentType(value: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(value?.trim() ?? '');
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  payload: unknown,
  extraHeaders: Record<string, string> = {},
): void {
  if (res.destroyed || res.writableEnded) return; // e.g. the connection was cut off for a slow body
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...extraHeaders,
  });
  res.end(body);
}

export type BodyResult = { ok: true; text: string } | { ok: false; status: 413 | 400; message: string };

/** Read a request body up to `limit` bytes; bigger ones are refused (the rest is drained, not buffered). */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  return new Promise((resolveBody) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      resolveBody({ ok: false, status: 413, message: `Request body larger than ${limit} bytes` });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: BodyResult) => {
      if (!done) {
        done = true;
        resolveBody(r);
      }
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        finish({ ok: false, status: 413, message: `Request body larger than ${limit} bytes` });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => finish({ ok: false, status: 400, message: 'Request body could not be read' }));
    // Cut off before the end (a stalled body past the request timeout, or the client went away).
    req.on('close', () => finish({ ok: false, status: 400, message: 'Request body incomplete' }));
  });
}

/** Resolve a URL pathname to a file inside `root`, or null when it would leave it. */
export function confinedPath(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = resolve(root);
  const full = resolve(base, '.' + (decoded.endsWith('/') ? decoded + 'index.html' : decoded));
  return full.startsWith(base + sep) ? full : null;
}

/** Read a regular file, or null when it is missing or not a file. */
export async function readStatic(path: string): Promise<Buffer | null> {
  try {
    const s = await stat(path);
    if (!s.isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

/**
 * Put the bridge script at the top of <head> (after `<meta charset>` when it comes first), so it runs before
 * the app's module script. The page carries no secret: the session cookie authenticates its calls.
 */
export function injectBridge(html: string, bridgePath: string): string {
  const tag = `<script src="${bridgePath}"></script>\n    `;
  const firstScript = html.search(/<script\b/i);
  const charset = /<meta\s+charset=[^>]*>\s*/i.exec(html);
  if (charset && (firstScript < 0 || charset.index < firstScript)) {
    const at = charset.index + charset[0].length;
    return html.slice(0, at) + tag + html.slice(at);
  }
  const head = /<head(\s[^>]*)?>\s*/i.exec(html);
  if (head && (firstScript < 0 || head.index < firstScript)) {
    const at = head.index + head[0].length;
    return html.slice(0, at) + tag + html.slice(at);
  }
  return firstScript >= 0 ? html.slice(0, firstScript) + tag + html.slice(firstScript) : tag + html;
}

/**
 * What a page request without a session gets: an explanation, no app, no script, no token — with the address this
 * preview really serves on (a 127.x.y.z of its own, not always 127.0.0.1), so it can be recognised in the printed one.
 */
export function noSessionHtml(host: string, port: number): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Lookup Tray web preview</title>
  </head>
  <body>
    <h1>Lookup Tray web preview</h1>
    <p>This page needs the address <code>npm run preview:web</code> printed when it started
      (<code>http://${escapeHtml(host)}:${port}/?token=…</code>): open that address in this browser.</p>
    <p>Already did, and came here through a link from another site? <a href="/">Open the preview</a>.</p>
  </body>
</html>
`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** No scripts, nothing loaded: for the explanation page. */
export const NO_SESSION_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
