/** Where the lookup window goes: next to the tray icon, inside the work area. Pure (no electron import). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

const GAP = 4;

/**
 * Places a window of `size` next to `tray` (below it when the tray is at the top of the screen, above it when
 * at the bottom; beside it for side panels), clamped into `workArea`. Linux trays often report empty bounds:
 * then the cursor (or, failing that, the top-right corner of the work area) is the anchor.
 */
export function positionNearTray(
  tray: Rect | null,
  size: { width: number; height: number },
  workArea: Rect,
  cursor?: Point,
): Point {
  const hasTray = tray !== null && tray.width > 0 && tray.height > 0;
  const anchor: Rect = hasTray
    ? tray
    : cursor
      ? { x: cursor.x, y: cursor.y, width: 0, height: 0 }
      : { x: workArea.x + workArea.width, y: workArea.y, width: 0, height: 0 };
  const cx = anchor.x + anchor.width / 2;
  const cy = anchor.y + anchor.height / 2;
  const area = workArea;
  let x: number;
  let y: number;
  const leftOfArea = anchor.x + anchor.width <= area.x;
  const rightOfArea = anchor.x >= area.x + area.width;
  if (hasTray && (leftOfArea || rightOfArea)) {
    // Taskbar on the left or right side.
    x = leftOfArea ? area.x + GAP : area.x + area.width - size.width - GAP;
    y = cy - size.height / 2;
  } else {
    x = cx - size.width / 2;
    const inLowerHalf = cy > area.y + area.height / 2;
    y = inLowerHalf ? anchor.y - size.height - GAP : anchor.y + anchor.height + GAP;
  }
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
  return {
    x: Math.round(clamp(x, area.x, area.x + area.width - size.width)),
    y: Math.round(clamp(y, area.y, area.y + area.height - size.height)),
  };
}
