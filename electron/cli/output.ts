/**
 * Writing to the terminal: colours only when the stream is a terminal and NO_COLOR is not set (node:util's
 * styleText checks both), one line per message on stderr, data on stdout.
 *
 * Everything written goes through terminalSafe() first: service answers and messages, settings and state.db written
 * by another process can hold control characters (an OSC 52 clipboard write, a screen clear, a window title), and
 * none of them may reach the terminal. The command's own colours survive because paint() does not write ESC
 * itself: it writes a mark no outside text can contain (it is made afresh by each process), which terminalSafe()
 * turns back into ESC after stripping every control character.
 */
import { styleText } from 'node:util';

type Style = Parameters<typeof styleText>[0];

export interface Io {
  /** Writes `text` (with paint()'s styles) on stdout, terminalSafe(): newlines kept. */
  out(text: string): void;
  /** Writes `text` (with paintErr()'s styles) as one line on stderr, terminalSafe(): newlines become spaces. */
  err(text: string): void;
  /** stdout is a terminal (human output, colours). */
  readonly outTty: boolean;
  /** stderr is a terminal (progress bars). */
  readonly errTty: boolean;
}

/** Stands for ESC in paint()'s output until terminalSafe() writes it: private-use characters around a nonce. */
const ESC_MARK = `\u{F0000}${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}\u{F0001}`;

/** C0 controls but \t and \n, DEL and the C1 controls (U+0080–U+009F: 8-bit CSI, OSC, ST …). */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * `text` fit for a terminal: every C0 and C1 control character removed (ESC, CSI 0x9b, BEL, CR, backspace …) but
 * tabs, newlines kept (`newlines: 'keep'`, stdout) or turned into spaces (`'join'`, a one-line message), and
 * paint()'s styles made real. The one filter between what the command prints and the terminal.
 */
export function terminalSafe(text: string, newlines: 'keep' | 'join' = 'keep'): string {
  let safe = text.replace(CONTROLS, '');
  if (newlines === 'join') safe = safe.replace(/\n+$/, '').replace(/ *\n+ */g, ' ');
  return safe.split(ESC_MARK).join('\x1b');
}

/** `value` as JSON text whose strings spell DEL and C1 characters as \u escapes (JSON escapes C0 itself). */
export function jsonText(value: unknown, indent = 2): string {
  return escapeJsonControls(JSON.stringify(value, null, indent) ?? 'null');
}

/** JSON text with raw DEL and C1 characters (only ever inside its strings) written as \u escapes: the same JSON. */
export function escapeJsonControls(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A value shown in a line of human output: its newlines (and the spaces around them) as one space. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ');
}

export const processIo: Io = {
  out: (t) => {
    const safe = terminalSafe(t);
    process.stdout.write(safe.endsWith('\n') ? safe : `${safe}\n`);
  },
  err: (t) => void process.stderr.write(`${terminalSafe(t, 'join')}\n`),
  // Asked when needed: the first look at process.stderr opens its stream (for a pipe, a socket and node:stream), which
  // a command that writes nothing there need not pay for at start.
  get outTty() {
    return process.stdout.isTTY === true;
  },
  get errTty() {
    return process.stderr.isTTY === true;
  },
};

/** `text` (its own control characters removed first) styled for `stream`, its ESCs as ESC_MARK. */
function styled(style: Style, text: string, stream: NodeJS.WriteStream): string {
  return styleText(style, text.replace(CONTROLS, ''), { stream }).split('\x1b').join(ESC_MARK);
}

/** `text` styled for stdout (plain when stdout is no terminal or NO_COLOR is set); for Io.out. */
export function paint(style: Style, text: string): string {
  return styled(style, text, process.stdout);
}

/** `text` styled for stderr; for Io.err. */
export function paintErr(style: Style, text: string): string {
  return styled(style, text, process.stderr);
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

/** `--fields a,b` as a list (empty: all fields). */
export function parseFields(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
