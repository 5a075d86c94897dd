/**
 * Noticing another process's writes to a data folder (the CLI, the web preview, a second app) while nothing here
 * asks: the folder is watched once (inotify / FSEvents / ReadDirectoryChangesW — no polling, so an idle app wakes up
 * only when someone writes), and each handler is called once per burst of writes to its file: `stateDb` for
 * state.db and its WAL and journal, `settings` for settings.json. The callers then compare what they hold (SQLite's
 * data_version, the settings), so this process's own writes cost one comparison and nothing more.
 */
import { watch, type FSWatcher } from 'node:fs';
import type { StorageLogger } from './storage-types';

export interface DataFolderHandlers {
  stateDb?: (() => void) | undefined;
  settings?: (() => void) | undefined;
}

export interface DataFolderWatchOptions {
  /** Calls within this long are merged into one (default 100 ms). */
  debounceMs?: number;
  logger?: StorageLogger;
}

type Kind = keyof DataFolderHandlers;

/** Which handler a changed file name is for (every one when the platform does not say which file changed). */
function kindsOf(name: string | null): Kind[] {
  if (name === null) return ['stateDb', 'settings'];
  if (name.startsWith('state.db')) return ['stateDb'];
  if (name === 'settings.json') return ['settings'];
  return [];
}

/** Watches `dir`; returns the function that stops watching. Never throws. */
export function watchDataFolder(
  dir: string,
  handlers: DataFolderHandlers,
  opts: DataFolderWatchOptions = {},
): () => void {
  const delay = opts.debounceMs ?? 100;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let watcher: FSWatcher | null = null;
  const due = new Set<Kind>();
  const fire = () => {
    timer = null;
    const kinds = [...due];
    due.clear();
    for (const kind of kinds) {
      try {
        handlers[kind]?.();
      } catch (err) {
        opts.logger?.warn('data folder change handler failed', {
          file: kind,
          error: err instanceof Error ? err.name : 'unknown',
        });
      }
    }
  };
  try {
    watcher = watch(dir, { persistent: false }, (_event, name) => {
      const kinds = kindsOf(name === null ? null : String(name)).filter((k) => handlers[k]);
      if (kinds.length === 0) return;
      for (const k of kinds) due.add(k);
      if (timer === null) timer = setTimeout(fire, delay);
    });
    watcher.on('error', () => watcher?.close());
  } catch (err) {
    // No watching (the folder vanished, no inotify watches left …): state.db changes are still taken in when the
    // window is shown and before every lookup, and another process's settings before every save.
    opts.logger?.warn('cannot watch the data folder', { code: (err as NodeJS.ErrnoException)?.code ?? 'unknown' });
  }
  return () => {
    watcher?.close();
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
