import { useId, useState } from 'react';
import type { BulkResultsFilter } from '../../../shared/ipc';
import { BLOCK_LIST_FORMAT_IDS, BLOCK_LIST_FORMATS, type BlockListFormat } from '../../../shared/file-formats';
import { useApi } from '../api-context';
import { deliver } from '../deliver';

type Saved = { message: string; failed: boolean } | null;

/**
 * Saves a block list of a job (shared/block-list.ts): its addresses that need attention (the Report view), or the
 * rows a filtered results table shows (`filter`). A format picker and one button; the core validates every address.
 */
export function BlockListSave({ jobId, filter, what }: { jobId: string; filter?: BulkResultsFilter; what: string }) {
  const api = useApi();
  const id = useId();
  const [format, setFormat] = useState<BlockListFormat>('plain');
  const [saved, setSaved] = useState<Saved>(null);
  const save = async (): Promise<void> => {
    try {
      const r = await api.exportBlockList({ id: jobId, format, ...(filter ? { filter } : {}) });
      setSaved({ message: deliver(r), failed: !r.saved });
    } catch {
      setSaved({ message: 'The block list could not be saved. Try again.', failed: true });
    }
  };
  return (
    <>
      <div className="buttons block-list-save">
        <label htmlFor={id} className="hint">
          Block list of {what}:
        </label>
        <select id={id} value={format} onChange={(e) => setFormat(e.target.value as BlockListFormat)}>
          {BLOCK_LIST_FORMAT_IDS.map((f) => (
            <option key={f} value={f}>
              {BLOCK_LIST_FORMATS[f].label}
            </option>
          ))}
        </select>
        <button type="button" className="secondary small" onClick={() => void save()}>
          Save block list
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
