/**
 * Writing to the terminal: colours only when the stream is a terminal and NO_COLOR is not set (node:util's
 * styleText checks both), one line per message on stderr, data on stdout.
 */
import { styleText } from 'node:util';

type Style = Parameters<typeof styleText>[0];

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** stdout is a terminal (human output, colours). */
  readonly outTty: boolean;
  /** stderr is a terminal (progress bars). */
  readonly errTty: boolean;
}

export const processIo: Io = {
  out: (t) => void process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  err: (t) => void process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
  outTty: process.stdout.isTTY === true,
  errTty: process.stderr.isTTY === true,
};

/** `text` styled for stdout (plain when stdout is no terminal or NO_COLOR is set). */
export function paint(style: Style, text: string): string {
  return styleText(style, text, { stream: process.stdout });
}

/** `text` styled for stderr. */
export function paintErr(style: Style, text: string): string {
  return styleText(style, text, { stream: process.stderr });
}

/** A value at a dotted path (`location.city.name`) of a JSON object, or undefined. */
export function pick(obj: unknown, dotted: string): unknown {
  let v: unknown = obj;
  for (const part of dotted.split('.')) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, part)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/** Every leaf of a JSON value as [dotted path, value] (arrays are leaves). */
export function leaves(obj: unknown, prefix = ''): Array<[string, unknown]> {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return prefix ? [[prefix, obj]] : [];
  const out: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(obj)) out.push(...leaves(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

/** A value as one CSV cell (RFC 4180 quoting; objects and arrays as JSON). */
export function csvCell(v: unknown): string {
  if (v === undefined || v === null) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(values: readonly unknown[]): string {
  return values.map(csvCell).join(',');
}

/** `--fields a,b` as a list (empty: all fields). */
export function parseFields(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Only `fields` of `obj` (dotted paths kept as keys), or obj itself when no fields were asked for. */
export function selectFields(obj: unknown, fields: readonly string[]): unknown {
  if (fields.length === 0) return obj;
  return Object.fromEntries(fields.map((f) => [f, pick(obj, f) ?? null]));
}
