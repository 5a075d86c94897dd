/**
 * Settings → Network: which proxy the app's requests take. 'system' — the system's proxy settings (manual, PAC,
 * WPAD), as the browser takes them; 'none' — straight to the service; 'url' — this proxy, for a machine whose
 * system settings are wrong for this service. The app only (Chromium's network stack, electron/shell/network.ts);
 * the command line and the preview take HTTPS_PROXY / NO_PROXY (electron/core/lib/node-network.ts).
 */
import { englishProblem } from './setting-problem-en';
import type { ProxyUrlWhy, SettingProblem } from './setting-problem';

export const PROXY_MODES = ['system', 'none', 'url'] as const;
export type ProxyMode = (typeof PROXY_MODES)[number];

export const PROXY_URL_MAX = 300;

/** A proxy address's problem as a fact (shared/setting-problem.ts). */
export const proxyProblem = (why: ProxyUrlWhy): SettingProblem => ({ kind: 'proxy-url', why, max: PROXY_URL_MAX });

/** The English words of each problem (the schema's messages). */
export const PROXY_URL_MESSAGES = {
  needed: englishProblem(proxyProblem('needed')),
  invalid: englishProblem(proxyProblem('invalid')),
  credentials: englishProblem(proxyProblem('credentials')),
  tooLong: englishProblem(proxyProblem('too-long')),
} as const;

export type ProxyUrlCheck = { ok: true; url: string } | { ok: false; why: ProxyUrlWhy; message: string };

const refused = (why: ProxyUrlWhy): ProxyUrlCheck => ({ ok: false, why, message: englishProblem(proxyProblem(why)) });

/** '' (none given) or a proxy URL the app can use, stored as its origin (`http://host:port`); else why not. */
export function checkProxyUrl(value: string): ProxyUrlCheck {
  const text = value.trim();
  if (text === '') return { ok: true, url: '' };
  if (text.length > PROXY_URL_MAX) return refused('too-long');
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return refused('invalid');
  }
  if (!['http:', 'https:', 'socks5:'].includes(u.protocol) || u.hostname === '') return refused('invalid');
  if (u.username !== '' || u.password !== '') return refused('credentials');
  if ((u.pathname !== '/' && u.pathname !== '') || u.search !== '' || u.hash !== '') return refused('invalid');
  return { ok: true, url: `${u.protocol}//${u.host}` };
}
