import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecentLookup } from '../../../shared/ipc';
import type { LookupOutcome } from '../../../shared/outcome';
import type { Cooldown, QuotaState } from '../../../shared/quota';
import { parseIp, rangeKind, type IpProblem, type RangeKind } from '../../../shared/ip';
import { deliver } from '../deliver';
import { CooldownAlert } from './cooldown-alert';
import { LookupAnnouncer } from './lookup-announcer';
import { LookupForm } from './lookup-form';
import { LookupResult, type LookupState } from './lookup-result';
import { QuotaGauges } from './quota-gauges';
import { RecentLookups } from './recent-lookups';
import { useApi } from '../api-context';
import { useWords } from '../words-context';

export interface LookupRequest {
  ip: string;
  seq: number;
}

interface Props {
  /** False while another view (Settings) is shown: the view stays mounted and keeps its state. */
  active: boolean;
  quota: QuotaState;
  now: number;
  /** "Now" on the service clock at the moment of the call (for when an outcome arrived). */
  serviceNow: () => number;
  monthResetDay: number;
  cooldown: Cooldown | null;
  request: LookupRequest | null;
  onOpenSettings: () => void;
  onNoKey: () => void;
  /** A lookup was refused for a rate limit (429 or a cooldown) lifting at `resetAt` (service clock). */
  onRateLimited: (resetAt: number) => void;
}

/**
 * The Lookup view's state and its calls: the typed address, the lookup in progress or its outcome, the recent
 * lookups; local validation, asking first for a non-public address, and the tray's requests.
 */
function useLookup({
  active,
  serviceNow,
  request,
  onNoKey,
  onRateLimited,
}: Pick<Props, 'active' | 'serviceNow' | 'request' | 'onNoKey' | 'onRateLimited'>) {
  const api = useApi();
  const [input, setInput] = useState('');
  const [error, setError] = useState<IpProblem | null>(null);
  const [state, setState] = useState<LookupState>({ phase: 'idle' });
  const [recent, setRecent] = useState<RecentLookup[]>([]);
  const lastIp = useRef<string | null>(null);

  const loadRecent = useCallback(async () => {
    try {
      setRecent(await api.recentLookups());
    } catch {
      /* the list is a convenience: keep the previous one */
    }
  }, [api]);

  useEffect(() => {
    if (active) void loadRecent(); // again on coming back: Settings can clear the list
  }, [active, loadRecent]);

  const run = useCallback(
    async (ip: string, opts: { refresh?: boolean; force?: boolean; stored?: boolean } = {}) => {
      lastIp.current = ip;
      const forced = opts.force === true;
      setState({ phase: 'pending', ip, refresh: opts.refresh === true });
      let outcome: LookupOutcome;
      try {
        outcome = await api.lookup({ ip, ...opts });
      } catch {
        outcome = { kind: 'network-error', reason: 'other', cause: 'no-backend' };
      }
      setState({ phase: 'done', ip, outcome, at: serviceNow(), forced });
      if (outcome.kind === 'no-key') onNoKey();
      if (outcome.kind === 'rate-limited' || outcome.kind === 'cooldown') onRateLimited(outcome.resetAt);
      if (outcome.kind === 'ok') void loadRecent();
    },
    [api, loadRecent, onNoKey, onRateLimited, serviceNow],
  );

  /**
   * A private, loopback or reserved address: the answer kept for it if there is a fresh one (free), else ask
   * before spending a request on it (the service knows little about such addresses).
   */
  const askFirst = useCallback(
    async (ip: string, range: RangeKind) => {
      lastIp.current = ip;
      setState({ phase: 'pending', ip, refresh: false });
      let kept: LookupOutcome | null = null;
      try {
        kept = await api.lookup({ ip, stored: true });
      } catch {
        /* ask, as without a kept answer */
      }
      if (kept?.kind === 'ok' && !kept.expired)
        setState({ phase: 'done', ip, outcome: kept, at: serviceNow(), forced: false });
      else setState({ phase: 'confirm', ip, range });
    },
    [api, serviceNow],
  );

  /** Validates locally first: invalid input is explained and nothing is sent. */
  const submit = useCallback(
    (text: string, opts: { refresh?: boolean; force?: boolean } = {}) => {
      const parsed = parseIp(text);
      if (!parsed.ok) {
        setError(parsed.problem);
        // The previous address's result is not this input's: the inline message replaces it (issue 33); a lookup
        // still on its way keeps its place (its Cancel is there).
        setState((s) => (s.phase === 'pending' ? s : { phase: 'idle' }));
        return;
      }
      setError(null);
      const range = rangeKind(parsed.range);
      // "Refresh (uses 1 request)" and "Try anyway" already say they send; a plain Look up asks first.
      if (range !== null && !opts.refresh && !opts.force) void askFirst(parsed.ip, range);
      else void run(parsed.ip, opts);
    },
    [askFirst, run],
  );

  useEffect(() => {
    if (!request) return;
    setInput(request.ip);
    submit(request.ip);
  }, [request, submit]);

  const pending = state.phase === 'pending';
  const retriedAt = state.phase === 'done' && state.forced && state.outcome.kind === 'rate-limited' ? state.at : null;
  const again = (opts: { refresh?: boolean; force?: boolean }): void => {
    const ip = lastIp.current;
    if (ip) void run(ip, opts);
  };

  return { input, setInput, error, setError, state, setState, recent, run, submit, again, pending, retriedAt };
}

export function LookupView({
  active,
  quota,
  now,
  serviceNow,
  monthResetDay,
  cooldown,
  request,
  onOpenSettings,
  onNoKey,
  onRateLimited,
}: Props) {
  const api = useApi();
  const saidSaved = useWords().w.uiSaved;
  const { input, setInput, error, setError, state, setState, recent, run, submit, again, pending, retriedAt } =
    useLookup({ active, serviceNow, request, onNoKey, onRateLimited });

  return (
    <>
      <QuotaGauges quota={quota} now={now} monthResetDay={monthResetDay} />
      {cooldown && (
        <CooldownAlert
          cooldown={cooldown}
          now={now}
          canTry={!pending}
          retriedAt={retriedAt}
          onTryAnyway={() => {
            // Always sent (never answered from the cache): the point is to ask the service whether it still refuses.
            const parsed = parseIp(input);
            if (parsed.ok) submit(input, { force: true, refresh: true });
            else again({ force: true, refresh: true });
          }}
        />
      )}
      <LookupForm
        active={active}
        value={input}
        error={error}
        busy={pending}
        blocked={cooldown !== null}
        onChange={(v) => {
          setInput(v);
          if (error) setError(null);
        }}
        onSubmit={() => submit(input)}
      />
      <LookupResult
        state={state}
        now={now}
        onRetry={() => again({})}
        onConfirm={() => again({})}
        onDecline={() => setState({ phase: 'idle' })}
        onRefresh={() => again({ refresh: true })}
        onCancel={() => void api.cancelLookup()}
        onOpenSettings={onOpenSettings}
        onSaveAnswer={async (ip) => {
          const r = await api.saveAnswer({ ip });
          return { message: deliver(r, saidSaved) };
        }}
        onOpenMap={async (url) => (await api.openExternal({ url })).opened}
      />
      {/* Each lookup's end said once, outside the result's busy region (issue 27). */}
      <LookupAnnouncer
        outcome={state.phase === 'done' ? state.outcome : null}
        at={state.phase === 'done' ? state.at : null}
      />
      <RecentLookups
        items={recent}
        now={now}
        busy={pending}
        onPick={(ip) => {
          setInput(ip);
          setError(null);
          // What is kept, however old (then marked so, with "Refresh (uses 1 request)"): a click never spends.
          void run(ip, { stored: true });
        }}
      />
    </>
  );
}
