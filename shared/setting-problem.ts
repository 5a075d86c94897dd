/**
 * What is wrong with a setting, as a fact (a kind and its typed parameters), never a sentence: the shared checks
 * (base-url.ts, accelerator.ts, proxy-setting.ts, settings-rules.ts) and the settings schema report these; the faces
 * word them (shared/i18n/<lang>/setting-problem.ts: the window with useWords, `lookup-tray config set` with
 * cli-words). Each check also keeps its English `message` (the settings file's errors, logs), worded by the same area
 * (shared/setting-problem-en.ts). Types only: the catalog imports them without a cycle.
 */

/** The path of a number setting (shared/settings-rules.ts LIMITS has one range for each: checked there). */
export type NumberSettingPath =
  | 'thresholds.monthLow'
  | 'thresholds.monthCritical'
  | 'thresholds.minuteLow'
  | 'thresholds.minuteCritical'
  | 'monthResetDay'
  | 'cache.ttlMinutes'
  | 'cache.maxEntries'
  | 'autoCheck.intervalMinutes'
  | 'reports.threatThreshold';

/** Why a base URL was refused (shared/base-url.ts). */
export type BaseUrlWhy = 'empty' | 'too-long' | 'https' | 'invalid' | 'no-host' | 'credentials';

/** Why a proxy address was refused (shared/proxy-setting.ts). */
export type ProxyUrlWhy = 'needed' | 'invalid' | 'credentials' | 'too-long';

/** Why a shortcut cannot be registered (shared/accelerator.ts), with what the user typed where it matters. */
export type ShortcutWhy =
  | { why: 'none' }
  | { why: 'blank' }
  | { why: 'too-long' }
  | { why: 'joined' }
  | { why: 'no-key' }
  | { why: 'not-modifier'; text: string }
  | { why: 'twice'; modifier: string }
  | { why: 'not-key'; text: string }
  | { why: 'weak' }
  | { why: 'key-unusable' };

export type SettingProblem =
  /** A number outside its range (shared/settings-rules.ts LIMITS) or not a whole number. */
  | { kind: 'range'; path: NumberSettingPath; min: number; max: number }
  /** A "critical" level not below its "low" one. */
  | { kind: 'order'; path: 'thresholds.monthCritical' | 'thresholds.minuteCritical'; low: number }
  | { kind: 'base-url'; why: BaseUrlWhy }
  | ({ kind: 'shortcut' } & ShortcutWhy)
  | { kind: 'proxy-url'; why: ProxyUrlWhy; max: number }
  /**
   * What only a hand-made change can cause (a value of the wrong type, an unknown setting): the schema's own English
   * words, shown as they are.
   */
  | { kind: 'other'; message: string };

/** One refused field of a settings change: where, the fact, and its English words. */
export interface SettingError {
  field: string;
  message: string;
  problem: SettingProblem;
}
