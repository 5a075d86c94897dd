import { describe, expect, it } from 'vitest';
import {
  decideAlerts,
  emptyAlertMemory,
  reviveAlertMemory,
  type AlertMemory,
  type AlertSettings,
} from '../../../../electron/core/quota/alerts';
import type { NotifyRequest } from '../../../../electron/core/lib/ports';
import { DEFAULT_SETTINGS } from '../../../../shared/settings';
import {
  emptyQuotaState,
  levelFor,
  nextMinuteBoundary,
  nextMonthBoundary,
  type Cooldown,
  type Forecast,
  type QuotaState,
} from '../../../../shared/quota';

const NOV1 = Date.UTC(2026, 10, 1);
const DEC1 = Date.UTC(2026, 11, 1);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Obs {
  profile?: string;
  at: number;
  month?: { limit: number; remaining: number; estimated?: boolean; observedAt?: number } | null;
  minute?: { limit: number; remaining: number; estimated?: boolean; observedAt?: number } | null;
  cooldown?: Cooldown | null;
  forecast?: Forecast;
}

function qs(o: Obs): QuotaState {
  const s = emptyQuotaState(o.profile ?? 'default', o.at);
  const t = { low: 0.25, critical: 0.1 };
  if (o.month)
    s.month = {
      limit: o.month.limit,
      remaining: o.month.remaining,
      observedAt: o.month.observedAt ?? o.at,
      resetAt: nextMonthBoundary(o.month.observedAt ?? o.at),
      level: levelFor(o.month.remaining, o.month.limit, t),
      estimated: o.month.estimated ?? false,
    };
  if (o.minute) {
    s.minutePlan = 'limited';
    s.minute = {
      limit: o.minute.limit,
      remaining: o.minute.remaining,
      observedAt: o.minute.observedAt ?? o.at,
      resetAt: nextMinuteBoundary(o.minute.observedAt ?? o.at),
      level: levelFor(o.minute.remaining, o.minute.limit, t),
      estimated: o.minute.estimated ?? false,
    };
  }
  s.cooldown = o.cooldown ?? null;
  s.forecast = o.forecast ?? { kind: 'lasts', pace: 0.5 };
  return s;
}

const settings = (
  over: Partial<AlertSettings> = {},
  notif: Partial<AlertSettings['notifications']> = {},
): AlertSettings => ({
  notifications: { ...DEFAULT_SETTINGS.notifications, ...notif },
  thresholds: { monthLow: 25, monthCritical: 10 },
  pausedUntil: null,
  demo: false,
  ...over,
});

/** Feeds states one by one like the app core would, collecting everything sent. */
function runner(s: AlertSettings = settings()) {
  let memory: AlertMemory = emptyAlertMemory();
  let prev: QuotaState | null = null;
  const sent: NotifyRequest[] = [];
  return {
    sent,
    feed(next: QuotaState, now = next.asOf, over: Partial<AlertSettings> = {}): NotifyRequest[] {
      const d = decideAlerts(prev, next, memory, { ...s, ...over }, now);
      memory = d.memory;
      prev = next;
      sent.push(...d.notifications);
      return d.notifications;
    },
    restart(): void {
      memory = reviveAlertMemory(JSON.parse(JSON.stringify(memory)));
      prev = null;
    },
    get memory() {
      return memory;
    },
  };
}

const month = (remaining: number, limit = 10_000) => ({ limit, remaining });

describe('month thresholds', () => {
  it('fires "running low" when the month crosses 25 % remaining, not before', () => {
    const r = runner();
    expect(r.feed(qs({ at: NOV1 + DAY, month: month(2_600) }))).toEqual([]);
    const out = r.feed(qs({ at: NOV1 + DAY + 60_000, month: month(2_500) }));
    expect(out).toHaveLength(1);
    expect(out[0]!.title).toBe('Month quota running low');
    expect(out[0]!.body).toContain('2,500 of 10,000 requests left');
    expect(out[0]!.body).toContain('Dec 1');
  });

  it('a jump past several thresholds sends only the most severe, and the skipped ones never come later', () => {
    const r = runner();
    r.feed(qs({ at: NOV1 + DAY, month: month(5_000) }));
    const out = r.feed(qs({ at: NOV1 + 2 * DAY, month: month(800) }));
    expect(out.map((n) => n.title)).toEqual(['Month quota almost used up']);
    expect(r.feed(qs({ at: NOV1 + 3 * DAY, month: month(700) }))).toEqual([]);
    expect(r.feed(qs({ at: NOV1 + 4 * DAY, month: month(0) })).map((n) => n.title)).toEqual([
      'Monthly quota exhausted',
    ]);
    expect(r.sent).toHaveLength(2);
  });

  it('remaining bouncing 9.9 % → 10.1 % → 9.9 % inside one window fires "critical" once', () => {
    const r = runner();
    r.feed(qs({ at: NOV1 + DAY, month: month(2_400) })); // low
    const seq = [990, 1_010, 990, 1_010, 990];
    const critical = seq.flatMap((rem, i) => r.feed(qs({ at: NOV1 + 2 * DAY + i * 60_000, month: month(rem) })));
    expect(critical.map((n) => n.title)).toEqual(['Month quota almost used up']);
  });

  it('a repeated identical response and a stale (older) response never fire again', () => {
    const r = runner();
    const low = qs({ at: NOV1 + 5 * DAY, month: month(2_000) });
    expect(r.feed(low)).toHaveLength(1);
    expect(r.feed(low)).toEqual([]);
    // An older observation (delivered late) showing *less* left would cross critical if believed.
    const stale = qs({ at: NOV1 + 6 * DAY, month: { ...month(500), observedAt: NOV1 + 4 * DAY } });
    expect(r.feed(stale)).toEqual([]);
    // ...and it did not poison the memory: a real critical observation later still fires.
    expect(r.feed(qs({ at: NOV1 + 7 * DAY, month: month(900) })).map((n) => n.title)).toEqual([
      'Month quota almost used up',
    ]);
  });

  it('estimated roll-over figures never fire; the next real response in the new window re-arms', () => {
    const r = runner();
    r.feed(qs({ at: NOV1 + 20 * DAY, month: month(2_000) }));
    // The window passed with no response: the engine shows an estimated fresh window (and a forecast).
    const est = qs({ at: DEC1 + HOUR, month: { ...month(10_000), estimated: true, observedAt: NOV1 + 20 * DAY } });
    expect(r.feed(est)).toEqual([]);
    const estLow = qs({
      at: DEC1 + 2 * HOUR,
      month: { ...month(100), estimated: true },
      forecast: { kind: 'runs-out', pace: 3, runsOutAt: DEC1 + DAY },
    });
    expect(r.feed(estLow)).toEqual([]);
    expect(r.feed(qs({ at: DEC1 + 3 * HOUR, month: month(9_000) }))).toEqual([]);
    const dec = r.feed(qs({ at: DEC1 + 10 * DAY, month: month(2_400) }));
    expect(dec).toHaveLength(1);
    expect(dec[0]!.id).toContain(String(Date.UTC(2027, 0, 1)));
  });

  it('a plan upgrade (bigger limit within the window) re-arms the thresholds', () => {
    const r = runner();
    r.feed(qs({ at: NOV1 + DAY, month: month(0, 1_000) }));
    expect(r.sent.map((n) => n.title)).toEqual(['Monthly quota exhausted']);
    expect(r.feed(qs({ at: NOV1 + DAY + HOUR, month: month(9_000, 10_000) }))).toEqual([]);
    expect(r.feed(qs({ at: NOV1 + 5 * DAY, month: month(2_000, 10_000) })).map((n) => n.title)).toEqual([
      'Month quota running low',
    ]);
  });

  it('uses the configured thresholds', () => {
    const r = runner({ ...settings(), thresholds: { monthLow: 50, monthCritical: 20 } });
    expect(r.feed(qs({ at: NOV1 + DAY, month: month(5_500) }))).toEqual([]);
    expect(r.feed(qs({ at: NOV1 + DAY + 1, month: month(4_900) })).map((n) => n.title)).toEqual([
      'Month quota running low',
    ]);
    expect(r.feed(qs({ at: NOV1 + DAY + 2, month: month(1_900) })).map((n) => n.title)).toEqual([
      'Month quota almost used up',
    ]);
  });
});

describe('forecast', () => {
  it('fires once per month window when the forecast turns to "runs out", even if it flips back and forth', () => {
    const r = runner();
    const runsOut: Forecast = { kind: 'runs-out', pace: 1.6, runsOutAt: NOV1 + 19 * DAY };
    const flips = [runsOut, { kind: 'lasts', pace: 0.9 } as Forecast, runsOut, runsOut];
    const out = flips.flatMap((f, i) =>
      r.feed(qs({ at: NOV1 + (3 + i) * DAY, month: month(8_000 - i * 500), forecast: f })),
    );
    expect(out).toHaveLength(1);
    expect(out[0]!.title).toBe('Month quota will run out early');
    expect(out[0]!.body).toContain('Nov 20');
    // Next month it may fire again.
    expect(
      r.feed(qs({ at: DEC1 + 3 * DAY, month: month(8_000), forecast: { ...runsOut, runsOutAt: DEC1 + 20 * DAY } })),
    ).toHaveLength(1);
  });
});

describe('minute limit', () => {
  const minuteHit = (at: number) => qs({ at, month: month(9_000), minute: { limit: 5, remaining: 0 } });

  it('is off by default', () => {
    const r = runner();
    expect(r.feed(minuteHit(NOV1 + DAY))).toEqual([]);
  });

  it('when on, fires once per minute window; repeated responses in the same minute stay silent', () => {
    const r = runner(settings({}, { minuteHit: true }));
    const t = NOV1 + DAY + 10_000;
    expect(r.feed(minuteHit(t)).map((n) => n.title)).toEqual(['Minute limit reached']);
    expect(r.feed(minuteHit(t + 5_000))).toEqual([]);
    const cd: Cooldown = { scope: 'minute', since: t + 6_000, until: nextMinuteBoundary(t) };
    expect(
      r.feed(
        qs({
          at: t + 6_000,
          month: month(9_000),
          minute: { limit: 5, remaining: 0, observedAt: t + 5_000 },
          cooldown: cd,
        }),
      ),
    ).toEqual([]);
    expect(r.feed(minuteHit(t + 60_000))).toHaveLength(1); // next minute
  });
});

describe('quota restored', () => {
  const t = NOV1 + DAY + 20_000;
  const cd: Cooldown = { scope: 'minute', since: t, until: nextMinuteBoundary(t) };

  it('is off by default, and when on fires once when the cooldown ends', () => {
    const off = runner();
    off.feed(qs({ at: t, minute: { limit: 5, remaining: 0 }, cooldown: cd }));
    expect(
      off.feed(qs({ at: cd.until + 1_000, minute: { limit: 5, remaining: 5, estimated: true, observedAt: t } })),
    ).toEqual([]);

    const on = runner(settings({}, { restored: true }));
    on.feed(qs({ at: t, minute: { limit: 5, remaining: 0 }, cooldown: cd }));
    const ended = qs({ at: cd.until + 1_000, minute: { limit: 5, remaining: 5, estimated: true, observedAt: t } });
    expect(on.feed(ended).map((n) => n.title)).toEqual(['Minute limit lifted']);
    expect(on.feed(ended)).toEqual([]);
  });

  it('no false "restored" when the cooldown vanishes before its end without a confirming response', () => {
    const r = runner(settings({}, { restored: true }));
    r.feed(qs({ at: t, minute: { limit: 5, remaining: 0 }, cooldown: cd }));
    expect(r.feed(qs({ at: t + 5_000, minute: { limit: 5, remaining: 0, observedAt: t } }))).toEqual([]);
    // A real response after the 429 showing requests available does confirm it.
    expect(r.feed(qs({ at: t + 8_000, minute: { limit: 5, remaining: 4 } }))).toHaveLength(1);
  });

  it('does not announce a restore long after the fact (e.g. after a restart hours later)', () => {
    const r = runner(settings({}, { restored: true }));
    r.feed(qs({ at: t, minute: { limit: 5, remaining: 0 }, cooldown: cd }));
    r.restart();
    expect(r.feed(qs({ at: t + 3 * HOUR, minute: { limit: 5, remaining: 5 } }))).toEqual([]);
    expect(r.memory.profiles.default!.cooldown).toBeNull();
  });
});

describe('pause, demo, profiles, persistence', () => {
  it('paused: nothing is sent, the crossing is marked as handled, and later crossings fire after the pause', () => {
    const r = runner();
    const pausedUntil = NOV1 + 2 * DAY;
    expect(r.feed(qs({ at: NOV1 + DAY, month: month(2_000) }), NOV1 + DAY, { pausedUntil })).toEqual([]);
    expect(r.feed(qs({ at: NOV1 + 3 * DAY, month: month(1_900) }), NOV1 + 3 * DAY, { pausedUntil })).toEqual([]);
    expect(
      r.feed(qs({ at: NOV1 + 4 * DAY, month: month(900) }), NOV1 + 4 * DAY, { pausedUntil }).map((n) => n.title),
    ).toEqual(['Month quota almost used up']);
  });

  it('titles are prefixed "DEMO — " in demo mode', () => {
    const r = runner(settings({ demo: true }));
    expect(r.feed(qs({ at: NOV1 + DAY, month: month(0) }))[0]!.title).toBe('DEMO — Monthly quota exhausted');
  });

  it('disabled kinds never fire, not even when enabled later in the same window', () => {
    const r = runner(settings({}, { monthLow: false }));
    expect(r.feed(qs({ at: NOV1 + DAY, month: month(2_000) }))).toEqual([]);
    expect(
      r.feed(qs({ at: NOV1 + DAY + 1, month: month(1_999) }), undefined, {
        notifications: { ...DEFAULT_SETTINGS.notifications },
      }),
    ).toEqual([]);
  });

  it('keeps profiles apart: each key gets its own notifications, once', () => {
    const r = runner();
    const a = r.feed(qs({ profile: 'work', at: NOV1 + DAY, month: month(2_000) }));
    const b = r.feed(qs({ profile: 'home', at: NOV1 + DAY + 1, month: month(2_000) }));
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(a[0]!.id).not.toBe(b[0]!.id);
    expect(r.feed(qs({ profile: 'work', at: NOV1 + DAY + 2, month: month(1_999) }))).toEqual([]);
    expect(r.feed(qs({ profile: 'home', at: NOV1 + DAY + 3, month: month(800) }))).toHaveLength(1);
    expect(r.feed(qs({ profile: 'work', at: NOV1 + DAY + 4, month: month(1_500) }))).toEqual([]);
  });

  it('returns the same memory object when nothing changed (nothing to persist)', () => {
    const r = runner();
    const st = qs({ at: NOV1 + DAY, month: month(2_000) });
    r.feed(st);
    const before = r.memory;
    r.feed(st);
    expect(r.memory).toBe(before);
    r.feed(qs({ at: NOV1 + DAY + 1, month: month(1_999) }));
    expect(r.memory).not.toBe(before);
  });

  it('memory survives a JSON round trip (restart) without re-firing; garbage on disk starts clean', () => {
    const r = runner();
    r.feed(qs({ at: NOV1 + DAY, month: month(900) }));
    r.restart();
    expect(r.feed(qs({ at: NOV1 + DAY + HOUR, month: month(850) }))).toEqual([]);
    for (const junk of [null, 42, 'x', { version: 2 }, { version: 1, profiles: { a: 'nope' } }]) {
      expect(reviveAlertMemory(junk).profiles.default).toBeUndefined();
    }
  });
});

/** Deterministic PRNG (mulberry32) so the long run is reproducible. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('two simulated months of traffic with flaky responses and restarts', () => {
  for (const seed of [1, 7, 42, 2026]) {
    it(`seed ${seed}: every expected notification exactly once, none extra, at the right moment`, () => {
      const rnd = prng(seed);
      const r = runner(settings({}, { restored: true }));
      const LIMIT = 10_000;
      // November burns ~12,000 (exhausts around day 25); December ~8,000 (low but never critical).
      const hourly = (t: number) => (t < DEC1 ? 12_000 : 8_000) / (30 * 24);
      let used = 0;
      let windowStart = NOV1;
      let last: QuotaState | null = null;
      const delivered: QuotaState[] = [];
      const firstReal: Record<string, number> = {};
      const mark = (key: string, at: number) => (firstReal[key] ??= at);
      const firedAt: Record<string, number> = {};

      for (let t = NOV1 + HOUR; t < Date.UTC(2027, 0, 1) - HOUR; t += HOUR) {
        if (t >= DEC1 && windowStart < DEC1) {
          // Window rolled over: first an estimated state with no response, then real ones.
          windowStart = DEC1;
          used = 0;
          r.feed(
            qs({
              at: t,
              month: { limit: LIMIT, remaining: LIMIT, estimated: true, observedAt: last!.month!.observedAt },
            }),
          );
        }
        used = Math.min(LIMIT, used + hourly(t) * (0.5 + rnd()));
        const remaining = Math.round(LIMIT - used);
        const runsOut = windowStart === NOV1 && t > NOV1 + 3 * DAY && rnd() < 0.7;
        const forecast: Forecast = runsOut
          ? { kind: 'runs-out', pace: 1.2, runsOutAt: NOV1 + 25 * DAY }
          : { kind: 'lasts', pace: 0.8 };
        const cooldown: Cooldown | null = remaining <= 0 ? { scope: 'month', since: t, until: DEC1 } : null;
        const roll = rnd();
        let next: QuotaState;
        if (roll < 0.1 && last)
          next = last; // repeated response
        else if (roll < 0.15 && delivered.length > 5)
          next = { ...delivered[delivered.length - 5]!, asOf: t }; // late, stale
        else if (roll < 0.22)
          next = qs({ at: t, month: month(Math.min(LIMIT, remaining + 150), LIMIT), forecast, cooldown }); // replica lag: bounces up
        else next = qs({ at: t, month: month(remaining, LIMIT), forecast, cooldown });
        if (next !== last && next.month && next.month.observedAt === t) {
          const share = (next.month.remaining / LIMIT) * 100;
          const w = windowStart === NOV1 ? 'nov' : 'dec';
          if (share <= 25) mark(`${w}:low`, t);
          if (share <= 10) mark(`${w}:critical`, t);
          if (next.month.remaining <= 0) mark(`${w}:exhausted`, t);
          if (next.forecast.kind === 'runs-out' && !firstReal[`${w}:exhausted`]) mark(`${w}:forecast`, t);
          delivered.push(next);
        }
        for (const n of r.feed(next, t)) firedAt[n.title + (t < DEC1 ? ' nov' : ' dec')] = t;
        last = next;
        if (rnd() < 0.02) r.restart();
      }

      const titles = r.sent.map((n) => n.title).sort();
      expect(titles).toEqual(
        [
          'Month quota almost used up',
          'Month quota running low',
          'Month quota running low',
          'Month quota will run out early',
          'Monthly quota exhausted',
          'Month quota restored',
        ].sort(),
      );
      expect(new Set(r.sent.map((n) => n.id)).size).toBe(r.sent.length);
      expect(firedAt['Month quota running low nov']).toBe(firstReal['nov:low']);
      expect(firedAt['Month quota almost used up nov']).toBe(firstReal['nov:critical']);
      expect(firedAt['Monthly quota exhausted nov']).toBe(firstReal['nov:exhausted']);
      expect(firedAt['Month quota will run out early nov']).toBe(firstReal['nov:forecast']);
      expect(firedAt['Month quota running low dec']).toBe(firstReal['dec:low']);
      expect(firstReal['dec:critical']).toBeUndefined();
    });
  }
});

describe('in German (the core given the language)', () => {
  it('says a threshold crossed, the minute limit and its end in German, with German numbers and dates', () => {
    const r = runner(settings({ lang: 'de' }, { minuteHit: true, restored: true }));
    const low = r.feed(qs({ at: NOV1 + DAY, month: month(2_500) }));
    expect(low).toEqual([
      {
        id: `default:month-low:${DEC1}`,
        title: 'Monatskontingent wird knapp',
        body: '2.500 von 10.000 Anfragen übrig (25 %). Wieder voll am 1. Dez., 00:00 UTC.',
      },
    ]);
    const t = NOV1 + 2 * DAY + 20_000;
    const cooldown: Cooldown = { scope: 'minute', since: t, until: t + 40_000 };
    const hit = r.feed(qs({ at: t, month: month(2_400), minute: { limit: 1_000, remaining: 0 }, cooldown }));
    expect(hit.map((n) => [n.title, n.body])).toEqual([
      ['Minutenlimit erreicht', 'Alle 1.000 Anfragen dieser Minute sind verbraucht. Abfragen gehen in 40 s weiter.'],
    ]);
    const back = r.feed(qs({ at: t + 41_000, month: month(2_399), minute: { limit: 1_000, remaining: 999 } }));
    expect(back.map((n) => n.title)).toEqual(['Minutenlimit aufgehoben']);
  });

  it('says a demo notification and the forecast in German too', () => {
    const r = runner(settings({ lang: 'de', demo: true }));
    const out = r.feed(
      qs({ at: NOV1 + DAY, month: month(9_000), forecast: { kind: 'runs-out', pace: 1, runsOutAt: NOV1 + 20 * DAY } }),
    );
    expect(out.map((n) => [n.title, n.body])).toEqual([
      [
        'DEMO — Monatskontingent reicht nicht bis zum Monatsende',
        'In diesem Tempo ist das Monatskontingent am 21. Nov. aufgebraucht, vor dem Neubeginn (1. Dez.). 9.000 von 10.000 Anfragen übrig.',
      ],
    ]);
  });
});
