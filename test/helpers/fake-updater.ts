/**
 * A fake of electron-updater's autoUpdater behind the updater port: it emits electron-updater's own events, in its
 * order, with its payload shapes. A check emits 'checking-for-update', then 'update-available' (with the feed's
 * version, after which the download runs until the test finishes it) or 'update-not-available', and resolves; a
 * failing feed emits 'error' and rejects, as AppUpdater.checkForUpdates does.
 */
import { EventEmitter } from 'node:events';
import type { UpdaterEvent, UpdaterEvents, UpdaterPort } from '../../electron/core/update/updater-port';

export class FakeUpdater implements UpdaterPort {
  private readonly events = new EventEmitter();
  /** What the next check finds: a newer version, nothing newer (null), or a failure. */
  feed: { version: string } | null | Error = null;
  checks = 0;
  installs = 0;
  /** A check in flight waits for this when set (to test joining a check). */
  gate: Promise<void> | null = null;

  on<E extends UpdaterEvent>(event: E, listener: (...args: UpdaterEvents[E]) => void): () => void {
    this.events.on(event, listener as (...a: unknown[]) => void);
    return () => this.events.off(event, listener as (...a: unknown[]) => void);
  }

  emit<E extends UpdaterEvent>(event: E, ...args: UpdaterEvents[E]): void {
    this.events.emit(event, ...args);
  }

  async check(): Promise<void> {
    this.checks++;
    this.emit('checking-for-update');
    await Promise.resolve();
    if (this.gate) await this.gate;
    const feed = this.feed;
    if (feed instanceof Error) {
      this.emit('error', feed, feed.message);
      throw feed;
    }
    if (feed === null) this.emit('update-not-available', { version: '0.1.0', releaseDate: '2026-11-01T00:00:00Z' });
    else this.emit('update-available', { version: feed.version, releaseDate: '2026-11-20T00:00:00Z' });
  }

  /** The background download reports progress (ProgressInfo). */
  progress(percent: number): void {
    this.emit('download-progress', { percent, transferred: percent * 1000, total: 100_000, bytesPerSecond: 50_000 });
  }

  /** The background download finished (UpdateDownloadedEvent). */
  downloaded(version: string): void {
    this.emit('update-downloaded', { version, releaseDate: '2026-11-20T00:00:00Z' });
  }

  /** The background download failed: electron-updater emits 'error' only (the check has long resolved). */
  downloadFails(message: string): void {
    this.emit('error', new Error(message), message);
  }

  quitAndInstall(): void {
    this.installs++;
  }

  listeners(): number {
    return this.events.eventNames().reduce((n, e) => n + this.events.listenerCount(e), 0);
  }
}
