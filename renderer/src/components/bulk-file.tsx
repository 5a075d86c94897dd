import { useEffect, useRef, useState } from 'react';
import type { BulkOpenedFile, BulkPrepared, BulkReadProgress, LookupTrayDropApi } from '../../../shared/ipc';
import { useApi } from '../api-context';
import { useWords } from '../words-context';

/** How a file is read: the options the Bulk view has set. */
export interface FileReadOptions {
  includeReserved: boolean;
  expandRanges: boolean;
  floor: number;
}

/** The Electron preload's drop (docs/bulk.md, "Reading a file"); absent in the web preview. */
function dropApi(): LookupTrayDropApi | null {
  const w = window as unknown as { lookupTrayDrop?: LookupTrayDropApi };
  return w.lookupTrayDrop ?? null;
}

/**
 * An opened or dropped file, read in the core (the page never holds it): the file chosen, its read's progress while
 * it runs, and what it holds once read. Cancel stops the core's reading and forgets the file; the text box is not
 * touched, so what was typed before stays.
 */
export function useFileRead(onError: (message: string | null) => void, onJobStarted?: (jobId: string) => void) {
  const api = useApi();
  const w = useWords().w.uiBulk;
  const { refusal } = useWords().w.bulkNote;
  const [starting, setStarting] = useState(false);
  const [file, setFile] = useState<BulkOpenedFile | null>(null);
  const [reading, setReading] = useState<BulkReadProgress | null>(null);
  const [prepared, setPrepared] = useState<BulkPrepared | null>(null);
  const current = useRef<string | null>(null);

  useEffect(
    () =>
      api.onBulkReadProgress((p) => {
        if (p.id === current.current) setReading((r) => (r ? p : r));
      }),
    [api],
  );

  const read = async (f: BulkOpenedFile, opts: FileReadOptions): Promise<void> => {
    current.current = f.id;
    setFile(f);
    setPrepared(null);
    onError(null);
    setReading({ id: f.id, bytes: 0, total: f.size, found: 0, elapsedMs: 0 });
    try {
      const r = await api.bulkReadFile({
        id: f.id,
        includeReserved: opts.includeReserved,
        expandRanges: opts.expandRanges,
        floor: { percent: opts.floor },
      });
      if (current.current !== f.id) return;
      if (r.kind === 'read') setPrepared(r.prepared);
      else {
        setFile(null);
        current.current = null;
        if (r.kind === 'refused') onError(refusal(r.refusal));
      }
    } catch {
      if (current.current === f.id) onError(w.cannotRead(f.name));
    } finally {
      if (current.current === f.id || current.current === null) setReading(null);
    }
  };

  /** Start: a job on the file's addresses (the core reads it again only if the options changed). */
  const start = async (id: string, opts: FileReadOptions): Promise<void> => {
    setStarting(true);
    onError(null);
    try {
      const { includeReserved, expandRanges, floor } = opts;
      const r = await api.bulkStartFile({ id, includeReserved, expandRanges, floor: { percent: floor } });
      if (r.kind === 'refused') onError(refusal(r.refusal));
      else {
        current.current = null;
        setFile(null);
        setPrepared(null);
        onJobStarted?.(r.job.id);
      }
    } catch {
      onError(w.cannotStart);
    } finally {
      setStarting(false);
    }
  };

  return {
    file,
    reading,
    prepared,
    starting,
    read,
    start,
    /** "Open file…": the core's open dialog; null when the user cancelled it. */
    open: async (opts: FileReadOptions): Promise<void> => {
      try {
        const f = await api.bulkOpenFile();
        if (f) await read(f, opts);
      } catch {
        onError(w.cannotOpen);
      }
    },
    /** A drop in the Electron window: the preload hands the core the dropped file's path. False: no such way here. */
    drop: async (dropped: File, opts: FileReadOptions): Promise<boolean> => {
      const d = dropApi();
      if (!d) return false;
      const f = await d.bulkDropFile(dropped);
      if (f) await read(f, opts);
      else onError(w.dropFromManager(dropped.name.slice(0, 80)));
      return true;
    },
    cancel: (): void => {
      const id = current.current;
      current.current = null;
      setReading(null);
      setFile(null);
      setPrepared(null);
      if (id) void api.bulkCancelRead({ id }).catch(() => {});
    },
    /** The options changed: the file's cost is to be read again. */
    discard: (): void => setPrepared(null),
    /** The job started, or the text is used instead: the file is done with. */
    clear: (): void => {
      current.current = null;
      setFile(null);
      setPrepared(null);
    },
  };
}

/** While the core reads a file: how far (bytes of the total, addresses found, time left) and Cancel. */
export function FileReading({
  name,
  progress,
  onCancel,
}: {
  name: string;
  progress: BulkReadProgress;
  onCancel: () => void;
}) {
  const w = useWords().w.uiBulk;
  const share = progress.total > 0 ? progress.bytes / progress.total : 0;
  // "1.2 MB of 5 MB read, 3,000 addresses, 0:05 left" (the name is the label's).
  const { bytes, total, found, elapsedMs } = progress;
  const leftMs = total > 0 && bytes > 0 && elapsedMs >= 1000 ? ((total - bytes) * elapsedMs) / bytes : null;
  const detail = w.readProgress({ bytes, total, found, leftMs });
  return (
    <div className="bulk-reading" role="group" aria-label={w.readingFile(name)}>
      {/* Said once when the reading starts; the bar's value carries the figures (no announcement per update). */}
      <p role="status">
        {w.readingStatus.before} <strong translate="no">{name}</strong>
        {w.readingStatus.after(progress.total)}
      </p>
      <div
        className="bulk-progress"
        role="progressbar"
        aria-label={w.readingFile(name)}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.bytes}
        aria-valuetext={detail}
      >
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className="bulk-counts">{detail}</p>
      <div className="buttons">
        <button type="button" className="secondary" onClick={onCancel}>
          {w.cancel}
        </button>
      </div>
    </div>
  );
}

/** The opened file the next cost and Start use, and the way back to the text box. */
export function OpenedFile({ file, onClear }: { file: BulkOpenedFile; onClear: () => void }) {
  const w = useWords().w.uiBulk;
  return (
    <p className="hint">
      {w.fileBefore} <strong translate="no">{file.name}</strong>
      {w.fileAfter(file.size)}
      <button type="button" className="link" onClick={onClear}>
        {w.useText}
      </button>
    </p>
  );
}
