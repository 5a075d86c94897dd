import type { BulkInputRequest, Handlers } from '../../../../shared/ipc';
import type { BulkJobs } from '../../bulk/bulk-jobs';
import { extractAddresses, type ExtractResult } from '../../bulk/extract';
import { prepareBulk } from '../../bulk/prepare';
import { exportFileName, exportToString, isExportColumn, summaryFields } from '../../bulk/export';
import { blockListFileName, reportFileName } from '../../bulk/report';
import { blockList } from '../../../../shared/block-list';
import { THREAT_FROM, type BulkResultsFilter } from '../../../../shared/report';
import { reportToHtml } from '../../bulk/report-html';
import { reportToMarkdown } from '../../../../shared/report';
import { flagsOn, readAnswer } from '../../../../shared/answer';
import type { BulkPrepared, BulkResultRow, BulkStartOutcome } from '../../../../shared/bulk';
import type { Logger, SaveTextFile } from '../../lib/ports';
import { saveTextThrough } from '../../lib/save-text';

type BulkHandlers = Pick<
  Handlers,
  | 'bulkPreview'
  | 'bulkStart'
  | 'bulkPause'
  | 'bulkResume'
  | 'bulkCancel'
  | 'bulkList'
  | 'bulkResults'
  | 'bulkExport'
  | 'getBulkReport'
  | 'exportBulkReport'
  | 'exportBlockList'
>;

export interface BulkHandlersDeps {
  bulk: BulkJobs;
  /** Whether the profile in use has a key (without one nothing can be previewed against the quota or sent). */
  hasKey: () => Promise<boolean>;
  saveTextFile: SaveTextFile | undefined;
  logger: Logger;
  now: () => number;
  /** The settings' "Needs attention" threat score (Settings → Bulk reports). */
  threatThreshold: () => number;
}

function read(req: BulkInputRequest): ExtractResult {
  return extractAddresses(req.text, { includeReserved: req.includeReserved, expandRanges: req.expandRanges });
}

/** What `x` holds and what looking it up costs (pasted text and opened files alike). */
export async function previewOf(
  deps: Pick<BulkHandlersDeps, 'bulk' | 'hasKey'>,
  x: ExtractResult,
  floor: BulkInputRequest['floor'],
): Promise<BulkPrepared> {
  const preview =
    x.addresses.length > 0 && (await deps.hasKey())
      ? deps.bulk.preview(
          x.addresses.map((a) => a.ip),
          floor,
        )
      : null;
  return prepareBulk(x, preview);
}

/** A job for the addresses of `x`, started at once (pasted text and opened files alike), or why not. */
export async function startJob(
  deps: Pick<BulkHandlersDeps, 'bulk' | 'hasKey'>,
  x: ExtractResult,
  req: { expandRanges?: boolean; label?: string; floor?: BulkInputRequest['floor'] },
): Promise<BulkStartOutcome> {
  const { bulk } = deps;
  if (req.expandRanges && x.rangeLimit) return { kind: 'refused', refusal: { kind: 'range-limit', ...x.rangeLimit } };
  if (x.addresses.length === 0)
    return { kind: 'refused', refusal: { kind: x.excluded.length > 0 ? 'only-reserved' : 'no-addresses' } };
  if (!(await deps.hasKey())) return { kind: 'refused', refusal: { kind: 'no-key' } };
  const job = bulk.create({ addresses: x.addresses, label: req.label, floor: req.floor, origin: 'window' });
  if (!job) return { kind: 'refused', refusal: { kind: 'no-key' } };
  void bulk.start(job.id);
  return { kind: 'started', job: bulk.get(job.id) ?? job };
}

/**
 * Bulk lookups for the window (and the web preview): read a text, preview the cost, start a job, pause, resume,
 * cancel, list, page through the results, export. Progress is the `bulk-progress` event (app-core wires it).
 */
export function bulkHandlers(deps: BulkHandlersDeps): BulkHandlers {
  const { bulk } = deps;
  return {
    bulkPreview: async (req) => previewOf(deps, read(req), req.floor),
    bulkStart: async (req) => startJob(deps, read(req), req),
    bulkPause: async ({ id }) => {
      bulk.pause(id);
      return bulk.get(id);
    },
    bulkResume: async ({ id }) => {
      if (!bulk.get(id)) return null;
      void bulk.resume(id);
      return bulk.get(id);
    },
    bulkCancel: async ({ id }) => {
      await bulk.cancel(id);
      return bulk.get(id);
    },
    bulkList: async () => bulk.list(),
    bulkResults: async ({ id, offset, limit, status, sort, filter }) => {
      const page = bulk.results(id, offset, limit, status, { sort, filter });
      return {
        total: page.total,
        rows: page.rows.map((r) => {
          const { kind: _kind, body: _body, answeredAt: _answeredAt, ...row } = r;
          return { ...row, fields: summaryFields(r), security: securityOf(r.status === 'done' ? r.body : null) };
        }),
      };
    },
    bulkExport: async ({ id, format, columns, bom }) => {
      const job = bulk.get(id);
      if (!job) return { saved: false, said: { kind: 'no-such-job' } };
      return saveTextThrough(deps.saveTextFile, deps.logger, {
        what: 'export',
        content: () => {
          // Asked for by the caller (the window's IPC is data): named back bounded.
          const bad = (columns ?? []).filter((c) => !isExportColumn(c));
          if (bad.length)
            return { refused: { kind: 'unknown-columns', columns: bad.slice(0, 5).map((c) => c.slice(0, 40)) } };
          return {
            suggestedName: exportFileName(job.label, deps.now(), format),
            text: exportToString(bulk.rows(id), { format, columns: columns?.filter(isExportColumn), bom }),
          };
        },
        logAs: 'saving a bulk export failed',
      });
    },
    getBulkReport: async ({ id }) => bulk.report(id, { threatThreshold: deps.threatThreshold() }),
    exportBulkReport: async ({ id, format }) => {
      const report = bulk.report(id, { threatThreshold: deps.threatThreshold() });
      if (!report) return { saved: false, said: { kind: 'no-such-job' } };
      return saveTextThrough(deps.saveTextFile, deps.logger, {
        what: 'report',
        content: () => ({
          suggestedName: reportFileName(report.label, deps.now(), format),
          text: format === 'html' ? reportToHtml(report) : reportToMarkdown(report),
        }),
        logAs: 'saving a bulk report failed',
      });
    },
    exportBlockList: async ({ id, format, filter }) => {
      const job = bulk.get(id);
      if (!job) return { saved: false, said: { kind: 'no-such-job' } };
      const threshold = deps.threatThreshold();
      return saveTextThrough(deps.saveTextFile, deps.logger, {
        what: 'block-list',
        content: () => {
          const ips = bulk.blockListAddresses(id, filter ? { filter } : { threshold }) ?? [];
          const what = filter
            ? `the rows of the results table under its filter (${filterWords(filter)})`
            : `the addresses that need attention (Tor, proxy, VPN or a threat score of ${threshold}+)`;
          return {
            suggestedName: blockListFileName(job.label, deps.now(), format),
            text: blockList(format, ips, { what, label: job.label, madeAt: deps.now() }).text,
          };
        },
        logAs: 'saving a block list failed',
      });
    },
  };
}

/** A results filter in words, for a block list's comment: "flag tor, country NL". */
function filterWords(f: BulkResultsFilter): string {
  const parts = [
    f.flag === 'threat' ? `threat ${f.threatMin ?? THREAT_FROM}+` : f.flag,
    f.country ? `country ${f.country}` : undefined,
  ].filter((x): x is string => Boolean(x));
  return parts.join(', ') || 'none';
}

/** A results row's security: the flags the answer sets and its threat score, or null when it says nothing of them. */
function securityOf(body: unknown): BulkResultRow['security'] {
  const a = body === null ? null : readAnswer(body);
  const s = a?.security;
  if (!a || !s || (Object.values(s.flags).every((f) => f === null) && s.threatScore === null)) return null;
  return { flags: flagsOn(a), threatScore: s.threatScore };
}
