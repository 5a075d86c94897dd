/**
 * The bridge (`window.lookupTray`) for every component below `ApiProvider`: `useApi()` instead of an `api` prop
 * handed down through each view.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { LookupTrayApi } from '../../shared/ipc';

const ApiContext = createContext<LookupTrayApi | null>(null);

export function ApiProvider({ api, children }: { api: LookupTrayApi; children: ReactNode }) {
  return <ApiContext value={api}>{children}</ApiContext>;
}

/** The bridge; only inside `ApiProvider` (main.tsx puts the whole app inside it). */
export function useApi(): LookupTrayApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() outside ApiProvider');
  return api;
}
