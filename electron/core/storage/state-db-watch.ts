/**
 * Noticing another process's writes to a data folder's state.db (the CLI, the web preview, a second app) while
 * nothing here asks: the folder is watched (inotify / FSEvents / ReadDirectoryChangesW — no polling, so an idle
 * app wakes up only when someone writes), and `onChange` is called once per burst of writes. The caller then
 * compares SQLite's data_version (cheap), so this process's own writes cost one comparison and nothing more.
 */
import { watch, type FSWatcher } from 'node:fs';
import type { StorageLogger } from './storage-types';

export interface StateDbWatchOptions {
  /** Calls within this long are merged into one (default 100 ms). */
  debounceMs?: number;
  /** Which of the folder's files count (default: state.db and its WAL and journal files). */
  files?: (name: string) => boolean;
  logger?: StorageLogger;
}

/** Watches `dir` for writes to state.db and its WAL; returns the function that stops watching. Never throws. */
export function watchStateDb(dir: string, onChange: () => void, opts: StateDbWatchOptions = {}): () => void {
  const delay = opts.debounceMs ?? 100;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let watcher: FSWatcher | null = null;
  const fire = () => {
    timer = null;
    try {
      onChange();
    } catch (err) {
      opts.logger?.warn('state.db change handler failed', { error: err instanceof Error ? err.name : 'unknown' });
    }
  };
  try {
    watcher = watch(dir, { persistent: false }, (_event, name) => {
      const counts = opts.files ?? ((n: string) => n.startsWith('state.db'));
      if (name !== null && !counts(String(name))) return;
      if (timer === null) timer = setTimeout(fire, delay);
    });
    watcher.on('error', () => watcher?.close());
  } catch (err) {
    // No watching (the folder vanished, no inotify watches left …): changes are still taken in when the window
    // is shown and before every lookup.
    opts.logger?.warn('cannot watch the data folder', { code: (err as NodeJS.ErrnoException)?.code ?? 'unknown' });
  }
  return () => {
    watcher?.close();
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
