/**
 * The one link to a map Lookup Tray opens: OpenStreetMap with a marker, built from two validated numbers in one
 * fixed shape. The renderer builds it; the core's allow-list (electron/core/app/external-links.ts) accepts an
 * openstreetmap.org link only if it is exactly this shape, rebuilt from its own numbers.
 */

export const MAP_HOST = 'www.openstreetmap.org';
const ZOOM = 12;

/** Degrees rounded to 5 decimals (about a metre), as plain decimal text; null when not a usable coordinate. */
function degrees(v: number, max: number): string | null {
  if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > max) return null;
  const r = Math.round(v * 1e5) / 1e5;
  return String(Object.is(r, -0) ? 0 : r);
}

/** https://www.openstreetmap.org/?mlat=…&mlon=…#map=12/…/…, or null for a latitude or longitude out of range. */
export function osmMapUrl(lat: number, lon: number): string | null {
  const la = degrees(lat, 90);
  const lo = degrees(lon, 180);
  if (la === null || lo === null) return null;
  return `https://${MAP_HOST}/?mlat=${la}&mlon=${lo}#map=${ZOOM}/${la}/${lo}`;
}

/** Whether `url` is exactly a link osmMapUrl builds (for the allow-list). */
export function isOsmMapUrl(url: string): boolean {
  const m =
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=(-?\d{1,3}(?:\.\d{1,5})?)&mlon=(-?\d{1,3}(?:\.\d{1,5})?)#map=\d+\/[-\d.]+\/[-\d.]+$/.exec(
      url,
    );
  return m !== null && osmMapUrl(Number(m[1]), Number(m[2])) === url;
}
