/** The `app://` scheme the window loads the renderer from (see renderer-files.ts for why not file://). */
import { protocol } from 'electron';
import { APP_CSP } from '../../shared/csp';
import { APP_SCHEME, createRendererHandler } from './renderer-files';

/** Before `ready`: `app://` is a standard, secure scheme (own origin, CSP and same-origin rules apply). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }]);
}

/** After `ready`: serve the built renderer folder on it. */
export function serveRenderer(root: string): void {
  protocol.handle(APP_SCHEME, createRendererHandler(root, APP_CSP));
}
