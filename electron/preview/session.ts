/**
 * Sessions of the web preview: the per-run token (printed at start-up, in the address to open) is exchanged
 * once per browser for a random session id in an `HttpOnly; SameSite=Strict` cookie. The token itself never
 * goes into a page, a cookie or a redirect, so nothing the server answers can hand it to another process.
 */
import { createHash, randomBytes } from 'node:crypto';

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

/** Session ids handed out this run (kept hashed; the oldest go first beyond `max`). */
export class SessionStore {
  private readonly ids = new Set<string>();

  constructor(private readonly max = 64) {}

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
