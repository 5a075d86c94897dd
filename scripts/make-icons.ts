// Draws the Lookup Tray app icon in code (one source for every size) and writes the packaging icons:
//   build/icon.png               1024×1024 (electron-builder converts it to .icns for macOS and .ico for Windows)
//   build/icons/<n>x<n>.png      16, 24, 32, 48, 64, 128, 256, 512 (Linux hicolor sizes)
// Run: `npx tsx scripts/make-icons.ts` (then commit the PNGs). Deterministic: same bytes on every run.
// Motif: a teal quota ring, 75 % full, on a rounded dark square. Anti-aliased from signed distances.
// (Tray icons are a different thing: the app renders them at run time in electron/shell.)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pngjs from 'pngjs';

type Rgb = readonly [number, number, number];
type Rgba = readonly [number, number, number, number];

const FILL = 0.75; // share of the ring drawn: "75 % of the quota left"
const BG_TOP: Rgb = [0x26, 0x36, 0x4a];
const BG_BOTTOM: Rgb = [0x0e, 0x16, 0x21];
const ARC_START: Rgb = [0x0f, 0x9f, 0x8f]; // deeper teal at 12 o'clock …
const ARC_END: Rgb = [0x6e, 0xf0, 0xdc]; // … brighter towards the head of the gauge
const TRACK: Rgba = [0xff, 0xff, 0xff, 0.12];
const RIM: Rgba = [0xff, 0xff, 0xff, 0.14];

export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const;

/** Geometry in pixels for one output size; small sizes get a thicker ring and less margin so they stay legible. */
function geometry(size: number) {
  const small = size <= 32;
  const margin = size * (small ? 0.02 : 0.06);
  const body = size - 2 * margin;
  return {
    margin,
    body,
    corner: body * 0.225,
    radius: size * (small ? 0.3 : 0.285),
    stroke: size * (small ? 0.15 : 0.105),
    rim: Math.max(1, size * 0.006),
  };
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);
/** Coverage of a pixel by a shape from its signed distance (px, negative inside): a 1 px linear ramp. */
const coverage = (d: number): number => clamp01(0.5 - d);
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

function roundedBoxDistance(px: number, py: number, cx: number, cy: number, half: number, r: number): number {
  const qx = Math.abs(px - cx) - (half - r);
  const qy = Math.abs(py - cy) - (half - r);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - r;
}

/** Angle clockwise from 12 o'clock, in [0, 2π). */
function clockAngle(dx: number, dy: number): number {
  const a = Math.atan2(dx, -dy);
  return a < 0 ? a + 2 * Math.PI : a;
}

/** Signed distance to an arc of the ring from 12 o'clock clockwise over `sweep` radians, with round caps. */
function arcDistance(dx: number, dy: number, radius: number, stroke: number, sweep: number): number {
  const angle = clockAngle(dx, dy);
  if (angle <= sweep) return Math.abs(Math.hypot(dx, dy) - radius) - stroke / 2;
  const startCap = Math.hypot(dx, dy + radius);
  const endCap = Math.hypot(dx - radius * Math.sin(sweep), dy + radius * Math.cos(sweep));
  return Math.min(startCap, endCap) - stroke / 2;
}

/** Position along the arc in [0, 1] for the colour gradient; the start cap (just left of 12 o'clock) is 0. */
function arcProgress(dx: number, dy: number, radius: number, sweep: number): number {
  const angle = clockAngle(dx, dy);
  if (angle <= sweep) return angle / sweep;
  const startCap = Math.hypot(dx, dy + radius);
  const endCap = Math.hypot(dx - radius * Math.sin(sweep), dy + radius * Math.cos(sweep));
  return startCap < endCap ? 0 : 1;
}

/** Premultiplied "source over" of colour `c` with opacity `a` onto pixel `p`. */
function over(p: [number, number, number, number], c: Rgb, a: number): void {
  if (a <= 0) return;
  p[0] = c[0] * a + p[0] * (1 - a);
  p[1] = c[1] * a + p[1] * (1 - a);
  p[2] = c[2] * a + p[2] * (1 - a);
  p[3] = a + p[3] * (1 - a);
}

/** Renders the icon at `size`×`size` as straight (non-premultiplied) RGBA bytes. */
export function renderIcon(size: number): Buffer {
  const g = geometry(size);
  const c = size / 2;
  const sweep = FILL * 2 * Math.PI;
  const out = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const dx = px - c;
      const dy = py - c;
      const p: [number, number, number, number] = [0, 0, 0, 0];

      const boxDistance = roundedBoxDistance(px, py, c, c, g.body / 2, g.corner);
      const box = coverage(boxDistance);
      if (box > 0) {
        over(p, mix(BG_TOP, BG_BOTTOM, clamp01((py - g.margin) / g.body)), box);
        // A faint light rim inside the edge, so the dark square still reads on dark panels and docks.
        const rim = coverage(Math.abs(boxDistance + g.rim / 2) - g.rim / 2);
        over(p, [RIM[0], RIM[1], RIM[2]], rim * RIM[3] * box);
        const ring = Math.abs(Math.hypot(dx, dy) - g.radius) - g.stroke / 2;
        over(p, [TRACK[0], TRACK[1], TRACK[2]], coverage(ring) * TRACK[3] * box);
        over(
          p,
          mix(ARC_START, ARC_END, arcProgress(dx, dy, g.radius, sweep)),
          coverage(arcDistance(dx, dy, g.radius, g.stroke, sweep)) * box,
        );
      }

      const i = (y * size + x) * 4;
      const a = p[3];
      out[i] = a > 0 ? Math.round(p[0] / a) : 0;
      out[i + 1] = a > 0 ? Math.round(p[1] / a) : 0;
      out[i + 2] = a > 0 ? Math.round(p[2] / a) : 0;
      out[i + 3] = Math.round(a * 255);
    }
  }
  return out;
}

export function encodePng(size: number, rgba: Buffer): Buffer {
  const png = new pngjs.PNG({ width: size, height: size });
  rgba.copy(png.data);
  return pngjs.PNG.sync.write(png, { colorType: 6 });
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const build = join(root, 'build');
  mkdirSync(join(build, 'icons'), { recursive: true });
  const written: string[] = [];
  const write = (rel: string, size: number): void => {
    writeFileSync(join(build, rel), encodePng(size, renderIcon(size)));
    written.push(`build/${rel}`);
  };
  write('icon.png', 1024);
  for (const n of LINUX_SIZES) write(`icons/${n}x${n}.png`, n);
  console.log(`make-icons: wrote ${written.join(', ')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
