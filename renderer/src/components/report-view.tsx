import { useCallback, useEffect, useId, useState } from 'react';
import type { BulkReport } from '../../../shared/report';
import { REPORT_FORMAT_IDS, REPORT_FORMATS } from '../../../shared/file-formats';
import { attentionNote, countryLabel, coverageText } from '../../../shared/report';
import { useApi } from '../api-context';
import { mapAlternative } from '../report-words';
import { REPORT_MAP } from '../report-map-loader';
import { BlockListSave } from './block-list-save';
import { BreakdownTable, TopAddresses } from './report-tables';
import { ExportButtons, LoadFailed } from './view-parts';
import { ViewHead } from './view-head';

/** Where the located addresses are: the lazy map, and the top places in words (its text alternative). */
function Places({ report }: { report: BulkReport }) {
  const listId = useId();
  const ReportMap = REPORT_MAP.useComponent();
  const alt = mapAlternative(report.places);
  if (report.places.length === 0)
    return <p className="hint">No answer gives a location: there is nothing to put on a map.</p>;
  return (
    <section className="group report-places" aria-label="Where the addresses are">
      <h2>Where the addresses are</h2>
      {ReportMap === null && <div className="report-map-placeholder" aria-busy="true" />}
      {ReportMap === 'failed' && <p className="hint">The map could not be loaded; the places are listed below.</p>}
      {ReportMap !== null && ReportMap !== 'failed' && <ReportMap places={report.places} describedBy={listId} />}
      <div id={listId}>
        <p className="sr-only">Top places by hits:</p>
        <ol className="report-place-list">
          {alt.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        {alt.more > 0 && <p className="hint">and {alt.more} more places on the map.</p>}
      </div>
    </section>
  );
}

/** The addresses that matter first: flagged Tor, proxy or VPN, or scoring at or above the setting; a block list of them. */
function NeedsAttention({ report }: { report: BulkReport }) {
  const a = report.attention;
  return (
    <TopAddresses top={a.rows} caption="Needs attention">
      <p className="hint">{attentionNote(a)}</p>
      {a.rows.length === 0 && (
        <p className="no-data">
          {report.coverage.answered > 0 ? 'No answered address needs attention.' : 'None answered yet.'}
        </p>
      )}
      {a.total > 0 && <BlockListSave jobId={report.jobId} what="these" />}
    </TopAddresses>
  );
}

function ReportBody({ report }: { report: BulkReport }) {
  const api = useApi();
  return (
    <>
      <div className="report-coverage" aria-label="Coverage">
        <p>{coverageText(report)}</p>
      </div>
      <ExportButtons
        className="report-export"
        lead="Export report:"
        formats={REPORT_FORMAT_IDS.map((id) => ({ id, label: REPORT_FORMATS[id].label }))}
        small
        save={(format) => api.exportBulkReport({ id: report.jobId, format })}
      />
      <NeedsAttention report={report} />
      <Places report={report} />
      <BreakdownTable caption="By country" what="Country" rows={report.countries} label={countryLabel} />
      <BreakdownTable caption="By network (ASN)" what="ASN" rows={report.asns} />
      <BreakdownTable
        caption="By security flag"
        what="Flag"
        rows={report.flags}
        note="An address may carry several flags: the shares need not add up to 100 %."
      />
      <BreakdownTable caption="By threat score" what="Threat score" rows={report.threat} />
      {report.top.length > 0 && <TopAddresses top={report.top} />}
    </>
  );
}

/** How often at most the report of a job that runs is made again as answers arrive. */
const REPORT_EVERY_MS = 2000;

/**
 * The report of a bulk job: where its addresses are, who runs them, which hide. Made by the core from the answers
 * it keeps (0 requests); on a job still running or stopped it says how much of it is covered.
 */
export function ReportView({ jobId, onBack }: { jobId: string; onBack: () => void }) {
  const api = useApi();
  const [report, setReport] = useState<BulkReport | null | 'none'>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      setReport((await api.getBulkReport({ id: jobId })) ?? 'none');
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [api, jobId]);
  useEffect(() => {
    // The map and its libraries (d3-geo, the land outline) are not in the initial bundle: they load ahead of the
    // view once Bulk shows a Report button (report-map-loader.ts), or here at the latest, while the core makes the
    // report, not after. Places asks again and says what failed.
    void REPORT_MAP.load().catch(() => {});
    void load();
  }, [load]);
  useEffect(() => {
    // A job that runs (a followed log's grows): the report is made again as answers arrive, at most every 2 s.
    let last = Date.now();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const again = () => {
      timer = null;
      last = Date.now();
      void load();
    };
    const off = api.onBulkProgress((p) => {
      if (p.jobId === jobId) timer ??= setTimeout(again, Math.max(0, REPORT_EVERY_MS - (Date.now() - last)));
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [api, jobId, load]);

  const title = report && report !== 'none' ? `Report · ${report.label}` : 'Report';
  return (
    <main className="report">
      <ViewHead title={title} onBack={onBack} />
      {failed && <LoadFailed what="The report could not be made." onRetry={() => void load()} />}
      {!failed && report === null && <p aria-busy="true">Making the report…</p>}
      {report === 'none' && <p className="no-data">This bulk job is gone: there is nothing to report.</p>}
      {report && report !== 'none' && <ReportBody report={report} />}
    </main>
  );
}
