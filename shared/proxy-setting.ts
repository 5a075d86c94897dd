/**
 * Settings → Network: which proxy the app's requests take. 'system' — the system's proxy settings (manual, PAC,
 * WPAD), as the browser takes them; 'none' — straight to the service; 'url' — this proxy, for a machine whose
 * system settings are wrong for this service. The app only (Chromium's network stack, electron/shell/network.ts);
 * the command line and the preview take HTTPS_PROXY / NO_PROXY (electron/core/lib/node-network.ts).
 */
export const PROXY_MODES = ['system', 'none', 'url'] as const;
export type ProxyMode = (typeof PROXY_MODES)[number];

export const PROXY_URL_MAX = 300;

export const PROXY_URL_MESSAGES = {
  needed: 'Give the proxy’s address, e.g. http://proxy.example:3128.',
  invalid: 'The proxy’s address must be a URL such as http://proxy.example:3128 (http, https or socks5).',
  credentials:
    'Leave the user name and password out of the proxy’s address: settings are a plain file. A proxy that asks for them is best set as the system’s proxy.',
  tooLong: `The proxy’s address must be at most ${PROXY_URL_MAX} characters.`,
} as const;

/** '' (none given) or a proxy URL the app can use, stored as its origin (`http://host:port`); else why not. */
export function checkProxyUrl(value: string): { ok: true; url: string } | { ok: false; message: string } {
  const text = value.trim();
  if (text === '') return { ok: true, url: '' };
  if (text.length > PROXY_URL_MAX) return { ok: false, message: PROXY_URL_MESSAGES.tooLong };
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { ok: false, message: PROXY_URL_MESSAGES.invalid };
  }
  if (!['http:', 'https:', 'socks5:'].includes(u.protocol) || u.hostname === '')
    return { ok: false, message: PROXY_URL_MESSAGES.invalid };
  if (u.username !== '' || u.password !== '') return { ok: false, message: PROXY_URL_MESSAGES.credentials };
  if ((u.pathname !== '/' && u.pathname !== '') || u.search !== '' || u.hash !== '')
    return { ok: false, message: PROXY_URL_MESSAGES.invalid };
  return { ok: true, url: `${u.protocol}//${u.host}` };
}
