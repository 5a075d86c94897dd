import { useState } from 'react';
import type { BulkPrepared } from '../../../shared/ipc';
import { startPlan, type StartPlan } from '../bulk-words';
import { formatCountOf, sameNumbers } from '../format';
import type { BulkRequest } from '../use-bulk-job';

const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Bulk → "New bulk job": the list (pasted, dropped or opened), its options, "Check cost", then the cost and Start. */
export function BulkInput({
  busy,
  prepared,
  error,
  onCheck,
  onStart,
  onDiscardCost,
  onError,
}: {
  busy: boolean;
  /** The checked list and its cost; null until checked, and again once the list changes. */
  prepared: BulkPrepared | null;
  error: string | null;
  onCheck: (request: BulkRequest) => Promise<void>;
  /** Starts the job; `onStarted` clears the list. */
  onStart: (request: BulkRequest, onStarted: () => void) => Promise<void>;
  onDiscardCost: () => void;
  onError: (message: string | null) => void;
}) {
  const [text, setText] = useState('');
  const [includeReserved, setIncludeReserved] = useState(false);
  const [expandRanges, setExpandRanges] = useState(false);
  const [floor, setFloor] = useState(5);
  // The opened file's name labels the job, until the text is edited.
  const [fileName, setFileName] = useState<string | null>(null);
  const request = (): BulkRequest => ({ text, includeReserved, expandRanges, floor, label: fileName ?? undefined });

  const readFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      onError(`${file.name} is larger than 20 MB: split it, or paste a part of it.`);
      return;
    }
    setText(await file.text());
    setFileName(file.name.slice(0, 80));
    onDiscardCost();
    onError(null);
  };

  return (
    <section className="group" aria-label="New bulk job">
      <label htmlFor="bulk-text">Addresses — paste a list, CSV or log, or open a file</label>
      <textarea
        id="bulk-text"
        rows={5}
        spellCheck={false}
        value={text}
        placeholder={'8.8.8.8\n2001:4860:4860::8888, 1.1.1.1\n… any text: addresses are picked out'}
        onChange={(e) => {
          setText(e.target.value);
          setFileName(null);
          onDiscardCost();
        }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          void readFile(e.dataTransfer.files[0]);
        }}
      />
      <div className="bulk-options">
        <label className="file-button secondary">
          Open file…
          <input
            type="file"
            accept=".txt,.csv,.log,.tsv,text/plain,text/csv"
            onChange={(e) => void readFile(e.target.files?.[0])}
          />
        </label>
        <label>
          <input type="checkbox" checked={includeReserved} onChange={(e) => setIncludeReserved(e.target.checked)} />{' '}
          Include private and reserved addresses
        </label>
        <label>
          <input type="checkbox" checked={expandRanges} onChange={(e) => setExpandRanges(e.target.checked)} /> Expand
          ranges (CIDR, a-b)
        </label>
        <label>
          Keep{' '}
          <input
            type="number"
            className="narrow"
            min={0}
            max={90}
            value={floor}
            aria-label="Budget floor, percent of the month limit"
            onChange={(e) => setFloor(Math.max(0, Math.min(90, Math.round(Number(e.target.value) || 0))))}
          />{' '}
          % of the month for single lookups
        </label>
      </div>
      <div className="buttons">
        <button type="button" disabled={busy || text.trim() === ''} onClick={() => void onCheck(request())}>
          {busy && !prepared ? 'Reading…' : 'Check cost'}
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {sameNumbers(error)}
        </p>
      )}
      {prepared && (
        <BulkCost prepared={prepared} busy={busy} onStart={() => void onStart(request(), () => setText(''))} />
      )}
    </section>
  );
}

/** The checked list: how many addresses, what was left out, what it costs, and Start (or why not). */
function BulkCost({ prepared, busy, onStart }: { prepared: BulkPrepared; busy: boolean; onStart: () => void }) {
  const cost = prepared.preview;
  const plan = cost ? startPlan(cost) : null;
  // "Only 0 can be sent before the budget floor" says less than the reason Start is off: not both.
  // The core's preview (the CLI prints the same lines): the cost, then the ranges it does not count.
  const costLines = prepared.previewLines.filter(
    (l) => !(plan?.kind === 'blocked' || plan?.kind === 'cache-only') || !/^Only 0 /.test(l),
  );
  const onlyRanges = prepared.unique === 0 && prepared.rangesNote !== null;
  // The core's first line repeats the count ("19 unique addresses: 0 answered from the cache…"): its rest joins the
  // count's line, so the count is said once.
  const rest = onlyRanges ? null : (/^[\d,.\s]+ unique address(?:es)?(: .*)$/.exec(costLines[0] ?? '')?.[1] ?? null);
  const otherLines = rest === null ? costLines : costLines.slice(1);
  return (
    <div className="bulk-preview" role="region" aria-label="Cost before sending">
      {!onlyRanges && (
        <p>
          <strong>{formatCountOf(prepared.unique, 'unique address', 'unique addresses')}</strong>
          {prepared.duplicates > 0 && ` (${formatCountOf(prepared.duplicates, 'duplicate')} merged)`}
          {rest === null ? '.' : sameNumbers(rest)}
        </p>
      )}
      {prepared.invalidCount > 0 && (
        <details>
          <summary>
            {prepared.invalidCount === 1
              ? '1 entry is not an address (left out)'
              : `${formatCountOf(prepared.invalidCount, 'entry', 'entries')} are not addresses (left out)`}
          </summary>
          <ul>
            {prepared.invalid.slice(0, 20).map((i) => (
              <li key={`${i.line}:${i.text}`}>
                line {i.line}: {i.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      {prepared.noise !== null && <p className="hint">{prepared.noise}</p>}
      {prepared.excludedCount > 0 && (
        <p className="hint">
          {formatCountOf(
            prepared.excludedCount,
            'private, loopback or reserved address',
            'private, loopback or reserved addresses',
          )}{' '}
          left out (the service knows little about them).
        </p>
      )}
      {prepared.rangeMessage && <p className="hint">{sameNumbers(prepared.rangeMessage)}</p>}
      {otherLines.map((l) => (
        <p key={l}>{sameNumbers(l)}</p>
      ))}
      {!cost && prepared.unique > 0 && <p className="hint">Add an API key to see the cost and start.</p>}
      {cost && plan && prepared.unique > 0 && <StartButton plan={plan} busy={busy} onStart={onStart} />}
    </div>
  );
}

/** Start, saying what it spends; off (with the reason next to it) when nothing could be sent. */
function StartButton({ plan, busy, onStart }: { plan: StartPlan; busy: boolean; onStart: () => void }) {
  const explained = plan.kind === 'blocked' || plan.kind === 'cache-only';
  return (
    <>
      {explained && (
        <p className="field-error" id="bulk-start-why">
          {plan.why}
        </p>
      )}
      <div className="buttons">
        <button
          type="button"
          disabled={busy || plan.kind === 'blocked'}
          aria-describedby={explained ? 'bulk-start-why' : undefined}
          onClick={onStart}
        >
          {plan.kind === 'free'
            ? 'Start (all from the cache: free)'
            : plan.kind === 'send'
              ? `Start (uses up to ${formatCountOf(plan.requests, 'request')})`
              : plan.kind === 'cache-only'
                ? `Start (${formatCountOf(plan.answers, 'answer')} from the cache, free; sends nothing)`
                : 'Start'}
        </button>
      </div>
    </>
  );
}
