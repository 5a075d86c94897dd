/** The global shortcut that toggles the lookup window. Conflicts (already taken) are reported, not fatal. */
import { globalShortcut } from 'electron';

export interface ShortcutManager {
  /** (Re-)register `accelerator`; '' turns the shortcut off. Returns false when it could not be registered. */
  apply(accelerator: string): boolean;
  current(): string | null;
  dispose(): void;
}

export function createShortcutManager(opts: {
  onPress: () => void;
  onConflict: (accelerator: string, reason: string) => void;
}): ShortcutManager {
  let current: string | null = null;
  const release = () => {
    if (current) globalShortcut.unregister(current);
    current = null;
  };
  return {
    apply(accelerator) {
      const next = accelerator.trim();
      if (next === current) return true;
      release();
      if (next === '') return true;
      let ok = false;
      let reason = 'it is already used by another application';
      try {
        ok = globalShortcut.register(next, opts.onPress);
      } catch {
        reason = 'it is not a valid shortcut';
      }
      if (ok) current = next;
      else opts.onConflict(next, reason);
      return ok;
    },
    current: () => current,
    dispose: release,
  };
}
