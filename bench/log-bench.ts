/**
 * 13. Reading a log (issue 41): what a user waits for before the cost preview of `lookup-tray bulk access.log`.
 *  - Against grep: a generated web-server access log (bench/log-gen.ts: IPv4 and IPv6 clients, a Chrome User-Agent on
 *    every line; LOG_BENCH_BYTES, default 1 GB) read by the built command up to its cost preview (a data folder with
 *    no key: it prints the preview and stops, exit 3), and by `LC_ALL=C grep -oE '\b([0-9]{1,3}\.){3}[0-9]{1,3}\b'
 *    FILE | LC_ALL=C sort -u` on the same file, interleaved in the same run. Goal: median ratio ≤ LOG_GREP_GOAL
 *    (the command does more: IPv6, validation, hits and lines). Its peak RSS is printed too.
 *  - Streamed: LOG_BENCH_STREAM_BYTES (default 10 GB) of log with 100 000 unique addresses, generated on the fly and
 *    piped to `bulk -` (never stored): the command's peak RSS. Goal < STREAM_RSS_GOAL_MB.
 * Quick mode: 2 MB each, nothing judged. Peak RSS is the child's own (process.resourceUsage().maxRSS at its exit).
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SETTINGS } from '../shared/settings';
import { accessLog } from './log-gen';
import { pick, SectionSkipped } from './quick';
import { plainRow, figureRow, type Row } from './report';
import { figure, type Figure } from './stats';

export const LOG_GREP_GOAL = 1.0;
export const STREAM_RSS_GOAL_MB = 150;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'out/cli/lookup-tray.js');
const GREP = `LC_ALL=C grep -oE '\\b([0-9]{1,3}\\.){3}[0-9]{1,3}\\b' "$1" | LC_ALL=C sort -u >/dev/null`;
/** Prints the child's peak RSS (KB) on stderr as it exits. */
const PEAK = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\npeak-rss-kb='+process.resourceUsage().maxRSS+'\\n'))`;

export interface LogResults {
  fileMB: number;
  lines: number;
  unique: number;
  grep: Figure;
  command: Figure;
  /** Median command ÷ median grep. */
  ratio: Figure;
  commandPeakMB: number;
  stream: { GB: number; unique: number; seconds: number; peakMB: number; met: boolean };
}

function sizeFromEnv(name: string, full: number, quick: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return pick(full, quick);
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number of bytes, got "${raw}"`);
  return n;
}

/** A data folder with a base URL and no key: `bulk` prints its preview and stops (exit 3), sending nothing. */
function dataFolder(dir: string): void {
  const settings = { ...structuredClone(DEFAULT_SETTINGS), baseUrl: 'http://127.0.0.1:9' };
  writeFileSync(join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
}

function peakOf(stderr: string): number {
  const m = /peak-rss-kb=(\d+)/.exec(stderr);
  if (!m) throw new Error(`no peak RSS in the command's stderr: ${stderr.slice(-300)}`);
  return Math.round(Number(m[1]) / 1024);
}

/** The command to its preview on `file`: wall ms and peak RSS (MB). */
function commandOnce(dir: string, file: string, unique: number): { ms: number; peakMB: number } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', PEAK, CLI, '--data-dir', dir, 'bulk', file], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const ms = performance.now() - t0;
  if (r.status !== 3 || !r.stderr.includes(`${unique.toLocaleString('en-US')} unique addresses`))
    throw new Error(`bulk ${file} exited ${r.status}: ${r.stderr.slice(-400)}`);
  return { ms, peakMB: peakOf(r.stderr) };
}

function grepOnce(file: string): number {
  const t0 = performance.now();
  const r = spawnSync('bash', ['-c', GREP, 'grep', file], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`grep | sort exited ${r.status}: ${r.stderr}`);
  return performance.now() - t0;
}

async function writeLog(file: string, bytes: number, unique: number): Promise<number> {
  const out = createWriteStream(file);
  let lines = 0;
  for (const chunk of accessLog({ unique, bytes, seed: 41 })) {
    for (const b of chunk) if (b === 10) lines++;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  return lines;
}

/**
 * `bytes` of log piped to `bulk -`: the first 64 MB generated (every one of the `unique` addresses appears in it),
 * then those chunks again and again, so the generator costs the run little; nothing is stored.
 */
async function streamed(dir: string, bytes: number, unique: number): Promise<{ seconds: number; peakMB: number }> {
  const child = spawn(process.execPath, ['--import', PEAK, CLI, '--data-dir', dir, 'bulk', '-'], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const closed = once(child, 'close');
  const t0 = performance.now();
  const fresh: Buffer[] = [];
  let sent = 0;
  const send = async (b: Buffer) => {
    sent += b.length;
    if (!child.stdin.write(b)) await once(child.stdin, 'drain');
  };
  for (const chunk of accessLog({ unique, bytes: Math.min(bytes, 64e6), seed: 43 })) {
    fresh.push(chunk);
    await send(chunk);
  }
  for (let i = 0; sent < bytes; i = (i + 1) % fresh.length) await send(fresh[i]!);
  child.stdin.end();
  const [code] = (await closed) as [number | null];
  if (code !== 3 || !stderr.includes(`${unique.toLocaleString('en-US')} unique addresses`))
    throw new Error(`bulk - exited ${code}: ${stderr.slice(-400)}`);
  return { seconds: (performance.now() - t0) / 1000, peakMB: peakOf(stderr) };
}

export async function benchLog(log: (m: string) => void = () => {}): Promise<LogResults> {
  if (spawnSync('bash', ['-c', 'command -v grep && command -v sort']).status !== 0)
    throw new SectionSkipped('grep and sort are needed (the comparison): install grep and coreutils');
  const built = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`building the command failed: ${built.stderr.trim().slice(0, 400)}`);
  const bytes = sizeFromEnv('LOG_BENCH_BYTES', 1e9, 2e6);
  const streamBytes = sizeFromEnv('LOG_BENCH_STREAM_BYTES', 1e10, 2e6);
  const unique = pick(52_000, 500);
  const streamUnique = pick(100_000, 500);
  const runs = pick(3, 1);
  const dir = mkdtempSync(join(tmpdir(), 'lt-bench-log-'));
  try {
    dataFolder(dir);
    const file = join(dir, 'access.log');
    log(`  generating ${(bytes / 1e6).toFixed(0)} MB of access log…`);
    const lines = await writeLog(file, bytes, unique);
    grepOnce(file); // the file in the page cache for both
    const g: number[] = [];
    const c: number[] = [];
    const ratios: number[] = [];
    let peakMB = 0;
    for (let i = 0; i < runs; i++) {
      const a = grepOnce(file);
      const b = commandOnce(dir, file, unique);
      g.push(a);
      c.push(b.ms);
      ratios.push(b.ms / a);
      peakMB = Math.max(peakMB, b.peakMB);
      log(`  run ${i + 1}: grep | sort ${a.toFixed(0)} ms, bulk ${b.ms.toFixed(0)} ms (${(b.ms / a).toFixed(2)}×)`);
    }
    const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const r = med(c) / med(g);
    log(`  streaming ${(streamBytes / 1e9).toFixed(streamBytes < 1e9 ? 3 : 1)} GB to bulk - …`);
    const s = await streamed(dir, streamBytes, streamUnique);
    return {
      fileMB: Math.round(statSync(file).size / 1e6),
      lines,
      unique,
      grep: figure(g, 'ms'),
      command: figure(c, 'ms'),
      ratio: figure(ratios, '×', {
        goal: `≤ ${LOG_GREP_GOAL}× grep`,
        met: r <= LOG_GREP_GOAL,
        note: `median/median ${r.toFixed(2)}×`,
      }),
      commandPeakMB: peakMB,
      stream: {
        GB: Number((streamBytes / 1e9).toFixed(3)),
        unique: streamUnique,
        seconds: Math.round(s.seconds * 10) / 10,
        peakMB: s.peakMB,
        met: s.peakMB < STREAM_RSS_GOAL_MB,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The section's rows in the printed table. */
export function logRows(r: LogResults): Row[] {
  const section = '13 Reading a log';
  return [
    figureRow(section, `${r.fileMB} MB log, ${r.lines} lines: grep -oE … | sort -u`, r.grep),
    figureRow(section, `  bulk FILE to its cost preview (${r.unique} unique; peak ${r.commandPeakMB} MB)`, r.command),
    {
      ...figureRow(section, '  bulk ÷ grep', r.ratio),
      goal: `${r.ratio.note} ≤ ${LOG_GREP_GOAL}× ${r.ratio.met ? 'MET' : 'MISSED'}`,
    },
    plainRow(
      section,
      `${r.stream.GB} GB piped to bulk - (${r.stream.unique} unique), ${r.stream.seconds} s: peak RSS`,
      `${r.stream.peakMB} MB`,
      `< ${STREAM_RSS_GOAL_MB} MB ${r.stream.met ? 'MET' : 'MISSED'}`,
    ),
  ];
}

/** The section's goals missed, in words. */
export function logMissed(r: LogResults): string[] {
  const out: string[] = [];
  if (!r.ratio.met) out.push(`reading a ${r.fileMB} MB log: ${r.ratio.note} grep's time (goal ≤ ${LOG_GREP_GOAL}×)`);
  if (!r.stream.met)
    out.push(
      `a ${r.stream.GB} GB log piped to bulk -: peak RSS ${r.stream.peakMB} MB (goal < ${STREAM_RSS_GOAL_MB} MB)`,
    );
  return out;
}
