/**
 * Every kind of lookup outcome in one table, with what follows from it: whether the service counts it, whether an
 * automatic quota check that ends so failed, whether it proves a key good, what a bulk job does with the address,
 * the exit code of `lookup-tray lookup`, and how the window says it. Typed `satisfies OutcomeTable`, so a new kind
 * in shared/outcome.ts fails the typecheck here until it has a row; every reader takes its column from here.
 */
import type { LookupOutcome, Outcome, OutcomeKind } from './outcome';

export type { Outcome } from './outcome';

/** What a bulk job does with an address whose lookup ends so (electron/core/bulk/job-run.ts). */
export type BulkAction =
  /** The address is answered: its answer is recorded. */
  | 'record'
  /** The address goes back and the job waits for the reset the limit names (a 429 is also counted on the job). */
  | 'wait'
  /** The address goes back and the job stops, the outcome's kind its reason; it resumes once the cause is gone. */
  | 'stop'
  /** A fault of the moment: the address is tried again later and fails after its last try; many in a row pause. */
  | 'retry'
  /** The address fails; the job goes on. */
  | 'fail';

/** The button under a refused lookup in the window (its label: the `outcome` area's `action`). */
export interface RefusedAction {
  /** retry: the same lookup again; refresh: look the address up (spends 1); open-settings: Settings. */
  does: 'retry' | 'refresh' | 'open-settings';
  /** Drawn as the secondary button. */
  secondary?: boolean;
}

/** How the lookup window shows an outcome (renderer/src/components/lookup-result.tsx). */
export type WindowView =
  /** The answer with its summary. */
  | { view: 'answer' }
  /** The limit and its countdown (the screen reader hears the countdown's alert, not the lookup's end). */
  | { view: 'limit' }
  /** What came, as received, with the service's status. */
  | { view: 'bad-response' }
  /**
   * Why there is no answer: a title, the outcome's message, an optional hint (their words: the `outcome` area's
   * `refused`) and button.
   */
  | {
      view: 'refused';
      action: RefusedAction | null;
      /** What a screen reader hears: the title and the message, or "Lookup failed:" and the message. */
      spoken: 'title' | 'failed';
    };

/** The HTTP statuses an outcome is the service's answer for (OutcomeRow's `status`). */
export type HttpStatuses = number | readonly [from: number, to: number] | 'other' | null;

export interface OutcomeRow<O extends LookupOutcome> {
  /**
   * service: what the service answered (or the failure to reach it: network-error), from the network or the cache;
   * app: decided before anything was sent (not an address, no key, a cooldown, nothing kept).
   */
  from: 'service' | 'app';
  /** An automatic quota check that ends so failed: the check cadence backs off. */
  failure: boolean;
  /** A key check that spent a lookup and ended so shows the service accepted the key. */
  keyAccepted: boolean | ((o: O) => boolean);
  bulk: BulkAction;
  /** The exit code of `lookup-tray lookup` ending so: a name in electron/cli/exit-codes.ts's EXIT. */
  exit: string;
  /**
   * The HTTP statuses of the service's answer that end so, before its body is read (the one status -> outcome
   * mapping, electron/core/lookup-api/outcomes.ts's outcomeKindForStatus): a status, a range of statuses (both ends
   * included), 'other' (every status no row names: one row), or null (no HTTP answer says it: the app decided before
   * sending, or no answer came).
   */
  status: HttpStatuses;
  window: WindowView;
}

export type OutcomeTable = { [K in OutcomeKind]: OutcomeRow<Outcome<K>> };

const ADDRESS_REFUSED = { view: 'refused', action: null, spoken: 'title' } as const;

const RETRY = { does: 'retry' } as const;
const OPEN_SETTINGS = { does: 'open-settings' } as const;

export const OUTCOMES = {
  ok: {
    from: 'service',
    failure: false,
    keyAccepted: true,
    bulk: 'record',
    exit: 'ok',
    status: [200, 299], // its body may still make it a bad response
    window: { view: 'answer' },
  },
  'invalid-ip': {
    from: 'app',
    failure: false,
    keyAccepted: false,
    bulk: 'fail',
    exit: 'invalidInput',
    status: null,
    window: ADDRESS_REFUSED,
  },
  'not-cached': {
    from: 'app',
    failure: false,
    keyAccepted: false,
    bulk: 'fail',
    exit: 'invalidInput', // only a `stored` lookup (the window's recent list) ends so; the CLI never asks one
    status: null,
    window: { view: 'refused', action: { does: 'refresh' }, spoken: 'failed' },
  },
  'no-key': {
    from: 'app',
    failure: true,
    keyAccepted: false,
    bulk: 'stop',
    exit: 'noKey',
    status: null,
    window: { view: 'refused', action: null, spoken: 'failed' },
  },
  cooldown: {
    from: 'app',
    failure: false,
    keyAccepted: false,
    bulk: 'wait',
    exit: 'rateLimited',
    status: null,
    window: { view: 'limit' },
  },
  'invalid-key': {
    from: 'service',
    failure: true,
    keyAccepted: false,
    bulk: 'stop',
    exit: 'invalidKey',
    status: 401,
    window: { view: 'refused', action: OPEN_SETTINGS, spoken: 'failed' },
  },
  forbidden: {
    from: 'service',
    failure: true,
    keyAccepted: true,
    bulk: 'stop',
    exit: 'invalidKey',
    status: 403,
    window: { view: 'refused', action: null, spoken: 'failed' },
  },
  'invalid-input': {
    from: 'service',
    failure: false,
    keyAccepted: true,
    bulk: 'fail',
    exit: 'invalidInput',
    status: 422,
    window: ADDRESS_REFUSED,
  },
  'rate-limited': {
    from: 'service',
    failure: false,
    keyAccepted: true,
    bulk: 'wait',
    exit: 'rateLimited',
    status: 429,
    window: { view: 'limit' },
  },
  'server-error': {
    from: 'service',
    failure: true,
    keyAccepted: false,
    bulk: 'retry',
    exit: 'network',
    status: [500, 999], // HTTP statuses have three digits
    window: { view: 'refused', action: { ...RETRY, secondary: true }, spoken: 'failed' },
  },
  'network-error': {
    from: 'service',
    failure: true,
    keyAccepted: false,
    bulk: 'retry',
    exit: 'network',
    status: null,
    window: { view: 'refused', action: RETRY, spoken: 'failed' },
  },
  'proxy-error': {
    from: 'service',
    failure: true,
    keyAccepted: false,
    // Not retried in a loop: the same proxy answers the same until its settings change.
    bulk: 'stop',
    exit: 'proxy',
    status: null,
    window: { view: 'refused', action: OPEN_SETTINGS, spoken: 'failed' },
  },
  'certificate-error': {
    from: 'service',
    failure: true,
    keyAccepted: false,
    bulk: 'stop',
    exit: 'certificate',
    status: null,
    window: { view: 'refused', action: { ...RETRY, secondary: true }, spoken: 'failed' },
  },
  'bad-response': {
    from: 'service',
    failure: true,
    keyAccepted: (o) => o.status < 300,
    bulk: 'fail',
    exit: 'network',
    status: 'other', // a redirect (not followed), a 404, anything unexpected: shown as received
    window: { view: 'bad-response' },
  },
} as const satisfies OutcomeTable;

/** The row of an outcome's kind, its functions typed for that outcome. */
export function outcomeRow<O extends LookupOutcome>(o: O): OutcomeRow<O> {
  // OUTCOMES[o.kind] is the row for o's own kind: the table's type pairs each kind with its outcome.
  return (OUTCOMES as OutcomeTable)[o.kind] as unknown as OutcomeRow<O>;
}

/** Whether a key check that spent a lookup and ended in `o` shows the key is accepted. */
export function keyAccepted(o: LookupOutcome): boolean {
  const a = outcomeRow(o).keyAccepted;
  return typeof a === 'function' ? a(o) : a;
}

/** The outcome kinds that stop a bulk job (each is then the job's reason, shared/bulk.ts's BulkReason). */
export type StopKind = {
  [K in OutcomeKind]: (typeof OUTCOMES)[K]['bulk'] extends 'stop' ? K : never;
}[OutcomeKind];

/** The kinds the service's answer (or the failure to get one) ends in: shared by the status mapping and the engine. */
export type ServiceKind = {
  [K in OutcomeKind]: (typeof OUTCOMES)[K]['from'] extends 'service' ? K : never;
}[OutcomeKind];

/** The kinds an HTTP status says, before the body is read (OutcomeRow's `status`). */
export type StatusKind = {
  [K in OutcomeKind]: (typeof OUTCOMES)[K]['status'] extends null ? never : K;
}[OutcomeKind];

/** What the quota engine keeps of the last request that failed (QuotaState.lastError). */
export type LastErrorKind = Exclude<ServiceKind, 'ok'>;

export function isLastErrorKind(kind: unknown): kind is LastErrorKind {
  return typeof kind === 'string' && isOutcomeKind(kind) && kind !== 'ok' && OUTCOMES[kind].from === 'service';
}

/** Whether `kind` names an outcome (a bulk job's reason may be one: StopKind). */
export function isOutcomeKind(kind: string): kind is OutcomeKind {
  return Object.hasOwn(OUTCOMES, kind);
}

/** The outcome kinds the window shows as refused (a title, the message, a hint, a button). */
export type RefusedKind = {
  [K in OutcomeKind]: (typeof OUTCOMES)[K]['window']['view'] extends 'refused' ? K : never;
}[OutcomeKind];
export type RefusedOutcome = Outcome<RefusedKind>;

export function isRefused(o: LookupOutcome): o is RefusedOutcome {
  return OUTCOMES[o.kind].window.view === 'refused';
}

/** The words `refusedWords` puts together: shared/i18n's `outcome` area (`wordsFor(lang).w.outcome`) gives them. */
export interface RefusedWordsSource {
  message(o: RefusedOutcome): string;
  refused(o: RefusedOutcome): { title: string; text?: string; hint: string | null };
  action: Record<RefusedAction['does'], string>;
  failed(message: string): string;
  spokenTitle(title: string, message: string): string;
}

/**
 * How the window says a refused lookup, in `words` (shared/i18n's `outcome` area, `wordsFor(lang).w.outcome`): its title,
 * message, hint and button (`label`: its words), and what a screen reader hears.
 */
export function refusedWords(
  o: RefusedOutcome,
  words: RefusedWordsSource,
): {
  title: string;
  text: string;
  hint: string | null;
  action: (RefusedAction & { label: string }) | null;
  spoken: string;
} {
  const w = outcomeRow(o).window;
  if (w.view !== 'refused') throw new Error(`${o.kind} is not shown as refused`);
  const r = words.refused(o);
  const message = words.message(o);
  const spoken = w.spoken === 'title' ? words.spokenTitle(r.title, message) : words.failed(message);
  const action = w.action ? { ...w.action, label: words.action[w.action.does] } : null;
  return { title: r.title, text: r.text ?? message, hint: r.hint, action, spoken };
}
