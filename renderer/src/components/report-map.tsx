/**
 * The report's world map (loaded lazily with d3-geo and the bundled land outline, like History's chart): a point per
 * located place, sized by hits and coloured by its strongest flag. Drawn offline (shared/world-map.ts): no tiles,
 * no network. To assistive technology it is one image named by the list of top places beside it.
 */
import { useMemo } from 'react';
import type { ReportPlace } from '../../../shared/report';
import { drawInset, drawWorldMap, MAP_FLAGS, type MapPoint } from '../../../shared/world-map';
import { placeWords } from '../report-words';
import { useWords } from '../words-context';

/** Drawn at this width and scaled to the window's (the SVG keeps its aspect ratio). */
const WIDTH = 640;
/** The inset's height at WIDTH (where points crowd, that region enlarged below the world). */
const INSET_HEIGHT = 300;

function Points({ points }: { points: MapPoint<ReportPlace>[] }) {
  const w = useWords().w.uiReport;
  return points.map(({ place, x, y, r }) => (
    <circle
      key={`${place.lat},${place.lon}`}
      className="report-map-point"
      cx={x}
      cy={y}
      r={r}
      fill={MAP_FLAGS.find((f) => f.flag === place.flag)?.colour}
    >
      <title>{placeWords(place, w)}</title>
    </circle>
  ));
}

// The land's outline at this width, drawn as the chunk loads (while the core is still making the report).
drawWorldMap([], WIDTH);

export default function ReportMap({ places, describedBy }: { places: ReportPlace[]; describedBy: string }) {
  const w = useWords().w.uiReport;
  const map = useMemo(() => drawWorldMap(places, WIDTH), [places]);
  // Germany, the Netherlands and Great Britain are one blob at 380 px: where points crowd, an enlarged inset.
  const inset = useMemo(() => drawInset(places, WIDTH, WIDTH, INSET_HEIGHT), [places]);
  const shown = new Set(map.points.map((p) => p.place.flag));
  return (
    <figure className="report-map">
      <svg viewBox={`0 0 ${map.width} ${map.height}`} role="img" aria-label={w.mapLabel} aria-describedby={describedBy}>
        <path className="report-map-sea" d={map.sphere} />
        <path className="report-map-land" d={map.land} />
        <Points points={map.points} />
        {inset && <path className="report-map-frame" d={inset.frame} />}
      </svg>
      {inset && (
        <svg
          className="report-map-inset"
          viewBox={`0 0 ${inset.width} ${inset.height}`}
          role="img"
          aria-label={w.insetLabel(inset.points.length)}
          aria-describedby={describedBy}
        >
          <rect className="report-map-sea" width={inset.width} height={inset.height} />
          <path className="report-map-land" d={inset.land} />
          <Points points={inset.points} />
        </svg>
      )}
      <figcaption className="report-map-legend">
        {MAP_FLAGS.filter((f) => shown.has(f.flag)).map((f) => (
          <span key={f.flag}>
            <span className="report-map-swatch" style={{ background: f.colour }} aria-hidden="true" />
            {w.mapFlag[f.flag]}
          </span>
        ))}
        <span className="hint">{w.larger}</span>
        {inset && <span className="hint">{w.theBox}</span>}
      </figcaption>
    </figure>
  );
}
