import { useState } from 'react';
import { FileReading, OpenedFile, useFileRead } from './bulk-file';
import type { BulkPrepared } from '../../../shared/ipc';
import { startPlan, type StartPlan } from '../bulk-words';
import { useWords } from '../words-context';
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
  const w = useWords().w.uiBulk;
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
      onError(w.tooLarge(dropped.name.slice(0, 80)));
      return;
    }
    fileRead.clear();
    setText(await dropped.text());
    setFileName(dropped.name.slice(0, 80));
    onError(null);
  };
  const shown = file ? fileRead.prepared : prepared;

  return (
    <section className="group" aria-label={w.newJob}>
      <label htmlFor="bulk-text">{w.addresses}</label>
      <ListBox
        text={text}
        readOnly={reading !== null}
        placeholder={w.placeholder}
        onText={(t) => {
          setText(t);
          setFileName(null);
          fileRead.clear();
          onDiscardCost();
        }}
        onDrop={(f) => {
          if (reading === null) void onDropped(f);
        }}
      />
      {reading && file ? (
        <FileReading name={file.name} progress={reading} onCancel={fileRead.cancel} />
      ) : (
        <>
          <div className="bulk-options">
            <button type="button" className="secondary" disabled={busy} onClick={() => void fileRead.open(opts)}>
              {w.openFile}
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
              {busy && !prepared ? w.reading : w.checkCost}
            </button>
          </div>
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
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

/** The list's box: typed, pasted or dropped text (data: not translated). */
function ListBox(p: {
  text: string;
  readOnly: boolean;
  placeholder: string;
  onText: (text: string) => void;
  onDrop: (file: File | undefined) => void;
}) {
  return (
    <textarea
      id="bulk-text"
      translate="no"
      rows={5}
      spellCheck={false}
      value={p.text}
      readOnly={p.readOnly}
      placeholder={p.placeholder}
      onChange={(e) => p.onText(e.target.value)}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        p.onDrop(e.dataTransfer.files[0]);
      }}
    />
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
  const w = useWords().w.uiBulk;
  return (
    <>
      <label>
        <input type="checkbox" checked={p.includeReserved} onChange={(e) => p.onReserved(e.target.checked)} />{' '}
        {w.includeReserved}
      </label>
      <label>
        <input type="checkbox" checked={p.expandRanges} onChange={(e) => p.onRanges(e.target.checked)} />{' '}
        {w.expandRanges}
      </label>
      <label>
        {w.floorBefore}{' '}
        <input
          type="number"
          className="narrow"
          min={0}
          max={90}
          value={p.floor}
          aria-label={w.floorLabel}
          onChange={(e) => p.onFloor(Math.max(0, Math.min(90, Math.round(Number(e.target.value) || 0))))}
        />{' '}
        {w.floorAfter}
      </label>
    </>
  );
}

/** The checked list: how many addresses, what was left out, what it costs, and Start (or why not). */
function BulkCost({ prepared, busy, onStart }: { prepared: BulkPrepared; busy: boolean; onStart: () => void }) {
  const w = useWords().w.uiBulk;
  const wp = useWords().w.bulkPreview;
  const cost = prepared.preview;
  const plan = cost ? startPlan(cost, w) : null;
  // The cost in the window's words, from the core's facts (the command line words the same facts).
  const said = cost ? wp.cost(cost) : null;
  // "Only 0 can be sent before the budget floor" says less than the reason Start is off: not both.
  const quiet = (plan?.kind === 'blocked' || plan?.kind === 'cache-only') && cost?.sendable === 0;
  const costLines = said ? [said.month, said.floor, ...(said.stops && !quiet ? [said.stops] : []), said.time] : [];
  const onlyRanges = prepared.unique === 0 && prepared.rangesLeft !== null;
  // The ranges the cost does not count (or all there is): the core's fact, worded as the command line words it.
  const note = prepared.rangesLeft && wp.rangesNote(prepared.rangesLeft);
  const noteLine = note && (onlyRanges ? wp.onlyRanges(note) : wp.notCounted(note));
  return (
    <div className="bulk-preview" role="region" aria-label={w.costRegion}>
      {!onlyRanges && (
        <p>
          <strong>{w.unique(prepared.unique)}</strong>
          {prepared.duplicates > 0 && w.merged(prepared.duplicates)}
          {said === null ? '.' : said.rest}
        </p>
      )}
      {prepared.invalidCount > 0 && (
        <details>
          <summary>{w.notAddresses(prepared.invalidCount)}</summary>
          <ul>
            {prepared.invalid.slice(0, 20).map((i) => (
              <li key={`${i.line}:${i.text}`}>
                {w.entryLine(i.line)}
                <span>{wp.entryProblem(i.problem)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {prepared.noiseCount > 0 && <NoiseNote count={prepared.noiseCount} example={prepared.noiseExample} />}
      {prepared.excludedCount > 0 && <p className="hint">{w.excluded(prepared.excludedCount)}</p>}
      {prepared.rangeLimit && (
        <p className="hint">{wp.rangeLimit(prepared.rangeLimit.total, prepared.rangeLimit.max)}</p>
      )}
      {!onlyRanges && costLines.map((l) => <p key={l}>{l}</p>)}
      {noteLine && <p>{noteLine}</p>}
      {!cost && prepared.unique > 0 && <p className="hint">{w.addKey}</p>}
      {cost && plan && prepared.unique > 0 && <StartButton plan={plan} busy={busy} onStart={onStart} />}
    </div>
  );
}

/** A log's skipped tokens, with the first as found (data, not words). */
function NoiseNote({ count, example }: { count: number; example: string | null }) {
  const w = useWords().w.bulkPreview;
  return (
    <p className="hint">
      {w.noise(count, example !== null)}
      {example !== null && (
        <>
          <span translate="no">{example}</span>
          {w.noiseEnd}
        </>
      )}
    </p>
  );
}

/** Start, saying what it spends; off (with the reason next to it) when nothing could be sent. */
function StartButton({ plan, busy, onStart }: { plan: StartPlan; busy: boolean; onStart: () => void }) {
  const w = useWords().w.uiBulk;
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
            ? w.startFree
            : plan.kind === 'send'
              ? w.startSend(plan.requests)
              : plan.kind === 'cache-only'
                ? w.startCacheOnly(plan.answers)
                : w.start}
        </button>
      </div>
    </>
  );
}
