import { useEffect, useRef, useState } from 'react';
import { normalizeBaseUrl } from '../../shared/base-url';
import { checkProxyUrl } from '../../shared/proxy-setting';
import type { Settings } from '../../shared/ipc';
import { useApi } from './api-context';
import type { SettingProblem } from '../../shared/setting-problem';
import { diffSettings, localProblems, type FormObjectKey, type FormScalarKey } from './settings-draft';
import { useFading } from './use-fading';

/** The save bar's line as a fact (the view words it: uiForm.saveBar). */
export type SaveBarState = 'nothingSaved' | 'failed' | 'unsaved' | 'saved' | null;

/**
 * The Settings form's draft of `saved`, its field messages and its save: checked here first, then sent as a patch of
 * what changed, which the core applies whole or not at all. After a refused save the first marked field in `form`
 * gets the focus.
 */
export function useSettingsDraft(saved: Settings, onSaved: () => void) {
  const api = useApi();
  const [draft, setDraft] = useState<Settings>(saved);
  const [errors, setErrors] = useState<Record<string, SettingProblem>>({});
  const [status, setStatus] = useState<'nothingSaved' | 'failed' | null>(null);
  /** "Settings saved.": fades after a while (errors stay). */
  const [done, setDone] = useState<'saved' | null>(null);
  const [busy, setBusy] = useState(false);
  useFading(done, () => setDone(null));
  const form = useRef<HTMLFormElement>(null);
  /** Bumped by each refused save: the first marked field then gets the focus (it may be scrolled out of sight). */
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const field = refusals > 0 ? form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' }); // with its label and message, clear of the save bar
  }, [refusals]);

  const set = <K extends FormScalarKey>(k: K, v: Settings[K]): void => setDraft((d) => ({ ...d, [k]: v }));
  const setIn = <G extends FormObjectKey, K extends keyof Settings[G]>(g: G, k: K, v: Settings[G][K]): void =>
    setDraft((d) => ({ ...d, [g]: { ...d[g], [k]: v } }));
  const patch = diffSettings(saved, draft);

  const refuse = (byField: Record<string, SettingProblem>): void => {
    setErrors(byField);
    setStatus('nothingSaved');
    setRefusals((n) => n + 1);
  };

  const save = async (): Promise<void> => {
    setStatus(null);
    setDone(null);
    const local = localProblems(draft, patch);
    if (Object.keys(local).length > 0) {
      refuse(local);
      return;
    }
    if (patch.baseUrl !== undefined) {
      const r = normalizeBaseUrl(patch.baseUrl);
      if (r.ok) patch.baseUrl = r.url;
    }
    if (patch.network?.proxyUrl !== undefined) {
      const r = checkProxyUrl(patch.network.proxyUrl);
      if (r.ok) patch.network.proxyUrl = r.url;
    }
    setBusy(true);
    try {
      const r = await api.updateSettings(patch);
      if (r.kind === 'saved') {
        setErrors({});
        setDraft(r.settings);
        setDone('saved');
        onSaved();
      } else {
        // The core applies a change whole or not at all.
        refuse(Object.fromEntries(r.errors.map((x) => [x.field || 'form', x.problem])));
      }
    } catch {
      setStatus('failed');
    }
    setBusy(false);
  };

  return {
    form,
    draft,
    errors,
    set,
    setIn,
    save,
    busy,
    dirty: Object.keys(patch).length > 0,
    /** The save bar's line: what went wrong, else unsaved changes, else "Settings saved." for a while. */
    status: (status ?? (Object.keys(patch).length > 0 ? 'unsaved' : done)) as SaveBarState,
    failed: status !== null,
  };
}

export type SettingsDraft = ReturnType<typeof useSettingsDraft>;
