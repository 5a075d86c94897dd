import { useState } from 'react';
import { FileReading, OpenedFile, useFileRead } from './bulk-file';
import type { BulkPrepared } from '../../../shared/ipc';
import { startPlan, type StartPlan } from '../bulk-words';
import { formatCountOf, sameNumbers } from '../format';
import type { BulkRequest } from '../use-bulk-job';

/** The paste limit (shared/ipc-schemas.ts): a text travels to the core whole; an opened file never does. */
const MAX_PASTE_BYTES = 32 * 1024 * 1024;

/** Bulk → "New bulk job": the list (pasted, dropped or opened), its options, "Check cost", then the cost and Start. */
export function BulkInput({
  busy,
  prepared,
  error,
  onCheck,
  onStart,
  onDiscardCost,
  onError,
  onFileJobStarted,
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
  /** A job started on an opened file (the core started it): show it. */
  onFileJobStarted?: (jobId: string) => void;
}) {
  const [text, setText] = useState('');
  const [includeReserved, setIncludeReserved] = useState(false);
  const [expandRanges, setExpandRanges] = useState(false);
  const [floor, setFloor] = useState(5);
  // The dropped text's file name (the web preview's drop) labels the job, until the text is edited.
  const [fileName, setFileName] = useState<string | null>(null);
  const request = (): BulkRequest => ({ text, includeReserved, expandRanges, floor, label: fileName ?? undefined });
  const opts = { includeReserved, expandRanges, floor };
  const fileRead = useFileRead(onError, onFileJobStarted);
  const { file, reading } = fileRead;
  const optionChanged = () => {
    onDiscardCost();
    fileRead.discard();
  };

  // A drop: in the Electron window the core reads the file (the preload hands it the path); in the web preview (no
  // preload) the text goes in the box, within the paste limit.
  const onDropped = async (dropped: File | undefined): Promise<void> => {
    if (!dropped) return;
    onDiscardCost();
    if (await fileRead.drop(dropped, opts)) return;
    if (dropped.size > MAX_PASTE_BYTES) {
      onError(`${dropped.name.slice(0, 80)} is larger than 32 MB: open it with “Open file…” instead.`);
      return;
    }
    fileRead.clear();
    setText(await dropped.text());
    setFileName(dropped.name.slice(0, 80));
    onError(null);
  };
  const shown = file ? fileRead.prepared : prepared;

  return (
    <section className="group" aria-label="New bulk job">
      <label htmlFor="bulk-text">Addresses — paste a list, CSV or log, or open a file</label>
      <textarea
        id="bulk-text"
        rows={5}
        spellCheck={false}
        value={text}
        readOnly={reading !== null}
        placeholder={'8.8.8.8\n2001:4860:4860::8888, 1.1.1.1\n… any text: addresses are picked out'}
        onChange={(e) => {
          setText(e.target.value);
          setFileName(null);
          fileRead.clear();
          onDiscardCost();
        }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          if (reading === null) void onDropped(e.dataTransfer.files[0]);
        }}
      />
      {reading && file ? (
        <FileReading name={file.name} progress={reading} onCancel={fileRead.cancel} />
      ) : (
        <>
          <div className="bulk-options">
            <button type="button" className="secondary" disabled={busy} onClick={() => void fileRead.open(opts)}>
              Open file…
            </button>
            <BulkOptions
              includeReserved={includeReserved}
              expandRanges={expandRanges}
              floor={floor}
              onReserved={(v) => (setIncludeReserved(v), optionChanged())}
              onRanges={(v) => (setExpandRanges(v), optionChanged())}
              onFloor={setFloor}
            />
          </div>
          {file && <OpenedFile file={file} onClear={fileRead.clear} />}
          <div className="buttons">
            <button
              type="button"
              disabled={busy || (file === null && text.trim() === '')}
              onClick={() => void (file ? fileRead.read(file, opts) : onCheck(request()))}
            >
              {busy && !prepared ? 'Reading…' : 'Check cost'}
            </button>
          </div>
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {sameNumbers(error)}
        </p>
      )}
      {shown && reading === null && (
        <BulkCost
          prepared={shown}
          busy={busy || fileRead.starting}
          onStart={() => void (file ? fileRead.start(file.id, opts) : onStart(request(), () => setText('')))}
        />
      )}
    </section>
  );
}

/** The list's options: private and reserved addresses, ranges, the budget floor. */
function BulkOptions(p: {
  includeReserved: boolean;
  expandRanges: boolean;
  floor: number;
  onReserved: (v: boolean) => void;
  onRanges: (v: boolean) => void;
  onFloor: (v: number) => void;
}) {
  return (
    <>
      <label>
        <input type="checkbox" checked={p.includeReserved} onChange={(e) => p.onReserved(e.target.checked)} /> Include
        private and reserved addresses
      </label>
      <label>
        <input type="checkbox" checked={p.expandRanges} onChange={(e) => p.onRanges(e.target.checked)} /> Expand ranges
        (CIDR, a-b)
      </label>
      <label>
        Keep{' '}
        <input
          type="number"
          className="narrow"
          min={0}
          max={90}
          value={p.floor}
          aria-label="Budget floor, percent of the month limit"
          onChange={(e) => p.onFloor(Math.max(0, Math.min(90, Math.round(Number(e.target.value) || 0))))}
        />{' '}
        % of the month for single lookups
      </label>
    </>
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
