/**
 * The updater port: what the update policy needs from electron-updater's `autoUpdater`, with its own event names and
 * payloads (UpdateInfo, ProgressInfo and the error event as electron-updater emits them — only the fields used here).
 * The shell adapts the real `autoUpdater` to it (electron/shell/updater.ts); tests use a fake that emits the same
 * events (test/helpers/fake-updater.ts).
 */

/** electron-updater's UpdateInfo (update-available, update-not-available, update-downloaded). */
export interface UpdateInfoLike {
  version: string;
  releaseDate?: string;
}

/** electron-updater's ProgressInfo (download-progress). */
export interface ProgressInfoLike {
  percent: number;
  transferred?: number;
  total?: number;
  bytesPerSecond?: number;
}

/** electron-updater's events, by name, with their listener's arguments. */
export interface UpdaterEvents {
  'checking-for-update': [];
  'update-available': [info: UpdateInfoLike];
  'update-not-available': [info: UpdateInfoLike];
  'download-progress': [progress: ProgressInfoLike];
  'update-downloaded': [info: UpdateInfoLike];
  /** electron-updater emits (error, message?) for failed checks and downloads alike. */
  error: [error: Error, message?: string];
}

export type UpdaterEvent = keyof UpdaterEvents;

export interface UpdaterPort {
  /**
   * Asks the feed for a newer version (`autoUpdater.checkForUpdates()`); a newer one downloads in the background.
   * Resolves when the check itself is done; rejects when it failed (the 'error' event is emitted as well).
   */
  check(): Promise<void>;
  /** Quits the app and installs the downloaded update, then starts the new version. */
  quitAndInstall(): void;
  on<E extends UpdaterEvent>(event: E, listener: (...args: UpdaterEvents[E]) => void): () => void;
}
