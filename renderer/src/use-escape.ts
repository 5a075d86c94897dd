import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Escape anywhere in the window closes the topmost open thing: whatever opened last and is still open
 * (a menu opened over a confirmation closes first). One window listener serves them all.
 */
const stack: { close: () => void }[] = [];

function onKeyDown(e: KeyboardEvent): void {
  if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
  const top = stack.at(-1);
  if (!top) return;
  e.preventDefault();
  top.close();
}

/** While `open`, Escape (anywhere) calls `close` — unless something opened later is on top of it. */
export function useEscapeToClose(open: boolean, close: () => void): void {
  const latest = useRef(close);
  useLayoutEffect(() => {
    latest.current = close;
  }, [close]);
  useLayoutEffect(() => {
    if (!open) return;
    const entry = { close: () => latest.current() };
    stack.push(entry);
    if (stack.length === 1) window.addEventListener('keydown', onKeyDown);
    return () => {
      const i = stack.indexOf(entry);
      if (i >= 0) stack.splice(i, 1);
      if (stack.length === 0) window.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
}

/**
 * Focus management of an inline confirmation: when it opens, `into` (its safe choice) gets focus; when it
 * closes without an action that moved on, focus goes back to `back` (the button that opened it).
 */
export function useConfirmFocus(
  open: boolean,
  into: RefObject<HTMLElement | null>,
  back: RefObject<HTMLElement | null>,
): void {
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    if (open && !wasOpen.current) into.current?.focus();
    if (!open && wasOpen.current) back.current?.focus();
    wasOpen.current = open;
  }, [open, into, back]);
}
