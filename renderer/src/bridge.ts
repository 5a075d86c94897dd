/**
 * The renderer's only door to the app: `window.lookupTray`, defined by the Electron preload or by the
 * web preview's bridge script. The renderer does not know (or care) which transport is behind it.
 */
import type { LookupTrayApi } from '../../shared/ipc';

declare global {
  interface Window {
    lookupTray?: LookupTrayApi;
  }
}

export type { LookupTrayApi };

/** The bridge, or null when the page was opened without one (shown as an error screen). */
export function getBridge(): LookupTrayApi | null {
  return typeof window !== 'undefined' && window.lookupTray ? window.lookupTray : null;
}
