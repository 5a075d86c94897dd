/**
 * The global shortcut as Electron's accelerator grammar has it (modifiers joined by "+" with one key code: see
 * https://www.electronjs.org/docs/latest/api/accelerator), checked the same way by the settings schema (the core
 * refuses what cannot be registered) and the Settings view's key recorder (which builds one from a key press and
 * shows it in human form). Pure, no dependencies: the renderer bundles it.
 */
import { englishProblem } from './setting-problem-en';
import type { ShortcutWhy } from './setting-problem';

/** Modifiers by their lower-case spelling (aliases included), to their canonical name. */
const MODIFIERS: Record<string, string> = {
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  super: 'Super',
  meta: 'Meta',
  alt: 'Alt',
  option: 'Option',
  altgr: 'AltGr',
  shift: 'Shift',
};

/** Canonical order of modifiers in an accelerator this app writes. */
const ORDER = ['CommandOrControl', 'Command', 'Control', 'Super', 'Meta', 'Alt', 'Option', 'AltGr', 'Shift'];

/** Modifiers that keep a shortcut off ordinary typing (Shift and AltGr alone would take characters from it). */
const STRONG = new Set(['CommandOrControl', 'Command', 'Control', 'Super', 'Meta', 'Alt', 'Option']);

const NAMED_KEYS = [
  'Plus',
  'Space',
  'Tab',
  'Capslock',
  'Numlock',
  'Scrolllock',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'VolumeUp',
  'VolumeDown',
  'VolumeMute',
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  'MediaPlayPause',
  'PrintScreen',
  'num0',
  'num1',
  'num2',
  'num3',
  'num4',
  'num5',
  'num6',
  'num7',
  'num8',
  'num9',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
];
const KEY_ALIASES: Record<string, string> = { enter: 'Return', esc: 'Escape' };
const KEYS: Record<string, string> = Object.fromEntries(NAMED_KEYS.map((k) => [k.toLowerCase(), k]));
for (let i = 1; i <= 24; i++) KEYS[`f${i}`] = `F${i}`;
const PUNCTUATION = '`~!@#$%^&*()-_=[]{}\\|;:\'",.<>/?';

function canonicalKey(part: string): string | null {
  if (/^[a-z0-9]$/i.test(part)) return part.toUpperCase();
  if (part.length === 1 && PUNCTUATION.includes(part)) return part;
  const lower = part.toLowerCase();
  return KEYS[lower] ?? KEY_ALIASES[lower] ?? null;
}

export const EXAMPLE_SHORTCUT = 'CommandOrControl+Shift+L';

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; problem: ShortcutWhy; message: string };

/** A refused shortcut: why (a fact, shared/setting-problem.ts) and its English words. */
const no = (problem: ShortcutWhy): { ok: false; problem: ShortcutWhy; message: string } => ({
  ok: false,
  problem,
  message: englishProblem({ kind: 'shortcut', ...problem }),
});

/** Whether `text` is an accelerator Electron can register as a global shortcut; its canonical spelling if so. */
export function checkAccelerator(text: string): AcceleratorCheck {
  const t = text.trim();
  if (t === '') return no({ why: 'none' });
  const parts = t.split('+').map((p) => p.trim());
  if (parts.some((p) => p === '')) return no({ why: 'joined' });
  const keyPart = parts[parts.length - 1] as string;
  if (MODIFIERS[keyPart.toLowerCase()] !== undefined) return no({ why: 'no-key' });
  const mods: string[] = [];
  for (const p of parts.slice(0, -1)) {
    const m = MODIFIERS[p.toLowerCase()];
    if (m === undefined) return no({ why: 'not-modifier', text: p.slice(0, 20) });
    if (mods.includes(m)) return no({ why: 'twice', modifier: m });
    mods.push(m);
  }
  const key = canonicalKey(keyPart);
  if (key === null) return no({ why: 'not-key', text: keyPart.slice(0, 20) });
  if (!mods.some((m) => STRONG.has(m))) return no({ why: 'weak' });
  mods.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  return { ok: true, accelerator: [...mods, key].join('+') };
}

const MAC_NAMES: Record<string, string> = {
  CommandOrControl: '⌘',
  Command: '⌘',
  Meta: '⌘',
  Super: '⌘',
  Control: '⌃',
  Alt: '⌥',
  Option: '⌥',
  AltGr: '⌥',
  Shift: '⇧',
};
const OTHER_NAMES: Record<string, string> = {
  CommandOrControl: 'Ctrl',
  Command: 'Super',
  Meta: 'Super',
  Super: 'Super',
  Control: 'Ctrl',
  Alt: 'Alt',
  Option: 'Alt',
  AltGr: 'AltGr',
  Shift: 'Shift',
};
const KEY_NAMES: Record<string, string> = {
  Plus: '+',
  Return: 'Enter',
  Escape: 'Esc',
  Up: '↑',
  Down: '↓',
  Left: '←',
  Right: '→',
  PageUp: 'Page Up',
  PageDown: 'Page Down',
  PrintScreen: 'Print Screen',
};

/** The shortcut as a person reads it: "Ctrl+Shift+L" (Linux, Windows) or "⇧⌘L" (macOS). */
export function describeAccelerator(accelerator: string, mac = false): string {
  const parts = accelerator.split('+');
  const key = parts.pop() ?? '';
  const keyName = KEY_NAMES[key] ?? (/^num\d$/.test(key) ? `Num ${key.slice(3)}` : key);
  if (mac) {
    // macOS order: Control, Option, Shift, Command.
    const order = ['Control', 'Alt', 'Option', 'AltGr', 'Shift', 'CommandOrControl', 'Command', 'Meta', 'Super'];
    const mods = [...parts].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((m) => MAC_NAMES[m] ?? m);
    return `${mods.join('')}${keyName}`;
  }
  return [...parts.map((m) => OTHER_NAMES[m] ?? m), keyName].join('+');
}

/** What a key press in the recorder gives: an accelerator, only modifiers so far, or a key that has none. */
export type RecordedKeys =
  | { kind: 'accelerator'; accelerator: string }
  | { kind: 'modifiers'; shown: string }
  | { kind: 'refused'; problem: ShortcutWhy; message: string };

const CODE_KEYS: Record<string, string> = {
  Space: 'Space',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Enter: 'Return',
  NumpadEnter: 'Return',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  Escape: 'Escape',
  PrintScreen: 'PrintScreen',
  NumpadDecimal: 'numdec',
  NumpadAdd: 'numadd',
  NumpadSubtract: 'numsub',
  NumpadMultiply: 'nummult',
  NumpadDivide: 'numdiv',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
};

/** The accelerator key for a KeyboardEvent.code (the physical key, whatever the layout), or null. */
function keyForCode(code: string): string | null {
  const m = /^(?:Key([A-Z])|Digit([0-9])|(F(?:[1-9]|1[0-9]|2[0-4]))|Numpad([0-9]))$/.exec(code);
  if (m) return m[1] ?? m[2] ?? m[3] ?? `num${m[4]}`;
  return CODE_KEYS[code] ?? null;
}

const MODIFIER_CODES = /^(Control|Shift|Alt|Meta|OS|AltGraph)(Left|Right)?$/;

/**
 * A key press in the shortcut recorder, as an accelerator. Ctrl is recorded as CommandOrControl off macOS and ⌘ as
 * CommandOrControl on it, so the shortcut means the same on every platform.
 */
export function acceleratorFromKeys(
  e: { code: string; ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean },
  mac = false,
): RecordedKeys {
  const mods: string[] = [];
  if (e.ctrlKey) mods.push(mac ? 'Control' : 'CommandOrControl');
  if (e.metaKey) mods.push(mac ? 'CommandOrControl' : 'Super');
  if (e.altKey) mods.push('Alt');
  if (e.shiftKey) mods.push('Shift');
  mods.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  if (MODIFIER_CODES.test(e.code))
    return { kind: 'modifiers', shown: mods.length > 0 ? `${describeAccelerator([...mods, ''].join('+'), mac)}…` : '' };
  const key = keyForCode(e.code);
  if (key === null) return { kind: 'refused', ...no({ why: 'key-unusable' }) };
  const r = checkAccelerator([...mods, key].join('+'));
  return r.ok ? { kind: 'accelerator', accelerator: r.accelerator } : { kind: 'refused', ...r };
}
