/**
 * The line `lookup-tray bulk` shows on a terminal while it reads a big input (electron/cli/read-input.ts): bytes read
 * of the total, addresses found, time left. en-US without Intl (shared/format-en.ts).
 */
import { formatCountdown } from './format';
import { countText } from './format-en';

/** "1.2 GB", "850 MB", "12 kB" (powers of 1000, as file managers show them). */
export function formatBytes(n: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return u === 0 ? `${n} bytes` : `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

export interface ReadProgress {
  bytes: number;
  /** The input's size when known (a file), else null (a pipe). */
  total: number | null;
  found: number;
  elapsedMs: number;
}

/** The progress line: "big.log: 1.2 GB of 10 GB read, 52,000 addresses, 1:10 left". */
export function readProgressText(name: string, p: ReadProgress): string {
  const read = p.total === null ? formatBytes(p.bytes) : `${formatBytes(p.bytes)} of ${formatBytes(p.total)}`;
  const found = `${countText(p.found)} address${p.found === 1 ? '' : 'es'}`;
  let left = '';
  if (p.total !== null && p.bytes > 0 && p.elapsedMs >= 1000)
    left = `, ${formatCountdown(((p.total - p.bytes) * p.elapsedMs) / p.bytes)} left`;
  return `${name}: ${read} read, ${found}${left}`;
}
