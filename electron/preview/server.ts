/**
 * The web preview server: the built renderer in a browser, with the real main-process core behind it.
 *
 * - Binds a loopback address of its own — a random 127.x.y.z, so that its session cookie (cookies ignore ports)
 *   goes to no other server on this machine; 127.0.0.1 where the system has no other (macOS).
 * - Every request passes the gate (gate.ts: the Host, the session or token, same-site calls) for the access its
 *   route needs, then its route answers (routes.ts: the API, the event stream, downloads, the renderer's files).
 * - At most 16 event streams at once (503 beyond: a tab opens one, so more is a leak or a flood).
 * - A request must arrive whole quickly: headers within 5 s, headers and body within 10 s (Node's defaults let a
 *   slow body hold a connection for 5 minutes); 408 and the connection closed otherwise. Open event streams are
 *   answers, not requests, so they stay.
 * - A file a save wrote is handed to the browser as a download (downloads.ts), then deleted from the data folder.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { AppCore } from '../core/app/app-core-types';
import { listenOnLoopback, listenOnOwnLoopback } from '../core/lib/listen';
import { silentLogger, type Logger } from '../core/lib/ports';
import { bridgeScript } from './bridge-bundle';
import { Downloads } from './downloads';
import { EventStreams } from './event-streams';
import { PreviewGate, type BoundAddress } from './gate';
import { errorMessage, sendJson } from './http-util';
import { previewRoutes, routeRequest } from './routes';

export { BRIDGE_PATH } from './routes';

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

/** A request Node refused before it reached the server (too slow, headers too large, malformed): closed with a status. */
function refuseBrokenRequest(logger: Logger, err: NodeJS.ErrnoException, socket: Socket): void {
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
}

export async function startPreviewServer(opts: PreviewServerOptions): Promise<PreviewServer> {
  const { core } = opts;
  const logger = opts.logger ?? silentLogger;
  const bridge = await bridgeScript(); // compile up front: a broken bridge fails the start, not the page
  const bound: BoundAddress = { host: '127.0.0.1', port: 0 };
  const gate = new PreviewGate(bound, logger);
  const streams = new EventStreams(core, logger, opts.maxEventClients ?? MAX_EVENT_CLIENTS);
  const downloads = new Downloads();
  const routes = previewRoutes({ core, rendererDir: opts.rendererDir, bridge, logger, gate, streams, downloads });

  const server = http.createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: 5_000,
      // How often Node looks for requests past those limits (default 30 s, which would triple the 10 s).
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      for (const [k, v] of Object.entries(BASE_HEADERS)) res.setHeader(k, v);
      routeRequest(routes, gate, req, res).catch((err: unknown) => {
        logger.error('preview: request failed', { error: errorMessage(err) });
        sendJson(res, 500, { error: 'Internal error' });
      });
    },
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => refuseBrokenRequest(logger, err, socket));

  if (opts.host !== undefined) {
    bound.host = opts.host;
    bound.port = await listenOnLoopback(server, opts.port, opts.host);
  } else Object.assign(bound, await listenOnOwnLoopback(server, opts.port));
  streams.startHeartbeat(opts.heartbeatMs ?? 25_000);

  const { host, port } = bound;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${port}/`,
    openUrl: `http://${host}:${port}/?token=${gate.token}`,
    host,
    port,
    token: gate.token,
    cookieName: gate.cookieName,
    eventClients: () => streams.size,
    close() {
      closing ??= new Promise<void>((resolveClose) => {
        streams.closeAll();
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
