#!/usr/bin/env node
// The CI job summary of what the real app costs (bench section 10, BENCH_ONLY=electron), beside the previous run on
// main (restored from the actions cache) — Markdown on stdout:
//   node bench/electron-summary.mjs [current=.tmp/bench-electron.json] [previous=.tmp/bench-main/bench-electron.json]
// Never fails the job: a missing file is said in the summary.
import { existsSync, readFileSync } from 'node:fs';

const [currentFile = '.tmp/bench-electron.json', previousFile = '.tmp/bench-main/bench-electron.json'] =
  process.argv.slice(2);
const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null);
const now = read(currentFile);
const before = read(previousFile);

/** [label, unit, read figure] — lower is better for every one. */
const ROWS = [
  ['Launch → tray icon set', 'ms', (r) => r.launchToTray?.median],
  ['First tray click → IP field usable', 'ms', (r) => r.firstTrayClickToField?.median],
  ['Memory, all processes, idle, window hidden', 'MB', (r) => r.memoryHiddenMB],
  ['Memory, all processes, window shown', 'MB', (r) => r.memoryShownMB],
  ['CPU, all processes, idle (per minute)', 'ms', (r) => r.idle?.cpuMsPerMinute],
  ['Idle wake-ups a second', '/s', (r) => r.idle?.wakeupsPerSecond],
];

const fmt = (v, unit) => (typeof v === 'number' && Number.isFinite(v) ? `${Math.round(v * 10) / 10} ${unit}` : '—');

export function summary(cur, prev) {
  const lines = [];
  if (!cur) {
    lines.push('### What the real app costs', '', `No figures: ${currentFile} was not written (see the bench step).`);
    return lines.join('\n');
  }
  lines.push(`### What the real app costs — ${cur.platform}, Electron ${cur.electron}`, '');
  lines.push(
    prev
      ? `Compared with the previous run on main (${prev.date ?? 'date unknown'}).`
      : 'No previous run on main to compare with yet.',
    '',
  );
  lines.push('| figure | this run | previous run on main | change |', '|---|---|---|---|');
  for (const [label, unit, get] of ROWS) {
    const a = get(cur);
    const b = prev ? get(prev) : undefined;
    const change =
      typeof a === 'number' && typeof b === 'number' && b > 0
        ? `${a >= b ? '+' : ''}${Math.round(((a - b) / b) * 1000) / 10} %`
        : '';
    lines.push(`| ${label} | ${fmt(a, unit)} | ${fmt(b, unit)} | ${change} |`);
  }
  if (cur.idle?.byType)
    lines.push(
      '',
      `CPU by process over ${cur.idle.seconds} s idle (ms per minute): ${Object.entries(cur.idle.byType)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}. Memory by process (MB): ${Object.entries(cur.memoryByType ?? {})
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}.`,
    );
  return lines.join('\n');
}

console.log(summary(now, before));
