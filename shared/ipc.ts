/**
 * The one IPC contract. Everything the renderer may ask (Invokes) and everything it is told (Events).
 * The preload, the main-process handlers (electron/shell/ipc.ts), the web-preview bridge and the
 * renderer's bridge are all typed from this file. Runtime validation schemas for the requests live
 * in shared/ipc-schemas.ts (main side only, so the renderer bundle stays small).
 */
import type {
  BulkFollowInfo,
  BulkFollowOutcome,
  BulkFollowRequest,
  BulkFileRequest,
  BulkInputRequest,
  BulkItemStatus,
  BulkJobInfo,
  BulkOpenedFile,
  BulkPrepared,
  BulkProgress,
  BulkReadOutcome,
  BulkReadProgress,
  BulkResultsPage,
  BulkStartFileRequest,
  BulkStartOutcome,
  BulkStartRequest,
} from './bulk';
import type { BlockListFormat, ExportFormat } from './file-formats';
import type { FolderSaid, SaveOutcome } from './save';
import type { CheckQuotaOutcome, LookupOutcome } from './outcome';
import type { NotificationFact } from './alert-fact';
import type { NoticeFact } from './notice-fact';

export type { NoticeFact, NoticeThen } from './notice-fact';
import type { Forecast, QuotaLevel, QuotaState } from './quota';
import type { Settings, SettingsPatch } from './settings';
import type { BulkReport, BulkResultsFilter, BulkResultsSort, ReportFormat } from './report';
import type { RestartOutcome, UpdateStatus } from './update';
import type { SettingError } from './setting-problem';
import type { KeyProblem, KeySaved } from './key-facts';
import type { ProfileRefusal } from './profile-problem';

export type * from './bulk';
export type * from './report';
export type { CheckQuotaOutcome, LookupOutcome } from './outcome';
export type { QuotaState } from './quota';
export type { Settings, SettingsPatch } from './settings';
export type { RestartOutcome, UpdateStatus } from './update';

export interface KeyInfo {
  hasKey: boolean;
  /** e.g. "••••••3f9a"; null without a key. Never more than the last four characters. */
  masked: string | null;
  /** Where the key is held: the OS keychain, this session's memory only, or nowhere. */
  storage: 'keychain' | 'memory' | 'none';
  /**
   * Without a key for the current base URL: the origin a key was saved for, when it is another one. A key is
   * sent only to the origin it was entered for, so after a base-URL change it has to be entered again.
   */
  savedFor?: string;
  /**
   * Without a key for the current base URL: a key an earlier version saved without recording the service it was
   * for is in the keychain. It is sent nowhere until the user confirms the service (useLegacyKey).
   */
  legacy?: boolean;
}

/** Whether the system keychain can keep a key; the faces say what to do when not (uiKey.noKeychain, cli.noKeychain). */
export interface KeychainStatus {
  available: boolean;
  /**
   * 'memory': there is no keychain behind this app at all — a saved key is kept in this process's memory and
   * forgotten when it stops (the web preview without --keychain). Absent: the OS keychain.
   */
  store?: 'memory';
}

export interface RecentLookup {
  ip: string;
  fetchedAt: number;
  /** Short human label, e.g. "Mountain View, United States". */
  label: string;
}

export interface Notice {
  id: string;
  level: 'info' | 'warning' | 'error';
  /** What the notice is about: the window and `lookup-tray status` word it (shared/i18n's `notices` area). */
  fact: NoticeFact;
}

/** One profile (its own base URL, key, thresholds and notifications), for the picker and the tray. */
export interface ProfileInfo {
  name: string;
  /** How it is shown ("Default" for the first one). */
  label: string;
  active: boolean;
  baseUrl: string;
  /** The month figures as last known (the active one's live), null before any. */
  month: { remaining: number; limit: number; resetAt: number; level: QuotaLevel } | null;
}

/** The result of a profile change: the new snapshot, or why not. */
/** A profile change: done (the new snapshot), or refused with why as a fact (worded by the faces: uiProfiles.refusal). */
export type ProfileChangeOutcome =
  { kind: 'done'; snapshot: AppSnapshot } | { kind: 'invalid'; problem: ProfileRefusal };

/** Everything the window needs to draw itself, except live quota (which is also in it). */
export interface AppSnapshot {
  settings: Settings;
  key: KeyInfo;
  keychain: KeychainStatus;
  demo: { active: boolean };
  quota: QuotaState;
  notifications: { pausedUntil: number | null };
  /** One-time notices (e.g. "Your settings file was damaged and has been reset; the old one is kept at …"). */
  notices: Notice[];
  /** Every profile, the active one marked. */
  profiles: ProfileInfo[];
  /**
   * The live quota of the profiles not in use that have figures, watched in the background — only when the tray
   * shows the profile closest to running out (settings.trayShows 'closest'), not in demo mode; empty otherwise.
   */
  watched: WatchedQuota[];
  /**
   * The operating system's languages, most preferred first, as the app reads them (Electron's
   * app.getPreferredSystemLanguages()): the window follows them when its language is 'system'. Absent where the
   * core does not know them (the web preview: the browser's navigator.languages).
   */
  systemLanguages?: string[];
}

/** A profile not in use and its live quota state. */
export interface WatchedQuota {
  name: string;
  label: string;
  quota: QuotaState;
}

/** Saving a key, as facts (shared/key-facts.ts): the window words them (uiKey), never a sentence of the core's. */
export type SaveKeyOutcome =
  | { kind: 'saved'; key: KeyInfo; verified: 'status' | 'lookup' | 'not-verified'; said: KeySaved }
  /** No free status check: verifying would spend one request. Ask, then call again with verify: 'spend'. */
  | { kind: 'needs-confirmation' }
  /**
   * `field`: the form field the problem belongs to (absent: the form as a whole). `reason: 'origin-changed'`: the
   * request named the origin it verified the key at, and the base URL points to another one now (nothing saved).
   */
  | { kind: 'rejected'; problem: KeyProblem; field?: 'baseUrl' | 'key'; reason?: 'origin-changed' }
  /** The keychain is unavailable: offer `sessionOnly: true`. */
  | { kind: 'no-keychain' };

export type SettingsUpdateOutcome =
  | { kind: 'saved'; settings: Settings }
  /** Each refused field with its fact (worded by the faces: shared/i18n setting-problem) and its English words. */
  | { kind: 'invalid'; errors: SettingError[] };

/** One month window's remaining over time (service clock). */
export interface HistoryMonth {
  /** Window start and end (the reset). */
  start: number;
  end: number;
  /** The month limit at the window's last sample. */
  limit: number;
  /** [at, remaining], oldest first, thinned to a few hundred points. */
  points: [number, number][];
}

/** The month's story of the profile in use (demo: the demo's). */
export interface HistoryView {
  /** Service clock when made. */
  now: number;
  /** Newest window first: this month (when it has figures), then those before it (HISTORY_MONTHS in all). */
  months: HistoryMonth[];
  /** This window: its bounds and requests used per UTC day up to today (`day`: the day's start). */
  current: { start: number; end: number; daily: { day: number; used: number }[] };
  forecast: Forecast;
  /** How many samples are kept for the profile (all windows). */
  samples: number;
}

/** What the window's Data controls and About show. */
export interface DataInfo {
  /** The cached answers of the key in use, and the size of their JSON in bytes (what Clear cache frees). */
  cache: { answers: number; bytes: number };
  /** Addresses in the recent list (Clear recent list hides them; their answers stay cached). */
  recent: number;
  /** The folder holding settings.json and state.db. */
  dataDir: string;
  /** This shell can open the folder in the file manager (the app can; the web preview shows the path). */
  canOpenFolder: boolean;
}

/** Capability map: channel name -> request and response. One preload method per entry. */
export interface Invokes {
  getSnapshot: { req: void; res: AppSnapshot };
  /**
   * Look up an IP. `refresh` bypasses the cache (spends a request). `force` sends even during a cooldown.
   * `stored` shows the answer kept for it, however old (marked `expired`), and never sends anything.
   */
  lookup: { req: { ip: string; refresh?: boolean; force?: boolean; stored?: boolean }; res: LookupOutcome };
  cancelLookup: { req: void; res: void };
  recentLookups: { req: void; res: RecentLookup[] };
  /** Check quota: free via /v2/status when the service has it, otherwise needs `spend: true`. */
  checkQuota: { req: { spend?: boolean }; res: CheckQuotaOutcome };
  /**
   * Save (or replace) the key. `verify: 'spend'` allows one lookup to verify; `sessionOnly` keeps it in memory;
   * `origin`: save it only for this origin (where the caller verified it), refused if the base URL points elsewhere.
   */
  saveKey: {
    req: { key: string; baseUrl?: string; verify?: 'free' | 'spend' | 'skip'; sessionOnly?: boolean; origin?: string };
    res: SaveKeyOutcome;
  };
  removeKey: { req: void; res: KeyInfo };
  /**
   * Use the key an earlier version saved (KeyInfo.legacy) for `origin`, the base URL's origin the user confirmed;
   * refused when the base URL has moved to another origin since.
   */
  useLegacyKey: { req: { origin: string }; res: SaveKeyOutcome };
  updateSettings: { req: SettingsPatch; res: SettingsUpdateOutcome };
  dismissNotice: { req: { id: string }; res: void };
  pauseNotifications: { req: { until: number | null }; res: void };
  startDemo: { req: void; res: AppSnapshot };
  stopDemo: { req: void; res: AppSnapshot };
  /** Demo only: move the demo service's clock forward. */
  demoFastForward: { req: { by: 'minute' | 'day' | 'week' | 'month' }; res: AppSnapshot };
  /** Open an allow-listed https link (the service's dashboard) in the browser. */
  openExternal: { req: { url: string }; res: { opened: boolean } };
  /**
   * Save the last too-large answer for `ip` (an `ok` outcome with `tooLarge`) as a JSON file, where the user picks.
   * `where`: the file written; `said`: what happened (shared/save.ts), which the window words.
   */
  saveAnswer: { req: { ip: string }; res: SaveOutcome };
  /** The cache, the recent list and the data folder (Settings → Data, About). */
  getDataInfo: { req: void; res: DataInfo };
  /** Forget the cached answers of the key in use (the recent list empties with them). */
  clearCache: { req: void; res: DataInfo };
  /** Empty the recent list; the answers stay cached. */
  clearRecent: { req: void; res: DataInfo };
  /** Open the data folder in the file manager (shell.openPath), where the shell can. */
  openDataFolder: { req: void; res: { opened: boolean; said: FolderSaid } };
  /** The month's remaining over time, earlier months and per-day usage, for the history chart. */
  getHistory: { req: void; res: HistoryView };
  /** Save the profile's kept history as CSV (time, remaining, limit), where the user picks. */
  exportHistory: { req: void; res: SaveOutcome };
  /** Bulk: the addresses in `text` and what looking them up would cost. Sends nothing. */
  bulkPreview: { req: BulkInputRequest; res: BulkPrepared };
  /** Bulk: a job for the addresses in `text` (read as bulkPreview read it), started at once. */
  bulkStart: { req: BulkStartRequest; res: BulkStartOutcome };
  /** Bulk: "Open file…": the system's open dialog (the preview's stand-in); null when the user cancelled. */
  bulkOpenFile: { req: void; res: BulkOpenedFile | null };
  /** Bulk: read an opened or dropped file in the core (progress: `bulk-read-progress`) and preview its cost. */
  bulkReadFile: { req: BulkFileRequest; res: BulkReadOutcome };
  /** Bulk: stop reading a file at once (its read answers `cancelled`). */
  bulkCancelRead: { req: { id: string }; res: void };
  /** Bulk: a job for the addresses of an opened file (read as bulkReadFile read it), started at once. */
  bulkStartFile: { req: BulkStartFileRequest; res: BulkStartOutcome };
  /** Bulk: pause a running job (the request in flight is answered and kept); null: no such job. */
  bulkPause: { req: { id: string }; res: BulkJobInfo | null };
  /** Bulk: resume a paused, stopped or interrupted job where it stopped. */
  bulkResume: { req: { id: string }; res: BulkJobInfo | null };
  /** Bulk: cancel a job for good (its answers are kept). */
  bulkCancel: { req: { id: string }; res: BulkJobInfo | null };
  /** Bulk: the current profile's jobs, most recent first. */
  bulkList: { req: void; res: BulkJobInfo[] };
  /**
   * Bulk: a page of a job's rows (summary fields), in input order or most hits first (`sort`); `status` and `filter`
   * (a flag the answer sets, a threat score from a band, a country) narrow them, and `total` counts what is left.
   * At most 1 000 rows.
   */
  bulkResults: {
    req: {
      id: string;
      offset: number;
      limit: number;
      status?: BulkItemStatus;
      sort?: BulkResultsSort;
      filter?: BulkResultsFilter;
    };
    res: BulkResultsPage;
  };
  /** Bulk: export a job's rows (input order) as CSV (chosen columns), JSON or NDJSON, saved where the user picks. */
  bulkExport: {
    /** `bom`: a CSV begins with a UTF-8 byte-order mark (spreadsheets read its accents right). */
    req: { id: string; format: ExportFormat; columns?: string[]; bom?: boolean };
    res: SaveOutcome;
  };
  /**
   * Bulk: the report of a job (countries, ASNs, security flags, threat bands, top addresses by hits, map places),
   * from the answers it holds; sends nothing, works on a job in any state (its coverage says how much is answered).
   * null: no such job.
   */
  getBulkReport: { req: { id: string }; res: BulkReport | null };
  /** Bulk: save a job's report as Markdown or as a self-contained HTML page (inline SVG map), where the user picks. */
  exportBulkReport: {
    req: { id: string; format: ReportFormat };
    res: SaveOutcome;
  };
  /**
   * Bulk: save a block list (shared/block-list.ts: plain, nftables, ipset, fail2ban), where the user picks: the job's
   * addresses that need attention (its report's first section, at the setting's threat score), or with `filter` the
   * answered rows the results table shows under that filter.
   */
  exportBlockList: {
    req: { id: string; format: BlockListFormat; filter?: BulkResultsFilter };
    res: SaveOutcome;
  };
  /** Add a profile (default settings, `baseUrl` when given) and switch to it; its key is entered next. */
  addProfile: { req: { name: string; baseUrl?: string }; res: ProfileChangeOutcome };
  /** Use another profile (its base URL, key, thresholds and notifications). */
  switchProfile: { req: { name: string }; res: ProfileChangeOutcome };
  /** Rename a profile; its keychain items, figures and history follow. */
  renameProfile: { req: { from: string; to: string }; res: ProfileChangeOutcome };
  /** Remove a profile that is not in use, with its keychain items and its state. */
  removeProfile: { req: { name: string }; res: ProfileChangeOutcome };
  /** What the app knows about its own updates (Settings → App, About). */
  getUpdateStatus: { req: void; res: UpdateStatus };
  /** "Check now": checks for a newer version (not in demo mode), resolving when the check is done. */
  checkForUpdates: { req: void; res: UpdateStatus };
  /** Quit and install the downloaded update; held while a bulk job runs. */
  restartToUpdate: { req: void; res: RestartOutcome };
  /**
   * Bulk → Follow a file…: the main process asks which file (its open dialog), then follows it as one job that grows
   * (its new addresses looked up as lines arrive). One follow at a time per file.
   */
  bulkFollow: { req: BulkFollowRequest; res: BulkFollowOutcome };
  /** Follow a stopped follow's file again, reading on from where it stopped (its job goes on). */
  bulkFollowAgain: { req: { id: string }; res: BulkFollowOutcome };
  /** Stop following (the job is kept, paused when addresses are left); null: no follow of that job. */
  bulkFollowStop: { req: { id: string }; res: BulkFollowInfo | null };
  /** The files the window follows or followed, by job. */
  bulkFollows: { req: void; res: BulkFollowInfo[] };
}

export type Channel = keyof Invokes;

export interface NavigateEvent {
  view: 'lookup' | 'settings' | 'onboarding' | 'about';
  /** Prefill (and run) a lookup for this IP, e.g. from "Look up IP from clipboard". */
  ip?: string;
}

export interface NotificationEvent {
  id: string;
  /** In the core's language; the window words `fact` when there is one (shared/alert-fact.ts). */
  title: string;
  body: string;
  fact?: NotificationFact;
}

/** Events pushed from main to the renderer. */
export interface Events {
  'quota-changed': QuotaState;
  'snapshot-changed': AppSnapshot;
  navigate: NavigateEvent;
  /** A notification was shown (lets the web preview show it in-page). */
  notification: NotificationEvent;
  /** A bulk job's progress: after every answer and every change of state. */
  'bulk-progress': BulkProgress;
  /** An opened file being read: bytes read of the total and addresses found, every 200 ms and at the end. */
  'bulk-read-progress': BulkReadProgress;
  /** The update status changed (a check, a download, its progress in 5 % steps, a failure, a setting). */
  'update-status': UpdateStatus;
  /** A followed file: started, new lines read, stopped. */
  'bulk-follow': BulkFollowInfo;
}

export type EventName = keyof Events;

export const CHANNELS = [
  'getSnapshot',
  'lookup',
  'cancelLookup',
  'recentLookups',
  'checkQuota',
  'saveKey',
  'removeKey',
  'useLegacyKey',
  'updateSettings',
  'dismissNotice',
  'pauseNotifications',
  'startDemo',
  'stopDemo',
  'demoFastForward',
  'openExternal',
  'saveAnswer',
  'getDataInfo',
  'clearCache',
  'clearRecent',
  'openDataFolder',
  'getHistory',
  'exportHistory',
  'bulkPreview',
  'bulkStart',
  'bulkOpenFile',
  'bulkReadFile',
  'bulkCancelRead',
  'bulkStartFile',
  'bulkPause',
  'bulkResume',
  'bulkCancel',
  'bulkList',
  'bulkResults',
  'bulkExport',
  'getBulkReport',
  'exportBulkReport',
  'exportBlockList',
  'addProfile',
  'switchProfile',
  'renameProfile',
  'removeProfile',
  'getUpdateStatus',
  'checkForUpdates',
  'restartToUpdate',
  'bulkFollow',
  'bulkFollowAgain',
  'bulkFollowStop',
  'bulkFollows',
] as const satisfies readonly Channel[];

export const EVENT_NAMES = [
  'quota-changed',
  'snapshot-changed',
  'navigate',
  'notification',
  'bulk-progress',
  'update-status',
  'bulk-follow',
  'bulk-read-progress',
] as const satisfies readonly EventName[];

/** Which `on…` method of `window.lookupTray` belongs to which event. */
export const EVENT_METHODS = {
  'quota-changed': 'onQuotaChanged',
  'snapshot-changed': 'onSnapshotChanged',
  navigate: 'onNavigate',
  notification: 'onNotification',
  'bulk-progress': 'onBulkProgress',
  'update-status': 'onUpdateStatus',
  'bulk-follow': 'onBulkFollow',
  'bulk-read-progress': 'onBulkReadProgress',
} as const satisfies Record<EventName, `on${string}`>;

/**
 * Compile-time exhaustiveness: `Missing` must be `never`. `satisfies readonly Channel[]` above only proves
 * the lists hold no unknown names; these prove they leave none out (the error names the one missing), so the
 * bridges built from the lists (shared/bridge.ts) and the handlers registered from them cover every entry.
 */
type NoneMissing<Missing extends never> = Missing;
export type ChannelsCoverInvokes = NoneMissing<Exclude<Channel, (typeof CHANNELS)[number]>>;
export type EventNamesCoverEvents = NoneMissing<Exclude<EventName, (typeof EVENT_NAMES)[number]>>;

/** IPC channel string for an invoke capability, and for an event. */
export const invokeChannel = (c: Channel): string => `lookup-tray:${c}`;
export const eventChannel = (e: EventName): string => `lookup-tray:event:${e}`;

/** Main-side implementation of every capability. */
export type Handlers = { [K in Channel]: (req: Invokes[K]['req']) => Promise<Invokes[K]['res']> };

export type Unsubscribe = () => void;

/**
 * What `window.lookupTray` offers the renderer: one method per capability, one subscription per event
 * (named by EVENT_METHODS). Both the preload and the web preview build it with shared/bridge.ts.
 */
export type LookupTrayApi = {
  [K in Channel]: Invokes[K]['req'] extends void
    ? () => Promise<Invokes[K]['res']>
    : (req: Invokes[K]['req']) => Promise<Invokes[K]['res']>;
} & {
  [E in EventName as (typeof EVENT_METHODS)[E]]: (cb: (payload: Events[E]) => void) => Unsubscribe;
};

/**
 * A drop, in the Electron window only: the preload turns the dropped File into its path (webUtils.getPathForFile,
 * '' for a File the page made itself) and sends it on this channel, which is not in CHANNELS and not on
 * `window.lookupTray`: the page cannot send a path of its choosing. The core reads only a path granted this way or
 * by the open dialog (electron/core/bulk/file-read.ts).
 */
export const DROP_FILE_CHANNEL = 'lookup-tray:drop-file';

/** `window.lookupTrayDrop` (the Electron preload only; absent in the web preview): a dropped file to read, or null. */
export interface LookupTrayDropApi {
  bulkDropFile(file: File): Promise<BulkOpenedFile | null>;
}

/** The longest pause of notifications (IPC schema, core, and when state is read back). */
export const MAX_PAUSE_MS = 30 * 86_400_000;

/** A public-safe mask of a key: bullets and the last four characters. */
export function maskKey(key: string): string {
  const tail = key.length > 8 ? key.slice(-4) : '';
  return `••••••${tail}`;
}
