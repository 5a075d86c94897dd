/**
 * The app's Content-Security-Policy, one literal for every place that serves the renderer:
 * the Electron window's response header (electron/shell/window.ts), the web preview's header, and the
 * <meta> tag the production build puts into index.html (file:// loads get no response headers).
 */
export const APP_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/** The same policy without the directives a <meta> tag cannot carry (browsers ignore frame-ancestors there). */
export const APP_CSP_META = APP_CSP.split('; ')
  .filter((d) => !d.startsWith('frame-ancestors'))
  .join('; ');
