/**
 * The alerts policy: a pure function from (previous state, new state, what was already sent) to the
 * notifications to send now. No timers, no I/O; the app core persists `AlertMemory` as JSON.
 *
 * Rules
 * - Month thresholds (low, critical, exhausted), the forecast turning to "runs out" and the minute limit
 *   being hit each fire at most once per window and per profile (key). Windows are identified by their
 *   end (`resetAt` at the time of firing); a real observation made at or after that end re-arms them.
 * - Only real observations count: estimated (rolled-over) figures never fire, and a response observed
 *   before the last one already seen for that window does nothing (stale / out-of-order / repeated).
 * - Jumping over several thresholds at once sends only the most severe enabled one; the others are
 *   marked as done, so nothing is sent later for a level the user already heard worse about.
 * - A plan upgrade (a larger month limit inside the same window) re-arms the month thresholds.
 * - Paused: notifications are suppressed *and marked as sent*. Deciding this way means that when the
 *   pause ends, the user does not get a burst of warnings about thresholds crossed hours ago (the tray
 *   still shows the level); a threshold crossed after the pause ends is notified normally.
 * - Disabled kinds are also marked, so turning a kind on mid-window does not replay an old crossing.
 */
import type { NotificationSettings, Settings } from '../../../shared/settings';
import type { MonthAlertKind, QuotaState, QuotaWindow, WindowScope } from '../../../shared/quota';
import type { NotifyRequest } from '../lib/ports';
import { isWindowScope } from '../../../shared/window-scope';
import { wordsFor, type Lang } from '../../../shared/i18n';
import { alertText, type AlertFact, type NotificationFact } from '../../../shared/alert-fact';

export { alertText, type AlertFact } from '../../../shared/alert-fact';

export type MonthAlert = MonthAlertKind;

export interface ProfileAlertMemory {
  /** The month window alerts were last evaluated in (its end), its limit, and what was sent in it. */
  month: { end: number; limit: number; fired: MonthAlert[] } | null;
  /** Newest month `observedAt` processed (service clock). */
  monthObservedAt: number;
  /** End of the minute window for which "minute limit hit" was already handled. */
  minuteHandledUntil: number;
  /** Newest minute `observedAt` processed. */
  minuteObservedAt: number;
  /** A cooldown the user hit, remembered until it ends ("quota restored"). */
  cooldown: { scope: WindowScope; since: number; until: number } | null;
}

export interface AlertMemory {
  version: 1;
  profiles: Record<string, ProfileAlertMemory>;
}

export interface AlertSettings {
  notifications: NotificationSettings;
  /** Percent of the limit remaining (Settings['thresholds']); only the month ones are used. */
  thresholds: Pick<Settings['thresholds'], 'monthLow' | 'monthCritical'>;
  /** Local-clock instant until which notifications are paused, or null. */
  pausedUntil: number | null;
  demo: boolean;
  /** The language of the notifications' words (shared/i18n, `alerts`); English when not given. */
  lang?: Lang;
}

export interface AlertDecision {
  /** In the core's language, for the system notifications. */
  notifications: NotifyRequest[];
  /** What each notification says, by its id: the window words its in-page copy from it (AlertCenter attaches it). */
  facts: Record<string, NotificationFact>;
  memory: AlertMemory;
}

/** How long after a cooldown's end a "restored" notice still makes sense (e.g. after a restart). */
const RESTORED_GRACE: Record<WindowScope, number> = { minute: 2 * 60_000, month: 24 * 3_600_000 };

const SEVERITY: MonthAlert[] = ['low', 'critical', 'exhausted'];
const SETTING_FOR: Record<MonthAlert, keyof NotificationSettings> = {
  low: 'monthLow',
  critical: 'monthCritical',
  exhausted: 'monthExhausted',
  forecast: 'forecast',
};

export function emptyAlertMemory(): AlertMemory {
  return { version: 1, profiles: {} };
}

function emptyProfile(): ProfileAlertMemory {
  return { month: null, monthObservedAt: 0, minuteHandledUntil: 0, minuteObservedAt: 0, cooldown: null };
}

/** Accepts anything read back from disk; returns a usable memory (empty when the shape is wrong). */
export function reviveAlertMemory(raw: unknown): AlertMemory {
  if (!raw || typeof raw !== 'object') return emptyAlertMemory();
  const r = raw as { version?: unknown; profiles?: unknown };
  if (r.version !== 1 || !r.profiles || typeof r.profiles !== 'object') return emptyAlertMemory();
  const profiles: Record<string, ProfileAlertMemory> = {};
  for (const [name, p] of Object.entries(r.profiles as Record<string, unknown>)) {
    if (!p || typeof p !== 'object') continue;
    const q = p as Partial<ProfileAlertMemory>;
    const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
    const month =
      q.month && typeof q.month.end === 'number' && typeof q.month.limit === 'number' && Array.isArray(q.month.fired)
        ? {
            end: q.month.end,
            limit: q.month.limit,
            fired: q.month.fired.filter((f): f is MonthAlert => typeof f === 'string'),
          }
        : null;
    const cooldown =
      q.cooldown && isWindowScope(q.cooldown.scope) && typeof q.cooldown.until === 'number'
        ? { scope: q.cooldown.scope, since: num(q.cooldown.since), until: q.cooldown.until }
        : null;
    profiles[name] = {
      month,
      monthObservedAt: num(q.monthObservedAt),
      minuteHandledUntil: num(q.minuteHandledUntil),
      minuteObservedAt: num(q.minuteObservedAt),
      cooldown,
    };
  }
  return { version: 1, profiles };
}

const monthFact = (alert: MonthAlert, w: QuotaWindow, s: QuotaState): AlertFact => ({
  kind: 'month',
  alert,
  window: w,
  forecast: s.forecast,
  now: s.asOf,
});

type Candidate = { id: string; kind: keyof NotificationSettings; fact: AlertFact };

/**
 * Month thresholds and the forecast, for a real month observation no older than the last one seen: the most severe
 * newly reached enabled level (all newly reached ones marked), then "runs out before the reset" once per window.
 * Updates `p` (the profile's working copy).
 */
function monthAlerts(p: ProfileAlertMemory, next: QuotaState, settings: AlertSettings): Candidate[] {
  const m = next.month;
  if (!(m && !m.estimated && m.observedAt >= p.monthObservedAt && m.limit > 0)) return [];
  const candidates: Candidate[] = [];
  p.monthObservedAt = m.observedAt;
  if (!p.month || m.observedAt >= p.month.end) {
    p.month = { end: m.resetAt, limit: m.limit, fired: [] };
  } else if (m.limit > p.month.limit) {
    p.month = { end: p.month.end, limit: m.limit, fired: [] }; // plan upgraded: re-arm
  }
  const win = p.month;
  const share = (m.remaining / m.limit) * 100;
  const monthCooldown = next.cooldown?.scope === 'month' && next.cooldown.until > next.asOf;
  const reached: MonthAlert[] = [];
  if (share <= settings.thresholds.monthLow) reached.push('low');
  if (share <= settings.thresholds.monthCritical) reached.push('critical');
  if (m.remaining <= 0 || monthCooldown) reached.push('exhausted');
  const fresh = reached.filter((k) => !win.fired.includes(k));
  if (fresh.length > 0) {
    const enabled = fresh.filter((k) => settings.notifications[SETTING_FOR[k]]);
    const pick = enabled.sort((a, b) => SEVERITY.indexOf(b) - SEVERITY.indexOf(a))[0];
    if (pick)
      candidates.push({
        id: `${next.profile}:month-${pick}:${win.end}`,
        kind: SETTING_FOR[pick],
        fact: monthFact(pick, m, next),
      });
    win.fired.push(...fresh);
  }
  const exhausted = win.fired.includes('exhausted');
  if (
    next.forecast.kind === 'runs-out' &&
    next.forecast.runsOutAt < m.resetAt &&
    !win.fired.includes('forecast') &&
    !exhausted
  ) {
    win.fired.push('forecast');
    if (settings.notifications.forecast)
      candidates.push({
        id: `${next.profile}:month-forecast:${win.end}`,
        kind: 'forecast',
        fact: monthFact('forecast', m, next),
      });
  }
  return candidates;
}

/** "Minute limit reached", once per minute window: from a minute cooldown, or a real answer with none left. */
function minuteAlert(p: ProfileAlertMemory, next: QuotaState): Candidate[] {
  const mi = next.minute;
  const minuteCooldown = next.cooldown?.scope === 'minute' ? next.cooldown : null;
  let hitAt: number | null = null;
  let hitEnd = 0;
  if (minuteCooldown && minuteCooldown.since >= p.minuteObservedAt) {
    hitAt = minuteCooldown.since;
    hitEnd = minuteCooldown.until;
  } else if (mi && !mi.estimated && mi.remaining <= 0 && mi.observedAt >= p.minuteObservedAt) {
    hitAt = mi.observedAt;
    hitEnd = mi.resetAt;
  }
  if (mi && !mi.estimated && mi.observedAt > p.minuteObservedAt) p.minuteObservedAt = mi.observedAt;
  if (!(hitAt !== null && hitAt >= p.minuteHandledUntil)) return [];
  p.minuteHandledUntil = hitEnd;
  p.minuteObservedAt = Math.max(p.minuteObservedAt, hitAt);
  const limit = mi?.limit ?? null;
  return [
    {
      id: `${next.profile}:minute-hit:${hitEnd}`,
      kind: 'minuteHit',
      fact: { kind: 'minute-hit', limit, seconds: Math.max(1, Math.ceil((hitEnd - hitAt) / 1000)) },
    },
  ];
}

/** "Quota restored" after a cooldown the user hit: remembered while it lasts, told when it ends (or is lifted). */
function restoredAlert(p: ProfileAlertMemory, next: QuotaState): Candidate[] {
  const serviceNow = next.asOf;
  const cd = next.cooldown && next.cooldown.until > serviceNow ? next.cooldown : null;
  if (cd) {
    const same = p.cooldown?.scope === cd.scope && p.cooldown.since === cd.since;
    p.cooldown = { scope: cd.scope, since: cd.since, until: same ? Math.max(cd.until, p.cooldown!.until) : cd.until };
    return [];
  }
  const c = p.cooldown;
  if (!c) return [];
  const w = c.scope === 'month' ? next.month : next.minute;
  // Ended by time, or lifted early and *confirmed* by a real response after the 429 (e.g. a plan upgrade).
  // A cooldown that merely vanished from the state without either does not count (no false "restored").
  const confirmed = w != null && !w.estimated && w.remaining > 0 && w.observedAt > c.since;
  if (!(serviceNow >= c.until || confirmed)) return [];
  p.cooldown = null;
  if (!(serviceNow - c.until <= RESTORED_GRACE[c.scope])) return [];
  return [
    {
      id: `${next.profile}:restored-${c.scope}:${c.until}`,
      kind: 'restored',
      fact: { kind: 'restored', scope: c.scope },
    },
  ];
}

/**
 * Decide which notifications to send for the transition prev → next. `now` is the local clock (for the
 * pause); everything else is compared on the service clock carried by the state itself.
 * `prev` is part of the contract but deliberately not relied on: after a restart it is null, so the
 * persisted `memory` is the single source of truth for what was already sent.
 */
export function decideAlerts(
  prev: QuotaState | null,
  next: QuotaState,
  memory: AlertMemory,
  settings: AlertSettings,
  now: number,
): AlertDecision {
  const before = memory.profiles[next.profile] ?? emptyProfile();
  const p: ProfileAlertMemory = {
    ...before,
    month: before.month ? { ...before.month, fired: [...before.month.fired] } : null,
    cooldown: before.cooldown ? { ...before.cooldown } : null,
  };
  const candidates = [...monthAlerts(p, next, settings), ...minuteAlert(p, next), ...restoredAlert(p, next)];

  const paused = settings.pausedUntil !== null && now < settings.pausedUntil;
  const w = wordsFor(settings.lang ?? 'en').w.alerts;
  const sent = paused ? [] : candidates.filter((c) => settings.notifications[c.kind]);
  const notifications: NotifyRequest[] = sent.map((c) => {
    const { title, body } = alertText(c.fact, w);
    return { id: c.id, title: settings.demo ? w.demo(title) : title, body };
  });
  const facts = Object.fromEntries(
    sent.map((c): [string, NotificationFact] => [c.id, { alert: c.fact, demo: settings.demo, profile: null }]),
  );

  // Same object back when nothing changed, so the caller can skip writing it to disk.
  const unchanged = memory.profiles[next.profile] !== undefined && JSON.stringify(before) === JSON.stringify(p);
  return {
    notifications,
    facts,
    memory: unchanged ? memory : { version: 1, profiles: { ...memory.profiles, [next.profile]: p } },
  };
}
