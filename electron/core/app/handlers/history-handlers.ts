import type { Handlers } from '../../../../shared/ipc';
import { fileStamp } from '../../lib/file-stamp';
import type { QuotaSample } from '../../../../shared/quota';
import type { Logger, SaveTextFile } from '../../lib/ports';
import { saveTextThrough } from '../../lib/save-text';
import { historyView, keptAndLive } from '../../quota/history-view';
import type { SettingsStore } from '../../storage/settings-store';
import type { StateDb } from '../../storage/state-db';
import { stateScope } from '../../storage/state-scope';
import type { ServiceHost } from '../service-host';

type HistoryHandlers = Pick<Handlers, 'getHistory' | 'exportHistory'>;

export interface HistoryHandlersDeps {
  settings: SettingsStore;
  host: ServiceHost;
  db: StateDb;
  saveTextFile: SaveTextFile | undefined;
  logger: Logger;
  /** Wall-clock now, for the suggested file name. */
  now: () => number;
}

/**
 * The kept samples of the profile in use at its base URL's origin (another origin's are another service's):
 * state.db's, plus what the live engine learnt and has not written yet. None without a service (no base URL). In
 * demo mode only the demo's engine (nothing of the demo is persisted, and it never mixes with a profile's).
 */
function samplesInUse(deps: HistoryHandlersDeps): QuotaSample[] {
  const service = deps.host.current;
  const live = service?.recentSamples() ?? [];
  if (deps.host.demo) return live.slice();
  if (!service) return [];
  return keptAndLive(deps.db.readHistory(stateScope(service.profile, service.origin)), live);
}

/** e.g. "history-default-20261123-180347.csv". */
export function historyFileName(profile: string, at: number): string {
  return `history-${profile.replace(/[^0-9A-Za-z._-]/g, '-')}-${fileStamp(at)}.csv`;
}

/** The history chart's data and its CSV export. */
export function historyHandlers(deps: HistoryHandlersDeps): HistoryHandlers {
  return {
    getHistory: async () => {
      deps.host.current?.sync(); // what the CLI or another process learnt meanwhile
      return historyView(samplesInUse(deps), deps.settings.peek().monthResetDay, deps.host.state());
    },
    exportHistory: async () => {
      return saveTextThrough(deps.saveTextFile, deps.logger, {
        what: 'history',
        detail: false,
        content: () => {
          const samples = samplesInUse(deps);
          if (samples.length === 0) return { refused: { kind: 'no-history' } };
          const lines = samples.map((s) => `${new Date(s.at).toISOString()},${s.remaining},${s.limit}`);
          const text = ['time_utc,remaining,limit', ...lines].join('\n') + '\n';
          return {
            suggestedName: historyFileName(deps.host.profile(), deps.now()),
            text,
            rows: samples.length,
          };
        },
        logAs: 'history export failed',
      });
    },
  };
}
