import { useId, useState } from 'react';
import type { BulkResultsFilter } from '../../../shared/ipc';
import { BLOCK_LIST_FORMAT_IDS, BLOCK_LIST_FORMATS, type BlockListFormat } from '../../../shared/file-formats';
import { useApi } from '../api-context';
import { deliver } from '../deliver';
import { useWords } from '../words-context';

type Saved = { message: string; failed: boolean } | null;

/**
 * Saves a block list of a job (shared/block-list.ts): its addresses that need attention (the Report view), or the
 * rows a filtered results table shows (`filter`). A format picker and one button; the core validates every address.
 */
export function BlockListSave({
  jobId,
  filter,
  what,
}: {
  jobId: string;
  filter?: BulkResultsFilter;
  /** Whose addresses: the results table's rows shown, or these (the Report's addresses that need attention). */
  what: 'shown' | 'these';
}) {
  const api = useApi();
  const w = useWords().w.uiBulk;
  const saidSaved = useWords().w.uiSaved;
  const id = useId();
  const [format, setFormat] = useState<BlockListFormat>('plain');
  const [saved, setSaved] = useState<Saved>(null);
  const save = async (): Promise<void> => {
    try {
      const r = await api.exportBlockList({ id: jobId, format, ...(filter ? { filter } : {}) });
      setSaved({ message: deliver(r, saidSaved), failed: !r.saved });
    } catch {
      setSaved({ message: w.blockListFailed, failed: true });
    }
  };
  return (
    <>
      <div className="buttons block-list-save">
        <label htmlFor={id} className="hint">
          {w.blockListOf(what)}
        </label>
        <select id={id} value={format} onChange={(e) => setFormat(e.target.value as BlockListFormat)}>
          {BLOCK_LIST_FORMAT_IDS.map((f) => (
            <option key={f} value={f} translate={f === 'plain' ? undefined : 'no'}>
              {f === 'plain' ? w.plainList : BLOCK_LIST_FORMATS[f].label}
            </option>
          ))}
        </select>
        <button type="button" className="secondary small" onClick={() => void save()}>
          {w.saveBlockList}
        </button>
      </div>
      {saved && (
        <p className={saved.failed ? 'field-error' : 'hint'} role="status">
          {saved.message}
        </p>
      )}
    </>
  );
}
