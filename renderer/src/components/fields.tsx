import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { acceleratorFromKeys, checkAccelerator, describeAccelerator } from '../../../shared/accelerator';
import type { ShortcutWhy } from '../../../shared/setting-problem';
import { useWords } from '../words-context';

interface Base {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

function Messages({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <p id={`${id}-err`} className="field-error" aria-live="polite">
        {error ?? ''}
      </p>
    </>
  );
}

function describedBy(id: string, hint: unknown): string {
  return hint ? `${id}-err ${id}-hint` : `${id}-err`;
}

export function TextField({
  label,
  error,
  hint,
  value,
  onChange,
  type = 'text',
  placeholder,
}: Base & { value: string; onChange: (v: string) => void; type?: string; placeholder?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={!!error}
        aria-describedby={describedBy(id, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** The input of a whole number: empty or unparsable is NaN (refused on save). */
function WholeNumberInput({
  id,
  hint,
  error,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  hint: unknown;
  error: string | undefined;
  value: number;
  min?: number | undefined;
  max?: number | undefined;
  onChange: (v: number) => void;
}) {
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={Number.isNaN(value) ? '' : value}
      aria-invalid={!!error}
      aria-describedby={describedBy(id, hint)}
      onChange={(e) => onChange(e.target.value.trim() === '' ? Number.NaN : Number(e.target.value))}
    />
  );
}

/** A whole-number field. An empty or unparsable entry is kept as NaN and refused on save. */
export function NumberField({
  label,
  error,
  hint,
  value,
  onChange,
  min,
  max,
  unit,
}: Base & { value: number; onChange: (v: number) => void; min?: number; max?: number; unit?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="number-row">
        <WholeNumberInput id={id} hint={hint} error={error} value={value} min={min} max={max} onChange={onChange} />
        {unit && <span className="unit">{unit}</span>}
      </div>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function CheckField({
  label,
  error,
  hint,
  checked,
  onChange,
  disabled,
}: Base & { checked: boolean; onChange: (v: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="field check-field">
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={describedBy(id, hint)}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  value,
  onChange,
  options,
}: Base & {
  value: string;
  onChange: (v: string) => void;
  /** Value and text; a third item is the language the text is in (a name in its own language: not translated). */
  options: ([string, string] | [string, string, string])[];
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} aria-describedby={describedBy(id, hint)} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text, lang]) => (
          <option key={v} value={v} lang={lang} translate={lang ? 'no' : undefined}>
            {text}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

const UNITS: ReadonlyArray<['minutes' | 'hours' | 'days', number]> = [
  ['minutes', 1],
  ['hours', 60],
  ['days', 24 * 60],
];

/** The largest unit a number of minutes is a whole number of (1 440 minutes is "1 day"). */
function unitFor(minutes: number): number {
  if (!Number.isFinite(minutes) || minutes <= 0) return 60;
  return [...UNITS].reverse().find(([, u]) => minutes % u === 0)?.[1] ?? 1;
}

/** A length of time kept in minutes, entered as a whole number of minutes, hours or days. */
export function DurationField({
  label,
  error,
  hint,
  minutes,
  onChange,
}: Base & { minutes: number; onChange: (minutes: number) => void }) {
  const id = useId();
  const t = useWords().w.uiForm;
  const [unit, setUnit] = useState(() => unitFor(minutes));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="number-row">
        <WholeNumberInput
          id={id}
          hint={hint}
          error={error}
          value={minutes / unit}
          min={1}
          onChange={(v) => onChange(Math.round(v * unit))}
        />
        <select
          aria-label={t.unit}
          value={unit}
          onChange={(e) => {
            const next = Number(e.target.value);
            if (!Number.isNaN(minutes)) onChange((minutes / unit) * next);
            setUnit(next);
          }}
        >
          {UNITS.map(([name, u]) => (
            <option key={u} value={u}>
              {t.units[name]}
            </option>
          ))}
        </select>
      </div>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** Whether this renderer runs on macOS (the shortcut is shown with ⌘ ⌥ ⇧ there). */
export const ON_MAC = typeof navigator !== 'undefined' && /Mac/i.test(navigator.userAgent);

/**
 * The global shortcut, recorded rather than typed: focus it and press the keys. Shows the shortcut as a person
 * reads it, says which accelerator it registers, and refuses what cannot be registered (shared/accelerator.ts).
 */
export function ShortcutField({
  label,
  error,
  value,
  onChange,
  mac = ON_MAC,
}: Base & { value: string; onChange: (accelerator: string) => void; mac?: boolean }) {
  const id = useId();
  const { w } = useWords();
  const [pending, setPending] = useState<string | null>(null);
  const [refused, setRefused] = useState<ShortcutWhy | null>(null);
  const current = checkAccelerator(value);
  const say = (p: ShortcutWhy): string => w.settingProblem.say({ kind: 'shortcut', ...p }, 'window');
  const problem =
    error ??
    (refused ? say(refused) : undefined) ??
    (current.ok ? undefined : w.uiForm.cannotRegister(say(current.problem)));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    const plain = !e.ctrlKey && !e.altKey && !e.metaKey;
    // Tab still moves on, and Escape still closes what it closes: neither can be recorded without a modifier.
    if (plain && (e.key === 'Tab' || (e.key === 'Escape' && !e.shiftKey))) return;
    e.preventDefault();
    const r = acceleratorFromKeys(e, mac);
    if (r.kind === 'modifiers') {
      setPending(r.shown === '' ? null : r.shown);
      return;
    }
    setPending(null);
    if (r.kind === 'refused') setRefused(r.problem);
    else {
      setRefused(null);
      onChange(r.accelerator);
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        className="shortcut-recorder"
        readOnly
        value={pending ?? describeAccelerator(value, mac)}
        aria-invalid={!!problem}
        aria-describedby={`${id}-err ${id}-hint`}
        onKeyDown={onKeyDown}
        onKeyUp={() => setPending(null)}
        onBlur={() => setPending(null)}
      />
      <Messages
        id={id}
        error={problem}
        hint={
          <>
            {w.uiForm.shortcutHint.before}
            <code translate="no">{value}</code>
            {w.uiForm.shortcutHint.after}
          </>
        }
      />
    </div>
  );
}
