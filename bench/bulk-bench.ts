/**
 * 7. Bulk lookups: extraction speed on a 100 000-line web-server log (lines/s). Later parts of this section add
 * the paced job runs against the simulator (see the README's "Bulk lookups").
 */
import { performance } from 'node:perf_hooks';
import { extractAddresses } from '../electron/core/bulk/extract';
import { figure, type Figure } from './stats';

export interface BulkResults {
  extraction: { linesPerSec: Figure; lines: number; addresses: number; bytes: number };
}

export const EXTRACT_LINES = 100_000;

/** A combined-format access log: one client address per line (public, private and IPv6), repeated clients. */
export function accessLog(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const n = i % 40_000;
    const client =
      i % 10 === 9
        ? `2001:4860:${(n >> 8).toString(16)}::${(n & 255).toString(16)}`
        : i % 10 === 8
          ? `10.1.${(n >> 8) & 255}.${n & 255}`
          : `${23 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}.${(i * 7) & 255}`;
    out.push(
      `${client} - - [23/Nov/2026:12:${String(i % 60).padStart(2, '0')}:10 +0000] "GET /products/${i % 977}?ref=mail HTTP/1.1" ${i % 13 === 0 ? 404 : 200} ${512 + (i % 4096)} "https://example.com/" "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"`,
    );
  }
  return out.join('\n');
}

export function benchExtraction(samples = 5): BulkResults['extraction'] {
  const text = accessLog(EXTRACT_LINES);
  let addresses = 0;
  extractAddresses(text); // warm-up
  const rates: number[] = [];
  for (let s = 0; s < samples; s++) {
    const t0 = performance.now();
    const r = extractAddresses(text);
    const ms = performance.now() - t0;
    addresses = r.addresses.length + r.excluded.length;
    rates.push((EXTRACT_LINES / ms) * 1000);
  }
  return {
    linesPerSec: figure(rates, 'lines/s', {
      note: `extractAddresses on a ${EXTRACT_LINES}-line combined access log (${(text.length / 1e6).toFixed(1)} MB)`,
    }),
    lines: EXTRACT_LINES,
    addresses,
    bytes: text.length,
  };
}

export async function benchBulk(): Promise<BulkResults> {
  return { extraction: benchExtraction() };
}
