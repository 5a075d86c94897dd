/**
 * The monitoring formats alone (issue 41): Nagios ranges as the plugin guidelines define them, --max-age at its
 * boundary with an injected clock, and the Prometheus writer read back by the strict reader for any profile name.
 * Pure (no command run): in this layer because nothing outside electron/cli/ may import the command's modules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nagiosReport,
  parseDuration,
  parseNagiosRange,
  prometheusText,
  type NagiosRange,
} from '../../electron/cli/handlers/quota-monitor';
import { parseListen } from '../../electron/cli/handlers/serve';
import { emptyQuotaState, type QuotaState } from '../../shared/quota';
import { FC_SEED } from '../helpers/fast-check-seed'; // the fixed seed, as the unit layer's (printed on failure)
import { promLines } from './prom-text';

const NOW = Date.UTC(2030, 4, 14, 9, 30); // any instant: the report takes its clock
const LEVELS = { monthLow: 25, monthCritical: 10 };

function state(remaining: number, limit: number, observedAt = NOW): QuotaState {
  return {
    ...emptyQuotaState('default', NOW),
    month: { limit, remaining, observedAt, resetAt: NOW + 86_400_000, level: 'ok', estimated: false },
  };
}

describe(`parseNagiosRange (fast-check seed ${FC_SEED})`, () => {
  it('reads the guidelines forms, with % of the limit, and refuses what is none', () => {
    const r = (t: string) => {
      const x = parseNagiosRange(t);
      return x && [x.start, x.end, x.inside, x.percent];
    };
    expect(r('10')).toEqual([0, 10, false, false]);
    expect(r('10:')).toEqual([10, null, false, false]);
    expect(r('~:10')).toEqual([null, 10, false, false]);
    expect(r('10:20')).toEqual([10, 20, false, false]);
    expect(r('@10:20')).toEqual([10, 20, true, false]);
    expect(r('@2500')).toEqual([0, 2500, true, false]);
    expect(r('25%:')).toEqual([25, null, false, true]);
    expect(r('2.5%:10%')).toEqual([2.5, 10, false, true]);
    for (const bad of ['', '@', ':', '20:10', '10%:20', 'x', '-5', '1e3', '10::', '~', '@~'])
      expect(parseNagiosRange(bad), bad).toBeNull();
  });

  it('a range alerts outside it, or inside with @, exactly as the guidelines say (any limit, remaining, range)', () => {
    const arb = fc.record({
      limit: fc.integer({ min: 1, max: 1_000_000 }),
      used: fc.integer({ min: 0, max: 1_000_000 }),
      a: fc.integer({ min: 0, max: 1_000_000 }),
      b: fc.integer({ min: 0, max: 1_000_000 }),
      form: fc.constantFrom('N', 'N:', '~:N', 'N:M', '@N:M', '@N'),
    });
    fc.assert(
      fc.property(arb, ({ limit, used, a, b, form }) => {
        const remaining = Math.max(1, limit - Math.min(used, limit - 1)); // a month not used up
        const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
        const text = form.replace('N', String(form.includes('M') ? lo : hi)).replace('M', String(hi));
        const range = parseNagiosRange(text) as NagiosRange;
        const inside = (s: number | null, e: number | null) =>
          (s === null || remaining >= s) && (e === null || remaining <= e);
        const expected = range.inside ? inside(range.start, range.end) : !inside(range.start, range.end);
        const { code } = nagiosReport(state(remaining, limit), LEVELS, NOW, 'Default', { critical: range });
        expect(code === 2).toBe(expected);
      }),
    );
  });
});

describe('nagiosReport options', () => {
  it('--max-age: figures exactly that old are OK, a millisecond older WARNING, with the age in perfdata', () => {
    const q = state(9_000, 10_000, NOW - 3_600_000);
    const at = nagiosReport(q, LEVELS, NOW, 'Default', { maxAgeMs: 3_600_000 });
    expect(at.code).toBe(0);
    expect(at.line).toMatch(/ figures_age=3600s;3600;;0;$/);
    const older = nagiosReport(q, LEVELS, NOW + 1, 'Default', { maxAgeMs: 3_600_000 });
    expect(older.code).toBe(1);
    expect(older.line).toContain('; figures 60 min old (older than --max-age 60 min) |');
    // A worse state stays: CRITICAL and old is CRITICAL, and says both.
    const crit = nagiosReport(state(500, 10_000, NOW - 7_200_000), LEVELS, NOW, 'Default', { maxAgeMs: 60_000 });
    expect(crit.code).toBe(2);
    expect(crit.line).toContain('(critical at 1,000); figures 2 h old');
  });

  it('-w/-c replace the levels; a used-up month is CRITICAL whatever -c says', () => {
    const w = parseNagiosRange('50%:')!;
    expect(nagiosReport(state(4_000, 10_000), LEVELS, NOW, 'D', { warning: w }).code).toBe(1);
    expect(nagiosReport(state(4_000, 10_000), LEVELS, NOW, 'D').code).toBe(0);
    expect(parseNagiosRange('~:')).toBeNull(); // no end at all is no range
    const c = parseNagiosRange('@1:5')!;
    expect(nagiosReport(state(0, 10_000), LEVELS, NOW, 'D', { critical: c }).code).toBe(2);
  });

  it('parseDuration', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('2d')).toBe(172_800_000);
    for (const bad of ['', '1', '1 h', '0s', '-1h', '1.5h', 'h']) expect(parseDuration(bad), bad).toBeNull();
  });
});

describe('prometheusText', () => {
  it('any profile name (user text) is escaped so the strict reader reads it back, and the ages follow the clock', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: 'binary', maxLength: 24 }), { minLength: 1, maxLength: 4 }),
        (names) => {
          const figures = names.map((profile, i) => ({
            profile,
            state: state(100 * i, 1_000, NOW - 1_000 * i),
            checkSuccess: i % 2 === 0,
          }));
          const samples = promLines(prometheusText(figures, NOW));
          for (const [i, name] of names.entries()) {
            const of = (metric: string) => samples.find((s) => s.name === metric && s.labels.profile === name)?.value;
            expect(of('lookup_tray_figures_age_seconds')).toBe(i);
            expect(of('lookup_tray_check_success')).toBe(i % 2 === 0 ? 1 : 0);
          }
        },
      ),
    );
  });
});

describe('serve --metrics HOST:PORT', () => {
  it('loopback only (127.0.0.0/8, ::1, localhost) unless --allow-remote; a malformed one refused', () => {
    expect(parseListen('127.0.0.1:9464', false)).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseListen('127.3.4.5:0', false)).toEqual({ host: '127.3.4.5', port: 0 });
    expect(parseListen('[::1]:9464', false)).toEqual({ host: '::1', port: 9464 });
    expect(parseListen('localhost:9464', false)).toEqual({ host: 'localhost', port: 9464 });
    for (const remote of ['0.0.0.0:9464', '[::]:9464', '192.168.1.2:9464', 'example.org:9464', '128.0.0.1:1'])
      expect(() => parseListen(remote, false), remote).toThrow(/not a loopback address/);
    expect(parseListen('0.0.0.0:9464', true)).toEqual({ host: '0.0.0.0', port: 9464 });
    for (const bad of ['127.0.0.1', '127.0.0.1:65536', ':9464', '[127.0.0.1]:1', '::1:9464', '127.0.0.1:-1'])
      expect(() => parseListen(bad, true), bad).toThrow(/--metrics takes HOST:PORT/);
  });
});
