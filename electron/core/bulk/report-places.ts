/**
 * The report's places (issue 41, "places are places"): the located addresses grouped by the place the answer names —
 * its country, region and city — and by coordinates rounded to 0.1° (about 10 km) only when the answer names none.
 * One row and one map point per place: São Paulo is one place however far apart its addresses' coordinates are.
 * The point is drawn at the coordinates of the place's most hit address (the first seen among equals), rounded to
 * 0.1°: a point where an answer put an address, never an average that could fall in the sea or across the
 * antimeridian. Its flag is the most telling of its addresses'.
 */
import { placeOf, type Answer } from '../../../shared/answer';
import { MAX_PLACES, type ReportPlace, type ReportPlaceFlag } from '../../../shared/report';

const PLACE_RANK: Record<ReportPlaceFlag, number> = { threat: 4, anonymizer: 3, datacenter: 2, none: 1, unknown: 0 };

const round = (x: number) => Math.round(x * 10) / 10;

/** What a place is known by: its named parts (case and spacing as the service varies them folded), or its grid cell. */
export function placeKey(a: Answer): string | null {
  const c = a.coordinates;
  if (!c) return null;
  const fold = (s: string | null | undefined) => (s ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  const country = fold(a.country?.code ?? a.country?.name);
  const named = [country, fold(a.region), fold(a.city)];
  if (named.some((p) => p !== '')) return `name:${JSON.stringify(named)}`;
  return `at:${round(c.lat)},${round(c.lon)}`;
}

interface Group {
  place: ReportPlace;
  /** Hits of the address whose coordinates the point is drawn at. */
  pointHits: number;
}

/** Places being counted, one per named place (or per grid cell for answers naming none). */
export class Places {
  private readonly map = new Map<string, Group>();

  add(a: Answer, hits: number, flag: ReportPlaceFlag): void {
    const key = placeKey(a);
    const c = a.coordinates;
    if (key === null || !c) return;
    const lat = round(c.lat);
    const lon = round(c.lon);
    const g = this.map.get(key);
    if (!g) {
      const label = placeOf(a) ?? `${lat}, ${lon}`;
      this.map.set(key, { place: { lat, lon, hits, addresses: 1, flag, label }, pointHits: hits });
      return;
    }
    const p = g.place;
    p.hits += hits;
    p.addresses++;
    if (PLACE_RANK[flag] > PLACE_RANK[p.flag]) p.flag = flag;
    if (hits > g.pointHits) {
      g.pointHits = hits;
      p.lat = lat;
      p.lon = lon;
    }
  }

  /** Most hits first, then most addresses, then by label (at most MAX_PLACES). */
  list(): ReportPlace[] {
    return [...this.map.values()]
      .map((g) => g.place)
      .sort((a, b) => b.hits - a.hits || b.addresses - a.addresses || a.label.localeCompare(b.label))
      .slice(0, MAX_PLACES);
  }
}
