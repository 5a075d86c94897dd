/**
 * The service's base URL, as the user types or pastes it, normalised to what the client appends
 * `/v2/info` to. Pure (WHATWG URL only), so the renderer validates with the same rules as the core.
 */
import { englishProblem } from './setting-problem-en';
import type { BaseUrlWhy } from './setting-problem';

export type BaseUrlResult = { ok: true; url: string } | { ok: false; why: BaseUrlWhy; message: string };

export const BASE_URL_MAX_LENGTH = 2048;

/** A refused base URL: why, and its English words (shared/i18n/en/setting-problem.ts). */
const refused = (why: BaseUrlWhy): BaseUrlResult => ({
  ok: false,
  why,
  message: englishProblem({ kind: 'base-url', why }),
});

/** The one message for a base URL without https:// (no scheme, another scheme, or http:// to another computer). */
export const HTTPS_REQUIRED = englishProblem({ kind: 'base-url', why: 'https' });

/**
 * True for hosts that never leave this computer: `localhost`, 127.0.0.0/8 and [::1]. Not `localhost.` with a
 * trailing dot: resolvers send that fully-qualified name to DNS, which may answer with any address.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (h === 'localhost' || h === '[::1]') return true;
  // The URL parser has already canonicalised IPv4 (127.1, 0x7f.0.0.1 … become dotted quads).
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return m !== null && m[1] === '127';
}

/** Drop a pasted `/v2/info…` or `/v2/status…` tail (or a bare `/v2`) and trailing slashes. */
function cleanPath(pathname: string): string {
  let p = pathname.replace(/\/+$/, '');
  p = p.replace(/\/v2\/(?:info|status)(?:\/.*)?$/i, '');
  p = p.replace(/\/v2$/i, '');
  return p.replace(/\/+$/, '');
}

export function normalizeBaseUrl(input: string): BaseUrlResult {
  if (typeof input !== 'string') return refused('empty');
  const text = input.trim();
  if (text === '') return refused('empty');
  if (text.length > BASE_URL_MAX_LENGTH) return refused('too-long');

  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined || (scheme !== 'https' && scheme !== 'http')) return refused('https');

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused('invalid');
  }
  // Belt and braces: the parser may resolve some inputs differently than the prefix suggested.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refused('https');
  if (url.hostname === '') return refused('no-host');
  if (url.username !== '' || url.password !== '') return refused('credentials');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return refused('https');

  return { ok: true, url: `${url.protocol}//${url.host}${cleanPath(url.pathname)}` };
}

/** The origin (scheme, host, port) of a base URL, '' when there is none: a stored key belongs to one origin. */
export function originOf(baseUrl: string): string {
  try {
    return baseUrl ? new URL(baseUrl).origin : '';
  } catch {
    return '';
  }
}
