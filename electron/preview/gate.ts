/**
 * Who may talk to the web preview: every request passes here before any route answers it.
 *
 * - Host: only the bound address and port (or `localhost:PORT` on 127.0.0.1) — a DNS-rebinding page has its own
 *   host name there — 421 otherwise.
 * - Session: a per-run random token, printed at start-up in the address to open (`/?token=…`), is exchanged for a
 *   session: `GET <page>?token=T` → 303 to the same address without the token, with a random session id (not the
 *   token) in an `HttpOnly; SameSite=Strict` cookie and the session's page secret in the fragment
 *   (`#session=S`, which the bridge keeps in the page's own storage). Every route but the exchange and the favicon
 *   needs that cookie, or the token in the `x-lookup-tray-token` header (tests, scripts) — 403 otherwise, with an
 *   explanation and neither the app nor the token. API calls and the event stream need the page secret too
 *   (`x-lookup-tray-session` header, or `?session=` on the stream): the cookie also reaches any other server on
 *   the same address (ports do not separate cookies), which must not be able to replay it.
 * - Same site: API calls and the event stream are refused (403) when the browser says they come from another site
 *   (`Sec-Fetch-Site` other than `same-origin`/`none`) or carry an `Origin` other than the server's own.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../core/lib/ports';
import {
  NO_SESSION_CSP,
  TOKEN_HEADER,
  fetchSiteAllowed,
  hostAllowed,
  noSessionHtml,
  originAllowed,
  sendJson,
  tokenMatches,
} from './http-util';
import {
  SESSION_SECRET_FRAGMENT,
  SESSION_SECRET_HEADER,
  SESSION_SECRET_PARAM,
  SessionStore,
  cookieValues,
  sessionCookie,
  sessionCookieName,
} from './session';

/**
 * What a route needs: `public` nothing but the Host (the token exchange, the favicon); `page` a session (refused
 * with an explanation page); `api` a call from the preview's own page and a session (refused with JSON).
 */
export type Access = 'public' | 'page' | 'api';

/** The address the server listens on (known once it listens). */
export interface BoundAddress {
  host: string;
  port: number;
}

export class PreviewGate {
  /** This run's token. No answer ever contains it. */
  readonly token = randomBytes(32).toString('base64url');
  private readonly sessions = new SessionStore();

  constructor(
    private readonly bound: BoundAddress,
    private readonly logger: Logger,
  ) {}

  /** The session cookie's name (per port: browsers keep cookies per host, not per port). */
  get cookieName(): string {
    return sessionCookieName(this.bound.port);
  }

  /** The request's address, or null (and the request answered: 421 for a foreign Host, 400 for a bad address). */
  url(req: IncomingMessage, res: ServerResponse): URL | null {
    const { host, port } = this.bound;
    if (!hostAllowed(req.headers.host, port, host)) {
      this.logger.warn('preview: refused a request with a foreign Host header');
      sendJson(res, 421, { error: `Misdirected request: this server only answers to ${host}:${port}` });
      req.resume();
      return null;
    }
    try {
      return new URL(req.url ?? '/', `http://${host}:${port}`);
    } catch {
      sendJson(res, 400, { error: 'Bad request' });
      return null;
    }
  }

  /** Whether a request may reach a route that needs `access`; when not, it has been answered. */
  admit(access: Access, req: IncomingMessage, res: ServerResponse): boolean {
    if (access === 'public') return true;
    if (access === 'api' && !this.sameSite(req.headers)) {
      this.logger.warn('preview: refused a call from another site', {
        site: String(req.headers['sec-fetch-site'] ?? '').slice(0, 32),
      });
      sendJson(res, 403, { error: 'Forbidden: calls only from the preview page itself' });
      req.resume();
      return false;
    }
    if (this.tokenHeader(req.headers)) return true;
    const ids = cookieValues(req.headers.cookie, this.cookieName);
    if (access === 'page' && this.sessions.has(ids)) return true;
    if (access === 'api' && this.sessions.hasWithSecret(ids, this.presentedSecret(req))) return true;
    if (access === 'api' && this.sessions.has(ids)) {
      // A valid cookie without its page secret: a replay (the cookie reached another port), or a stale page.
      this.logger.warn('preview: refused a call with a session cookie but without its page secret');
      req.resume();
      sendJson(res, 403, {
        error: 'Forbidden: this call lacks the page’s session secret (open the address the preview printed again)',
      });
      return false;
    }
    this.refuse(req, res, access === 'api');
    return false;
  }

  /** `GET <page>?token=T`: the right token starts a session and redirects to the address without it. */
  exchange(req: IncomingMessage, res: ServerResponse, url: URL): void {
    req.resume();
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !tokenMatches(url.searchParams.get('token'), this.token)) {
      this.logger.warn('preview: refused a wrong token in the address');
      this.refuse(req, res, false);
      return;
    }
    const clean = new URL(url);
    clean.searchParams.delete('token');
    const id = this.sessions.create();
    res.writeHead(303, {
      // Same origin, always: a path that starts with `//` would name another host. The fragment carries the page
      // secret to this page only (a fragment is never sent to a server, the bridge takes it out of the address).
      Location:
        clean.pathname.replace(/^\/+/, '/') +
        clean.search +
        `#${SESSION_SECRET_FRAGMENT}=${this.sessions.secretOf(id)}`,
      'Set-Cookie': sessionCookie(this.cookieName, id),
      'Cache-Control': 'no-store',
      'Content-Length': '0',
    });
    res.end();
    this.logger.info('preview: a browser opened the preview address; session started');
  }

  private sameSite(headers: IncomingHttpHeaders): boolean {
    return fetchSiteAllowed(headers['sec-fetch-site']) && originAllowed(headers.origin, headers.host);
  }

  /** The token in its header. Never the token in the query (that is only exchanged). */
  private tokenHeader(headers: IncomingHttpHeaders): boolean {
    const header = headers[TOKEN_HEADER];
    return typeof header === 'string' && tokenMatches(header, this.token);
  }

  /** The page secret a call presents: its header, else the `session` query parameter (the event stream's way). */
  private presentedSecret(req: IncomingMessage): string | null {
    const header = req.headers[SESSION_SECRET_HEADER];
    if (typeof header === 'string') return header;
    try {
      return new URL(req.url ?? '/', 'http://x').searchParams.get(SESSION_SECRET_PARAM);
    } catch {
      return null;
    }
  }

  private refuse(req: IncomingMessage, res: ServerResponse, api: boolean): void {
    req.resume();
    if (api) {
      sendJson(res, 403, { error: 'Forbidden: no preview session (open the address the preview printed)' });
      return;
    }
    const html = noSessionHtml(this.bound.host, this.bound.port);
    res.writeHead(403, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(html),
      'Cache-Control': 'no-store',
      'Content-Security-Policy': NO_SESSION_CSP,
      'X-Frame-Options': 'DENY',
    });
    res.end(req.method === 'HEAD' ? undefined : html);
  }
}
