import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LookupOutcome } from '../../../shared/outcome';
import { isRefused, refusedWords, type Outcome, type RefusedOutcome } from '../../../shared/outcome-table';
import { addressKind, type RangeKind } from '../../../shared/ip';
import { useWords } from '../words-context';
import type { UiResultWords } from '../../../shared/i18n/words';
import { osmMapUrl } from '../../../shared/map-link';
import { pastLimitIsStale } from '../live-notices';
import { summarize, type Fact } from '../summary';
import { CopyButton } from './copy-button';
import { JsonTree } from './json-tree';

export type LookupState =
  | { phase: 'idle' }
  | { phase: 'pending'; ip: string; refresh: boolean }
  /** A private, loopback or reserved address (its kind): asked before a request is spent on it. */
  | { phase: 'confirm'; ip: string; range: RangeKind }
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
  const { w } = useWords();
  // A refused lookup whose limit reset long ago is not news any more: the area is as before any lookup.
  const state: LookupState = given.phase === 'done' && pastLimitIsStale(given.outcome, now) ? { phase: 'idle' } : given;
  return (
    <section className="result" role="region" aria-label={w.uiResult.region} aria-busy={state.phase === 'pending'}>
      {state.phase === 'idle' && <p className="placeholder">{w.uiResult.placeholder}</p>}
      {state.phase === 'pending' && (
        <div className="pending">
          <p aria-live="polite">
            <span className="spinner" aria-hidden="true" /> {w.uiResult.pending(state.refresh, state.ip)}
          </p>
          <button type="button" className="secondary" onClick={onCancel}>
            {w.uiResult.cancel}
          </button>
        </div>
      )}
      {state.phase === 'confirm' && (
        <ConfirmNonPublic ip={state.ip} range={state.range} onConfirm={onConfirm} onDecline={onDecline} />
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
  range,
  onConfirm,
  onDecline,
}: {
  ip: string;
  range: RangeKind;
  onConfirm: () => void;
  onDecline: () => void;
}) {
  const { w } = useWords();
  const go = useRef<HTMLButtonElement>(null);
  useEffect(() => go.current?.focus({ preventScroll: true }), []);
  return (
    <div className="problem confirm-nonpublic" role="group" aria-labelledby="confirm-nonpublic-title">
      <h2 id="confirm-nonpublic-title">{w.uiResult.confirmTitle(ip)}</h2>
      <p>{w.uiResult.confirmText(range)}</p>
      <div className="actions">
        <button ref={go} type="button" onClick={onConfirm}>
          {w.uiResult.confirmGo}
        </button>
        <button type="button" className="secondary" onClick={onDecline}>
          {w.uiResult.cancel}
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
  const { w } = useWords();
  // Every kind the table shows as refused is drawn from its row; the other views are named here.
  if (isRefused(o))
    return <Refused outcome={o} onRetry={onRetry} onRefresh={onRefresh} onOpenSettings={onOpenSettings} />;
  switch (o.kind) {
    case 'ok':
      return (
        <Answer
          body={o.body}
          ip={o.ip}
          note={o.note === null ? null : noteOf(o.ip, o.note, w.uiResult)}
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
  const words = refusedWords(o, useWords().w.outcome);
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
  const r = useWords().w.uiResult;
  if (now >= o.resetAt) {
    return (
      <div className="problem past">
        <h2>{r.limitReset(o.scope)}</h2>
        <p>{r.limitWas(o.scope, at, now)}</p>
        <button type="button" onClick={onRetry}>
          {r.lookUpAgain}
        </button>
      </div>
    );
  }
  if (forced && o.kind === 'rate-limited') {
    return (
      <Problem title={r.stillLimited(at, now)}>
        <p>{r.triedAnyway}</p>
      </Problem>
    );
  }
  return (
    <Problem title={r.limitTitle(o.scope)}>
      <p>{r.limitText(o.kind === 'cooldown')}</p>
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
  const { w } = useWords();
  return (
    <Problem title={w.uiResult.badTitle}>
      <p>{w.outcome.message(o)}</p>
      {o.tooLarge && o.ip !== undefined ? (
        <TooLarge key={`${o.ip}@${at}`} ip={o.ip} bytes={o.tooLarge.bytes} onSave={onSaveAnswer} />
      ) : o.body !== undefined ? (
        <JsonTree data={o.body} />
      ) : (
        <pre className="raw" aria-label={w.uiResult.raw} translate={o.raw === '' ? undefined : 'no'}>
          {o.raw === '' ? w.uiResult.emptyBody : o.raw}
        </pre>
      )}
      {!o.tooLarge && (
        <CopyButton text={o.raw} label={w.uiResult.copyRaw}>
          {w.uiResult.copyRaw}
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
  const { w } = useWords();
  const r = w.uiResult;
  // Once per answer, not on every render (a countdown re-renders every second).
  const facts = useMemo(() => summarize(body), [body]);
  const json = useMemo(() => (tooLarge ? '' : (JSON.stringify(body, null, 2) ?? String(body))), [body, tooLarge]);
  return (
    <div className="answer">
      <div className="source">
        <span>{r.source(source, expired, age)}</span>
        <button type="button" className="link" onClick={onRefresh}>
          {r.refresh}
        </button>
      </div>
      {note && <p className="note">{note}</p>}
      {facts.length > 0 ? (
        <dl className="facts">
          {facts.map((f) => {
            const ours = factWords(f, r);
            return (
              <div key={f.label} className={`fact ${f.tone ?? ''}`}>
                <dt>{r.fact[f.label]}</dt>
                <dd>
                  {/* The service's data as it sent it; the security line is the window's words. */}
                  <span translate={ours === null ? 'no' : undefined}>{ours ?? f.value}</span>
                  {/* Copy last in every row, so the Copy buttons form one column at the right edge (issue 33). */}
                  {f.coordinates && <MapButton {...f.coordinates} onOpen={onOpenMap} />}
                  <CopyButton text={ours ?? f.copy} label={r.copyFact(r.fact[f.label])} />
                </dd>
              </div>
            );
          })}
        </dl>
      ) : tooLarge ? null : (
        <p className="hint">{r.unexpectedShape(ip)}</p>
      )}
      {tooLarge ?? (
        <>
          <div className="json-head">
            <h2>{r.fullResponse}</h2>
            <CopyButton text={json} label={r.copyJson}>
              {r.copyJson}
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
  const r = useWords().w.uiResult;
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
      aria-label={failed ? r.mapFailedName : r.mapName}
      title={r.mapTitle}
    >
      {failed ? r.mapFailed : r.map}
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
  const r = useWords().w.uiResult;
  const [state, setState] = useState<{ phase: 'idle' | 'saving' } | { phase: 'done'; message: string }>({
    phase: 'idle',
  });
  const save = async (): Promise<void> => {
    setState({ phase: 'saving' });
    try {
      const r = await onSave(ip);
      setState({ phase: 'done', message: r.message });
    } catch {
      setState({ phase: 'done', message: r.saveFailed });
    }
  };
  return (
    <div className="too-large">
      <p>{r.tooLarge(bytes)}</p>
      <button type="button" disabled={state.phase === 'saving'} onClick={() => void save()}>
        {r.saveAs}
      </button>
      <p className="hint" role="status" aria-live="polite">
        {state.phase === 'done' ? state.message : state.phase === 'saving' ? r.saving : ''}
      </p>
    </div>
  );
}

/** The security line in the window's words (null for the service's own data, shown as it came). */
function factWords(f: Fact, r: UiResultWords): string | null {
  if (f.noFlags) return r.noFlags;
  if (f.flags) return f.flags.map((id) => r.flag[id]).join(', ');
  return null;
}

/** An answer's note for a non-public address, in the window's words (the core's English note when not one). */
function noteOf(ip: string, note: string, r: UiResultWords): string {
  const kind = addressKind(ip);
  return kind === null ? note : r.note(kind);
}
