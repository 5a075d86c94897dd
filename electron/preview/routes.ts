/**
 * The web preview's routes, in the order they are tried. Every request first passes the gate (gate.ts) for the
 * access its route needs, then the route's methods (405 otherwise), then the route answers it.
 *
 * - `POST /api/<channel>` (`Content-Type: application/json`, else 415) → `core.handlers[channel]` → `{ result }`,
 *   or `{ error }` with 4xx/5xx. Never logs bodies, and redacts a key submitted through saveKey from anything it
 *   answers.
 * - `GET /api/events` → server-sent events (event-streams.ts).
 * - `/__download/…` → a saved file, once (downloads.ts); `/__bridge.js` → the bridge; anything else → the built
 *   renderer's files, index.html with the bridge injected.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Channel } from '../../shared/ipc';
import type { AppCore } from '../core/app/app-core-types';
import type { Logger } from '../core/lib/ports';
import { redact, redactJson } from '../core/lib/redact';
import type { Downloads } from './downloads';
import type { EventStreams } from './event-streams';
import type { Access, PreviewGate } from './gate';
import {
  CONTENT_SECURITY_POLICY,
  confinedPath,
  errorMessage,
  injectBridge,
  isJsonContentType,
  mimeFor,
  readBody,
  readStatic,
  sendJson,
} from './http-util';
import { checkRequest, isChannel, parseBody } from './request-check';
import { DOWNLOAD_PREFIX } from './save-file';

export const BRIDGE_PATH = '/__bridge.js';

export interface Route {
  /** Whether this route answers the request (the first that does, does). */
  matches(url: URL, method: string | undefined): boolean;
  access: Access;
  /** The methods it answers; any other gets 405. Absent: the route sorts methods out itself. */
  methods?: readonly string[];
  handle(req: IncomingMessage, res: ServerResponse, url: URL): void | Promise<void>;
}

export interface RouteDeps {
  core: AppCore;
  rendererDir: string;
  /** The compiled bridge script. */
  bridge: string;
  logger: Logger;
  gate: PreviewGate;
  streams: EventStreams;
  downloads: Downloads;
}

const PAGE_METHODS = ['GET', 'HEAD'] as const;
const isApi = (url: URL) => url.pathname === '/api' || url.pathname.startsWith('/api/');
const apiName = (url: URL) => url.pathname.slice('/api/'.length);

export function previewRoutes(deps: RouteDeps): Route[] {
  return [
    {
      // The printed address: its token is traded for a session (any method: the exchange refuses all but GET/HEAD).
      matches: (url) => !isApi(url) && url.searchParams.has('token'),
      access: 'public',
      handle: (req, res, url) => deps.gate.exchange(req, res, url),
    },
    {
      // The app has no favicon; keep the console clean (also on the 403 page).
      matches: (url, method) => url.pathname === '/favicon.ico' && method === 'GET',
      access: 'public',
      handle: (_req, res) => void res.writeHead(204).end(),
    },
    {
      matches: (url) => url.pathname === '/api/events',
      access: 'api',
      methods: ['GET'],
      handle: (req, res) => deps.streams.open(req, res),
    },
    {
      matches: (url) => isApi(url) && isChannel(apiName(url)),
      access: 'api',
      methods: ['POST'],
      handle: (req, res, url) => callChannel(deps, req, res, apiName(url) as Channel),
    },
    {
      matches: isApi,
      access: 'api',
      handle: (req, res) => {
        sendJson(res, 404, { error: 'Unknown channel' });
        req.resume();
      },
    },
    {
      matches: (url) => url.pathname.startsWith(DOWNLOAD_PREFIX),
      access: 'page',
      methods: PAGE_METHODS,
      handle: (req, res, url) => deps.downloads.serve(req, res, url),
    },
    {
      matches: (url) => url.pathname === BRIDGE_PATH,
      access: 'page',
      methods: PAGE_METHODS,
      handle: (req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : deps.bridge);
      },
    },
    {
      matches: () => true,
      access: 'page',
      methods: PAGE_METHODS,
      handle: (req, res, url) => serveFile(deps.rendererDir, req, res, url),
    },
  ];
}

/** The route for a request, through the gate: answers it, or (refused, wrong method) has answered it already. */
export async function routeRequest(
  routes: readonly Route[],
  gate: PreviewGate,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = gate.url(req, res);
  if (!url) return;
  const route = routes.find((r) => r.matches(url, req.method));
  if (!route || !gate.admit(route.access, req, res)) return;
  if (route.methods && !route.methods.includes(req.method ?? '')) {
    sendJson(res, 405, { error: 'Method not allowed' }, { Allow: route.methods.join(', ') });
    req.resume();
    return;
  }
  await route.handle(req, res, url);
}

async function callChannel(deps: RouteDeps, req: IncomingMessage, res: ServerResponse, channel: Channel) {
  const { core, logger } = deps;
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
    res.end(JSON.stringify({ result: deps.downloads.offer(safe) }));
  } catch (err) {
    status = 500;
    const message = redact(errorMessage(err), key) || 'Internal error';
    logger.error('preview: handler failed', { channel, error: message });
    sendJson(res, 500, { error: message });
  }
  logger.info('preview: api call', { channel, status, ms: Date.now() - started });
}

async function serveFile(rendererDir: string, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
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
    if (url.pathname === '/' || url.pathname === '/index.html') out = injectBridge(file.toString('utf8'), BRIDGE_PATH);
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : out);
}
