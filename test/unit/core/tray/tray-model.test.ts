import { describe, expect, it } from 'vitest';
import { buildTrayModel, updatedText } from '../../../../electron/shell/tray-words';
import { iconKey } from '../../../../electron/core/tray/tray-icon';
import type { AppSnapshot } from '../../../../shared/ipc';
import { levelFor, type QuotaState } from '../../../../shared/quota';
import { DEC1, NOW, snapshot } from '../../../helpers/fake-core';

const snap = (quota: Partial<QuotaState> = {}, over: Partial<AppSnapshot> = {}): AppSnapshot => snapshot(over, quota);
const win = (
  remaining: number,
  limit: number,
  o: { observedAt?: number; resetAt?: number; estimated?: boolean } = {},
) => ({
  limit,
  remaining,
  observedAt: o.observedAt ?? NOW - 2 * 60_000,
  resetAt: o.resetAt ?? DEC1,
  level: levelFor(remaining, limit),
  estimated: o.estimated ?? false,
});

describe('buildTrayModel', () => {
  it('no key: the distinct icon and a line saying what to do', () => {
    const m = buildTrayModel(snap({}, { key: { hasKey: false, masked: null, storage: 'none' } }), NOW);
    expect(m.iconModel).toEqual({ kind: 'no-key' });
    expect(m.statusLines).toEqual(['No key yet — open Lookup Tray to add one']);
    expect(m.hasKey).toBe(false);
    expect(m.tooltip).toContain('No key yet');
  });

  it('a key without figures yet says so and shows the empty track', () => {
    const m = buildTrayModel(snap(), NOW);
    expect(m.iconModel).toEqual({ kind: 'no-data', dimmed: false });
    expect(m.statusLines[0]).toBe('No quota data yet — use Check quota');
  });

  it('ok: month and minute lines, the age, a full green gauge', () => {
    const m = buildTrayModel(
      snap({ month: win(9_512, 10_000), minute: win(4, 5, { resetAt: NOW + 30_000 }), minutePlan: 'limited' }),
      NOW,
    );
    expect(m.statusLines).toEqual([
      'Month: 9,512 of 10,000 left · resets Dec 1',
      'Minute: 4 of 5 left',
      'Updated 2 min ago',
    ]);
    expect(m.iconModel).toEqual({
      kind: 'gauge',
      step: 8,
      level: 'ok',
      minuteHit: false,
      atRisk: false,
      dimmed: false,
    });
    expect(m.tooltip).toBe('Lookup Tray\nMonth: 9,512 of 10,000 left · resets Dec 1\nMinute: 4 of 5 left');
  });

  it('low month, plan without a minute limit', () => {
    const m = buildTrayModel(snap({ month: win(2_100, 10_000), minutePlan: 'none' }), NOW);
    expect(m.statusLines).toContain('No per-minute limit');
    expect(m.iconModel).toMatchObject({ kind: 'gauge', step: 2, level: 'low' });
  });

  it('minute limit hit: the mark on the icon, the line, and a refresh due when the minute resets', () => {
    const reset = NOW + 37_000;
    const m = buildTrayModel(
      snap({
        month: win(5_000, 10_000),
        minute: win(0, 5, { resetAt: reset, observedAt: NOW - 1_000 }),
        minutePlan: 'limited',
        cooldown: { scope: 'minute', since: NOW - 1_000, until: reset },
      }),
      NOW,
    );
    expect(m.iconModel).toMatchObject({ minuteHit: true });
    expect(m.statusLines).toContain('Minute: limit reached (0 of 5 left)');
    expect(m.nextChangeAt).toBe(reset);
    // After the reset (no new response) the mark is gone.
    const after = buildTrayModel(
      snap({
        month: win(5_000, 10_000),
        minute: win(0, 5, { resetAt: reset, observedAt: NOW - 1_000 }),
        minutePlan: 'limited',
      }),
      reset + 1,
    );
    expect(after.iconModel).toMatchObject({ minuteHit: false });
  });

  it('at risk: the forecast runs out before the reset — the icon mark, a menu line and the tooltip', () => {
    const runsOut = { kind: 'runs-out' as const, pace: 1.6, runsOutAt: Date.UTC(2026, 10, 27, 9) };
    const m = buildTrayModel(snap({ month: win(6_000, 10_000), forecast: runsOut }), NOW);
    expect(m.iconModel).toMatchObject({ kind: 'gauge', level: 'ok', atRisk: true });
    expect(m.statusLines).toEqual([
      'Month: 6,000 of 10,000 left · resets Dec 1',
      'At risk: at this pace it runs out Nov 27',
      'Updated 2 min ago',
    ]);
    expect(m.tooltip).toContain('At risk: at this pace it runs out Nov 27');
    // The same figures with a pace that lasts the month: not at risk.
    const lasts = buildTrayModel(snap({ month: win(6_000, 10_000), forecast: { kind: 'lasts', pace: 0.8 } }), NOW);
    expect(lasts.iconModel).toMatchObject({ atRisk: false });
    expect(lasts.statusLines.join('\n')).not.toContain('At risk');
    // Exhausted: nothing left to forecast, even if a stale run-out forecast came along.
    const out = buildTrayModel(snap({ month: win(0, 10_000), forecast: runsOut }), NOW);
    expect(out.iconModel).toMatchObject({ level: 'exhausted', atRisk: false });
    expect(out.statusLines.join('\n')).not.toContain('At risk');
    // A month that has since reset (estimated) is not at risk either.
    const reset = buildTrayModel(snap({ month: win(10_000, 10_000, { estimated: true }), forecast: runsOut }), NOW);
    expect(reset.iconModel).toMatchObject({ atRisk: false });
  });

  it('month exhausted (cooldown) shows an empty red gauge', () => {
    const m = buildTrayModel(
      snap({ month: win(0, 10_000), cooldown: { scope: 'month', since: NOW - 1_000, until: DEC1 } }),
      NOW,
    );
    expect(m.iconModel).toMatchObject({ step: 0, level: 'exhausted' });
    expect(m.statusLines[0]).toBe('Month: quota exhausted · resets Dec 1');
  });

  it('stale, estimated or failed figures are dimmed and say so', () => {
    const old = buildTrayModel(snap({ month: win(9_000, 10_000, { observedAt: NOW - 3 * 3_600_000 }) }), NOW);
    expect(old.iconModel).toMatchObject({ dimmed: true });
    expect(old.statusLines).toContain('Updated 3 h ago');
    const est = buildTrayModel(snap({ month: win(10_000, 10_000, { estimated: true }) }), NOW);
    expect(est.iconModel).toMatchObject({ dimmed: true });
    expect(est.statusLines[0]).toContain('(estimated)');
    const failed = buildTrayModel(snap({ month: win(9_000, 10_000), lastError: 'network-error' }), NOW);
    expect(failed.iconModel).toMatchObject({ dimmed: true });
    expect(failed.statusLines).toContain('Last request failed — figures may be out of date');
    const fresh = buildTrayModel(snap({ month: win(9_000, 10_000) }), NOW);
    expect(fresh.nextChangeAt).toBe(NOW - 2 * 60_000 + 3_600_000 + 1); // when it turns stale
  });

  it('demo is labelled in the menu and the tooltip', () => {
    const m = buildTrayModel(
      snap(
        { month: win(900, 1_000) },
        { demo: { active: true }, key: { hasKey: false, masked: null, storage: 'none' } },
      ),
      NOW,
    );
    expect(m.demo).toBe(true);
    expect(m.hasKey).toBe(true);
    expect(m.statusLines[0]).toMatch(/^DEMO/);
    expect(m.tooltip).toMatch(/^Lookup Tray — DEMO/);
  });

  it('Check quota says when it costs a request', () => {
    expect(buildTrayModel(snap({ statusCheck: 'supported' }), NOW).checkQuotaLabel).toBe('Check quota');
    for (const sc of ['unknown', 'unsupported'] as const) {
      const m = buildTrayModel(snap({ statusCheck: sc }), NOW);
      expect(m.checkQuotaLabel).toBe('Check quota (uses 1 request)');
      expect(m.checkQuotaSpends).toBe(true);
    }
  });

  it('shows a pause only while it lasts', () => {
    const paused = buildTrayModel(snap({}, { notifications: { pausedUntil: NOW + 3_600_000 } }), NOW);
    expect(paused.pausedUntil).toBe(NOW + 3_600_000);
    expect(paused.statusLines.some((l) => l.startsWith('Notifications paused until'))).toBe(true);
    expect(buildTrayModel(snap({}, { notifications: { pausedUntil: NOW - 1 } }), NOW).pausedUntil).toBeNull();
  });

  it('uses the service clock (skew) for ages', () => {
    const m = buildTrayModel(
      snap({ month: win(9_000, 10_000, { observedAt: NOW + 5 * 60_000 }), skewMs: 5 * 60_000 }),
      NOW,
    );
    expect(m.statusLines).toContain('Updated just now');
  });

  it('small changes in the figures keep the icon key (no setImage), crossing a step changes it', () => {
    const k = (rem: number) => iconKey(buildTrayModel(snap({ month: win(rem, 10_000) }), NOW).iconModel);
    expect(k(9_512)).toBe(k(9_400));
    expect(k(9_400)).not.toBe(k(8_700));
  });

  it('formats ages coarsely', () => {
    expect(updatedText(10_000)).toBe('Updated just now');
    expect(updatedText(59 * 60_000)).toBe('Updated 59 min ago');
    expect(updatedText(5 * 86_400_000)).toBe('Updated 5 d ago');
  });
});

describe('the tray with several profiles: the one in use, or the one closest to running out', () => {
  const profiles: AppSnapshot['profiles'] = [
    { name: 'default', label: 'Default', active: true, baseUrl: 'https://a.example', month: null },
    { name: 'Lab', label: 'Lab', active: false, baseUrl: 'https://b.example', month: null },
    { name: 'Work', label: 'Work', active: false, baseUrl: 'https://c.example', month: null },
  ];
  const watchedOf = (name: string, quota: Partial<QuotaState>) => ({
    name,
    label: name,
    quota: { ...snap().quota, profile: name, statusCheck: 'supported' as const, ...quota },
  });
  const several = (trayShows: 'selected' | 'closest', watched: AppSnapshot['watched'], active = win(8_000, 10_000)) =>
    snap(
      { month: active, statusCheck: 'unsupported' },
      { settings: { ...snap().settings, trayShows }, profiles, watched },
    );
  const lab = watchedOf('Lab', { month: win(300, 1_000) }); // low
  const work = watchedOf('Work', { month: win(100, 2_000) }); // critical

  it('"closest": the icon, tooltip and lines are the most pressing profile\'s, named; the actions stay the one in use\'s', () => {
    const m = buildTrayModel(several('closest', [lab, work]), NOW);
    expect(m.iconModel).toMatchObject({ kind: 'gauge', level: 'critical' });
    expect(m.statusLines.slice(0, 2)).toEqual([
      'Work — closest to running out',
      'Month: 100 of 2,000 left (critical) · resets Dec 1',
    ]);
    expect(m.tooltip.split('\n')[0]).toBe('Lookup Tray — Work');
    // "Check quota" checks the profile in use, which has no free status check.
    expect(m.checkQuotaLabel).toBe('Check quota (uses 1 request)');
    expect(m.profiles.map((p) => [p.name, p.active])).toEqual([
      ['default', true],
      ['Lab', false],
      ['Work', false],
    ]);
  });

  it('"selected" (the default) shows the profile in use, whatever the others hold', () => {
    const m = buildTrayModel(several('selected', [lab, work]), NOW);
    expect(m.iconModel).toMatchObject({ kind: 'gauge', level: 'ok' });
    expect(m.statusLines[0]).toBe('Month: 8,000 of 10,000 left · resets Dec 1');
  });

  it('ranks by level, then a forecast that runs out before the reset, then the share left; the one in use wins ties', () => {
    const exhausted = watchedOf('Lab', { month: win(0, 1_000) });
    expect(buildTrayModel(several('closest', [exhausted, work]), NOW).statusLines[0]).toBe(
      'Lab — closest to running out',
    );
    const atRisk = watchedOf('Lab', {
      month: win(1_500, 10_000),
      forecast: { kind: 'runs-out', pace: 100, runsOutAt: DEC1 - 86_400_000 },
    });
    const lower = watchedOf('Work', { month: win(1_200, 10_000) });
    expect(buildTrayModel(several('closest', [atRisk, lower]), NOW).statusLines[0]).toBe(
      'Lab — closest to running out',
    );
    const same = watchedOf('Work', { month: win(8_000, 10_000) });
    expect(buildTrayModel(several('closest', [same]), NOW).statusLines[0]).toBe(
      'Month: 8,000 of 10,000 left · resets Dec 1',
    );
    // The one in use is the closest: shown as usual, with no name line.
    const m = buildTrayModel(several('closest', [lab], win(50, 10_000)), NOW);
    expect(m.statusLines[0]).toBe('Month: 50 of 10,000 left (critical) · resets Dec 1');
  });

  it('a profile whose figures are over an hour old (it cannot be checked) does not pin the tray, unless it is out', () => {
    const old = watchedOf('Lab', { month: win(10, 1_000, { observedAt: NOW - 2 * 3_600_000 }) });
    expect(buildTrayModel(several('closest', [old]), NOW).statusLines[0]).toMatch(/^Month: 8,000/);
    const out = watchedOf('Lab', {
      month: win(0, 1_000, { observedAt: NOW - 2 * 3_600_000 }),
      cooldown: { scope: 'month', since: NOW - 2 * 3_600_000, until: DEC1 },
    });
    expect(buildTrayModel(several('closest', [old, out].slice(1)), NOW).statusLines[0]).toBe(
      'Lab — closest to running out',
    );
  });

  it('figures that are only assumed (a reset passed since) never win, and demo mode shows the demo only', () => {
    const assumed = watchedOf('Lab', { month: win(1_000, 1_000, { estimated: true }) });
    expect(buildTrayModel(several('closest', [assumed]), NOW, {}).statusLines[0]).toMatch(/^Month: 8,000/);
    const demo = { ...several('closest', [work]), demo: { active: true } };
    expect(buildTrayModel(demo, NOW).statusLines[0]).toBe('DEMO — simulated service, not a real quota');
    expect(buildTrayModel(demo, NOW).statusLines.join('\n')).not.toContain('Work');
  });
});
