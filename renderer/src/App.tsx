import { useEffect, useState } from 'react';
import type { AppSnapshot, NotificationEvent } from '../../shared/ipc';
import type { QuotaState } from '../../shared/quota';
import { useApi } from './api-context';
import { AboutView } from './components/about-view';
import { Notices, RunningJobBar, Toasts } from './components/banners';
import { BulkView } from './components/bulk-view';
import { HistoryView } from './components/history-view';
import { LookupView } from './components/lookup-view';
import { Onboarding } from './components/onboarding';
import { QuotaAnnouncer } from './components/quota-announcer';
import { ReportView } from './components/report-view';
import { SettingsView } from './components/settings-view';
import { TitleBar } from './components/title-bar';
import { liveNotification } from './live-notices';
import { useAppState } from './use-app-state';
import { useRunningJob } from './use-running-job';
import { useViews } from './use-views';
import { useWords, WordsProvider } from './words-context';

const TOAST_MS = 8000;

/** In-page copies of the notifications the core asks for, each for a while (at most two at a time). */
function useToasts() {
  const api = useApi();
  const [toasts, setToasts] = useState<NotificationEvent[]>([]);
  useEffect(
    () =>
      api.onNotification((n) => {
        setToasts((t) => [...t.filter((x) => x.id !== n.id).slice(-1), n]);
        setTimeout(() => setToasts((t) => t.filter((x) => x !== n)), TOAST_MS);
      }),
    [api],
  );
  return { toasts, close: (id: string) => setToasts((t) => t.filter((x) => x.id !== id)) };
}

/** The snapshot with the active profile's month line from the live quota (the snapshot's is as of its making). */
function withLiveMonth(snapshot: AppSnapshot, quota: QuotaState): AppSnapshot {
  const month = quota.month;
  return {
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
}

/** The app in the language of its settings (the system's until the settings are read). */
export function App() {
  const state = useAppState();
  return (
    <WordsProvider
      choice={state.snapshot?.settings.interfaceLanguage ?? 'system'}
      system={state.snapshot?.systemLanguages}
    >
      <AppViews state={state} />
    </WordsProvider>
  );
}

function AppViews({ state }: { state: ReturnType<typeof useAppState> }) {
  const { w } = useWords();
  const { snapshot, quota, now, cooldown, refresh, applySnapshot } = state;
  const nav = useViews();
  const { view, setView, openFrom } = nav;
  const { toasts, close } = useToasts();
  const runningJob = useRunningJob();

  if (state.failed && !snapshot) {
    return (
      <main className="fatal" role="alert">
        <p>{w.uiNav.unreachable}</p>
        <button type="button" onClick={() => void refresh()}>
          {w.uiNav.tryAgain}
        </button>
      </main>
    );
  }
  if (!snapshot || !quota) return <main className="loading" aria-busy="true" />;

  // First run only: with several profiles, a new profile's key is entered in Settings, with the picker at hand.
  const onboarding = !snapshot.key.hasKey && !snapshot.demo.active && snapshot.profiles.length <= 1;
  const profile = snapshot.settings.profile;
  const live = withLiveMonth(snapshot, quota);
  const notices = <Notices notices={snapshot.notices} onDismiss={state.dismissNotice} />;
  // A copy says what holds now: reworded from the live figures, or gone once what it was about is over.
  const liveToasts = toasts.flatMap((t) => liveNotification(t, quota, now) ?? []);
  const toastView = <Toasts items={liveToasts} onClose={close} />;

  if (onboarding && view === 'about') {
    return (
      <div className="app">
        <AboutView onBack={() => setView('lookup')} serviceNow={state.serviceNow} />
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
        cooldown={cooldown ? { scope: cooldown.scope, secondsLeft: Math.ceil((cooldown.until - now) / 1000) } : null}
      />
      {view === 'settings' && (
        <SettingsView
          key={profile}
          snapshot={live}
          statusCheck={quota.statusCheck}
          onBack={() => setView('lookup')}
          onChanged={() => void refresh()}
          onAbout={() => openFrom('settings', 'about')}
          serviceNow={state.serviceNow}
        />
      )}
      {view === 'about' && <AboutView onBack={nav.back} serviceNow={state.serviceNow} />}
      {view === 'history' && <HistoryView key={profile} onBack={() => setView('lookup')} />}
      {view === 'bulk' && (
        <BulkView
          key={profile}
          profile={snapshot.demo.active ? 'demo' : profile}
          quota={quota}
          profiles={live.profiles}
          initialJob={nav.shownJob}
          onBack={nav.leaveBulk}
          onReport={nav.showReport}
        />
      )}
      {view === 'report' && nav.reportJob && <ReportView jobId={nav.reportJob} onBack={nav.back} />}
      {view === 'lookup' && runningJob && (
        <RunningJobBar job={runningJob} onShow={() => nav.showJob(runningJob.jobId)} />
      )}
      {/* Stays mounted (hidden) while Settings is shown: the typed address, the result and the recent lookups
          are there again on Back. */}
      <main className="lookup" hidden={view !== 'lookup'}>
        {/* The view's level-one heading, for screen readers' heading navigation (the other views show theirs). */}
        <h1 className="sr-only">{w.uiNav.lookupHeading}</h1>
        <LookupView
          key={profile}
          active={view === 'lookup'}
          quota={quota}
          now={now}
          serviceNow={state.serviceNow}
          monthResetDay={snapshot.settings.monthResetDay}
          cooldown={cooldown}
          request={nav.request}
          onOpenSettings={() => openFrom('lookup', 'settings')}
          onNoKey={() => void refresh()}
          onRateLimited={state.onRateLimited}
        />
      </main>
      {toastView}
    </div>
  );
}
