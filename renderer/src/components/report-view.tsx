import { useCallback, useEffect, useId, useState } from 'react';
import type { BulkReport } from '../../../shared/report';
import { REPORT_FORMAT_IDS, REPORT_FORMATS } from '../../../shared/file-formats';
import { countryLabel } from '../../../shared/report';
import { useWords } from '../words-context';
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
  const w = useWords().w.uiReport;
  const ReportMap = REPORT_MAP.useComponent();
  const alt = mapAlternative(report.places, 10, w);
  if (report.places.length === 0) return <p className="hint">{w.noPlaces}</p>;
  return (
    <section className="group report-places" aria-label={w.places}>
      <h2>{w.places}</h2>
      {ReportMap === null && <div className="report-map-placeholder" aria-busy="true" />}
      {ReportMap === 'failed' && <p className="hint">{w.mapFailed}</p>}
      {ReportMap !== null && ReportMap !== 'failed' && <ReportMap places={report.places} describedBy={listId} />}
      <div id={listId}>
        <p className="sr-only">{w.topPlaces}</p>
        <ol className="report-place-list">
          {alt.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        {alt.more > 0 && <p className="hint">{w.morePlaces(alt.more)}</p>}
      </div>
    </section>
  );
}

/** The addresses that matter first: flagged Tor, proxy or VPN, or scoring at or above the setting; a block list of them. */
function NeedsAttention({ report }: { report: BulkReport }) {
  const w = useWords().w.uiReport;
  const a = report.attention;
  return (
    <TopAddresses top={a.rows} caption={w.attention}>
      <p className="hint">{w.attentionNote(a.threshold, a.rows.length, a.total)}</p>
      {a.rows.length === 0 && (
        <p className="no-data">{report.coverage.answered > 0 ? w.noAttention : w.noneAnswered}</p>
      )}
      {a.total > 0 && <BlockListSave jobId={report.jobId} what="these" />}
    </TopAddresses>
  );
}

function ReportBody({ report }: { report: BulkReport }) {
  const api = useApi();
  const { w: words } = useWords();
  const w = words.uiReport;
  const flagLabel = (r: { key: string; label: string }) =>
    r.key === 'none' ? w.noneFlagged : words.uiBulk.flagName(r.label);
  const data = (text: string) => <span translate="no">{text}</span>;
  return (
    <>
      <div className="report-coverage" aria-label={w.coverageLabel}>
        <p>{w.coverage(report.coverage, report.state)}</p>
      </div>
      <ExportButtons
        className="report-export"
        lead={w.exportLead}
        formats={REPORT_FORMAT_IDS.map((id) => ({ id, label: REPORT_FORMATS[id].label }))}
        small
        names
        save={(format) => api.exportBulkReport({ id: report.jobId, format })}
      />
      <NeedsAttention report={report} />
      <Places report={report} />
      <BreakdownTable
        caption={w.byCountry}
        what={w.colCountry}
        rows={report.countries}
        label={(r) => data(countryLabel(r))}
      />
      <BreakdownTable caption={w.byNetwork} what={w.colAsn} rows={report.asns} label={(r) => data(r.label)} />
      <BreakdownTable caption={w.byFlag} what={w.colFlag} rows={report.flags} note={w.flagsNote} label={flagLabel} />
      <BreakdownTable caption={w.byThreat} what={w.colThreat} rows={report.threat} />
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
  const w = useWords().w.uiReport;
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

  const title = report && report !== 'none' ? w.titleOf(report.label) : w.title;
  return (
    <main className="report">
      <ViewHead title={title} onBack={onBack} />
      {failed && <LoadFailed what={w.loadFailed} onRetry={() => void load()} />}
      {!failed && report === null && <p aria-busy="true">{w.making}</p>}
      {report === 'none' && <p className="no-data">{w.gone}</p>}
      {report && report !== 'none' && <ReportBody report={report} />}
    </main>
  );
}
