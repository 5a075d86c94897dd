import type { IpProblem } from './ip';
import type { WindowScope } from './window-scope';

export type { IpProblem } from './ip';

/** Where a lookup answer came from. */
export type LookupSource = 'network' | 'cache';

/** Why a network error's lookup ended, when it is not the network reason alone (the outcome area's words). */
export type NetworkCause =
  /** The base URL setting is not a URL: nothing was sent. */
  | 'base-url'
  /** The app failed unexpectedly while looking up (logged). */
  | 'unexpected'
  /** The window could not reach the app's background service. */
  | 'no-backend';

/** Why the proxy could not be reached (proxy-error `unreachable`). */
export type ProxyWhy = 'refused' | 'dns' | 'timeout' | 'tunnel';

/** Why an answer is a bad response: what the service sent instead of an answer. */
export type BadResponseWhy =
  /** A 2xx whose body was not read as JSON for its size or shape. */
  | { kind: 'not-parsed'; notParsed: 'too-large' | 'too-deep' | 'too-many-values'; limit: number }
  /** A 2xx whose body was not JSON. */
  | { kind: 'not-json' }
  /** A 2xx whose body was JSON of an unexpected shape. */
  | { kind: 'shape' }
  /** A redirect (not followed); `to`: where it points, cut short, or null. */
  | { kind: 'redirect'; to: string | null }
  /** A 404. */
  | { kind: 'not-found' }
  /** Any other status; `said`: the service's own message (data, cut at 300 characters), or null. */
  | { kind: 'other'; said: string | null }
  /** No answer came to a status check (status 0). */
  | { kind: 'no-answer' };

/**
 * Every lookup ends in exactly one of these. Never a thrown raw error.
 * An outcome is a fact: its kind and typed parameters, never a sentence. The faces put it in words (shared/i18n's
 * `outcome` area, `w.outcome.message(o)`): the window, the command line, the key check, a bulk job's stored errors;
 * where English is wanted by design (exports' `error` column, `--json`), `wordsFor('en').w.outcome`.
 * Nothing in it contains the API key (`said` and `raw` are redacted).
 */
export type LookupOutcome =
  | {
      kind: 'ok';
      ip: string;
      /**
       * The parsed JSON body as the service sent it. When `tooLarge` is set, the app core has replaced it with a
       * small summary before it crosses IPC (an object's top-level keys, large values described; `null` for an
       * array); the full answer is kept in the main process for `saveAnswer`.
       */
      body: unknown;
      /** Set when the answer's JSON text is over MAX_SHOWN_ANSWER_CHARS (1 MiB): it is not sent whole to the window. */
      tooLarge?: { bytes: number };
      source: LookupSource;
      /** Service-clock instant the answer was fetched from the network. */
      fetchedAt: number;
      /** e.g. "A private address: the service may know little about it." */
      note: string | null;
      /**
       * Only for `stored` lookups (showing a recent one again): the answer is older than the cache lifetime, so a
       * plain lookup would have sent a request. Shown with its age and "Refresh (uses 1 request)".
       */
      expired?: true;
    }
  /** Refused locally: the input is not an IP address. Nothing was sent. */
  | { kind: 'invalid-ip'; problem: IpProblem }
  /** A `stored` lookup (showing a recent one again) found no answer kept for the address. Nothing was sent. */
  | { kind: 'not-cached'; ip: string }
  /** Refused locally: no key configured. Nothing was sent. */
  | { kind: 'no-key' }
  /** Refused locally during a cooldown after a 429. Nothing was sent. */
  | { kind: 'cooldown'; scope: WindowScope; resetAt: number; at: number }
  | { kind: 'invalid-key'; status: number }
  /** `said`: the service's own message (data, cut at 300 characters), or null. */
  | { kind: 'forbidden'; status: number; said: string | null }
  | { kind: 'invalid-input'; status: number; said: string | null }
  /** `at`: the service-clock instant the limit was met (the countdown in words is `resetAt - at`). */
  | { kind: 'rate-limited'; scope: WindowScope; resetAt: number; at: number }
  | { kind: 'server-error'; status: number }
  | {
      kind: 'network-error';
      reason: 'timeout' | 'refused' | 'dns' | 'tls' | 'reset' | 'aborted' | 'too-large' | 'other';
      cause?: NetworkCause;
    }
  /**
   * The proxy on the way did not let the request through: it refused the credentials (407), could not be reached,
   * or its address is not a URL. `proxy` is its host and port, never its credentials. Nothing reached the service.
   */
  | {
      kind: 'proxy-error';
      reason: 'auth' | 'unreachable' | 'invalid';
      proxy: string;
      /** `auth`: credentials were sent (and refused) rather than missing. */
      sent?: boolean;
      /** `unreachable`: why. */
      why?: ProxyWhy;
    }
  /**
   * The service's certificate was not accepted: issued by an authority this computer does not trust (`issuer`: the
   * authority its chain ends at, when it could be read), for another host, or expired. Nothing was sent to it.
   */
  | {
      kind: 'certificate-error';
      reason: 'untrusted' | 'host-mismatch' | 'expired';
      host: string;
      issuer: string | null;
    }
  /** 200 (or other status) whose body is not JSON or not of the expected shape: `raw` shows what came. */
  | {
      kind: 'bad-response';
      status: number;
      why: BadResponseWhy;
      raw: string;
      /** As for `ok`: when `tooLarge` is set, a summary (absent for an array); the full answer can be saved. */
      body?: unknown;
      ip?: string;
      tooLarge?: { bytes: number };
    };

export type OutcomeKind = LookupOutcome['kind'];

/** An outcome's facts (what the words are made of): the outcome itself, now that it carries no English `message`. */
export type OutcomeFact = LookupOutcome;

/** The outcome of kind K, narrowed. */
export type Outcome<K extends OutcomeKind> = Extract<LookupOutcome, { kind: K }>;

/**
 * Checking the quota, as a fact: the window words it (shared/i18n's uiQuota area: `checked(via)`, `needsSpend`; a
 * failure by its outcome's words).
 */
export type CheckQuotaOutcome =
  /** The service has no free status check: checking would spend one request. Ask the user first. */
  | {
      kind: 'needs-confirmation';
      cost: 1;
    }
  | {
      kind: 'checked';
      via: 'status' | 'lookup';
    }
  | {
      kind: 'failed';
      outcome: LookupOutcome;
    };
