import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppSnapshot, NotificationEvent } from '../../shared/ipc';
import type { QuotaState } from '../../shared/quota';
import { AboutView } from './components/about-view';
import { Notices, RunningJobBar, Toasts } from './components/banners';
import { BulkView } from './components/bulk-view';
import { HistoryView } from './components/history-view';
import { LookupView, type LookupRequest } from './components/lookup-view';
import { Onboarding } from './components/onboarding';
import { QuotaAnnouncer } from './components/quota-announcer';
import { minuteCountsDown } from './components/quota-gauge';
import { SettingsView } from './components/settings-view';
import { TitleBar } from './components/title-bar';
import { liveNotification } from './live-notices';
import { useEscapeToClose } from './use-escape';
import { useRunningJob } from './use-running-job';
import { useServiceNow } from './use-service-now';
import { useApi } from './api-context';

interface QuotaBox {
  quota: QuotaState;
  /** Service clock minus local clock, from `asOf` at reception. */
  offset: number;
}

const TOAST_MS = 8000;

type View = 'lookup' | 'settings' | 'history' | 'bulk' | 'about';

export function App() {
  const api = useApi();
  const [snapshot, setSnapshot] = useState<AppSnapshot | null>(null);
  const [box, setBox] = useState<QuotaBox | null>(null);
  const [view, setViewState] = useState<View>('lookup');
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
  // Escape leaves Settings, Bulk, History and About (after anything opened inside them, which closes first).
  useEscapeToClose(view !== 'lookup', () => {
    const back = openers.current.pop();
    focusBack.current = back?.label || null;
    if (back?.view !== 'bulk') setShownJob(null);
    setViewState(back?.view ?? 'lookup');
  });
  useEffect(() => {
    const label = focusBack.current;
    focusBack.current = null;
    if (!label) return;
    const target = [...document.querySelectorAll<HTMLElement>('button, [role="button"]')].find(
      (b) => (b.textContent ?? '').trim() === label && b.offsetParent !== null,
    );
    target?.focus();
  }, [view]);
  const [request, setRequest] = useState<LookupRequest | null>(null);
  const [toasts, setToasts] = useState<NotificationEvent[]>([]);
  const [failed, setFailed] = useState(false);
  const runningJob = useRunningJob();
  const [shownJob, setShownJob] = useState<string | null>(null);

  // Events arrive in order; a getSnapshot answer may be overtaken by an event sent after it was made,
  // so an answer only replaces the quota when no quota event came in while it was on its way.
  const quotaEvents = useRef(0);
  const latestQuota = useRef<QuotaState | null>(null);
  const applyQuota = useCallback((q: QuotaState) => {
    quotaEvents.current++;
    latestQuota.current = q;
    setBox({ quota: q, offset: q.asOf - Date.now() });
  }, []);
  const applySnapshot = useCallback(
    (s: AppSnapshot, seenEvents?: number) => {
      setSnapshot(s);
      if (seenEvents === undefined || seenEvents === quotaEvents.current) applyQuota(s.quota);
    },
    [applyQuota],
  );
  const refresh = useCallback(async () => {
    const seen = quotaEvents.current;
    try {
      applySnapshot(await api.getSnapshot(), seen);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [api, applySnapshot]);

  // Cooldowns come only from the core's quota state. The core publishes a 429's cooldown (quota-changed)
  // before the lookup answers, but the web preview carries events and answers on separate connections, so
  // if the answer overtook the event, ask for the state instead of keeping a cooldown of our own.
  const onRateLimited = useCallback(
    (resetAt: number) => {
      const held = latestQuota.current?.cooldown;
      if (!held || held.until < resetAt) void refresh();
    },
    [refresh],
  );

  useEffect(() => {
    let seq = 0;
    const offs = [
      api.onQuotaChanged(applyQuota),
      api.onSnapshotChanged((snap) => applySnapshot(snap)),
      api.onNavigate((e) => {
        if (e.view === 'settings' || e.view === 'about') setView(e.view);
        else setView('lookup');
        if (e.ip) setRequest({ ip: e.ip, seq: ++seq });
      }),
      api.onNotification((n) => {
        setToasts((t) => [...t.filter((x) => x.id !== n.id).slice(-1), n]);
        setTimeout(() => setToasts((t) => t.filter((x) => x !== n)), TOAST_MS);
      }),
    ];
    void refresh();
    return () => offs.forEach((off) => off());
  }, [api, applyQuota, applySnapshot, refresh, setView]);

  // Live "now" on the service clock; ticks only while something counts down and the window is visible.
  const offset = box?.offset ?? 0;
  const probe = Date.now() + offset;
  const quota = box?.quota ?? null;
  const rawCooldown = quota?.cooldown ?? null;
  const counting =
    (rawCooldown !== null && rawCooldown.until > probe) || minuteCountsDown(quota?.minute ?? null, probe);
  const now = useServiceNow(offset, counting);
  const offsetRef = useRef(offset);
  useEffect(() => {
    offsetRef.current = offset;
  }, [offset]);
  const serviceNow = useCallback(() => Date.now() + offsetRef.current, []);
  const cooldown = rawCooldown !== null && rawCooldown.until > now ? rawCooldown : null;

  // When a countdown ends, ask the core for the rolled-over state (it emits too; this is the fallback).
  const rolled = useRef(new Set<number>());
  useEffect(() => {
    const ends = [rawCooldown?.until, quota?.minute && !quota.minute.estimated ? quota.minute.resetAt : undefined];
    for (const t of ends) {
      if (t !== undefined && now >= t && !rolled.current.has(t)) {
        rolled.current.add(t);
        void refresh();
      }
    }
  }, [now, rawCooldown, quota, refresh]);

  // Another view opens at its top, not where the last one was scrolled to (About from the end of Settings).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [view]);

  if (failed && !snapshot) {
    return (
      <main className="fatal" role="alert">
        <p>Lookup Tray could not reach its background service.</p>
        <button type="button" onClick={() => void refresh()}>
          Try again
        </button>
      </main>
    );
  }
  if (!snapshot || !quota) return <main className="loading" aria-busy="true" />;

  // First run only: with several profiles, a new profile's key is entered in Settings, with the picker at hand.
  const onboarding = !snapshot.key.hasKey && !snapshot.demo.active && snapshot.profiles.length <= 1;
  const profile = snapshot.settings.profile;
  // The active profile's month line follows the live quota (the snapshot's is as of its making).
  const month = quota.month;
  const live: AppSnapshot = {
    ...snapshot,
    profiles: snapshot.profiles.map((p) =>
      p.active && month && !snapshot.demo.active
        ? {
            ...p,
            month: { remaining: month.remaining, limit: month.limit, resetAt: month.resetAt, level: month.level },
          }
        : p,
    ),
  };
  const notices = (
    <Notices
      notices={snapshot.notices}
      onDismiss={(id) => {
        setSnapshot((s) => (s ? { ...s, notices: s.notices.filter((n) => n.id !== id) } : s));
        void api.dismissNotice({ id });
      }}
    />
  );
  // A copy says what holds now: reworded from the live figures, or gone once what it was about is over.
  const liveToasts = toasts.flatMap((t) => liveNotification(t, quota, now) ?? []);
  const toastView = <Toasts items={liveToasts} onClose={(id) => setToasts((t) => t.filter((x) => x.id !== id))} />;

  if (onboarding && view === 'about') {
    return (
      <div className="app">
        <AboutView onBack={() => setView('lookup')} />
      </div>
    );
  }
  if (onboarding) {
    return (
      <div className="app">
        {notices}
        <Onboarding
          snapshot={snapshot}
          onDone={(snap) => {
            applySnapshot(snap);
            setView('lookup');
          }}
        />
        {toastView}
      </div>
    );
  }

  return (
    <div className="app">
      <TitleBar
        demo={snapshot.demo.active}
        onSettings={view === 'lookup' ? () => openFrom('lookup', 'settings') : null}
        onHistory={view === 'lookup' ? () => openFrom('lookup', 'history') : null}
        onBulk={view === 'lookup' ? () => openFrom('lookup', 'bulk') : null}
        profiles={snapshot.demo.active ? [] : snapshot.profiles}
        onSnapshot={(snap) => applySnapshot(snap)}
      />
      {notices}
      <QuotaAnnouncer
        month={quota.month}
        cooldownSecondsLeft={cooldown ? Math.ceil((cooldown.until - now) / 1000) : null}
      />
      {view === 'settings' && (
        <SettingsView
          key={profile}
          snapshot={live}
          statusCheck={quota.statusCheck}
          onBack={() => setView('lookup')}
          onChanged={() => void refresh()}
          onAbout={() => openFrom('settings', 'about')}
        />
      )}
      {view === 'about' && <AboutView onBack={() => setView('lookup')} />}
      {view === 'history' && <HistoryView key={profile} onBack={() => setView('lookup')} />}
      {view === 'bulk' && (
        <BulkView
          key={profile}
          profile={snapshot.demo.active ? 'demo' : profile}
          quota={quota}
          profiles={live.profiles}
          initialJob={shownJob}
          onBack={() => {
            setShownJob(null);
            setView('lookup');
          }}
        />
      )}
      {view === 'lookup' && runningJob && (
        <RunningJobBar
          job={runningJob}
          onShow={() => {
            setShownJob(runningJob.jobId);
            openFrom('lookup', 'bulk');
          }}
        />
      )}
      {/* Stays mounted (hidden) while Settings is shown: the typed address, the result and the recent lookups
          are there again on Back. */}
      <main className="lookup" hidden={view !== 'lookup'}>
        {/* The view's level-one heading, for screen readers' heading navigation (the other views show theirs). */}
        <h1 className="sr-only">Look up an IP address</h1>
        <LookupView
          key={profile}
          active={view === 'lookup'}
          quota={quota}
          now={now}
          serviceNow={serviceNow}
          monthResetDay={snapshot.settings.monthResetDay}
          cooldown={cooldown}
          request={request}
          onOpenSettings={() => openFrom('lookup', 'settings')}
          onNoKey={() => void refresh()}
          onRateLimited={onRateLimited}
        />
      </main>
      {toastView}
    </div>
  );
}
