/**
 * Hotspot rectangles relative to the image: x, y, width and height are fractions (0–1) of the image's
 * width and height, as the server stores them, so a hotspot sits on the same spot at any display size.
 * Pure functions: the editor turns pointer positions into fractions and hands them here.
 */
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

export type Corner = "nw" | "ne" | "sw" | "se";
export const CORNERS: readonly Corner[] = ["nw", "ne", "sw", "se"];

/** The smallest hotspot a drag draws or a resize leaves (2 % of the image): a click is not a hotspot. */
export const MIN_SIZE = 0.02;
/** One arrow key moves a hotspot this far; with Shift, five times as far. */
export const KEY_STEP = 0.01;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Six decimals, as the server stores them. */
const six = (v: number) => Math.round(v * 1e6) / 1e6;
/** Rounded by its edges, so a rectangle that ends inside the image still does once rounded. */
export function rounded(r: Rect): Rect {
  const x = six(r.x);
  const y = six(r.y);
  return { x, y, width: six(six(r.x + r.width) - x), height: six(six(r.y + r.height) - y) };
}

/** A pointer position over a box (client pixels) as a fraction of the box, kept inside it. */
export function fractionIn(
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): Point {
  return { x: clamp((clientX - box.left) / box.width, 0, 1), y: clamp((clientY - box.top) / box.height, 0, 1) };
}

/** The rectangle a drag from `a` to `b` spans, in any direction. */
export function spanned(a: Point, b: Point): Rect {
  return rounded({
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(b.x - a.x),
    height: Math.abs(b.y - a.y),
  });
}

export const bigEnough = (r: Rect) => r.width >= MIN_SIZE && r.height >= MIN_SIZE;

/** `r` moved by (dx, dy), stopping at the image's edges with its size kept. */
export function moved(r: Rect, dx: number, dy: number): Rect {
  return rounded({ ...r, x: clamp(r.x + dx, 0, 1 - r.width), y: clamp(r.y + dy, 0, 1 - r.height) });
}

/** `r` with one corner dragged to `p`; the opposite corner stays, the size never below MIN_SIZE. */
export function resized(r: Rect, corner: Corner, p: Point): Rect {
  const left = corner === "nw" || corner === "sw";
  const top = corner === "nw" || corner === "ne";
  const x1 = left ? Math.min(p.x, r.x + r.width - MIN_SIZE) : r.x;
  const x2 = left ? r.x + r.width : Math.max(p.x, r.x + MIN_SIZE);
  const y1 = top ? Math.min(p.y, r.y + r.height - MIN_SIZE) : r.y;
  const y2 = top ? r.y + r.height : Math.max(p.y, r.y + MIN_SIZE);
  return rounded({
    x: clamp(x1, 0, 1),
    y: clamp(y1, 0, 1),
    width: clamp(x2, 0, 1) - clamp(x1, 0, 1),
    height: clamp(y2, 0, 1) - clamp(y1, 0, 1),
  });
}

/** The move an arrow key asks for (physical directions: the image is never mirrored), or null. */
export function keyStep(key: string, shift: boolean): Point | null {
  const step = shift ? KEY_STEP * 5 : KEY_STEP;
  switch (key) {
    case "ArrowLeft":
      return { x: -step, y: 0 };
    case "ArrowRight":
      return { x: step, y: 0 };
    case "ArrowUp":
      return { x: 0, y: -step };
    case "ArrowDown":
      return { x: 0, y: step };
    default:
      return null;
  }
}

/** CSS placing a rectangle over the image, in percent of its drawn size. */
export const placed = (r: Rect) => ({
  left: `${r.x * 100}%`,
  top: `${r.y * 100}%`,
  width: `${r.width * 100}%`,
  height: `${r.height * 100}%`,
});

export const sameRect = (a: Rect, b: Rect) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
