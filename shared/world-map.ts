/**
 * The report's world map, drawn offline: the Natural Earth land outline at 1:110m (world-atlas's `land-110m.json`,
 * bundled, never fetched) in the Natural Earth projection (d3-geo), and a point per located place sized by its hits.
 * Pure: the window draws it as SVG elements (renderer/src/components/report-map.tsx) and the HTML report as one
 * inline `<svg>` string (`worldMapSvg`), in Node or in the browser, with no network and no script.
 */
import { geoNaturalEarth1, geoPath, type GeoPermissibleObjects } from 'd3-geo';
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

/** The height a map of this width takes (Natural Earth's globe is about 1.9 times as wide as it is high). */
export function worldMapHeight(width: number): number {
  return fitted(width).height;
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

/**
 * The map as one self-contained `<svg>` element (for the HTML report): no script, no link, no remote resource,
 * every text escaped. Each point carries a `<title>` (its label and hits) for a pointer's tooltip.
 */
export function worldMapSvg(
  places: readonly (MapPlace & { flag?: MapFlag; label?: string })[],
  width: number,
  title = 'Where the addresses are',
): string {
  const d = drawWorldMap(places, width);
  const dots = d.points.map(({ place, x, y, r }) => {
    const tip = `${place.label ?? `${place.lat}, ${place.lon}`}: ${place.hits} hit${place.hits === 1 ? '' : 's'}`;
    return (
      `<circle cx="${x}" cy="${y}" r="${r}" fill="${colourOf(place.flag)}" fill-opacity="0.8" stroke="#ffffff" ` +
      `stroke-width="0.8"><title>${escapeXml(tip)}</title></circle>`
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${d.width} ${d.height}" width="${d.width}" ` +
      `height="${d.height}" role="img" aria-label="${escapeXml(title)}">`,
    `<path d="${d.sphere}" fill="#eaf2f8" stroke="#9bb3c7" stroke-width="0.8"/>`,
    `<path d="${d.land}" fill="#d5d9dd" stroke="#aab1b8" stroke-width="0.5"/>`,
    ...dots,
    '</svg>',
  ].join('\n');
}
