import type { Lang } from '../../../shared/i18n';
import type { BulkOpenedFile, Events, Handlers } from '../../../shared/ipc';
import type { Clock, FetchFn, Logger, Notifier, SecretStore } from '../lib/ports';
import type { TailFs } from '../bulk/follow-tail';
import type { UpdaterPort } from '../update/updater-port';

/** Everything the app core needs from the outside world. Electron's shell and the web preview each pass their own. */
export interface AppCorePorts {
  clock: Clock;
  fetch: FetchFn;
  /** OS keychain (keytar API). */
  secrets: SecretStore;
  /** Directory for settings.json and state.db (app.getPath('userData') in Electron). */
  dataDir: string;
  /**
   * The app's default data folder, the only one that adopts the keychain items of versions without folder ids
   * (keychain-folder.ts). Default: shared/app-folder.ts's defaultDataDir(); tests name a temporary folder.
   */
  appFolder?: string | null;
  notifier: Notifier;
  logger: Logger;
  /**
   * The language the core's words speak (notifications; shared/i18n), asked each time it words something. Absent:
   * the interface-language setting (Settings → App → Language), or with 'system' the first of `systemLanguages`
   * that has a catalog; English when there is none.
   */
  lang?: () => Lang;
  /** The operating system's languages, most preferred first (the shell: the app's locale, as the window's). */
  systemLanguages?: () => readonly string[];
  /**
   * A short-lived process (the CLI's key commands): no background work — no watched profiles, no resumed bulk jobs,
   * no start-up probe, no watching of the data folder. The long-running app (and its preview) leave it unset.
   */
  oneShot?: boolean;
  /** Start straight in demo mode (npm run demo / --demo). */
  demo?: boolean;
  /**
   * The instant demo mode's simulated service starts at (epoch ms), every time it starts; absent, the real time.
   * Tests and screenshots start it at a fixed instant so it reads the same calendar on any day they run.
   */
  demoStartAt?: number;
  /** Opens an https URL in the browser (shell.openExternal); the core checks the allow-list first. */
  openExternal?: (url: string) => Promise<void>;
  /**
   * Asks where to save `text` (a JSON answer too large to show), offering `suggestedName`, and writes it there.
   * Resolves to where it was saved, or null when the user cancelled. Without it, answers cannot be saved.
   */
  saveTextFile?: (suggestedName: string, text: string) => Promise<string | null>;
  /**
   * Bulk → Follow a file…: asks which log to follow (the app: the system's open dialog; the web preview: a stand-in a
   * test sets). Resolves to its path, or null when the user cancelled. Without it, the window cannot follow a file.
   */
  pickFollowFile?: () => Promise<string | null>;
  /** The file system a followed log is read through (default node:fs; tests give an in-memory one). */
  tailFs?: TailFs;
  /** How often a followed log is stat-ed without a watch event (default 1 s). */
  followPollMs?: number;
  /**
   * Bulk → "Open file…": asks the user for a file to read (the shell's open dialog; the preview's stand-in) and
   * resolves to its path, or null when cancelled. Without it, files are not opened this way.
   */
  openFile?: () => Promise<string | null>;
  /** Awaited before each chunk of an opened file is read (tests gate a read to make it controllably slow). */
  beforeFileChunk?: () => Promise<void>;
  /** Opens a folder in the file manager (shell.openPath: '' on success, else an error message). */
  openPath?: (path: string) => Promise<string>;
  /**
   * Self-update: electron-updater's autoUpdater behind the port where this copy updates itself (the installed app),
   * or null and why not (a development run, a deb install). Absent: the web preview, the CLI, tests — never checks.
   */
  updates?: {
    updater: UpdaterPort | null;
    offReason?: string;
    /** An unsigned build: the updater only checks; a newer version is announced with its release page. */
    noticeOnly?: boolean;
    releasePage?: (version: string) => string | null;
    currentVersion: string;
  };
}

export type EventListener<E extends keyof Events> = (payload: Events[E]) => void;

export interface AppCore {
  handlers: Handlers;
  on<E extends keyof Events>(event: E, cb: EventListener<E>): () => void;
  /** Push an event to every subscriber (used by the shell for `navigate`). */
  emit<E extends keyof Events>(event: E, payload: Events[E]): void;
  /**
   * A dropped file's path, from the shell only (the preload's DROP_FILE_CHANNEL): granted for reading, or null when it
   * is not a regular file. The page refers to it by the id it gets.
   */
  grantDroppedFile(path: string): Promise<BulkOpenedFile | null>;
  /** Tell the core whether the window is visible: when shown, it takes in what other processes learnt meanwhile. */
  setWindowVisible(visible: boolean): void;
  /** Tell the core whether the machine sleeps / is offline (pauses auto-check). */
  setSuspended(suspended: boolean): void;
  /**
   * The language the app speaks now (AppCorePorts.lang: the setting, or the system's languages): the core's
   * notifications and the shell's tray and menu ask it each time they word something.
   */
  lang(): Lang;
  /** Resolves when no lookup or check is in flight for any profile (tests, before a clock jump). */
  whenIdle(): Promise<void>;
  dispose(): Promise<void>;
}
