import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from './api-context';
import type { LookupRequest } from './components/lookup-view';
import { useEscapeToClose } from './use-escape';

export type View = 'lookup' | 'settings' | 'history' | 'bulk' | 'report' | 'about';

/**
 * Which view the window shows, how it got there (Escape goes back, focus returns to the control that opened a
 * view), the tray's requests to show a view or look up an address, and the bulk job Bulk shows first.
 */
export function useViews() {
  const api = useApi();
  const [view, setViewState] = useState<View>('lookup');
  const [request, setRequest] = useState<LookupRequest | null>(null);
  const [shownJob, setShownJob] = useState<string | null>(null);
  const [reportJob, setReportJob] = useState<string | null>(null);
  // Where Escape goes back to: each view opened from another by a control, with that control's text (the control
  // is re-rendered on the way back, so it is found again by its text and given focus).
  const openers = useRef<{ view: View; label: string }[]>([]);
  const focusBack = useRef<string | null>(null);
  const setView = useCallback((v: View) => {
    openers.current = [];
    setViewState(v);
  }, []);
  const openFrom = useCallback((from: View, v: View) => {
    const el = document.activeElement;
    const label = el instanceof HTMLElement ? (el.textContent ?? '').trim() : '';
    const stack = from === 'lookup' ? [] : openers.current;
    setViewState(v);
    openers.current = [...stack, { view: from, label }];
  }, []);
  // Back to the view this one was opened from (About opened in Settings goes back to Settings), focus on its opener.
  const back = useCallback(() => {
    const from = openers.current.pop();
    focusBack.current = from?.label || null;
    if (from?.view !== 'bulk') setShownJob(null);
    setViewState(from?.view ?? 'lookup');
  }, []);
  // Escape leaves Settings, Bulk, Report, History and About (after anything opened inside them, which closes first).
  useEscapeToClose(view !== 'lookup', back);
  useEffect(() => {
    const label = focusBack.current;
    focusBack.current = null;
    if (!label) return;
    const target = [...document.querySelectorAll<HTMLElement>('button, [role="button"]')].find(
      (b) => (b.textContent ?? '').trim() === label && b.offsetParent !== null,
    );
    target?.focus();
  }, [view]);

  useEffect(() => {
    let seq = 0;
    return api.onNavigate((e) => {
      if (e.view === 'settings' || e.view === 'about') setView(e.view);
      else setView('lookup');
      if (e.ip) setRequest({ ip: e.ip, seq: ++seq });
    });
  }, [api, setView]);

  // Another view opens at its top, not where the last one was scrolled to (About from the end of Settings).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [view]);

  return {
    view,
    setView,
    openFrom,
    /** The view's Back button: where Escape goes. */
    back,
    request,
    shownJob,
    /** Opens Bulk on a job (the Lookup view's "Show" on a running job). */
    showJob: (id: string) => {
      setShownJob(id);
      openFrom('lookup', 'bulk');
    },
    /** The job whose report the Report view shows. */
    reportJob,
    /** Opens the Report view of a job from Bulk; Back returns to Bulk on that job. */
    showReport: (id: string) => {
      setShownJob(id);
      setReportJob(id);
      openFrom('bulk', 'report');
    },
    /** Back from Bulk to the Lookup view: the next visit shows the newest job again. */
    leaveBulk: () => {
      setShownJob(null);
      setView('lookup');
    },
  };
}
