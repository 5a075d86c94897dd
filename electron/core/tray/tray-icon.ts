/**
 * The tray icon is a gauge, drawn in code (pngjs): a ring whose filled arc is the month quota remaining,
 * quantised to coarse steps so the picture (and `setImage`) changes rarely. Pure: model in, PNG bytes out.
 */
import { PNG } from 'pngjs';
import type { QuotaLevel } from '../../../shared/quota';

/** Number of steps the month gauge is quantised to (0, 12.5 %, … 100 %). */
export const GAUGE_STEPS = 8;

export type IconModel =
  /** No API key configured yet: hollow ring with a dash. */
  | { kind: 'no-key' }
  /** A key but no quota figures yet: the empty track only. */
  | { kind: 'no-data'; dimmed: boolean }
  | {
      kind: 'gauge';
      /** 0..GAUGE_STEPS, from `quantiseRemaining`. */
      step: number;
      level: QuotaLevel;
      /** The per-minute limit is hit right now: a dot in the middle. */
      minuteHit: boolean;
      /** Figures stale/estimated or the last request failed: drawn faded. */
      dimmed: boolean;
    };

/** Sizes each platform wants: [1x, 2x]. GNOME draws ~22–24 px, so Linux gets its own pair. */
export const TRAY_ICON_SIZES = { darwin: [16, 32], win32: [16, 32], linux: [24, 48] } as const;

/** Steps of remaining quota: 0 only when nothing is left; any remainder shows at least one step. */
export function quantiseRemaining(remaining: number, limit: number): number {
  if (!(limit > 0) || !(remaining > 0)) return 0;
  return Math.min(GAUGE_STEPS, Math.max(1, Math.ceil((remaining / limit) * GAUGE_STEPS - 1e-9)));
}

/** One model per picture: steps clamped to 0..GAUGE_STEPS, and an empty gauge is always drawn as exhausted. */
export function normaliseIconModel(model: IconModel): IconModel {
  if (model.kind !== 'gauge') return model;
  const step = Number.isFinite(model.step) ? Math.max(0, Math.min(GAUGE_STEPS, Math.round(model.step))) : 0;
  return { ...model, step, level: step === 0 ? 'exhausted' : model.level };
}

/** A string that changes exactly when the drawn picture changes. */
export function iconKey(input: IconModel): string {
  const model = normaliseIconModel(input);
  switch (model.kind) {
    case 'no-key':
      return 'no-key';
    case 'no-data':
      return `no-data:${model.dimmed ? 'dim' : 'full'}`;
    case 'gauge':
      return `gauge:${model.step}:${model.level}:${model.minuteHit ? 'minute' : '-'}:${model.dimmed ? 'dim' : 'full'}`;
  }
}

type Rgb = readonly [number, number, number];
export const LEVEL_COLOURS: Record<QuotaLevel, Rgb> = {
  ok: [46, 160, 67], // green
  low: [224, 160, 0], // amber
  critical: [240, 90, 30], // orange-red
  exhausted: [214, 40, 40], // red
};
const TRACK: Rgb = [128, 128, 128];
const BLACK: Rgb = [0, 0, 0];
const MINUTE_MARK: Rgb = [240, 90, 30];

interface Layer {
  /** Is the point (in pixel units, origin top-left) covered by this layer? */
  hit(x: number, y: number): boolean;
  rgb: Rgb;
  alpha: number;
}

const SUB = 4; // 4×4 supersampling per pixel for anti-aliased edges

/**
 * Render the icon as a PNG of `sizePx`×`sizePx`, transparent background.
 * `template: true` draws black + alpha only (macOS template image); levels then differ by fill only.
 */
export function renderTrayIcon(model: IconModel, sizePx: number, opts: { template?: boolean } = {}): Buffer {
  const size = Math.max(8, Math.round(sizePx));
  const layers = layersFor(normaliseIconModel(model), size, opts.template === true);
  const png = new PNG({ width: size, height: size });
  const n = SUB * SUB;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SUB; sy++) {
        for (let sx = 0; sx < SUB; sx++) {
          const x = px + (sx + 0.5) / SUB;
          const y = py + (sy + 0.5) / SUB;
          // Topmost layer wins for each sub-sample (layers are listed bottom to top).
          for (let i = layers.length - 1; i >= 0; i--) {
            const l = layers[i]!;
            if (l.hit(x, y)) {
              r += l.rgb[0] * l.alpha;
              g += l.rgb[1] * l.alpha;
              b += l.rgb[2] * l.alpha;
              a += l.alpha;
              break;
            }
          }
        }
      }
      const o = (py * size + px) * 4;
      // Un-premultiply the averaged colour.
      png.data[o] = a > 0 ? Math.round(r / a) : 0;
      png.data[o + 1] = a > 0 ? Math.round(g / a) : 0;
      png.data[o + 2] = a > 0 ? Math.round(b / a) : 0;
      png.data[o + 3] = Math.round((a / n) * 255);
    }
  }
  return PNG.sync.write(png);
}

function layersFor(model: IconModel, size: number, template: boolean): Layer[] {
  const c = size / 2;
  const outer = size / 2 - size / 32;
  const thick = size * 0.2;
  const inner = outer - thick;
  const dist = (x: number, y: number) => Math.hypot(x - c, y - c);
  const inRing = (x: number, y: number, ro: number, ri: number) => {
    const d = dist(x, y);
    return d <= ro && d >= ri;
  };
  /** Fraction of the circle from 12 o'clock, clockwise. */
  const angleFrac = (x: number, y: number) => {
    const a = Math.atan2(x - c, -(y - c)); // 0 at top, clockwise positive
    return (a < 0 ? a + 2 * Math.PI : a) / (2 * Math.PI);
  };
  const colour = (rgb: Rgb): Rgb => (template ? BLACK : rgb);

  if (model.kind === 'no-key') {
    const thin = Math.max(1.2, size * 0.09);
    return [
      { hit: (x, y) => inRing(x, y, outer, outer - thin), rgb: colour(TRACK), alpha: template ? 0.9 : 0.95 },
      {
        hit: (x, y) => Math.abs(y - c) <= Math.max(0.75, size * 0.07) && Math.abs(x - c) <= inner * 0.85,
        rgb: colour(TRACK),
        alpha: template ? 0.9 : 0.95,
      },
    ];
  }

  const fade = model.dimmed ? 0.45 : 1;
  const track: Layer = {
    hit: (x, y) => inRing(x, y, outer, inner),
    rgb: colour(TRACK),
    alpha: (template ? 0.3 : 0.35) * fade,
  };
  if (model.kind === 'no-data') return [track];

  const share = model.step / GAUGE_STEPS;
  const rgb = LEVEL_COLOURS[model.level];
  const layers: Layer[] = [
    track,
    {
      hit: (x, y) => share > 0 && inRing(x, y, outer, inner) && angleFrac(x, y) <= share,
      rgb: colour(rgb),
      alpha: fade,
    },
  ];
  if (share === 0) {
    // An exhausted month: a solid ring in the exhausted colour (outline) so "nothing left" is not "no data".
    const thin = Math.max(1, size * 0.07);
    layers.push({
      hit: (x, y) => inRing(x, y, outer, outer - thin),
      rgb: colour(LEVEL_COLOURS.exhausted),
      alpha: fade,
    });
  }
  if (model.minuteHit) {
    layers.push({ hit: (x, y) => dist(x, y) <= inner * 0.62, rgb: colour(MINUTE_MARK), alpha: fade });
  }
  return layers;
}
