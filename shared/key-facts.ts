/**
 * The key's facts (issue 43: the core speaks in facts): why a key could not be verified or saved, and how it was
 * saved. The core returns these facts only (no English `message`); the window words them (shared/i18n uiKey).
 */
import type { OutcomeFact } from './outcome';
import type { SettingProblem } from './setting-problem';

/** Why a check of the key failed (electron/core/service/status/verify-messages.ts). */
export type VerifyFact =
  | { kind: 'not-verified' }
  | {
      kind: 'unreachable';
      reason: 'refused' | 'dns' | 'timeout' | 'tls' | 'reset' | 'other';
      host: string;
      hostname: string;
    }
  | { kind: 'cancelled' }
  | { kind: 'key-refused' }
  | { kind: 'redirect'; status: number; to: string | null }
  | { kind: 'not-found' }
  | { kind: 'not-api'; status: number }
  | { kind: 'service-trouble'; status: number }
  /** The lookup's own outcome (a proxy, a certificate, the plan, a limit …): worded by the outcome area. */
  | { kind: 'outcome'; outcome: OutcomeFact };

/** Why a key was not saved. */
export type KeyProblem =
  | VerifyFact
  | { kind: 'key-empty' }
  | { kind: 'key-spaces' }
  | { kind: 'setting'; problem: SettingProblem }
  | { kind: 'base-url-first' }
  | { kind: 'origin-changed'; baseUrl: string; origin: string }
  | { kind: 'keychain-write' }
  | { kind: 'legacy-moved' }
  | { kind: 'legacy-gone' }
  /** The window's own: no keychain and "this session only" not ticked; the call to the core failed outright. */
  | { kind: 'tick-session-only' }
  | { kind: 'not-saved' };

/** How a key was saved: where it is kept and whether it was verified, or an earlier version's key taken over. */
export type KeySaved =
  { kind: 'saved'; where: 'keychain' | 'preview' | 'session'; verified: boolean } | { kind: 'legacy'; origin: string };
