import { Fragment, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useEscapeToClose } from '../use-escape';

export interface MenuEntry {
  key: string;
  label: string;
  onSelect: () => void;
  /** Draw a separator above this entry. */
  separated?: boolean;
}

/**
 * The ARIA menu-button pattern: a button (aria-haspopup="menu", aria-expanded) opening a role="menu" of
 * role="menuitem"s. Enter, Space or ArrowDown open it on the first item, ArrowUp on the last; arrows move
 * (wrapping), Home/End jump, Enter/Space activate; Escape (anywhere), Tab or a click outside close it, and
 * Escape and an activation give focus back to the button.
 */
export function MenuButton({ label, entries }: { label: string; entries: MenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const last = entries.length - 1;

  const openAt = (i: number): void => {
    setActive(i);
    setOpen(true);
  };
  const close = (refocus: boolean): void => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEscapeToClose(open, () => close(true));

  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  // A click anywhere outside closes it (focus stays where the click put it).
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent): void => {
      if (!(e.target instanceof Node) || !wrap.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>): void => {
    if (e.key === 'ArrowDown') openAt(0);
    else if (e.key === 'ArrowUp') openAt(last);
    else return;
    e.preventDefault();
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const to: Record<string, number | undefined> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const next = to[e.key];
    if (next !== undefined) {
      e.preventDefault();
      setActive(next);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      close(true);
    }
  };

  return (
    <div className="menu-wrap" ref={wrap}>
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        className="secondary small"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="menu" role="menu" id={`${id}-menu`} aria-labelledby={`${id}-button`} onKeyDown={onMenuKey}>
          {entries.map((m, i) => (
            <Fragment key={m.key}>
              {m.separated && <div className="menu-separator" role="separator" />}
              <button
                ref={(el) => {
                  items.current[i] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={i === active ? 0 : -1}
                onMouseEnter={() => setActive(i)}
                onClick={() => {
                  close(true);
                  m.onSelect();
                }}
              >
                {m.label}
              </button>
            </Fragment>
          ))}
        </div>
      )}
    </div>
  );
}
