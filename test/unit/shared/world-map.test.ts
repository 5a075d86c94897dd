import { describe, expect, it } from 'vitest';
import { drawInset, drawWorldMap, escapeXml, pointRadius, worldMapSvg } from '../../../shared/world-map';

const BERLIN = { lat: 52.52, lon: 13.405, hits: 1 };
const SYDNEY = { lat: -33.87, lon: 151.21, hits: 400 };
const LIMA = { lat: -12.05, lon: -77.04, hits: 20 };

describe('the world map', () => {
  it('fits the whole globe to the width, about twice as wide as it is high', () => {
    const d = drawWorldMap([], 600);
    expect(d.width).toBe(600);
    expect(d.width / d.height).toBeGreaterThan(1.8);
    expect(d.width / d.height).toBeLessThan(2.1);
    expect(d.sphere).toMatch(/^M/);
    // The bundled land outline: many rings, coordinates rounded to a tenth of a pixel.
    expect(d.land.split('M').length).toBeGreaterThan(100);
    expect(d.land).not.toMatch(/\.\d\d/);
  });

  it('puts each place where it is: east is right, north is up', () => {
    const d = drawWorldMap([BERLIN, SYDNEY, LIMA], 800);
    const at = (p: typeof BERLIN) => d.points.find((q) => q.place === p)!;
    expect(at(LIMA).x).toBeLessThan(at(BERLIN).x);
    expect(at(BERLIN).x).toBeLessThan(at(SYDNEY).x);
    expect(at(BERLIN).y).toBeLessThan(at(LIMA).y);
    expect(at(LIMA).y).toBeLessThan(at(SYDNEY).y);
    for (const p of d.points) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(800);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(d.height);
    }
  });

  it('sizes points by hits, draws the largest first and leaves out what is not a coordinate', () => {
    const odd = [
      { lat: Number.NaN, lon: 1, hits: 5 },
      { lat: 91, lon: 0, hits: 5 },
      { lat: 0, lon: -181, hits: 5 },
      { lat: '10' as unknown as number, lon: 10, hits: 5 },
    ];
    const d = drawWorldMap([BERLIN, ...odd, LIMA, SYDNEY], 800);
    expect(d.points.map((p) => p.place)).toEqual([SYDNEY, LIMA, BERLIN]);
    expect(d.skipped).toBe(4);
    const [big, mid, small] = d.points.map((p) => p.r) as [number, number, number];
    expect(big).toBeGreaterThan(mid);
    expect(mid).toBeGreaterThan(small);
    expect(big).toBeLessThanOrEqual(800 / 55 + 0.1);
  });

  it('gives one hit and a map of single hits the smallest point', () => {
    expect(pointRadius(1, 1, 640)).toBe(2);
    expect(pointRadius(1, 100, 640)).toBe(2);
    expect(pointRadius(100, 100, 640)).toBeCloseTo(640 / 55);
    expect(pointRadius(Number.NaN, 100, 640)).toBe(2);
  });
});

describe('the map as inline SVG', () => {
  it('is one self-contained svg: no script, no link, no remote resource, every text escaped', () => {
    const svg = worldMapSvg(
      [
        { ...SYDNEY, flag: 'threat', label: '<script>alert(1)</script> & "Sydney"' },
        { ...BERLIN, flag: 'none', label: 'Berlin, DE' },
      ],
      640,
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/<script|href|url\(|https?:\/\/(?!www\.w3\.org\/2000\/svg")/i);
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Sydney&quot;: 400 hits');
    expect(svg).toContain('Berlin, DE: 1 hit<');
    expect(svg.match(/<circle /g)).toHaveLength(2);
    expect(svg).toContain('fill="#d62839"');
  });

  it('escapes the five characters that end a text or an attribute', () => {
    expect(escapeXml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&#39;');
  });
});

describe('the inset where points crowd (Germany, the Netherlands, Great Britain)', () => {
  const EUROPE = [
    { lat: 52.52, lon: 13.4, hits: 40 }, // Berlin
    { lat: 50.11, lon: 8.68, hits: 25 }, // Frankfurt
    { lat: 52.37, lon: 4.9, hits: 30 }, // Amsterdam
    { lat: 51.51, lon: -0.13, hits: 12 }, // London
    { lat: 48.86, lon: 2.35, hits: 3 }, // Paris
  ];
  const places = [...EUROPE, { ...SYDNEY, hits: 5 }, { ...LIMA, hits: 2 }];
  const overlaps = (pts: { x: number; y: number; r: number }[]) =>
    pts.flatMap((a, i) => pts.slice(i + 1).filter((b) => Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r)).length;

  it('on the world map they are one blob; in the inset each is a point of its own, and only they are in it', () => {
    const world = drawWorldMap(places, 640);
    expect(overlaps(world.points.filter((p) => EUROPE.includes(p.place)))).toBeGreaterThan(3);
    const inset = drawInset(places, 640, 640, 352);
    expect(inset).not.toBeNull();
    expect(inset!.points.map((p) => p.place).sort((a, b) => a.lon - b.lon)).toEqual(
      [...EUROPE].sort((a, b) => a.lon - b.lon),
    );
    expect(overlaps(inset!.points)).toBe(0);
    // West is left, north is up; the land is drawn and the inset's area is outlined on the world map.
    const at = (p: (typeof EUROPE)[number]) => inset!.points.find((q) => q.place === p)!;
    expect(at(EUROPE[3]!).x).toBeLessThan(at(EUROPE[2]!).x);
    expect(at(EUROPE[2]!).x).toBeLessThan(at(EUROPE[0]!).x);
    expect(at(EUROPE[0]!).y).toBeLessThan(at(EUROPE[1]!).y);
    expect(inset!.land.length).toBeGreaterThan(100);
    expect(inset!.frame).toMatch(/^M[\d.]+,[\d.]+(L[\d.-]+,[\d.-]+)+Z$/);
  });

  it('is not drawn when the points stand apart', () => {
    expect(drawInset([BERLIN, SYDNEY, LIMA], 640, 640, 352)).toBeNull();
  });
});
