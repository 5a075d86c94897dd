import { useId, type ReactNode } from 'react';

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
}: Base & { value: string; onChange: (v: string) => void; options: [string, string][] }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} aria-describedby={describedBy(id, hint)} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}
