/**
 * The report's world map, drawn offline: the Natural Earth land outline at 1:110m (world-atlas's `land-110m.json`,
 * bundled, never fetched) in the Natural Earth projection (d3-geo), and a point per located place sized by its hits.
 * Pure: the window draws it as SVG elements (renderer/src/components/report-map.tsx) and the HTML report as one
 * inline `<svg>` string (`worldMapSvg`), in Node or in the browser, with no network and no script.
 */
import { geoMercator, geoNaturalEarth1, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import landAtlas from 'world-atlas/land-110m.json' with { type: 'json' };

/** What a place on the map needs: where it is and how many times its addresses occur in the input. */
export interface MapPlace {
  lat: number;
  lon: number;
  hits: number;
}

/** How a place is coloured: the strongest of its addresses' flags, or unknown where the answer said nothing. */
export type MapFlag = 'threat' | 'anonymizer' | 'datacenter' | 'none' | 'unknown';

/** One list of the map's colours and their words (the legend, the HTML report, the window's CSS variables). */
export const MAP_FLAGS: readonly { flag: MapFlag; label: string; colour: string }[] = [
  { flag: 'threat', label: 'Threat', colour: '#d62839' },
  { flag: 'anonymizer', label: 'VPN, Tor or proxy', colour: '#8e44ad' },
  { flag: 'datacenter', label: 'Datacenter', colour: '#1f6fd1' },
  { flag: 'none', label: 'None flagged', colour: '#1e9e6a' },
  { flag: 'unknown', label: 'Unknown', colour: '#7c7c7c' },
];

export interface MapPoint<P extends MapPlace> {
  place: P;
  /** Centre and radius in the drawing's pixels. */
  x: number;
  y: number;
  r: number;
}

export interface WorldMapDrawing<P extends MapPlace> {
  width: number;
  height: number;
  /** SVG path data of the globe's outline (the sea) and of the land. */
  sphere: string;
  land: string;
  /** The places that could be drawn, largest first (so smaller points lie on top of larger ones). */
  points: MapPoint<P>[];
  /** Places left out: a latitude or longitude that is not a coordinate. */
  skipped: number;
}

const SPHERE: GeoPermissibleObjects = { type: 'Sphere' };
let landShape: GeoPermissibleObjects | null = null;

/** The land as GeoJSON, converted from the TopoJSON once. */
function land(): GeoPermissibleObjects {
  landShape ??= feature(landAtlas as unknown as Topology, 'land') as GeoPermissibleObjects;
  return landShape;
}

/** A usable coordinate: a finite number within ±max degrees. */
function isDegrees(v: unknown, max: number): v is number {
  return typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= max;
}

/** The projection fitted to `width`, and the height it then needs (the whole globe, no margin cut). */
function fitted(width: number) {
  const projection = geoNaturalEarth1().fitWidth(width, SPHERE);
  const [[, top], [, bottom]] = geoPath(projection).bounds(SPHERE);
  return { projection, height: Math.ceil(bottom - top) };
}

/**
 * The outline and the land at a width, drawn once: the land's path is most of a map's cost (tens of milliseconds),
 * the points are little. A few widths are kept (the window's and the HTML report's).
 */
const drawn = new Map<number, ReturnType<typeof fitted> & { sphere: string; land: string }>();
function background(width: number) {
  let d = drawn.get(width);
  if (!d) {
    const f = fitted(width);
    const path = geoPath(f.projection).digits(1);
    d = { ...f, sphere: path(SPHERE) ?? '', land: path(land()) ?? '' };
    if (drawn.size >= 4) drawn.delete(drawn.keys().next().value as number);
    drawn.set(width, d);
  }
  return d;
}

/**
 * A point's radius: its area grows with its hits (square root), from `min` for one hit to `max` for the most hits
 * of the map. A map's largest point stays a few percent of its width.
 */
export function pointRadius(hits: number, maxHits: number, width: number): number {
  const min = Math.max(2, width / 320);
  const max = Math.max(min, width / 55);
  if (!(maxHits > 1) || !(hits > 1)) return min;
  return min + (max - min) * Math.sqrt(Math.min(hits, maxHits) / maxHits);
}

/** The map of `places` at `width` pixels: the outline, the land and a point per place with a coordinate. */
export function drawWorldMap<P extends MapPlace>(places: readonly P[], width: number): WorldMapDrawing<P> {
  const w = Math.max(1, Math.round(width));
  const { projection, height, sphere, land: landPath } = background(w);
  const located = places.filter((p) => isDegrees(p.lat, 90) && isDegrees(p.lon, 180));
  const maxHits = located.reduce((m, p) => Math.max(m, Number.isFinite(p.hits) ? p.hits : 0), 0);
  const points: MapPoint<P>[] = [];
  for (const place of [...located].sort((a, b) => b.hits - a.hits)) {
    const xy = projection([place.lon, place.lat]);
    if (!xy || !Number.isFinite(xy[0]) || !Number.isFinite(xy[1])) continue;
    const round = (v: number): number => Math.round(v * 10) / 10;
    points.push({ place, x: round(xy[0]), y: round(xy[1]), r: round(pointRadius(place.hits, maxHits, w)) });
  }
  return {
    width: w,
    height,
    sphere,
    land: landPath,
    points,
    skipped: places.length - points.length,
  };
}

/** An enlarged part of the map where points crowd together (drawInset). */
export interface MapInset<P extends MapPlace> {
  width: number;
  height: number;
  /** The land within the inset, clipped to it. */
  land: string;
  /** The places inside the inset, at the inset's scale, largest first (radii as on the world map, a little more for one hit). */
  points: MapPoint<P>[];
  /** The inset's area outlined on the world map (SVG path data in the world drawing's pixels). */
  frame: string;
}

/** Two points' circles overlap (or nearly touch): at the map's scale they read as one blob. */
export function crowded(a: { x: number; y: number; r: number }, b: { x: number; y: number; r: number }): boolean {
  return Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r + 1;
}

/** Points in groups that read as one blob each (their circles overlap, transitively): union-find over the pairs. */
export function crowdedGroups<T extends { x: number; y: number; r: number }>(pts: readonly T[]): T[][] {
  const parent = pts.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i] as number)));
  for (let i = 0; i < pts.length; i++)
    for (let j = i + 1; j < pts.length; j++) if (crowded(pts[i] as T, pts[j] as T)) parent[root(i)] = root(j);
  const groups = new Map<number, T[]>();
  pts.forEach((p, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), p]));
  return [...groups.values()];
}

/**
 * Where points of the world map crowd together (Germany, the Netherlands and Great Britain in one blob at 380 px),
 * an enlarged map of that region: the largest group of overlapping points (at least `minPoints`), framed with a
 * margin, in a Mercator projection fitted to `width` × `height`. null when no points overlap.
 */
export function drawInset<P extends MapPlace>(
  places: readonly P[],
  worldWidth: number,
  width: number,
  height: number,
  minPoints = 3,
): MapInset<P> | null {
  const world = drawWorldMap(places, worldWidth);
  const pts = world.points;
  const group = crowdedGroups(pts).sort((a, b) => b.length - a.length)[0];
  if (!group || group.length < minPoints) return null;

  // The group's box in degrees, with a margin and at least a few degrees across (one city is no region).
  const lons = group.map((p) => p.place.lon);
  const lats = group.map((p) => p.place.lat);
  const pad = (lo: number, hi: number, min: number): [number, number] => {
    const span = Math.max(min, (hi - lo) * 1.3);
    const mid = (lo + hi) / 2;
    return [mid - span / 2, mid + span / 2];
  };
  const [west, east] = pad(Math.min(...lons), Math.max(...lons), 14);
  const [south, north] = pad(Math.min(...lats), Math.max(...lats), 6).map((v) => Math.max(-80, Math.min(80, v))) as [
    number,
    number,
  ];
  const box: GeoPermissibleObjects = {
    type: 'MultiPoint',
    coordinates: [
      [west, south],
      [east, north],
    ],
  };
  const projection = geoMercator()
    .fitExtent(
      [
        [4, 4],
        [width - 4, height - 4],
      ],
      box,
    )
    .clipExtent([
      [0, 0],
      [width, height],
    ]);
  const landPath = geoPath(projection).digits(1)(land()) ?? '';
  const round = (v: number): number => Math.round(v * 10) / 10;
  const points: MapPoint<P>[] = [];
  for (const p of pts) {
    const xy = projection([p.place.lon, p.place.lat]);
    if (!xy || xy[0] < 0 || xy[0] > width || xy[1] < 0 || xy[1] > height) continue;
    points.push({ place: p.place, x: round(xy[0]), y: round(xy[1]), r: Math.max(p.r, round(width / 160)) });
  }

  // The inset's whole area (wider or taller than the group's box, as the fit left it), outlined on the world map.
  const [w0, n0] = projection.invert?.([0, 0]) ?? [west, north];
  const [e0, s0] = projection.invert?.([width, height]) ?? [east, south];
  const worldProjection = background(world.width).projection;
  const ring: [number, number][] = [];
  const steps = 8;
  for (let i = 0; i <= steps; i++) ring.push([w0 + ((e0 - w0) * i) / steps, n0]);
  for (let i = 0; i <= steps; i++) ring.push([e0, n0 + ((s0 - n0) * i) / steps]);
  for (let i = 0; i <= steps; i++) ring.push([e0 - ((e0 - w0) * i) / steps, s0]);
  for (let i = 0; i <= steps; i++) ring.push([w0, s0 - ((s0 - n0) * i) / steps]);
  const frame =
    ring
      .map((c) => worldProjection(c))
      .filter((xy): xy is [number, number] => !!xy)
      .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${round(x)},${round(y)}`)
      .join('') + 'Z';
  return { width, height, land: landPath, points, frame };
}

/** Text for SVG/HTML: the five characters that could end a text or an attribute, escaped. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

function colourOf(flag: MapFlag | undefined): string {
  return (MAP_FLAGS.find((f) => f.flag === flag) ?? (MAP_FLAGS.at(-1) as (typeof MAP_FLAGS)[number])).colour;
}

type SvgPlace = MapPlace & { flag?: MapFlag; label?: string };

function dotsSvg(points: readonly MapPoint<SvgPlace>[]): string[] {
  return points.map(({ place, x, y, r }) => {
    const tip = `${place.label ?? `${place.lat}, ${place.lon}`}: ${place.hits} hit${place.hits === 1 ? '' : 's'}`;
    return (
      `<circle class="map-point" cx="${x}" cy="${y}" r="${r}" fill="${colourOf(place.flag)}" fill-opacity="0.8" ` +
      `stroke="#ffffff" stroke-width="0.8"><title>${escapeXml(tip)}</title></circle>`
    );
  });
}

/**
 * The map as one self-contained `<svg>` element (for the HTML report): no script, no link, no remote resource,
 * every text escaped. Each point carries a `<title>` (its label and hits) for a pointer's tooltip. Its parts carry
 * classes (map-sea, map-land, map-point, map-frame) so a page's CSS can colour them for dark mode; the attributes are
 * the light colours for an SVG shown alone. With `inset` (drawInset at the same width), its area is outlined.
 */
export function worldMapSvg(
  places: readonly SvgPlace[],
  width: number,
  title = 'Where the addresses are',
  inset: MapInset<SvgPlace> | null = null,
): string {
  const d = drawWorldMap(places, width);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${d.width} ${d.height}" width="${d.width}" ` +
      `height="${d.height}" role="img" aria-label="${escapeXml(title)}">`,
    `<path class="map-sea" d="${d.sphere}" fill="#eaf2f8" stroke="#9bb3c7" stroke-width="0.8"/>`,
    `<path class="map-land" d="${d.land}" fill="#d5d9dd" stroke="#aab1b8" stroke-width="0.5"/>`,
    ...dotsSvg(d.points),
    ...(inset ? [`<path class="map-frame" d="${inset.frame}" fill="none" stroke="#1b1f23" stroke-width="1.5"/>`] : []),
    '</svg>',
  ].join('\n');
}

/** An inset (drawInset) as one self-contained `<svg>` element, in the same classes and colours as worldMapSvg. */
export function insetSvg(inset: MapInset<SvgPlace>, title: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${inset.width} ${inset.height}" width="${inset.width}" ` +
      `height="${inset.height}" role="img" aria-label="${escapeXml(title)}">`,
    `<rect class="map-sea" width="${inset.width}" height="${inset.height}" fill="#eaf2f8" stroke="#9bb3c7" ` +
      `stroke-width="0.8"/>`,
    `<path class="map-land" d="${inset.land}" fill="#d5d9dd" stroke="#aab1b8" stroke-width="0.5"/>`,
    ...dotsSvg(inset.points),
    '</svg>',
  ].join('\n');
}
