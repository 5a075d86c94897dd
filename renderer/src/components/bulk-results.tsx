import { useState } from 'react';
import { EXPORT_FORMAT_IDS, EXPORT_FORMATS, type ExportFormat } from '../../../shared/file-formats';
import type { BulkJobInfo } from '../../../shared/ipc';
import { BulkTable } from './bulk-table';
import { jobOwner } from './bulk-job';
import { useWords } from '../words-context';

/** The shown job's exports and rows, and (with several jobs) the picker of the job to show. */
export function BulkResults({
  job,
  total,
  version,
  jobs,
  profile,
  onExport,
  onSelect,
}: {
  job: BulkJobInfo;
  total: number;
  /** Changes when the job's rows may have changed. */
  version: number;
  jobs: BulkJobInfo[];
  profile: string;
  /** `bom`: a CSV begins with a byte-order mark (Excel and LibreOffice then read its accents right). */
  onExport: (format: ExportFormat, bom: boolean) => Promise<{ message: string; failed: boolean } | null>;
  onSelect: (id: string) => void;
}) {
  const w = useWords().w.uiBulk;
  const [exported, setExported] = useState<{ message: string; failed: boolean } | null>(null);
  const [bom, setBom] = useState(false);
  const exportAs = async (format: ExportFormat): Promise<void> => {
    const r = await onExport(format, format === 'csv' && bom);
    if (r) setExported(r);
  };
  return (
    <>
      <div className="buttons bulk-export">
        <span className="hint">{w.exportLead}</span>
        {EXPORT_FORMAT_IDS.map((fmt) => (
          <button key={fmt} type="button" className="secondary small" translate="no" onClick={() => void exportAs(fmt)}>
            {EXPORT_FORMATS[fmt].label}
          </button>
        ))}
        <label className="hint">
          <input type="checkbox" checked={bom} onChange={(e) => setBom(e.target.checked)} /> {w.bom}
        </label>
      </div>
      {exported && (
        <p className={exported.failed ? 'field-error' : 'hint'} role="status">
          {exported.message}
        </p>
      )}
      <BulkTable jobId={job.id} total={total} version={version} />
      {jobs.length > 1 && (
        <label className="bulk-pick">
          {w.job}{' '}
          <select value={job.id} onChange={(e) => onSelect(e.target.value)}>
            {jobs.map((j) => (
              <option key={j.id} value={j.id}>
                {`${j.label} (${w.stateShort[j.state]})${jobOwner(j, profile, w)}`}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}
