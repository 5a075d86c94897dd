import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LookupOutcome } from '../../../shared/outcome';
import { isRefused, refusedWords, type Outcome, type RefusedOutcome } from '../../../shared/outcome-table';
import { outcomeWords } from '../outcome-words';
import { formatAge, formatSize, formatWhen, stillLimited } from '../format';
import { osmMapUrl } from '../../../shared/map-link';
import { pastLimitIsStale } from '../live-notices';
import { summarize } from '../summary';
import { CopyButton } from './copy-button';
import { JsonTree } from './json-tree';

export type LookupState =
  | { phase: 'idle' }
  | { phase: 'pending'; ip: string; refresh: boolean }
  /** A private, loopback or reserved address ("A private address"): asked before a request is spent on it. */
  | { phase: 'confirm'; ip: string; words: string }
  /** `at`: service-clock instant the outcome arrived; `forced`: sent with "Try anyway" during a cooldown. */
  | { phase: 'done'; ip: string; outcome: LookupOutcome; at: number; forced: boolean };

interface Props {
  state: LookupState;
  now: number;
  onRetry: () => void;
  onRefresh: () => void;
  onCancel: () => void;
  /** The address in the 'confirm' phase is to be looked up after all (spends a request) — or not. */
  onConfirm: () => void;
  onDecline: () => void;
  onOpenSettings: () => void;
  /** Saves the kept too-large answer for an IP as a file; resolves to the sentence to show ("Saved to …"). */
  onSaveAnswer: (ip: string) => Promise<{ message: string }>;
  /** Opens an OpenStreetMap link (shared/map-link.ts) in the browser; resolves to whether it opened. */
  onOpenMap: (url: string) => Promise<boolean>;
}

/** The "Lookup result" region: always present with reserved space, so nothing jumps when results arrive. */
export function LookupResult({
  state: given,
  now,
  onRetry,
  onRefresh,
  onCancel,
  onConfirm,
  onDecline,
  onOpenSettings,
  onSaveAnswer,
  onOpenMap,
}: Props) {
  // A refused lookup whose limit reset long ago is not news any more: the area is as before any lookup.
  const state: LookupState = given.phase === 'done' && pastLimitIsStale(given.outcome, now) ? { phase: 'idle' } : given;
  return (
    <section className="result" role="region" aria-label="Lookup result" aria-busy={state.phase === 'pending'}>
      {state.phase === 'idle' && (
        <p className="placeholder">
          Enter an IP address to see where it is, who runs it and whether it hides behind a VPN or Tor.
        </p>
      )}
      {state.phase === 'pending' && (
        <div className="pending">
          <p aria-live="polite">
            <span className="spinner" aria-hidden="true" /> {state.refresh ? 'Refreshing' : 'Looking up'} {state.ip}…
          </p>
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
      {state.phase === 'confirm' && (
        <ConfirmNonPublic ip={state.ip} words={state.words} onConfirm={onConfirm} onDecline={onDecline} />
      )}
      {state.phase === 'done' && (
        <OutcomeView
          outcome={state.outcome}
          at={state.at}
          forced={state.forced}
          now={now}
          onRetry={onRetry}
          onRefresh={onRefresh}
          onOpenSettings={onOpenSettings}
          onSaveAnswer={onSaveAnswer}
          onOpenMap={onOpenMap}
        />
      )}
    </section>
  );
}

/** Before a request is spent on an address the service knows little about: say so, and let the user choose. */
function ConfirmNonPublic({
  ip,
  words,
  onConfirm,
  onDecline,
}: {
  ip: string;
  words: string;
  onConfirm: () => void;
  onDecline: () => void;
}) {
  const go = useRef<HTMLButtonElement>(null);
  useEffect(() => go.current?.focus({ preventScroll: true }), []);
  return (
    <div className="problem confirm-nonpublic" role="group" aria-labelledby="confirm-nonpublic-title">
      <h2 id="confirm-nonpublic-title">Look up {ip}?</h2>
      <p>{words}: the service may know little about it. Nothing has been sent yet; a lookup uses 1 request.</p>
      <div className="actions">
        <button ref={go} type="button" onClick={onConfirm}>
          Look up anyway (uses 1 request)
        </button>
        <button type="button" className="secondary" onClick={onDecline}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function Problem({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="problem">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

function OutcomeView({
  outcome: o,
  at,
  forced,
  now,
  onRetry,
  onRefresh,
  onOpenSettings,
  onSaveAnswer,
  onOpenMap,
}: {
  outcome: LookupOutcome;
  at: number;
  forced: boolean;
  now: number;
  onRetry: () => void;
  onRefresh: () => void;
  onOpenSettings: () => void;
  onSaveAnswer: (ip: string) => Promise<{ message: string }>;
  onOpenMap: (url: string) => Promise<boolean>;
}) {
  // Every kind the table shows as refused is drawn from its row; the other views are named here.
  if (isRefused(o))
    return <Refused outcome={o} onRetry={onRetry} onRefresh={onRefresh} onOpenSettings={onOpenSettings} />;
  switch (o.kind) {
    case 'ok':
      return (
        <Answer
          body={o.body}
          ip={o.ip}
          note={o.note}
          source={o.source}
          expired={o.expired === true}
          age={now - o.fetchedAt}
          onRefresh={onRefresh}
          onOpenMap={onOpenMap}
          tooLarge={
            o.tooLarge && (
              <TooLarge key={`${o.ip}@${o.fetchedAt}`} ip={o.ip} bytes={o.tooLarge.bytes} onSave={onSaveAnswer} />
            )
          }
        />
      );
    case 'rate-limited':
    case 'cooldown':
      return <Limited outcome={o} at={at} forced={forced} now={now} onRetry={onRetry} />;
    case 'bad-response':
      return <BadResponse outcome={o} at={at} onSaveAnswer={onSaveAnswer} />;
  }
}

/**
 * The service (or the app, before sending) did not answer with the address's facts: why, and what to do — the
 * title, hint and button of the outcome's row in shared/outcome-table.ts.
 */
function Refused({
  outcome: o,
  onRetry,
  onRefresh,
  onOpenSettings,
}: {
  outcome: RefusedOutcome;
  onRetry: () => void;
  onRefresh: () => void;
  onOpenSettings: () => void;
}) {
  const words = refusedWords(o, outcomeWords());
  const does = { retry: onRetry, refresh: onRefresh, 'open-settings': onOpenSettings } as const;
  return (
    <Problem title={words.title}>
      <p>{words.text}</p>
      {words.hint !== null && <p className="hint">{words.hint}</p>}
      {words.action && (
        <button
          type="button"
          className={words.action.secondary ? 'secondary' : undefined}
          onClick={does[words.action.does]}
        >
          {words.action.label}
        </button>
      )}
    </Problem>
  );
}

/** A minute or month limit: while it lasts the countdown above says how long; afterwards, when it was hit. */
function Limited({
  outcome: o,
  at,
  forced,
  now,
  onRetry,
}: {
  outcome: Outcome<'rate-limited' | 'cooldown'>;
  at: number;
  forced: boolean;
  now: number;
  onRetry: () => void;
}) {
  if (now >= o.resetAt) {
    return (
      <div className="problem past">
        <h2>{o.scope === 'minute' ? 'Minute limit has reset' : 'Monthly quota has reset'}</h2>
        <p>
          {o.scope === 'minute' ? 'Minute limit was reached' : 'Monthly quota was exhausted'} {formatWhen(at, now)} — it
          has reset; look up again.
        </p>
        <button type="button" onClick={onRetry}>
          Look up again
        </button>
      </div>
    );
  }
  if (forced && o.kind === 'rate-limited') {
    return (
      <Problem title={stillLimited(at, now)}>
        <p>Tried anyway: the service refused it (429). See the countdown above.</p>
      </Problem>
    );
  }
  return (
    <Problem title={o.scope === 'minute' ? 'Minute limit reached' : 'Monthly quota exhausted'}>
      <p>
        {o.kind === 'cooldown' ? 'Not sent, so nothing was spent. ' : 'The service refused this lookup (429). '}See the
        countdown above.
      </p>
    </Problem>
  );
}

/** An answer Lookup Tray does not understand: as much of it as can be shown, and a way to copy or save it. */
function BadResponse({
  outcome: o,
  at,
  onSaveAnswer,
}: {
  outcome: Outcome<'bad-response'>;
  at: number;
  onSaveAnswer: (ip: string) => Promise<{ message: string }>;
}) {
  return (
    <Problem title="The service sent an answer Lookup Tray does not understand">
      <p>{outcomeWords().message(o)}</p>
      {o.tooLarge && o.ip !== undefined ? (
        <TooLarge key={`${o.ip}@${at}`} ip={o.ip} bytes={o.tooLarge.bytes} onSave={onSaveAnswer} />
      ) : o.body !== undefined ? (
        <JsonTree data={o.body} />
      ) : (
        <pre className="raw" aria-label="Raw response">
          {o.raw === '' ? '(empty body)' : o.raw}
        </pre>
      )}
      {!o.tooLarge && (
        <CopyButton text={o.raw} label="Copy raw response">
          Copy raw response
        </CopyButton>
      )}
    </Problem>
  );
}

function Answer({
  body,
  ip,
  note,
  source,
  expired,
  age,
  onRefresh,
  onOpenMap,
  tooLarge,
}: {
  body: unknown;
  ip: string;
  note: string | null;
  source: 'network' | 'cache';
  /** Older than the cache lifetime (a recent lookup shown again): said, so it is not taken for current. */
  expired: boolean;
  age: number;
  onRefresh: () => void;
  onOpenMap: (url: string) => Promise<boolean>;
  /** For a too-large answer: shown instead of the full response (`body` is then only a summary). */
  tooLarge?: ReactNode;
}) {
  // Once per answer, not on every render (a countdown re-renders every second).
  const facts = useMemo(() => summarize(body), [body]);
  const json = useMemo(() => (tooLarge ? '' : (JSON.stringify(body, null, 2) ?? String(body))), [body, tooLarge]);
  return (
    <div className="answer">
      <div className="source">
        <span>
          {source === 'network'
            ? `From the network · ${formatAge(age)}`
            : expired
              ? `Kept answer · fetched ${formatAge(age)} — may be out of date`
              : `From cache · fetched ${formatAge(age)}`}
        </span>
        <button type="button" className="link" onClick={onRefresh}>
          Refresh (uses 1 request)
        </button>
      </div>
      {note && <p className="note">{note}</p>}
      {facts.length > 0 ? (
        <dl className="facts">
          {facts.map((f) => (
            <div key={f.label} className={`fact ${f.tone ?? ''}`}>
              <dt>{f.label}</dt>
              <dd>
                <span>{f.value}</span>
                {/* Copy last in every row, so the Copy buttons form one column at the right edge (issue 33). */}
                {f.coordinates && <MapButton {...f.coordinates} onOpen={onOpenMap} />}
                <CopyButton text={f.copy} label={`Copy ${f.label}`} />
              </dd>
            </div>
          ))}
        </dl>
      ) : tooLarge ? null : (
        <p className="hint">The answer for {ip} has an unexpected shape; here it is in full.</p>
      )}
      {tooLarge ?? (
        <>
          <div className="json-head">
            <h2>Full response</h2>
            <CopyButton text={json} label="Copy JSON">
              Copy JSON
            </CopyButton>
          </div>
          <JsonTree data={body} />
        </>
      )}
    </div>
  );
}

/** "Map": the coordinates on OpenStreetMap, in the browser (a fixed link shape the core's allow-list checks). */
function MapButton({ lat, lon, onOpen }: { lat: number; lon: number; onOpen: (url: string) => Promise<boolean> }) {
  const [failed, setFailed] = useState(false);
  const url = osmMapUrl(lat, lon);
  if (url === null) return null;
  const open = async (): Promise<void> => {
    let ok = false;
    try {
      ok = await onOpen(url);
    } catch {
      /* reported below */
    }
    setFailed(!ok);
  };
  return (
    <button
      type="button"
      className="copy-button map-button"
      onClick={() => void open()}
      // The name starts with the visible word (WCAG 2.5.3 label in name, axe label-content-name-mismatch).
      aria-label={failed ? 'Not opened: could not open the map' : 'Map: open the coordinates in OpenStreetMap'}
      title="Opens openstreetmap.org in your browser"
    >
      {failed ? 'Not opened' : 'Map'}
    </button>
  );
}

/** An answer too large to send to the window: its size and "Save as file…" (the main process keeps it). */
function TooLarge({
  ip,
  bytes,
  onSave,
}: {
  ip: string;
  bytes: number;
  onSave: (ip: string) => Promise<{ message: string }>;
}) {
  const [state, setState] = useState<{ phase: 'idle' | 'saving' } | { phase: 'done'; message: string }>({
    phase: 'idle',
  });
  const save = async (): Promise<void> => {
    setState({ phase: 'saving' });
    try {
      const r = await onSave(ip);
      setState({ phase: 'done', message: r.message });
    } catch {
      setState({ phase: 'done', message: 'Could not save the answer.' });
    }
  };
  return (
    <div className="too-large">
      <p>This answer is {formatSize(bytes)} — too large to show here.</p>
      <button type="button" disabled={state.phase === 'saving'} onClick={() => void save()}>
        Save as file…
      </button>
      <p className="hint" role="status" aria-live="polite">
        {state.phase === 'done' ? state.message : state.phase === 'saving' ? 'Saving…' : ''}
      </p>
    </div>
  );
}
