/**
 * `npm run bench`: measures what makes a tray app good to live with, prints a table and writes
 * bench/results.json. A script that prints numbers, not a timed test. It ends by listing the goals missed;
 * exit code 0: every goal measured was met; 2: some goal was missed (listed); 1: a section could not run
 * (failed, or skipped for want of a tool: the reason is printed).
 *
 * Environment:
 *   BENCH_IDLE_SECONDS  real seconds of idle-core CPU measurement (default 30; 0.5 in quick mode)
 *   BENCH_ONLY          comma-separated subset of: engine,memory,persist,lookup,renderer,idle,bulk,cli,profiles,report-view,extract,log,bigjob,electron
 *                       (electron — the real app in the real Electron binary — runs by default only where the binary
 *                       is installed; BENCH_ONLY=electron elsewhere skips it with the reason)
 *                       (written to bench/results.partial.json; results.json only holds full runs)
 *   BENCH_QUICK=1       quick mode (bench/quick.ts): every section once with tiny counts and short waits, no goal
 *                       judged, results in .tmp/bench-quick.json (never bench/). Exit code 1 when a section failed,
 *                       0 otherwise (a section skipped for want of a tool prints why). The bench layer of `npm test`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIG_JOB, benchBulk, CPU_GOAL_MS, RATE_GOAL, REPORT_GOAL_MS, type BulkResults } from './bulk-bench';
import { benchCli, CLI_START_GOAL, type CliResults } from './cli-bench';
import { benchEngine, type EngineResults } from './engine-bench';
import { benchIdle, type IdleResults } from './idle-bench';
import { benchProfiles, type ProfilesResults } from './profiles-bench';
import {
  benchLookups,
  CACHE_HIT_GOAL_MS,
  OVERHEAD_CPU_GOAL_MS,
  type CacheResults,
  type LookupResults,
} from './lookup-bench';
import { benchPersistence, PERSIST_RATIO_GOAL, type PersistResults } from './persist-bench';
import { benchMemory, type MemoryResults } from './memory-bench';
import { pick, QUICK, SectionSkipped } from './quick';
import { benchRenderer, type RendererResults } from './renderer-bench';
import { benchElectron, type ElectronResults } from './electron-bench';
import {
  benchReportView,
  INITIAL_JS_GOAL_KB,
  MAP_CHUNK_GOAL_KB,
  REPORT_VIEW_GOAL_MS,
  type ReportViewResults,
} from './report-view-bench';
import {
  benchExtractAdversarial,
  EXTRACT_ADVERSARIAL_GOAL_MS,
  LINEAR_RATIO_GOAL,
  type ExtractResults,
} from './extract-bench';
import { benchLog, logMissed, logRows, type LogResults } from './log-bench';
import { benchBigJob, bigJobMissed, bigJobRows, type BigJobResults } from './bigjob-bench';
import { findElectronBinary } from '../scripts/electron-binary';
import { figureRow, plainRow, printTable, type Row } from './report';

const HERE = dirname(fileURLToPath(import.meta.url));
export const RESULTS_FILE = join(HERE, 'results.json');
/** BENCH_ONLY runs write here, so a partial run never replaces the full results. */
export const PARTIAL_RESULTS_FILE = join(HERE, 'results.partial.json');
/** Quick runs (BENCH_QUICK=1) write here: their figures mean nothing. */
export const QUICK_RESULTS_FILE = join(HERE, '..', '.tmp', 'bench-quick.json');

const SECTIONS = [
  'engine',
  'memory',
  'persist',
  'lookup',
  'renderer',
  'idle',
  'bulk',
  'cli',
  'profiles',
  'report-view',
  'extract',
  'log',
  'bigjob',
  'electron',
] as const;
type Section = (typeof SECTIONS)[number];

/** How each section ended: `npm test`'s bench layer counts these. */
interface SectionResult {
  result: 'ok' | 'failed' | 'skipped';
  seconds: number;
  /** Why it failed or was skipped. */
  reason?: string;
}

interface Figures {
  persistence?: PersistResults;
  lookup?: LookupResults;
  cacheHit?: CacheResults;
  quotaEngine?: EngineResults;
  idle?: IdleResults;
  renderer?: RendererResults;
  memory?: MemoryResults;
  bulk?: BulkResults;
  cli?: CliResults;
  profiles?: ProfilesResults;
  electron?: ElectronResults;
  reportView?: ReportViewResults;
  extract?: ExtractResults;
  log?: LogResults;
  bigJob?: BigJobResults;
}

const log = (m: string) => console.log(m);
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
/** 10000 → "10 000" (the README's style). */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ' ');

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    model: cpus[0]?.model.trim() ?? 'unknown',
    node: process.version,
    platform: `${process.platform} ${process.arch} ${os.release()}`,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`,
    loadAverageAtStart: os.loadavg().map((v) => Number(v.toFixed(2))),
  };
}

function selected(): Section[] {
  const only = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // The real app runs where an Electron binary is installed; quick mode runs every section (it says why it skips).
  if (only.length === 0) return SECTIONS.filter((s) => s !== 'electron' || QUICK || findElectronBinary().ok);
  const bad = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (bad.length) throw new Error(`BENCH_ONLY: unknown section(s) ${bad.join(', ')}; use ${SECTIONS.join(',')}`);
  return SECTIONS.filter((s) => only.includes(s));
}

function idleSeconds(): number {
  const raw = process.env.BENCH_IDLE_SECONDS;
  const n = raw === undefined || raw === '' ? pick(30, 0.5) : Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`BENCH_IDLE_SECONDS must be a positive number of seconds, got "${raw}"`);
  return n;
}

/** 11: the Report view of a 10 000-address job, and the map's lazy chunk. */
function reportViewRows(r: ReportViewResults): Row[] {
  const section = '11 Report view';
  return [
    figureRow(section, `${count(r.addresses)}-address job: Report clicked → usable, first open`, r.firstOpen),
    figureRow(section, '  first open clicked at once (map chunk not yet prefetched)', r.firstOpenAtOnce),
    figureRow(section, '  the same, next opens', r.nextOpens),
    figureRow(section, '  of which getBulkReport (core + HTTP)', r.reportFetch),
    plainRow(section, 'map lazy chunk (gzip)', `${r.mapChunkGzipKB} KB`),
    plainRow(section, 'renderer initial JS (gzip)', `${r.initialJsGzipKB} KB`),
  ];
}

/** 12: extraction on adversarial lines, each shape at each size. */
function extractRows(r: ExtractResults): Row[] {
  const section = '12 Extraction, adversarial';
  return r.shapes.flatMap((s) => {
    const sizes = Object.entries(s.bySize);
    return sizes.map(([n, f], i) =>
      i === sizes.length - 1
        ? {
            ...figureRow(section, `"${s.shape}", ${count(Number(n))} characters`, f),
            goal: `≤ ${EXTRACT_ADVERSARIAL_GOAL_MS} ms, ${s.ratio}× per char (≤ ${LINEAR_RATIO_GOAL}×) ${s.met ? 'MET' : 'MISSED'}`,
          }
        : figureRow(section, `"${s.shape}", ${count(Number(n))} characters`, f),
    );
  });
}

function reportViewMissed(r: ReportViewResults): string[] {
  const out: string[] = [];
  if (!r.met.view)
    out.push(
      `Report view usable ${Math.max(r.firstOpen.median, r.nextOpens.median)} ms after opening (goal ≤ ${REPORT_VIEW_GOAL_MS} ms)`,
    );
  if (!r.met.mapChunk) out.push(`the map's lazy chunk ${r.mapChunkGzipKB} KB gzip (goal ≤ ${MAP_CHUNK_GOAL_KB} KB)`);
  if (!r.met.initialJs)
    out.push(`the renderer's initial JS ${r.initialJsGzipKB} KB gzip (goal ≤ ${INITIAL_JS_GOAL_KB} KB)`);
  return out;
}

function rows(f: Figures): Row[] {
  const out: Row[] = [];
  if (f.persistence) {
    const p = f.persistence;
    for (const size of Object.keys(p.cpu))
      out.push(figureRow('0 Persist', `state.db flush per lookup, ${size} cached, CPU`, p.cpu[size]));
    for (const size of Object.keys(p.wall))
      out.push(figureRow('0 Persist', `state.db flush per lookup, ${size} cached, wall`, p.wall[size]));
    out.push(figureRow('0 Persist', 'CPU ratio 10 000 / 100 cached', p.ratio));
  }
  if (f.lookup) {
    const l = f.lookup;
    out.push(figureRow('1 Lookup', 'bare fetch, CPU per request', l.cpuPerRequest.fetch));
    out.push(figureRow('1 Lookup', 'QuotaService, CPU per request', l.cpuPerRequest.service));
    out.push(figureRow('1 Lookup', 'QuotaService, CPU above fetch', l.overheadCpuMs));
    out.push(figureRow('1 Lookup', 'QuotaService / fetch, CPU', l.overheadRatio));
    out.push(figureRow('1 Lookup', 'bare fetch, wall per request', l.perRequest.fetch));
    out.push(figureRow('1 Lookup', 'QuotaService, wall per request', l.perRequest.service));
    out.push(figureRow('1 Lookup', 'QuotaService / fetch, wall', l.wallOverheadRatio));
    out.push(figureRow('1 Lookup', 'bare fetch, CPU per request (core phase)', l.cpuPerRequest.fetchB));
    out.push(figureRow('1 Lookup', 'app core handler, CPU per request', l.cpuPerRequest.core));
    out.push(figureRow('1 Lookup', 'app core handler, CPU above fetch', l.coreOverheadCpuMs));
    out.push(figureRow('1 Lookup', 'app core handler / fetch, CPU', l.coreOverheadRatio));
    out.push(figureRow('1 Lookup', 'bare fetch, wall per request (core phase)', l.perRequest.fetchB));
    out.push(figureRow('1 Lookup', 'app core handler, wall per request', l.perRequest.core));
    out.push(figureRow('1 Lookup', 'app core handler / fetch, wall', l.wallCoreOverheadRatio));
  }
  if (f.cacheHit) {
    const c = f.cacheHit;
    out.push(figureRow('2 Cache hit', 'QuotaService.lookup, cached', c.service));
    out.push(figureRow('2 Cache hit', 'app core handler, cached', c.core));
    out.push(
      plainRow(
        '2 Cache hit',
        'requests sent during hits',
        `${c.requestsSentDuringHits} (sim log ${c.simulatorLogBefore} → ${c.simulatorLogAfter})`,
        'must be 0',
      ),
    );
  }
  if (f.quotaEngine) {
    const e = f.quotaEngine;
    out.push(figureRow('3 Quota engine', 'header sets parsed (fetch Headers)', e.parseHeadersPerSec));
    out.push(figureRow('3 Quota engine', 'header sets parsed (plain record)', e.parseRecordPerSec));
    out.push(figureRow('3 Quota engine', 'state updates (observe)', e.observePerSec));
    out.push(figureRow('3 Quota engine', 'observe + state()', e.observeAndStatePerSec));
  }
  if (f.idle) {
    const i = f.idle;
    for (const t of [i.timersOff, i.timersOn]) {
      const by = Object.entries(t.firedBy)
        .map(([k, v]) => `${k}×${v}`)
        .join(', ');
      out.push(
        plainRow(
          '4 Idle',
          `timers fired, 10 sim. min, auto-check ${t.autoCheck}`,
          `${t.timersFired} timers, ${t.requestsSent} requests${by ? ` (${by})` : ''}`,
          `${t.goal} ${t.met ? 'MET' : 'MISSED'}`,
        ),
      );
    }
    out.push(figureRow('4 Idle', `CPU, idle core (${i.cpu.seconds} s, per min)`, i.cpu.core));
    out.push(figureRow('4 Idle', 'CPU, same process, core disposed', i.cpu.baseline));
    out.push(plainRow('4 Idle', 'core timers fired in real idle', String(i.cpu.coreTimersFired)));
  }
  if (f.renderer) {
    const r = f.renderer;
    out.push(
      plainRow(
        '5 Renderer',
        'initial JS (raw / gzip)',
        `${kb(r.bundle.js.raw)} / ${kb(r.bundle.js.gzip)}${r.bundle.minified ? '' : ' (NOT minified: not a production build?)'}`,
      ),
    );
    out.push(plainRow('5 Renderer', 'initial CSS (raw / gzip)', `${kb(r.bundle.css.raw)} / ${kb(r.bundle.css.gzip)}`));
    if (r.bundle.lazy.files.length)
      out.push(
        plainRow('5 Renderer', 'lazy chunks (raw / gzip)', `${kb(r.bundle.lazy.raw)} / ${kb(r.bundle.lazy.gzip)}`),
      );
    out.push(figureRow('5 Renderer', 'navigation → lookup field usable', r.timeToLookupField));
    out.push(figureRow('5 Renderer', '  (same loads) first contentful paint', r.firstContentfulPaint));
    out.push(figureRow('5 Renderer', '  (same loads) DOMContentLoaded', r.domContentLoaded));
    out.push(figureRow('5 Renderer', '  (same loads) goto → field, from Node', r.timeToLookupFieldWall));
    out.push(figureRow('5 Renderer', 'quota-changed → gauge in DOM', r.quotaEventToDom));
    out.push(figureRow('5 Renderer', 'quota-changed → next frame', r.quotaEventToFrame));
    out.push(figureRow('5 Renderer', 'core emit → gauge in DOM', r.coreEmitToDom));
    out.push(figureRow('5 Renderer', 'renderer heap after load', r.heap.afterLoadMB));
    out.push(figureRow('5 Renderer', `renderer heap after ${r.heap.lookupsDone} UI lookups`, r.heap.after200LookupsMB));
  }
  if (f.memory) {
    const m = f.memory;
    out.push(figureRow('6 Memory', 'bench process heap, no cache', m.baselineHeapMB));
    out.push(figureRow('6 Memory', `cache with ${count(m.sizes[0])} results`, m.cache1k));
    out.push(figureRow('6 Memory', `cache with ${count(m.sizes[1])} results`, m.cache10k));
    out.push(figureRow('6 Memory', 'per cached result', m.perEntryKB));
  }
  if (f.cli) {
    const c = f.cli;
    out.push(figureRow('8 CLI start', 'node -e 0 (bare start)', c.bareNode));
    out.push(figureRow('8 CLI start', 'lookup-tray quota', c.quota));
    out.push(figureRow('8 CLI start', 'lookup-tray lookup 1.1.1.1, cached', c.cachedLookup));
    out.push(figureRow('8 CLI start', `quota / node -e 0 (${c.quotaRatio.note})`, c.quotaRatio));
    out.push(figureRow('8 CLI start', `cached lookup / node -e 0 (${c.lookupRatio.note})`, c.lookupRatio));
  }
  if (f.profiles) {
    const p = f.profiles;
    for (const r of [p.alone, p.three])
      out.push(
        plainRow(
          '9 Profiles',
          `idle ${r.simulatedMinutes} sim. min, ${r.profiles} profile${r.profiles > 1 ? 's' : ''} (auto-check 5 min)`,
          `status checks ${Object.entries(r.statusChecks)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}; ${r.lookupsSent} lookups; ${r.timersFired} timers`,
          `${r.expectedChecksPerProfile} each, 0 lookups ${r.met ? 'MET' : 'MISSED'}`,
        ),
      );
    out.push(
      plainRow(
        '9 Profiles',
        `heap retained by 2 watched profiles (${count(p.cachedPerProfile)} cached answers each in state.db)`,
        p.watchedHeapMB === null ? 'n/a (no GC)' : `${p.watchedHeapMB} MB`,
      ),
    );
  }
  if (f.bulk) {
    const b = f.bulk;
    for (const r of b.paced) {
      const when = r.knownAtStart ? 'limit known at start' : 'limit unknown at start';
      out.push(
        plainRow(
          '7 Bulk',
          `${r.addresses} addresses at ${r.limit}/min, ${when}: 429 answers`,
          `${r.tooMany}${r.knownAtStart ? '' : ` (${r.tooManyAfterFirst} after the first answer)`}`,
          `0${r.knownAtStart ? '' : ' after the first'} ${(r.knownAtStart ? r.tooMany : r.tooManyAfterFirst) === 0 ? 'MET' : 'MISSED'}`,
        ),
      );
      out.push(
        plainRow(
          '7 Bulk',
          `  most requests in one server minute window`,
          `${r.maxInWindow} of ${r.limit}`,
          `≤ ${r.limit} ${r.maxInWindow <= r.limit ? 'MET' : 'MISSED'}`,
        ),
      );
      out.push(
        plainRow(
          '7 Bulk',
          `  achieved rate: sent ÷ (limit × windows used)`,
          `${(r.achievedRate * 100).toFixed(1)} % (${r.sent} ÷ (${r.limit} × ${r.windowsUsed}); ${r.simulatedMinutes.toFixed(1)} simulated min)`,
          `≥ ${RATE_GOAL * 100} % ${r.achievedRate >= RATE_GOAL ? 'MET' : 'MISSED'}`,
        ),
      );
      out.push(
        plainRow(
          '7 Bulk',
          '  whole run CPU per address (incl. HTTP + simulator)',
          `${r.wholeCpuPerAddressMs.toFixed(3)} ms`,
        ),
      );
    }
    out.push(figureRow('7 Bulk', 'engine CPU per address', b.engineCpuPerAddress));
    out.push(
      plainRow(
        '7 Bulk',
        `${count(BIG_JOB)}-address job: heap peak / retained, state.db`,
        `${b.job10k.heapPeakMB} / ${b.job10k.heapRetainedMB} MB, ${b.job10k.stateDbMB} MB (${b.job10k.seconds} s)${b.job10k.gcExposed ? '' : ' (no GC: heap figures rough)'}`,
      ),
    );
    out.push(figureRow('7 Bulk', `report of the ${count(BIG_JOB)}-address job (core, wall)`, b.report10k));
    out.push(
      figureRow(
        '7 Bulk',
        `extraction, ${b.extraction.lines} log lines (${b.extraction.addresses} found)`,
        b.extraction.linesPerSec,
      ),
    );
  }
  if (f.reportView) out.push(...reportViewRows(f.reportView));
  if (f.extract) out.push(...extractRows(f.extract));
  if (f.log) out.push(...logRows(f.log));
  if (f.bigJob) out.push(...bigJobRows(f.bigJob));
  if (f.electron) {
    const e = f.electron;
    const section = `10 Real app (${e.platform})`;
    out.push(figureRow(section, 'launch → tray icon set', e.launchToTray));
    out.push(figureRow(section, 'first tray click → IP field usable', e.firstTrayClickToField));
    out.push(plainRow(section, 'memory, all processes, idle, window hidden', `${e.memoryHiddenMB} MB`));
    out.push(plainRow(section, 'memory, all processes, window shown', `${e.memoryShownMB} MB`));
    out.push(
      plainRow(
        section,
        `CPU, all processes, ${e.idle.seconds} s idle (per minute)`,
        `${e.idle.cpuMsPerMinute} ms (${Object.entries(e.idle.byType)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')})`,
      ),
    );
    out.push(plainRow(section, 'idle wake-ups a second, all processes', String(e.idle.wakeupsPerSecond)));
  }
  return out;
}

function missedGoals(f: Figures): string[] {
  const out: string[] = [];
  const p = f.persistence;
  if (p && !p.ratio.met)
    out.push(
      `persistence ${p.ratio.median.toFixed(3)}x > ${PERSIST_RATIO_GOAL}x (state.db flush per lookup, CPU, 10 000 vs 100 cached)`,
    );
  const l = f.lookup;
  if (l && !l.overheadCpuMs.met)
    out.push(
      `lookup.overheadCpuMs ${l.overheadCpuMs.median.toFixed(3)} ms > ${OVERHEAD_CPU_GOAL_MS} ms of CPU above bare fetch (QuotaService)`,
    );
  if (l && !l.coreOverheadCpuMs.met)
    out.push(
      `lookup.coreOverheadCpuMs ${l.coreOverheadCpuMs.median.toFixed(3)} ms > ${OVERHEAD_CPU_GOAL_MS} ms of CPU above bare fetch (app core handler)`,
    );
  const c = f.cacheHit;
  if (c && !c.service.met)
    out.push(
      `cache hit through QuotaService ${c.service.median} ms (goal < ${CACHE_HIT_GOAL_MS} ms, 0 requests; sent ${c.requestsSentDuringHits})`,
    );
  if (c && !c.core.met)
    out.push(
      `cache hit through the app core ${c.core.median} ms (goal < ${CACHE_HIT_GOAL_MS} ms, 0 requests; sent ${c.requestsSentDuringHits})`,
    );
  const cl = f.cli;
  if (cl && !cl.quotaRatio.met)
    out.push(`lookup-tray quota cold start ${cl.quotaRatio.note} > ${CLI_START_GOAL}× node -e 0`);
  if (cl && !cl.lookupRatio.met)
    out.push(`lookup-tray lookup (cached) cold start ${cl.lookupRatio.note} > ${CLI_START_GOAL}× node -e 0`);
  const i = f.idle;
  if (i && !i.timersOff.met)
    out.push(
      `idle with auto-check off: ${i.timersOff.timersFired} timers fired, ${i.timersOff.requestsSent} requests in 10 min (goal 0)`,
    );
  if (i && !i.timersOn.met)
    out.push(
      `idle with auto-check on: ${i.timersOn.requestsSent} checks in 10 min (expected ${i.timersOn.expectedChecks})`,
    );
  const pr = f.profiles;
  if (pr)
    for (const r of [pr.alone, pr.three])
      if (!r.met)
        out.push(
          `idle with ${r.profiles} profile(s): ${JSON.stringify(r.statusChecks)} status checks, ${r.lookupsSent} lookups in ${r.simulatedMinutes} min (goal ${r.expectedChecksPerProfile} each, 0 lookups)`,
        );
  const b = f.bulk;
  if (b) {
    for (const r of b.paced)
      if (!r.met)
        out.push(
          `bulk pacing (${r.knownAtStart ? 'known' : 'unknown'} limit): ${r.tooMany} × 429, max ${r.maxInWindow}/${r.limit} per window, ${(r.achievedRate * 100).toFixed(1)} % of the allowed rate (goal 0 × 429, ≤ limit, ≥ ${RATE_GOAL * 100} %)`,
        );
    if (!b.engineCpuPerAddress.met)
      out.push(`bulk engine CPU per address ${b.engineCpuPerAddress.max} ms (goal < ${CPU_GOAL_MS} ms)`);
    if (b.report10k && !b.report10k.met)
      out.push(`report of a ${BIG_JOB}-address job ${b.report10k.median} ms (goal ≤ ${REPORT_GOAL_MS} ms)`);
  }
  if (f.reportView) out.push(...reportViewMissed(f.reportView));
  if (f.bigJob) out.push(...bigJobMissed(f.bigJob));
  for (const s of f.extract?.shapes ?? [])
    if (!s.met)
      out.push(
        `extraction of a "${s.shape}" line: ${Object.values(s.bySize).at(-1)?.median} ms at the largest size, ${s.ratio}× the time per character of the size before (goal ≤ ${EXTRACT_ADVERSARIAL_GOAL_MS} ms, ≤ ${LINEAR_RATIO_GOAL}×: linear)`,
      );
  if (f.log) out.push(...logMissed(f.log));
  return out;
}

function printBreakdown(l: LookupResults): void {
  const b = l.breakdown;
  if (!b) return;
  if (b.service) {
    log('\nWhere QuotaService time goes (alternating batches; each rung adds one layer):');
    for (const [k, v] of Object.entries(b.service.medianMs)) log(`  ${k.padEnd(24)} ${v.toFixed(4)} ms median`);
    for (const [k, v] of Object.entries(b.service.layerCostMs))
      log(`  + ${k.padEnd(40)} ${v >= 0 ? '+' : ''}${v.toFixed(4)} ms`);
    log('  inside QuotaService.lookup (mean ms per lookup, timers wrapped around each step):');
    for (const [k, v] of Object.entries(b.service.serviceStepsMs)) log(`    ${k.padEnd(56)} ${v.toFixed(4)} ms`);
  }
  if (b.core) {
    log(
      `\nWhere the app core's time goes (${b.core.lookups} lookups, median ${b.core.medianMs.toFixed(2)} ms; inclusive, nested):`,
    );
    for (const [k, v] of Object.entries(b.core.steps))
      log(`  ${k.padEnd(72)} ${v.msPerLookup.toFixed(3)} ms/lookup, ${v.callsPerLookup.toFixed(2)} calls/lookup`);
    if (b.core.stateFileBytes !== undefined) log(`  state.db (+ WAL) size at the end: ${kb(b.core.stateFileBytes)}`);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const host = machine(); // before the run: the load average says how busy the machine was
  const sections = selected();
  const seconds = idleSeconds();
  const figures: Figures = {};
  const results: Partial<Record<Section, SectionResult>> = {};
  console.log(
    QUICK
      ? `Lookup Tray benchmarks, QUICK MODE (BENCH_QUICK=1: tiny counts, no goal judged): ${sections.join(', ')}`
      : `Lookup Tray benchmarks: ${sections.join(', ')} (idle CPU over ${seconds} s)`,
  );
  const run = async (name: Section, fn: () => Promise<void>) => {
    if (!sections.includes(name)) return;
    const t0 = Date.now();
    log(`• ${name}…`);
    let r: Omit<SectionResult, 'seconds'> = { result: 'ok' };
    try {
      await fn();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof SectionSkipped) {
        r = { result: 'skipped', reason: message };
        log(`  ${name} SKIPPED: ${message}`);
      } else {
        r = { result: 'failed', reason: message };
        log(`  ${name} FAILED: ${message}`);
        if (err instanceof Error && err.stack) log(err.stack.replace(/^/gm, '    '));
      }
    }
    const took = (Date.now() - t0) / 1000;
    results[name] = { ...r, seconds: Math.round(took * 10) / 10 };
    log(`  (${took.toFixed(1)} s)`);
  };
  await run('engine', async () => void (figures.quotaEngine = await benchEngine()));
  await run('memory', async () => void (figures.memory = await benchMemory()));
  await run('persist', async () => void (figures.persistence = await benchPersistence({ log })));
  await run('lookup', async () => {
    const r = await benchLookups({ log });
    figures.lookup = r.lookup;
    figures.cacheHit = r.cache;
  });
  await run('renderer', async () => void (figures.renderer = await benchRenderer({ log })));
  await run('idle', async () => void (figures.idle = await benchIdle({ seconds, log })));
  await run('bulk', async () => void (figures.bulk = await benchBulk(log)));
  await run('cli', async () => void (figures.cli = await benchCli({ log })));
  await run('profiles', async () => void (figures.profiles = await benchProfiles(log)));
  await run('report-view', async () => void (figures.reportView = await benchReportView({ log })));
  await run('extract', async () => void (figures.extract = benchExtractAdversarial(log)));
  await run('log', async () => void (figures.log = await benchLog(log)));
  await run('bigjob', async () => void (figures.bigJob = await benchBigJob(log)));
  // CPU over 60 idle seconds unless BENCH_IDLE_SECONDS says otherwise (1 s in quick mode).
  const electronIdle = process.env.BENCH_IDLE_SECONDS ? seconds : pick(60, 1);
  await run('electron', async () => void (figures.electron = await benchElectron({ idleSeconds: electronIdle, log })));

  // Quick mode judges no goal: its counts are far too small for any figure to mean something.
  const goalsMissed = QUICK ? [] : missedGoals(figures);
  const failed = Object.entries(results).filter(([, r]) => r.result === 'failed');
  const skipped = Object.entries(results).filter(([, r]) => r.result === 'skipped');
  const out = {
    machine: host,
    date: new Date(started).toISOString(),
    command: QUICK ? 'BENCH_QUICK=1 npm run bench' : 'npm run bench',
    ...(QUICK ? { quick: true } : {}),
    sections,
    sectionResults: results,
    durationSeconds: Math.round((Date.now() - started) / 100) / 10,
    figures,
    goalsMissed,
    ...(failed.length ? { errors: Object.fromEntries(failed.map(([k, r]) => [k, r.reason])) } : {}),
  };
  // A full run: every section of the default set (electron only where its binary is); BENCH_ONLY writes elsewhere.
  const full = (process.env.BENCH_ONLY ?? '').trim() === '';
  const file = QUICK ? QUICK_RESULTS_FILE : full ? RESULTS_FILE : PARTIAL_RESULTS_FILE;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);

  log('');
  if (QUICK) log('Quick mode: the figures below come from tiny counts and mean nothing; goals are not judged.');
  printTable(QUICK ? rows(figures).map((r) => ({ ...r, goal: '' })) : rows(figures));
  if (figures.lookup) printBreakdown(figures.lookup);
  log('');
  if (QUICK)
    log(
      `Quick mode: ${Object.keys(results).length - failed.length - skipped.length} section(s) ran, ${failed.length} failed, ${skipped.length} skipped.`,
    );
  else if (goalsMissed.length) log(`Goals missed:\n${goalsMissed.map((g) => `  - ${g}`).join('\n')}`);
  else log(failed.length || skipped.length ? 'All goals measured were met.' : 'All goals met.');
  for (const [k, r] of skipped) log(`Section ${k} skipped (could not run here): ${r.reason}`);
  for (const [k, r] of failed) log(`Section ${k} could not run: ${r.reason}`);
  log(`Wrote ${file} in ${out.durationSeconds} s.`);
  if (failed.length || (skipped.length && !QUICK)) process.exitCode = 1;
  else if (goalsMissed.length) process.exitCode = 2;
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    // Idle keep-alive sockets or a browser helper must not hold the script open.
    setTimeout(() => process.exit(), 200).unref();
  });
