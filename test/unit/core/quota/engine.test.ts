import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../helpers/manual-clock';
import { computeForecast } from '../../../../electron/core/quota/forecast';
import { QuotaEngine } from '../../../../electron/core/quota/engine';
import { parseQuotaHeaders } from '../../../../electron/core/lookup-api/quota-headers';
import { DEFAULT_THRESHOLDS } from '../../../../shared/quota';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 10); // Sun 22 Nov 2026 12:00:10 UTC
const DEC1 = Date.UTC(2026, 11, 1);
const HOUR = 3_600_000;
const thresholds = { month: DEFAULT_THRESHOLDS, minute: DEFAULT_THRESHOLDS };

function engine(clock = new ManualClock(T0), persisted?: unknown) {
  return new QuotaEngine({ profile: 'p', clock, thresholds, monthResetDay: 1, persisted });
}

/** Headers as the simulator sends them; the server clock defaults to the engine's clock. */
function hdrs(
  serverNow: number,
  q: { month?: [number, number]; minute?: [number, number] | null } = {},
  extra: Record<string, string> = {},
) {
  const h: Record<string, string> = { Date: new Date(serverNow).toUTCString(), ...extra };
  const [ml, mr] = q.month ?? [100, 90];
  h['X-RateLimit-Limit-Quota-Month'] = String(ml);
  h['X-RateLimit-Remaining-Quota-Month'] = String(mr);
  if (q.minute !== null) {
    const [nl, nr] = q.minute ?? [5, 4];
    h['X-RateLimit-Limit-Quota-Minute'] = String(nl);
    h['X-RateLimit-Remaining-Quota-Minute'] = String(nr);
  }
  return parseQuotaHeaders(h);
}

describe('QuotaEngine', () => {
  it('starts with no data', () => {
    const s = engine().state();
    expect(s).toMatchObject({
      month: null,
      minute: null,
      minutePlan: 'unknown',
      cooldown: null,
      forecast: { kind: 'unknown' },
    });
  });

  it('records both windows with level, observed-at and the next fixed UTC boundaries', () => {
    const clock = new ManualClock(T0);
    const e = engine(clock);
    e.observe(hdrs(T0, { month: [100, 20], minute: [5, 4] }), { status: 200, localReceivedAt: T0 });
    const s = e.state();
    expect(s.month).toEqual({
      limit: 100,
      remaining: 20,
      observedAt: T0,
      resetAt: DEC1,
      level: 'low',
      estimated: false,
    });
    expect(s.minute).toEqual({
      limit: 5,
      remaining: 4,
      observedAt: T0,
      resetAt: Date.UTC(2026, 10, 22, 12, 1),
      level: 'ok',
      estimated: false,
    });
    expect(s.minutePlan).toBe('limited');
    expect(s.lastError).toBeNull();
  });

  it.each([
    [100, 'ok'],
    [26, 'ok'],
    [25, 'low'],
    [11, 'low'],
    [10, 'critical'],
    [1, 'critical'],
    [0, 'exhausted'],
  ] as const)('month remaining %d of 100 is %s with the default thresholds', (remaining, level) => {
    const e = engine();
    e.observe(hdrs(T0, { month: [100, remaining] }), { status: 200, localReceivedAt: T0 });
    expect(e.state().month?.level).toBe(level);
  });

  it('uses configurable thresholds and re-levels when they change', () => {
    const e = engine();
    e.observe(hdrs(T0, { month: [100, 40] }), { status: 200, localReceivedAt: T0 });
    expect(e.state().month?.level).toBe('ok');
    e.setThresholds({ month: { low: 0.5, critical: 0.2 }, minute: DEFAULT_THRESHOLDS });
    expect(e.state().month?.level).toBe('low');
  });

  it("a success without minute headers means 'no minute limit'; an error without them says nothing", () => {
    const e = engine();
    e.observe(parseQuotaHeaders({ Date: new Date(T0).toUTCString() }), { status: 401, localReceivedAt: T0 });
    expect(e.state().minutePlan).toBe('unknown');
    e.observe(hdrs(T0, { month: [50, 49], minute: null }), { status: 200, localReceivedAt: T0 });
    expect(e.state()).toMatchObject({ minutePlan: 'none', minute: null });
    expect(e.nextWakeAt()).toBe(DEC1);
  });

  it('keeps the last good figure when a field arrives as garbage', () => {
    const e = engine();
    e.observe(hdrs(T0, { month: [100, 90], minute: [5, 4] }), { status: 200, localReceivedAt: T0 });
    const garbage = parseQuotaHeaders({
      'X-RateLimit-Limit-Quota-Month': 'abc',
      'X-RateLimit-Remaining-Quota-Month': '-5',
      'X-RateLimit-Limit-Quota-Minute': '1e9x',
      'X-RateLimit-Remaining-Quota-Minute': '',
    });
    e.observe(garbage, { status: 200, localReceivedAt: T0 + 1000 });
    const s = e.state();
    expect(s.month).toMatchObject({ limit: 100, remaining: 90, observedAt: T0 });
    expect(s.minute).toMatchObject({ limit: 5, remaining: 4, observedAt: T0 });
    expect(s.minutePlan).toBe('limited');
  });

  it('computes resets on the server clock when the local clock is 5 minutes off', () => {
    for (const offset of [-5 * 60_000, 5 * 60_000]) {
      const local = new ManualClock(T0 + offset);
      const e = engine(local);
      e.observe(hdrs(T0, { minute: [5, 0] }), { status: 200, localReceivedAt: local.now() });
      const s = e.state();
      expect(s.skewMs).toBe(-offset);
      expect(s.asOf).toBe(T0);
      expect(s.minute?.resetAt).toBe(Date.UTC(2026, 10, 22, 12, 1));
      // The wake-up is on the local clock: 50 s from now, whatever the local clock says.
      expect(e.nextWakeAt()! - local.now()).toBe(50_000);
    }
  });

  it('a 429 with month remaining 0 is a month cooldown until the month boundary', () => {
    const e = engine();
    e.observe(hdrs(T0, { month: [100, 0], minute: [5, 3] }), { status: 429, localReceivedAt: T0 });
    expect(e.state().cooldown).toEqual({ scope: 'month', until: DEC1, since: T0 });
    expect(e.state().month?.level).toBe('exhausted');
    expect(e.state().lastError).toBe('rate-limited');
  });

  it('a 429 with month remaining left is a minute cooldown until the next minute', () => {
    const e = engine();
    e.observe(hdrs(T0, { month: [100, 50], minute: [5, 0] }), { status: 429, localReceivedAt: T0 });
    expect(e.state().cooldown).toEqual({ scope: 'minute', until: Date.UTC(2026, 10, 22, 12, 1), since: T0 });
  });

  it('Retry-After and IETF RateLimit are more precise than the calendar and win', () => {
    const a = engine();
    a.observe(hdrs(T0, { month: [100, 50], minute: [5, 0] }, { 'Retry-After': '20' }), {
      status: 429,
      localReceivedAt: T0,
    });
    expect(a.state().cooldown?.until).toBe(T0 + 20_000);
    const b = engine();
    b.observe(hdrs(T0, { month: [100, 50], minute: [5, 0] }, { RateLimit: '"minute";r=0;t=15' }), {
      status: 429,
      localReceivedAt: T0,
    });
    expect(b.state().cooldown?.until).toBe(T0 + 15_000);
    expect(b.state().minute?.resetAt).toBe(T0 + 15_000);
  });

  it('an empty 429 (no quota headers) after a known-exhausted month is still the month', () => {
    const e = engine();
    e.observe(hdrs(T0, { month: [100, 0], minute: [5, 4] }), { status: 200, localReceivedAt: T0 });
    e.observe(parseQuotaHeaders({ Date: new Date(T0).toUTCString() }), { status: 429, localReceivedAt: T0 });
    expect(e.state().cooldown?.scope).toBe('month');
  });

  it('a successful forced lookup during a cooldown ends it; a free status 200 ends a month cooldown only with quota back', () => {
    const e = engine();
    e.observe(hdrs(T0, { month: [100, 0] }), { status: 429, localReceivedAt: T0 });
    e.observe(hdrs(T0, { month: [100, 0] }), { status: 200, localReceivedAt: T0, source: 'status' });
    expect(e.state().cooldown?.scope).toBe('month');
    e.observe(hdrs(T0, { month: [1000, 900] }), { status: 200, localReceivedAt: T0, source: 'status' });
    expect(e.state().cooldown).toBeNull();
    e.observe(hdrs(T0, { month: [1000, 0] }), { status: 429, localReceivedAt: T0 });
    e.observe(hdrs(T0, { month: [2000, 1999] }), { status: 200, localReceivedAt: T0 });
    expect(e.state().cooldown).toBeNull();
  });

  it('rolls over: windows past their reset show the fresh window as estimated until a response confirms it', () => {
    const clock = new ManualClock(T0);
    const e = engine(clock);
    e.observe(hdrs(T0, { month: [100, 90], minute: [5, 1] }), { status: 200, localReceivedAt: T0 });
    expect(e.nextWakeAt()).toBe(Date.UTC(2026, 10, 22, 12, 1));
    clock.set(Date.UTC(2026, 10, 22, 12, 1));
    expect(e.rollOver()).toBe(true);
    expect(e.state().minute).toMatchObject({
      remaining: 5,
      estimated: true,
      observedAt: T0,
      resetAt: Date.UTC(2026, 10, 22, 12, 2),
      level: 'ok',
    });
    expect(e.state().month).toMatchObject({ remaining: 90, estimated: false });
    expect(e.rollOver()).toBe(false);
    expect(e.nextWakeAt()).toBe(DEC1); // the full minute window wakes nobody
    clock.set(DEC1);
    e.rollOver();
    expect(e.state().month).toMatchObject({ remaining: 100, estimated: true, resetAt: Date.UTC(2027, 0, 1) });
    e.observe(hdrs(clock.now(), { month: [100, 99], minute: [5, 4] }), { status: 200, localReceivedAt: clock.now() });
    expect(e.state().month).toMatchObject({ remaining: 99, estimated: false });
  });

  it('4: 0 left as the service said it (no 429) is a cooldown until that window resets — minute on the server clock, month on the reset day', () => {
    const clock = new ManualClock(T0);
    const e = new QuotaEngine({ profile: 'p', clock, thresholds, monthResetDay: 25 });
    // The server's clock is 5 minutes ahead: the minute window is the server's.
    const server = T0 + 5 * 60_000;
    e.observe(hdrs(server, { month: [100, 7], minute: [5, 0] }), { status: 200, localReceivedAt: T0 });
    const nextServerMinute = Date.UTC(2026, 10, 22, 12, 6, 0);
    expect(e.activeCooldown()).toEqual({ scope: 'minute', until: nextServerMinute, since: server });
    expect(e.state().cooldown).toEqual({ scope: 'minute', until: nextServerMinute, since: server });
    clock.set(nextServerMinute - 5 * 60_000 - 1);
    expect(e.activeCooldown()).not.toBeNull();
    clock.advance(1);
    expect(e.activeCooldown()).toBeNull();

    // Month at 0 (a free status check said so): until the reset day (the 25th, 00:00 UTC), longer than a minute's.
    const t = clock.now() + 5 * 60_000;
    e.observe(hdrs(t, { month: [100, 0], minute: [5, 0] }), {
      status: 200,
      localReceivedAt: clock.now(),
      source: 'status',
    });
    const nov25 = Date.UTC(2026, 10, 25);
    expect(e.activeCooldown()).toEqual({ scope: 'month', until: nov25, since: t });
    // Persisted and restored (state written before this rule): still known.
    const again = engine(new ManualClock(clock.now()), JSON.parse(JSON.stringify(e.toJSON())));
    again.setMonthResetDay(25);
    expect(again.activeCooldown()).toMatchObject({ scope: 'month', until: nov25 });
    // A free status check with quota back (plan upgraded) lifts it.
    e.observe(hdrs(t + 1000, { month: [1000, 900], minute: [5, 5] }), {
      status: 200,
      localReceivedAt: clock.now() + 1000,
      source: 'status',
    });
    expect(e.activeCooldown()).toBeNull();
  });

  it('a cooldown ends by itself at its reset instant', () => {
    const clock = new ManualClock(T0);
    const e = engine(clock);
    e.observe(hdrs(T0, { month: [100, 50], minute: [5, 0] }), { status: 429, localReceivedAt: T0 });
    expect(e.nextWakeAt()).toBe(Date.UTC(2026, 10, 22, 12, 1));
    clock.advance(49_999);
    expect(e.activeCooldown()).not.toBeNull();
    clock.advance(1);
    expect(e.activeCooldown()).toBeNull();
    expect(e.state().minute).toMatchObject({ remaining: 5, estimated: true });
  });

  it('honours a month reset anchor other than the 1st', () => {
    const e = new QuotaEngine({
      profile: 'p',
      clock: new ManualClock(T0),
      thresholds,
      monthResetDay: 15,
      persisted: undefined,
    });
    e.observe(hdrs(T0), { status: 200, localReceivedAt: T0 });
    expect(e.state().month?.resetAt).toBe(Date.UTC(2026, 11, 15));
  });

  it('keeps a bounded month history and forecasts from it', () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 1));
    const e = new QuotaEngine({ profile: 'p', clock, thresholds, monthResetDay: 1, historyMax: 50 });
    let remaining = 10_000;
    for (let h = 0; h < 24 * 10; h++) {
      remaining -= 30; // 720 a day: 10 000 lasts ~13.9 days, so after 10 days it runs out before the reset
      e.observe(hdrs(clock.now(), { month: [10_000, Math.max(0, remaining)], minute: null }), {
        status: 200,
        localReceivedAt: clock.now(),
      });
      clock.advance(HOUR);
      if (remaining <= 0) break;
    }
    expect(e.samples().length).toBeLessThanOrEqual(50);
    const s = e.state();
    expect(s.forecast.kind).toBe('runs-out');
  });

  it('survives a restart through toJSON/fromJSON and starts clean from garbage', () => {
    const clock = new ManualClock(T0);
    const e = engine(clock);
    e.observe(hdrs(T0 + 60_000, { month: [100, 0], minute: [5, 2] }), { status: 429, localReceivedAt: T0 });
    const json = JSON.parse(JSON.stringify(e.toJSON()));
    const back = QuotaEngine.fromJSON(json, { profile: 'p', clock, thresholds, monthResetDay: 1 });
    expect(back.state()).toEqual(e.state());
    for (const junk of [
      null,
      42,
      'x',
      { version: 2 },
      { version: 1, month: { limit: -1 }, history: 'no', skewMs: 'NaN' },
    ]) {
      const s = engine(clock, junk).state();
      expect(s.month).toBeNull();
      expect(s.cooldown).toBeNull();
    }
  });
});

describe('computeForecast', () => {
  const start = Date.UTC(2026, 10, 1);
  const end = Date.UTC(2026, 11, 1);
  const day = 24 * HOUR;

  it('is unknown with fewer than two samples or less than an hour between them', () => {
    expect(computeForecast([], start, end, 100, start + day)).toEqual({ kind: 'unknown' });
    expect(computeForecast([{ at: start + day, remaining: 90, limit: 100 }], start, end, 100, start + day)).toEqual({
      kind: 'unknown',
    });
    const close = [
      { at: start + day, remaining: 90, limit: 100 },
      { at: start + day + 30 * 60_000, remaining: 80, limit: 100 },
    ];
    expect(computeForecast(close, start, end, 100, start + day + 30 * 60_000)).toEqual({ kind: 'unknown' });
  });

  it('lasts the month at a slow pace', () => {
    const s = [
      { at: start + 10 * day, remaining: 9000, limit: 10_000 },
      { at: start + 15 * day, remaining: 8500, limit: 10_000 },
    ];
    const f = computeForecast(s, start, end, 10_000, start + 15 * day);
    expect(f.kind).toBe('lasts');
    if (f.kind !== 'unknown') expect(f.pace).toBeCloseTo(0.15 / 0.5, 3);
  });

  it('runs out on the extrapolated date at a fast pace', () => {
    const s = [
      { at: start + 10 * day, remaining: 6000, limit: 10_000 },
      { at: start + 12 * day, remaining: 5000, limit: 10_000 },
    ];
    const f = computeForecast(s, start, end, 10_000, start + 12 * day);
    expect(f).toEqual({ kind: 'runs-out', pace: 1.25, runsOutAt: start + 22 * day });
  });

  it('uses only the run since the last increase (a reset or an upgrade)', () => {
    const s = [
      { at: start + 1 * day, remaining: 100, limit: 10_000 },
      { at: start + 2 * day, remaining: 9_000, limit: 10_000 },
      { at: start + 4 * day, remaining: 8_990, limit: 10_000 },
    ];
    expect(computeForecast(s, start, end, 10_000, start + 4 * day).kind).toBe('lasts');
  });

  it('has no forecast once the month is exhausted (0 left: it has run out, nothing to predict)', () => {
    const s = [
      { at: start + 1 * day, remaining: 50, limit: 100 },
      { at: start + 2 * day, remaining: 0, limit: 100 },
    ];
    expect(computeForecast(s, start, end, 100, start + 3 * day)).toEqual({ kind: 'unknown' });
    // One request before that, it still forecast the run-out.
    expect(
      computeForecast(
        [...s.slice(0, 1), { at: start + 2 * day, remaining: 1, limit: 100 }],
        start,
        end,
        100,
        start + 2 * day,
      ),
    ).toMatchObject({ kind: 'runs-out' });
  });
});
