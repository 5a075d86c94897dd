/**
 * The web preview server: the built renderer in a browser, with the real main-process core behind it.
 *
 * - Binds a loopback address of its own — a random 127.x.y.z, so that its session cookie (cookies ignore ports)
 *   goes to no other server on this machine; 127.0.0.1 where the system has no other (macOS) — and answers only
 *   requests whose Host is that address and port (or `localhost:PORT` on 127.0.0.1): a DNS-rebinding page has
 *   its own host name there — 421 otherwise.
 * - A per-run random token, printed at start-up in the address to open (`/?token=…`), is exchanged for a
 *   session: `GET <page>?token=T` → 303 to the same address without the token, with a random session id
 *   (not the token) in an `HttpOnly; SameSite=Strict` cookie. Every page, asset, the bridge, every API call
 *   and the event stream need that cookie, or the token in the `x-lookup-tray-token` header (tests, scripts)
 *   — 403 otherwise, with an explanation and neither the app nor the token. No answer ever contains the token.
 * - API calls and the event stream are refused (403) when the browser says they come from another site
 *   (`Sec-Fetch-Site` other than `same-origin`/`none`) or carry an `Origin` other than the server's own.
 * - `POST /api/<channel>` (`Content-Type: application/json`, else 415) → `core.handlers[channel]` → `{ result }`,
 *   or `{ error }` with 4xx/5xx.
 * - `GET /api/events` → server-sent events, `event: <name>` per core event, a heartbeat comment every 25 s;
 *   at most 16 streams at once (503 beyond: a tab opens one, so more is a leak or a flood).
 * - A request must arrive whole quickly: headers within 5 s, headers and body within 10 s (Node's defaults let a
 *   slow body hold a connection for 5 minutes); 408 and the connection closed otherwise. Open event streams are
 *   answers, not requests, so they stay.
 * - A file a save wrote (saveAnswer, exportHistory, bulkExport, through save-file.ts) is handed to the browser: the
 *   answer's `where` becomes `/__download/<random id>/<name>` (the window then downloads it), which serves it once
 *   as an attachment (with the session, like every page) and deletes it from the data folder.
 * - Never logs bodies, and redacts a key submitted through saveKey from anything it answers.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { EVENT_NAMES, type Channel, type EventName } from '../../shared/ipc';
import type { AppCore } from '../core/app/app-core-types';
import { listenOnLoopback, listenOnOwnLoopback } from '../core/lib/listen';
import { silentLogger, type Logger } from '../core/lib/ports';
import { redact, redactJson } from '../core/lib/redact';
import { bridgeScript } from './bridge-bundle';
import {
  CONTENT_SECURITY_POLICY,
  NO_SESSION_CSP,
  NO_SESSION_HTML,
  TOKEN_HEADER,
  confinedPath,
  fetchSiteAllowed,
  hostAllowed,
  injectBridge,
  isJsonContentType,
  mimeFor,
  originAllowed,
  readBody,
  readStatic,
  sendJson,
  tokenMatches,
} from './http-util';
import { checkRequest, isChannel, parseBody } from './request-check';
import { DOWNLOAD_PREFIX, downloadType, takeSavedFile } from './save-file';
import { SessionStore, cookieValues, sessionCookie, sessionCookieName } from './session';

export interface PreviewServerOptions {
  core: AppCore;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 (default) = a random free port. */
  port?: number;
  /** The loopback address to bind (default: a random 127.x.y.z of its own, else 127.0.0.1). */
  host?: string;
  logger?: Logger;
  /** Heartbeat comment interval on the event stream (default 25 s). */
  heartbeatMs?: number;
  /** Concurrent event streams allowed (default MAX_EVENT_CLIENTS). */
  maxEventClients?: number;
}

export interface PreviewServer {
  /** `http://127.x.y.z:PORT/` — without a session it answers 403. */
  url: string;
  /** `http://127.x.y.z:PORT/?token=…` — the address to open: it starts a session in that browser. */
  openUrl: string;
  /** The loopback address it listens on. */
  host: string;
  port: number;
  /** This run's token (the `x-lookup-tray-token` header lets tests talk to the API directly). */
  token: string;
  /** The name of the session cookie (it is per port). */
  cookieName: string;
  /** Open event streams right now. */
  eventClients(): number;
  /** Stops the server and ends the event streams. Does not dispose the core. */
  close(): Promise<void>;
}

export const BRIDGE_PATH = '/__bridge.js';
/** How long a client may take to send a request's headers, and the whole request (headers and body). */
export const HEADERS_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 10_000;
/** Open event streams at once; each holds a socket and four core subscriptions. */
export const MAX_EVENT_CLIENTS = 16;

const BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

interface EventClient {
  res: ServerResponse;
  unsubscribe: () => void;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function startPreviewServer(opts: PreviewServerOptions): Promise<PreviewServer> {
  const { core, rendererDir } = opts;
  const logger = opts.logger ?? silentLogger;
  const token = randomBytes(32).toString('base64url');
  const bridge = await bridgeScript(); // compile up front: a broken bridge fails the start, not the page
  const clients = new Set<EventClient>();
  const sessions = new SessionStore();
  let port = 0;
  let host = '127.0.0.1';
  let cookieName = '';

  /** Saved files waiting for the browser to fetch them, by their random id. */
  const downloads = new Map<string, { path: string; name: string }>();

  /**
   * A save's answer, with the file it wrote offered as a download: `where` is then the address to fetch it from,
   * and the message says where it goes (the browser's downloads, not the data folder).
   */
  function offerDownload(result: unknown): unknown {
    const r = result as { saved?: unknown; where?: unknown; message?: unknown } | null;
    if (!r || r.saved !== true || typeof r.where !== 'string' || !takeSavedFile(r.where)) return result;
    const path = r.where;
    const name = path.split(/[\\/]/).pop() || 'download';
    const id = randomBytes(16).toString('hex');
    downloads.set(id, { path, name });
    const message =
      typeof r.message === 'string'
        ? r.message.replace(/^Saved/, 'Downloaded').replace(`to ${path}`, `as ${name} (see your browser's downloads).`)
        : `Downloaded as ${name} (see your browser's downloads).`;
    return { ...r, where: `${DOWNLOAD_PREFIX}${id}/${encodeURIComponent(name)}`, message };
  }

  async function handleDownload(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const id = url.pathname.slice(DOWNLOAD_PREFIX.length).split('/')[0] ?? '';
    const file = downloads.get(id);
    if (!file) {
      sendJson(res, 404, { error: 'Not found (a download is served once)' });
      return;
    }
    let body: Buffer;
    try {
      body = await fs.readFile(file.path);
    } catch {
      downloads.delete(id);
      sendJson(res, 404, { error: 'Not found' });
      return;
    }
    const type = downloadType(file.name);
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end();
      return;
    }
    downloads.delete(id);
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': body.length,
      'Content-Disposition': `attachment; filename="${file.name.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Cache-Control': 'no-store',
    });
    res.end(body);
    // Handed over: the (usually temporary) data folder does not keep a copy nobody was told about.
    await fs.rm(file.path, { force: true }).catch(() => undefined);
  }

  /** A session cookie of ours, or the token in the header. Never the token in the query (that is only exchanged). */
  function authenticated(headers: IncomingHttpHeaders): boolean {
    const header = headers[TOKEN_HEADER];
    if (typeof header === 'string' && tokenMatches(header, token)) return true;
    return sessions.has(cookieValues(headers.cookie, cookieName));
  }

  function refuse(req: IncomingMessage, res: ServerResponse, api: boolean): void {
    req.resume();
    if (api) {
      sendJson(res, 403, { error: 'Forbidden: no preview session (open the address the preview printed)' });
      return;
    }
    res.writeHead(403, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(NO_SESSION_HTML),
      'Cache-Control': 'no-store',
      'Content-Security-Policy': NO_SESSION_CSP,
      'X-Frame-Options': 'DENY',
    });
    res.end(req.method === 'HEAD' ? undefined : NO_SESSION_HTML);
  }

  /** `GET <page>?token=T`: the right token starts a session and redirects to the address without it. */
  function exchange(req: IncomingMessage, res: ServerResponse, url: URL): void {
    req.resume();
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !tokenMatches(url.searchParams.get('token'), token)) {
      logger.warn('preview: refused a wrong token in the address');
      refuse(req, res, false);
      return;
    }
    const clean = new URL(url);
    clean.searchParams.delete('token');
    res.writeHead(303, {
      // Same origin, always: a path that starts with `//` would name another host.
      Location: clean.pathname.replace(/^\/+/, '/') + clean.search,
      'Set-Cookie': sessionCookie(cookieName, sessions.create()),
      'Cache-Control': 'no-store',
      'Content-Length': '0',
    });
    res.end();
    logger.info('preview: a browser opened the preview address; session started');
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, channel: Channel): Promise<void> {
    const started = Date.now();
    if (!isJsonContentType(req.headers['content-type'])) {
      req.resume();
      sendJson(res, 415, { error: 'Unsupported media type: send Content-Type: application/json' });
      return;
    }
    const body = await readBody(req);
    if (!body.ok) {
      sendJson(res, body.status, { error: body.message }, { Connection: 'close' });
      return;
    }
    const parsed = parseBody(body.text);
    if (!parsed.ok) {
      sendJson(res, 400, { error: 'Request body is not valid JSON' });
      return;
    }
    const checked = checkRequest(channel, parsed.value);
    if (!checked.ok) {
      sendJson(res, 400, { error: checked.message });
      return;
    }
    // The one secret that can pass through here: a key being saved. Keep it out of every answer.
    const submitted = channel === 'saveKey' ? (checked.value as { key?: unknown }).key : undefined;
    const key = typeof submitted === 'string' ? submitted : null;
    let status = 200;
    try {
      const handler = core.handlers[channel] as (req: unknown) => Promise<unknown>;
      const result = (await handler(checked.value)) ?? null;
      // Every string of the answer, at any depth (a key with a quote in it would hide from a text search).
      const safe = redactJson(result, key);
      if (safe !== result) logger.warn('preview: an answer contained the submitted key; redacted', { channel });
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ result: offerDownload(safe) }));
    } catch (err) {
      status = 500;
      const message = redact(errorMessage(err), key) || 'Internal error';
      logger.error('preview: handler failed', { channel, error: message });
      sendJson(res, 500, { error: message });
    }
    logger.info('preview: api call', { channel, status, ms: Date.now() - started });
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse): void {
    if (clients.size >= (opts.maxEventClients ?? MAX_EVENT_CLIENTS)) {
      logger.warn('preview: refused an event stream: too many open', { open: clients.size });
      sendJson(res, 503, { error: 'Too many open event streams' }, { 'Retry-After': '5' });
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 1000\n\n');
    const send = (name: EventName, payload: unknown) => {
      if (res.destroyed || res.writableEnded) return;
      let data: string;
      try {
        data = JSON.stringify(payload ?? null);
      } catch (err) {
        logger.error('preview: event not serialisable', { event: name, error: errorMessage(err) });
        return;
      }
      res.write(`event: ${name}\ndata: ${data}\n\n`);
    };
    const offs = EVENT_NAMES.map((name) => core.on(name, (payload) => send(name, payload)));
    const client: EventClient = { res, unsubscribe: () => offs.forEach((off) => off()) };
    clients.add(client);
    const drop = () => {
      if (clients.delete(client)) client.unsubscribe();
    };
    req.on('close', drop);
    res.on('error', drop);
  }

  async function handleStatic(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, 405, { error: 'Method not allowed' }, { Allow: 'GET, HEAD' });
      return;
    }
    if (url.pathname.startsWith(DOWNLOAD_PREFIX)) {
      await handleDownload(req, res, url);
      return;
    }
    if (url.pathname === BRIDGE_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : bridge);
      return;
    }
    const path = confinedPath(rendererDir, url.pathname === '/' ? '/index.html' : url.pathname);
    const file = path ? await readStatic(path) : null;
    if (!path || !file) {
      sendJson(res, 404, { error: 'Not found' });
      return;
    }
    const type = mimeFor(path);
    const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': 'no-cache' };
    let out: Buffer | string = file;
    if (type.startsWith('text/html')) {
      headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
      headers['X-Frame-Options'] = 'DENY';
      headers['Cache-Control'] = 'no-store';
      if (url.pathname === '/' || url.pathname === '/index.html')
        out = injectBridge(file.toString('utf8'), BRIDGE_PATH);
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : out);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [k, v] of Object.entries(BASE_HEADERS)) res.setHeader(k, v);
    if (!hostAllowed(req.headers.host, port, host)) {
      logger.warn('preview: refused a request with a foreign Host header');
      sendJson(res, 421, { error: `Misdirected request: this server only answers to ${host}:${port}` });
      req.resume();
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${host}:${port}`);
    } catch {
      sendJson(res, 400, { error: 'Bad request' });
      return;
    }
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    if (!isApi && url.searchParams.has('token')) {
      exchange(req, res, url);
      return;
    }
    if (url.pathname === '/favicon.ico' && req.method === 'GET') {
      res.writeHead(204).end(); // the app has no favicon; keep the console clean (also on the 403 page)
      return;
    }
    if (
      isApi &&
      !(fetchSiteAllowed(req.headers['sec-fetch-site']) && originAllowed(req.headers.origin, req.headers.host))
    ) {
      logger.warn('preview: refused a call from another site', {
        site: String(req.headers['sec-fetch-site'] ?? '').slice(0, 32),
      });
      sendJson(res, 403, { error: 'Forbidden: calls only from the preview page itself' });
      req.resume();
      return;
    }
    if (!authenticated(req.headers)) {
      refuse(req, res, isApi);
      return;
    }
    if (!isApi) {
      await handleStatic(req, res, url);
      return;
    }
    const name = url.pathname.slice('/api/'.length);
    if (name === 'events') {
      if (req.method !== 'GET') sendJson(res, 405, { error: 'Method not allowed' }, { Allow: 'GET' });
      else handleEvents(req, res);
      return;
    }
    if (!isChannel(name)) {
      sendJson(res, 404, { error: 'Unknown channel' });
      req.resume();
      return;
    }
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'Method not allowed' }, { Allow: 'POST' });
      req.resume();
      return;
    }
    await handleApi(req, res, name);
  }

  const server = http.createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: 5_000,
      // How often Node looks for requests past those limits (default 30 s, which would triple the 10 s).
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      handle(req, res).catch((err: unknown) => {
        logger.error('preview: request failed', { error: errorMessage(err) });
        sendJson(res, 500, { error: 'Internal error' });
      });
    },
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    const status =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : '400 Bad Request';
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') logger.warn('preview: cut off a request that arrived too slowly');
    // Closed either way: a client that stalls once does not get to keep the socket half-open.
    if (socket.writable)
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
    else socket.destroy();
  });

  if (opts.host !== undefined) {
    host = opts.host;
    port = await listenOnLoopback(server, opts.port, host);
  } else ({ host, port } = await listenOnOwnLoopback(server, opts.port));
  cookieName = sessionCookieName(port);

  const heartbeat = setInterval(() => {
    for (const c of clients) if (!c.res.destroyed && !c.res.writableEnded) c.res.write(': ping\n\n');
  }, opts.heartbeatMs ?? 25_000);
  heartbeat.unref();

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${port}/`,
    openUrl: `http://${host}:${port}/?token=${token}`,
    host,
    port,
    token,
    cookieName,
    eventClients: () => clients.size,
    close() {
      closing ??= new Promise<void>((resolveClose) => {
        clearInterval(heartbeat);
        for (const c of clients) {
          c.unsubscribe();
          c.res.end();
        }
        clients.clear();
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
