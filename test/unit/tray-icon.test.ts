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
} from '../../electron/core/tray/tray-icon';
import type { QuotaLevel } from '../../shared/quota';

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
      expect(matching.length / pixels.length).toBeGreaterThan(0.9);
    });
  });

  it('the filled share grows with the quantised step (clockwise arc)', () => {
    const count = (step: number) => opaque(decode(renderTrayIcon(gauge('ok', step), 48))).length;
    const counts = Array.from({ length: GAUGE_STEPS + 1 }, (_, s) => count(s));
    for (let s = 2; s <= GAUGE_STEPS; s++) expect(counts[s]!).toBeGreaterThan(counts[s - 1]!);
    // Nothing left: no arc, but a thin red outline so "exhausted" never looks like "no data".
    const empty = opaque(decode(renderTrayIcon(gauge('ok', 0), 48)));
    expect(empty.length).toBeGreaterThan(0);
    expect(empty.every((p) => p.r > 150 && p.g < 80)).toBe(true);
    expect(empty.length).toBeLessThan(counts[8]! / 2);
    expect(counts[2]! / counts[8]!).toBeGreaterThan(0.2);
    expect(counts[2]! / counts[8]!).toBeLessThan(0.3);
    // A quarter filled from 12 o'clock: the top-right quadrant is coloured, the bottom-left is not.
    const q = decode(renderTrayIcon(gauge('ok', 2), 48));
    expect(px(q, 40, 14).a).toBeGreaterThan(200);
    expect(px(q, 8, 34).a).toBeLessThan(120);
  });

  it('dimmed icons are fainter; the minute-limit mark fills the centre', () => {
    const maxAlpha = (m: IconModel) => Math.max(...decode(renderTrayIcon(m, 32)).data.filter((_, i) => i % 4 === 3));
    expect(maxAlpha(gauge('ok', 8, { dimmed: true }))).toBeLessThan(140);
    expect(maxAlpha(gauge('ok', 8))).toBe(255);
    expect(px(decode(renderTrayIcon(gauge('ok', 8), 32)), 16, 16).a).toBe(0);
    const hit = px(decode(renderTrayIcon(gauge('ok', 8, { minuteHit: true }), 32)), 16, 16);
    expect(hit.a).toBe(255);
    expect(hit.r).toBeGreaterThan(hit.g);
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
            [false, true].map((dimmed) => gauge(level, step, { minuteHit, dimmed })),
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
