import type { DataInfo, Handlers } from '../../../../shared/ipc';
import type { Logger } from '../../lib/ports';
import type { StateDb } from '../../storage/state-db';
import type { ServiceHost } from '../service-host';

type DataHandlers = Pick<Handlers, 'getDataInfo' | 'clearCache' | 'clearRecent' | 'openDataFolder' | 'recentLookups'>;

export interface DataHandlersDeps {
  host: ServiceHost;
  db: StateDb;
  dataDir: string;
  logger: Logger;
  /** Local clock. */
  now: () => number;
  /** Opens a folder in the file manager (Electron's shell.openPath: '' or an error message). Absent in the web preview. */
  openPath: ((path: string) => Promise<string>) | undefined;
}

/** How many addresses the recent list shows (the window's Recent card). */
export const RECENT_SHOWN = 10;

const recentKey = (profile: string) => `recent-cleared:${profile}`;

/**
 * The window's data controls: what the cache and the recent list hold, clearing each, and the data folder.
 * Clearing the recent list keeps the answers cached: it hides what was used before that instant (kept in
 * state.db per key; the demo's only in memory, like the rest of the demo).
 */
export function dataHandlers(deps: DataHandlersDeps): DataHandlers {
  const { host, db } = deps;
  const demoCleared = new Map<string, number>();
  const hiddenBefore = (): number => {
    const profile = host.profile();
    if (host.demo) return demoCleared.get(profile) ?? -Infinity;
    const v = db.readKv(recentKey(profile));
    return typeof v === 'number' && Number.isFinite(v) ? v : -Infinity;
  };
  const recent = () => host.current?.recent(RECENT_SHOWN, hiddenBefore()) ?? [];
  const info = (): DataInfo => ({
    cache: host.current?.cacheStats() ?? { answers: 0, bytes: 0 },
    recent: recent().length,
    dataDir: deps.dataDir,
    canOpenFolder: deps.openPath !== undefined,
  });
  return {
    recentLookups: async () => recent(),
    getDataInfo: async () => info(),
    clearCache: async () => {
      host.current?.clearCache();
      return info();
    },
    clearRecent: async () => {
      const at = deps.now();
      if (host.demo) demoCleared.set(host.profile(), at);
      else db.writeKv(recentKey(host.profile()), at);
      return info();
    },
    openDataFolder: async () => {
      if (!deps.openPath) return { opened: false, said: { kind: 'where', dir: deps.dataDir } };
      const error = await deps
        .openPath(deps.dataDir)
        .catch((e: unknown) => (e instanceof Error ? e.message : 'failed'));
      if (error) {
        deps.logger.warn('open data folder failed');
        return { opened: false, said: { kind: 'failed', detail: error.replace(/\s+/g, ' ').slice(0, 200) } };
      }
      return { opened: true, said: { kind: 'opened' } };
    },
  };
}
