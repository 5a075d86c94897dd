/**
 * The app's settings: settings.json in the data directory, read through JsonFileStore (damaged or
 * unreadable files never stop the app), migrated and validated by settings-schema.ts, changed only
 * through validated patches, with change listeners so the core applies changes at once.
 * The API key is never stored here (the schema has no field for it).
 */
import path from 'node:path';
import type { Notice, SettingsUpdateOutcome } from '../../../shared/ipc';
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../../shared/settings';
import { settingsSchema } from '../../../shared/settings-schema';
import { Emitter } from '../lib/emitter';
import { JsonFileStore } from './json-file-store';
import { silentLogger, type Logger } from '../lib/ports';
import { checkPatch, issuesToErrors, parseSettings } from './settings-migrations';

export interface SettingsStoreOptions {
  dataDir: string;
  fileName?: 'settings.json';
  logger?: Logger;
  /** Clock for the `.corrupt-<timestamp>` name. */
  now?: () => number;
}

type Listener = (s: Settings) => void;

export class SettingsStore {
  private readonly file: JsonFileStore<Settings>;
  private readonly listeners: Emitter<Settings>;
  private readonly logger: Logger;
  private current: Settings;

  constructor(opts: SettingsStoreOptions) {
    this.logger = opts.logger ?? silentLogger;
    this.listeners = new Emitter((err) =>
      this.logger.error('settings listener failed', { error: (err as Error)?.message ?? String(err) }),
    );
    let migratedFrom: number | null = null;
    this.file = new JsonFileStore<Settings>(path.join(opts.dataDir, opts.fileName ?? 'settings.json'), {
      label: 'settings',
      logger: this.logger,
      now: opts.now,
      defaults: () => structuredClone(DEFAULT_SETTINGS),
      validate: (raw) => {
        const r = parseSettings(raw);
        if (!r.ok) {
          // Field names and messages only: the schema has no secret fields.
          this.logger.warn('settings file does not match the schema', { errors: r.errors.slice(0, 10) });
          return null;
        }
        migratedFrom = r.migratedFrom;
        return r.settings;
      },
    });
    this.current = this.file.read();
    if (migratedFrom !== null) {
      this.logger.info('settings migrated', { from: migratedFrom, to: this.current.schemaVersion });
      this.file.write(this.current);
    }
  }

  /** The current settings (a copy). */
  get(): Settings {
    return structuredClone(this.current);
  }

  /**
   * The current settings themselves, not a copy: for the per-lookup paths that read a field or two. Read it
   * at once and let go (an update replaces the object, it never changes it); never change it.
   */
  peek(): Readonly<Settings> {
    return this.current;
  }

  /** Validate and apply a patch; on success persist it and tell the listeners (if anything changed). */
  update(patch: SettingsPatch): SettingsUpdateOutcome {
    const tookIn = this.takeInOtherWrites();
    const outcome = checkPatch(this.current, patch);
    if (outcome.kind === 'invalid') {
      if (tookIn) this.listeners.emit(this.get());
      return outcome;
    }
    const changed = JSON.stringify(outcome.settings) !== JSON.stringify(this.current);
    if (changed || tookIn) {
      this.current = outcome.settings;
      this.file.write(this.current);
      this.listeners.emit(this.get());
    }
    return { kind: 'saved', settings: this.get() };
  }

  /**
   * Replace the settings with `next` as a whole (the profile capabilities: switching swaps the top-level fields
   * with a saved profile's). Checked against the full schema; on success persisted and announced like a patch.
   */
  replace(next: Settings): SettingsUpdateOutcome {
    const r = settingsSchema.safeParse(next);
    if (!r.success) return { kind: 'invalid', errors: issuesToErrors(r.error.issues) };
    if (JSON.stringify(r.data) !== JSON.stringify(this.current)) {
      this.current = r.data;
      this.file.write(this.current);
      this.listeners.emit(this.get());
    }
    return { kind: 'saved', settings: this.get() };
  }

  /**
   * Takes in settings.json as another process (the CLI's `config set`) left it, so that what it changed is shown
   * and used at once and never overwritten by this process's next save. Returns whether anything changed (the
   * listeners are told like after an update). A file that is not valid settings changes nothing here.
   */
  reload(): boolean {
    if (!this.takeInOtherWrites()) return false;
    this.listeners.emit(this.get());
    return true;
  }

  /**
   * What another process wrote meanwhile becomes the current settings (before a change: the base it applies to, so
   * the save never writes an older copy over it). Returns whether that changed anything; tells no listener.
   */
  private takeInOtherWrites(): boolean {
    const next = this.file.reread();
    if (next === null || JSON.stringify(next) === JSON.stringify(this.current)) return false;
    this.current = next;
    return true;
  }

  /** Called with the new settings after every change; returns an unsubscribe function. */
  onChange(cb: Listener): () => void {
    return this.listeners.on(cb);
  }

  /**
   * Notices about the settings file not yet dismissed: it was damaged and reset (once per damaged
   * file), could not be read, or could not be saved. They stay until dismissNotice(id).
   */
  notices(): Notice[] {
    return this.file.notices();
  }

  dismissNotice(id: string): boolean {
    return this.file.dismissNotice(id);
  }

  /** Where the settings live, and whether changes reach the disk. */
  get filePath(): string {
    return this.file.path;
  }

  get persistent(): boolean {
    return this.file.writable;
  }
}
