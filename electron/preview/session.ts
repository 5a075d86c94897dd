/**
 * Sessions of the web preview: the per-run token (printed at start-up, in the address to open) is exchanged
 * once per browser for a random session id in an `HttpOnly; SameSite=Strict` cookie. The token itself never
 * goes into a page, a cookie or a redirect, so nothing the server answers can hand it to another process.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Browsers keep cookies per host, not per port: a name per port keeps two previews from overwriting each other. */
export function sessionCookieName(port: number): string {
  return `lt_session_${port}`;
}

/** Every value the `Cookie` header carries for `name` (other servers on 127.0.0.1 may have set one too). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const out: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    out.push(part.slice(eq + 1).trim());
  }
  return out;
}

/** The Set-Cookie value for a session: host-only, every path, gone when the browser closes. */
export function sessionCookie(name: string, id: string): string {
  return `${name}=${id}; Path=/; HttpOnly; SameSite=Strict`;
}

const digest = (s: string) => createHash('sha256').update(s).digest('base64url');

/** Where the page's session secret travels on API calls: this header, or (the event stream) this query parameter. */
export const SESSION_SECRET_HEADER = 'x-lookup-tray-session';
export const SESSION_SECRET_PARAM = 'session';
/** The fragment of the address the token exchange redirects to: `#session=<secret>` (never sent to a server). */
export const SESSION_SECRET_FRAGMENT = 'session';

/**
 * Session ids handed out this run (kept hashed; the oldest go first beyond `max`), and each session's page secret.
 *
 * The cookie goes to every port of its host (cookies and SameSite ignore ports): another local user's server on
 * the preview's address but another port receives it when the browser is lured there, and could replay it. So an
 * API call needs, beside the cookie, the session's secret, which only the page that made the exchange was handed
 * (in the fragment of the redirect; the page keeps it in its own origin's storage, which no other port can read).
 */
export class SessionStore {
  private readonly ids = new Set<string>();
  /** Derives each session's secret (so nothing more is stored per session). */
  private readonly secretKey = randomBytes(32);

  constructor(private readonly max = 64) {}

  /** The page secret of session `id`. */
  secretOf(id: string): string {
    return createHmac('sha256', this.secretKey).update(id).digest('base64url');
  }

  /** Whether one of the presented ids is one of ours and `secret` is its page secret. */
  hasWithSecret(presented: readonly string[], secret: string | null): boolean {
    if (secret === null || secret.length === 0 || secret.length > 128) return false;
    const given = createHash('sha256').update(secret).digest();
    return presented.some(
      (p) => this.has([p]) && timingSafeEqual(createHash('sha256').update(this.secretOf(p)).digest(), given),
    );
  }

  create(): string {
    const id = randomBytes(32).toString('base64url');
    this.ids.add(digest(id));
    while (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value as string);
    return id;
  }

  /** Whether any of the presented ids is one of ours (looked up by hash, so timing tells nothing about an id). */
  has(presented: readonly string[]): boolean {
    return presented.some((p) => p.length > 0 && p.length <= 128 && this.ids.has(digest(p)));
  }

  get size(): number {
    return this.ids.size;
  }
}
