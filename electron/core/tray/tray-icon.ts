/**
 * The tray icon is a gauge, drawn in code (pngjs): a ring whose filled arc is the month quota remaining,
 * quantised to coarse steps so the picture (and `setImage`) changes rarely. Pure: model in, PNG bytes out.
 *
 * Every state has its own shape, not only its own colour, so it reads at the ~22 px panels draw and in the
 * macOS template (black + alpha) variant (see scripts/tray-icon-sheet.ts and the legibility test):
 * - no key: a thin hollow ring with a dash; no figures yet: a dashed ring (eight segments);
 * - a gauge: the arc on a visible track; centre marks: minute limit hit (‖, "wait") > critical ("!") > at risk (▼);
 * - exhausted: a filled red disc with a white bar (a "no entry" sign);
 * - stale/estimated/failed: the same shapes, duller and notched (eight gaps in the ring), never faded into
 *   the panel; "no figures, last request failed" adds a grey "!" to the dashed ring.
 */
import { PNG } from 'pngjs';
import type { QuotaLevel } from '../../../shared/quota';
import { GAUGE_STEPS, normaliseIconModel, type IconModel } from './icon-model';

/** Sizes each platform wants: [1x, 2x]. GNOME draws ~22–24 px, so Linux gets its own pair. */
export const TRAY_ICON_SIZES = { darwin: [16, 32], win32: [16, 32], linux: [24, 48] } as const;

export { GAUGE_STEPS, iconKey, normaliseIconModel, quantiseRemaining, type IconModel } from './icon-model';

type Rgb = readonly [number, number, number];
export const LEVEL_COLOURS: Record<QuotaLevel, Rgb> = {
  ok: [46, 160, 67], // green
  low: [224, 160, 0], // amber
  critical: [240, 90, 30], // orange-red
  exhausted: [214, 40, 40], // red
};
/** A mid grey reads on light and dark panels alike. */
const TRACK: Rgb = [128, 128, 128];
const TRACK_ALPHA = 0.45;
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const MINUTE_MARK: Rgb = [240, 90, 30];
const AT_RISK_MARK: Rgb = [232, 140, 0];

interface Layer {
  /** Is the point (in pixel units, origin top-left) covered by this layer? */
  hit(x: number, y: number): boolean;
  rgb: Rgb;
  /** 0 cuts a hole through the layers below (the exhausted disc's bar in the template variant). */
  alpha: number;
}

const SUB = 4; // 4×4 supersampling per pixel for anti-aliased edges

/**
 * Render the icon as a PNG of `sizePx`×`sizePx`, transparent background.
 * `template: true` draws black + alpha only (macOS template image); levels then differ by shape only.
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

/** Half way to the track's grey: still the level's hue, plainly not the fresh picture. */
function dull(rgb: Rgb): Rgb {
  return [0, 1, 2].map((i) => Math.round(rgb[i]! * 0.5 + TRACK[i]! * 0.5)) as unknown as Rgb;
}

function layersFor(model: IconModel, size: number, template: boolean): Layer[] {
  const c = size / 2;
  const outer = size / 2 - size / 32;
  const thick = size * 0.22;
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
  /** Eight segments with gaps between them, the first segment centred at 12 o'clock. */
  const segment = (x: number, y: number, on: number) => (angleFrac(x, y) * GAUGE_STEPS + on / 2) % 1 < on;
  const dimmed = model.kind !== 'no-key' && model.dimmed;
  const colour = (rgb: Rgb): Rgb => (template ? BLACK : dimmed ? dull(rgb) : rgb);
  /** Template images have no colour to dull: stale shapes are lighter there instead. */
  const ink = template && dimmed ? 0.55 : 1;
  /** Stale figures: the ring is notched (it holds the state in the template variant, where colour is gone). */
  const notched = (x: number, y: number, depth = thick) => !dimmed || dist(x, y) < outer - depth || segment(x, y, 0.7);
  const bang = (rgb: Rgb, r = inner * 0.86): Layer => {
    // "!": a bar and a dot.
    const half = Math.max(0.9, size * 0.075);
    const top = c - r;
    const dotY = c + r - half;
    return {
      hit: (x, y) =>
        (Math.abs(x - c) <= half && y >= top && y <= dotY - half * 1.9) || Math.hypot(x - c, y - dotY) <= half,
      rgb: template ? BLACK : rgb,
      alpha: ink,
    };
  };

  if (model.kind === 'no-key') {
    const thin = Math.max(1.4, size * 0.09);
    return [
      { hit: (x, y) => inRing(x, y, outer, outer - thin), rgb: colour(TRACK), alpha: 1 },
      {
        hit: (x, y) => Math.abs(y - c) <= Math.max(0.9, size * 0.075) && Math.abs(x - c) <= outer * 0.55,
        rgb: colour(TRACK),
        alpha: 1,
      },
    ];
  }

  if (model.kind === 'no-data') {
    // A thin ring of eight dashes: "waiting for figures"; a failed last request adds a grey "!".
    const thin = Math.max(1.6, size * 0.13);
    const dashes: Layer = {
      hit: (x, y) => inRing(x, y, outer, outer - thin) && segment(x, y, 0.6),
      rgb: template ? BLACK : TRACK,
      alpha: 1,
    };
    return model.dimmed ? [dashes, bang(TRACK, (outer - thin) * 0.72)] : [dashes];
  }

  const track: Layer = {
    hit: (x, y) => inRing(x, y, outer, inner),
    rgb: template ? BLACK : TRACK,
    alpha: template ? 0.3 : TRACK_ALPHA,
  };

  if (model.level === 'exhausted') {
    // Nothing left: a "no entry" sign — a filled disc with a bar across, cut out in the template variant.
    const barHalf = Math.max(1, size * 0.09);
    return [
      {
        hit: (x, y) => dist(x, y) <= outer && notched(x, y, thick * 0.5),
        rgb: colour(LEVEL_COLOURS.exhausted),
        alpha: ink,
      },
      {
        hit: (x, y) => Math.abs(y - c) <= barHalf && Math.abs(x - c) <= outer * 0.58,
        rgb: WHITE,
        alpha: template ? 0 : 1,
      },
    ];
  }

  const share = model.step / GAUGE_STEPS;
  const layers: Layer[] = [
    track,
    {
      hit: (x, y) => share > 0 && inRing(x, y, outer, inner) && angleFrac(x, y) <= share && notched(x, y),
      rgb: colour(LEVEL_COLOURS[model.level]),
      alpha: ink,
    },
  ];
  if (model.minuteHit) {
    // "Wait": two bars, like a pause sign, until the minute resets.
    const half = Math.max(0.75, size * 0.055);
    const off = half + Math.max(0.9, size * 0.05);
    const h = inner * 0.62;
    layers.push({
      hit: (x, y) => Math.abs(y - c) <= h && Math.abs(Math.abs(x - c) - off) <= half,
      rgb: colour(MINUTE_MARK),
      alpha: ink,
    });
  } else if (model.level === 'critical') {
    // The short critical arc is never the only sign.
    layers.push(bang(colour(LEVEL_COLOURS.critical)));
  } else if (model.atRisk) {
    // ▼: running down faster than the month lasts. Wide and flat-topped, unlike the minute limit's dot.
    const r = inner * 0.98;
    const topY = c - r * 0.55;
    const tipY = c + r * 0.75;
    layers.push({
      hit: (x, y) => y >= topY && y <= tipY && Math.abs(x - c) <= (r * (tipY - y)) / (tipY - topY),
      rgb: colour(AT_RISK_MARK),
      alpha: ink,
    });
  }
  return layers;
}
