import { mkdirSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  GAUGE_STEPS,
  LEVEL_COLOURS,
  TRAY_ICON_SIZES,
  iconKey,
  quantiseRemaining,
  renderTrayIcon,
  type IconModel,
} from '../../../../electron/core/tray/tray-icon';
import type { QuotaLevel } from '../../../../shared/quota';

const decode = (buf: Buffer) => PNG.sync.read(buf);
const px = (img: PNG, x: number, y: number) => {
  const o = (y * img.width + x) * 4;
  return { r: img.data[o]!, g: img.data[o + 1]!, b: img.data[o + 2]!, a: img.data[o + 3]! };
};
const opaque = (img: PNG) => {
  const out: { r: number; g: number; b: number }[] = [];
  for (let i = 0; i < img.data.length; i += 4)
    if (img.data[i + 3]! > 240) out.push({ r: img.data[i]!, g: img.data[i + 1]!, b: img.data[i + 2]! });
  return out;
};
const gauge = (level: QuotaLevel, step = 6, extra: Partial<Extract<IconModel, { kind: 'gauge' }>> = {}): IconModel => ({
  kind: 'gauge',
  step,
  level,
  minuteHit: false,
  atRisk: false,
  dimmed: false,
  ...extra,
});
const ALL_SIZES = [...new Set(Object.values(TRAY_ICON_SIZES).flat())];
const LEVELS: QuotaLevel[] = ['ok', 'low', 'critical', 'exhausted'];

describe('renderTrayIcon', () => {
  it('renders every platform size as a PNG of that size with a transparent background and anti-aliased edges', () => {
    const dir = '.tmp/tray-icons';
    mkdirSync(dir, { recursive: true });
    for (const size of ALL_SIZES) {
      for (const level of LEVELS) {
        const buf = renderTrayIcon(gauge(level, level === 'exhausted' ? 0 : 5), size);
        writeFileSync(`${dir}/${level}-${size}.png`, buf); // for looking at them
        const img = decode(buf);
        expect([img.width, img.height]).toEqual([size, size]);
        for (const [x, y] of [
          [0, 0],
          [size - 1, 0],
          [0, size - 1],
          [size - 1, size - 1],
        ] as const)
          expect(px(img, x, y).a).toBe(0);
        const alphas = new Set<number>();
        for (let i = 3; i < img.data.length; i += 4) alphas.add(img.data[i]!);
        expect([...alphas].some((a) => a > 0 && a < 255)).toBe(true); // soft edges
        expect(opaque(img).length).toBeGreaterThan(0);
      }
    }
  });

  it('paints the filled arc in the level colour, and the levels differ', () => {
    const bufs = LEVELS.map((l) => renderTrayIcon(gauge(l, 8), 32));
    expect(new Set(bufs.map((b) => b.toString('base64'))).size).toBe(LEVELS.length);
    LEVELS.forEach((level, i) => {
      const pixels = opaque(decode(bufs[i]!));
      const [r, g, b] = LEVEL_COLOURS[level];
      const matching = pixels.filter((p) => Math.abs(p.r - r) < 8 && Math.abs(p.g - g) < 8 && Math.abs(p.b - b) < 8);
      // Exhausted is a red disc with a white bar: most of it, not all, is the level colour.
      expect(matching.length / pixels.length).toBeGreaterThan(level === 'exhausted' ? 0.75 : 0.9);
    });
  });

  it('the filled share grows with the quantised step (clockwise arc)', () => {
    const count = (step: number) => opaque(decode(renderTrayIcon(gauge('ok', step), 48))).length;
    const counts = Array.from({ length: GAUGE_STEPS + 1 }, (_, s) => count(s));
    for (let s = 2; s <= GAUGE_STEPS; s++) expect(counts[s]!).toBeGreaterThan(counts[s - 1]!);
    expect(counts[2]! / counts[8]!).toBeGreaterThan(0.2);
    expect(counts[2]! / counts[8]!).toBeLessThan(0.3);
    // A quarter filled from 12 o'clock: the top-right quadrant is coloured, the bottom-left is not.
    const q = decode(renderTrayIcon(gauge('ok', 2), 48));
    expect(px(q, 40, 14).a).toBeGreaterThan(200);
    expect(px(q, 8, 34).a).toBeLessThan(120);
  });

  it('nothing left is a "no entry" sign: a red disc with a white bar, never the empty track of "no data"', () => {
    const empty = decode(renderTrayIcon(gauge('ok', 0), 48));
    const [r, g, b] = LEVEL_COLOURS.exhausted;
    expect(px(empty, 24, 8)).toMatchObject({ r, g, b, a: 255 }); // disc above the bar
    expect(px(empty, 24, 24)).toMatchObject({ r: 255, g: 255, b: 255, a: 255 }); // the bar
    expect(px(empty, 24, 40)).toMatchObject({ r, g, b, a: 255 }); // disc below the bar
    // The template variant cuts the bar out of the disc.
    const t = decode(renderTrayIcon(gauge('ok', 0), 48, { template: true }));
    expect(px(t, 24, 24).a).toBe(0);
    expect(px(t, 24, 8).a).toBe(255);
  });

  it('stale figures are notched and duller, not faded; the minute limit shows a "wait" mark (two bars)', () => {
    const fresh = decode(renderTrayIcon(gauge('ok', 8), 32));
    const stale = decode(renderTrayIcon(gauge('ok', 8, { dimmed: true }), 32));
    const maxAlpha = (img: PNG) => Math.max(...img.data.filter((_, i) => i % 4 === 3));
    expect(maxAlpha(stale)).toBe(255);
    // Half past one (22.5°) is a notch in the stale ring, solid in the fresh one.
    expect(px(fresh, 20, 5).a).toBe(255);
    expect(px(stale, 20, 5)).toMatchObject({ r: 128, g: 128, b: 128 }); // the track shows through
    expect(px(stale, 20, 5).a).toBeLessThan(130);
    // Duller: the level's hue half way to grey.
    const ring = px(stale, 16 + 11, 16);
    expect(ring.g - ring.r).toBeGreaterThan(20);
    expect(ring.g - ring.r).toBeLessThan(LEVEL_COLOURS.ok[1] - LEVEL_COLOURS.ok[0]);
    expect(px(fresh, 16, 16).a).toBe(0);
    const hit = decode(renderTrayIcon(gauge('ok', 8, { minuteHit: true }), 32));
    expect(px(hit, 16, 16).a).toBe(0); // between the bars
    for (const x of [13, 19]) {
      const bar = px(hit, x, 16);
      expect(bar.a).toBe(255);
      expect(bar.r).toBeGreaterThan(bar.g);
    }
  });

  it('at risk shows a ▼ in the middle; critical an "!"', () => {
    const risk = decode(renderTrayIcon(gauge('ok', 5, { atRisk: true }), 32));
    const plain = decode(renderTrayIcon(gauge('ok', 5), 32));
    expect(px(plain, 16, 14).a).toBe(0);
    expect(px(risk, 16, 14).a).toBe(255); // the triangle's body
    expect(px(risk, 11, 19).a).toBeLessThan(60); // narrowing to its tip
    const crit = decode(renderTrayIcon(gauge('critical', 1), 32));
    expect(px(crit, 16, 12).a).toBe(255); // the bar of "!"
    expect(px(crit, 12, 12).a).toBe(0);
  });

  it('"no key" is distinct: a hollow ring with a dash through the middle', () => {
    const noKey = decode(renderTrayIcon({ kind: 'no-key' }, 32));
    const noData = decode(renderTrayIcon({ kind: 'no-data', dimmed: false }, 32));
    expect(px(noKey, 16, 16).a).toBeGreaterThan(200);
    expect(px(noData, 16, 16).a).toBe(0);
    expect(px(noKey, 16, 9).a).toBe(0); // hollow above the dash
    expect(noKey.data.equals(noData.data)).toBe(false);
  });

  it('the macOS template variant is black plus alpha only', () => {
    for (const m of [
      gauge('critical', 3, { minuteHit: true }),
      { kind: 'no-key' } as IconModel,
      gauge('exhausted', 0),
    ]) {
      const img = decode(renderTrayIcon(m, 32, { template: true }));
      let visible = 0;
      for (let i = 0; i < img.data.length; i += 4) {
        if (img.data[i + 3]! > 0) {
          visible++;
          expect([img.data[i], img.data[i + 1], img.data[i + 2]]).toEqual([0, 0, 0]);
        }
      }
      expect(visible).toBeGreaterThan(20);
    }
  });
});

describe('quantiseRemaining and iconKey', () => {
  it('quantises to coarse steps; 0 only when nothing is left', () => {
    expect(quantiseRemaining(10_000, 10_000)).toBe(8);
    expect(quantiseRemaining(9_512, 10_000)).toBe(8);
    expect(quantiseRemaining(8_700, 10_000)).toBe(7);
    expect(quantiseRemaining(5_000, 10_000)).toBe(4);
    expect(quantiseRemaining(1, 10_000)).toBe(1);
    expect(quantiseRemaining(0, 10_000)).toBe(0);
    expect(quantiseRemaining(-3, 10_000)).toBe(0);
    expect(quantiseRemaining(5, 0)).toBe(0);
    expect(quantiseRemaining(Number.NaN, 10)).toBe(0);
  });

  it('the key changes exactly when the picture changes', () => {
    const models: IconModel[] = [
      { kind: 'no-key' },
      { kind: 'no-data', dimmed: false },
      { kind: 'no-data', dimmed: true },
      ...LEVELS.flatMap((level) =>
        [0, 3, 8].flatMap((step) =>
          [false, true].flatMap((minuteHit) =>
            [false, true].flatMap((atRisk) =>
              [false, true].map((dimmed) => gauge(level, step, { minuteHit, atRisk, dimmed })),
            ),
          ),
        ),
      ),
      // Same picture, different figures: 9,512 and 9,400 of 10,000 both draw a full ring.
      gauge('ok', quantiseRemaining(9_512, 10_000)),
      gauge('ok', quantiseRemaining(9_400, 10_000)),
    ];
    const pics = models.map((m) => renderTrayIcon(m, 24).toString('base64'));
    for (let i = 0; i < models.length; i++)
      for (let j = i + 1; j < models.length; j++)
        expect(`${iconKey(models[i]!)} vs ${iconKey(models[j]!)}: ${iconKey(models[i]!) === iconKey(models[j]!)}`).toBe(
          `${iconKey(models[i]!)} vs ${iconKey(models[j]!)}: ${pics[i] === pics[j]}`,
        );
  });
});
