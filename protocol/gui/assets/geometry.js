// geometry.js — owns the board geometry: polygon centres and sizes, the drawing frame
// (viewBox with a margin, the half-turn flip applied to every point so pieces and text stay
// upright) and small vector helpers used by the board and the link arrows.

/** Signed area of a polygon [[x,y],...]. */
export function area(poly) {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i];
    const [x2, y2] = poly[(i + 1) % poly.length];
    a += x1 * y2 - x2 * y1;
  }
  return a / 2;
}

function perimeter(poly) {
  let p = 0;
  for (let i = 0; i < poly.length; i++) p += dist(poly[i], poly[(i + 1) % poly.length]);
  return p;
}

/** The area centroid of a polygon (the vertex mean for a degenerate one). */
export function centroid(poly) {
  const a = area(poly);
  if (Math.abs(a) < 1e-9) {
    const n = poly.length || 1;
    return [poly.reduce((s, p) => s + p[0], 0) / n, poly.reduce((s, p) => s + p[1], 0) / n];
  }
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i];
    const [x2, y2] = poly[(i + 1) % poly.length];
    const f = x1 * y2 - x2 * y1;
    cx += (x1 + x2) * f;
    cy += (y1 + y2) * f;
  }
  return [cx / (6 * a), cy / (6 * a)];
}

/** About the diameter of the largest circle inside a polygon (1.0 for a unit square). */
export function inSize(poly) {
  const p = perimeter(poly);
  if (p === 0) return 0.8;
  const d = (4 * Math.abs(area(poly))) / p;
  const xs = poly.map((q) => q[0]);
  const ys = poly.map((q) => q[1]);
  const box = Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  return Math.max(0.3, Math.min(d * 1.05, box));
}

export function dist(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

export function lerp(a, b, t) {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

/** Distance from point p to the segment a-b. */
export function segDist(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2)) : 0;
  return dist(p, [a[0] + t * dx, a[1] + t * dy]);
}

/**
 * The drawing frame of a set of cells: bounds, a viewBox string with `margin` around,
 * and `pt` mapping a board point to the drawn point (turned half round when flipped).
 */
export function makeFrame(cells, flipped, margin = 0.12) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const cell of cells) {
    for (const [x, y] of cell.poly) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  if (!Number.isFinite(minX)) [minX, minY, maxX, maxY] = [0, 0, 8, 8];
  const pt = flipped ? ([x, y]) => [minX + maxX - x, minY + maxY - y] : ([x, y]) => [x, y];
  const w = maxX - minX + 2 * margin;
  const h = maxY - minY + 2 * margin;
  return {
    pt,
    width: w,
    height: h,
    viewBox: `${fmt(minX - margin)} ${fmt(minY - margin)} ${fmt(w)} ${fmt(h)}`,
  };
}

/** A number for SVG attributes (3 decimals, no trailing zeros). */
export function fmt(n) {
  return String(Math.round(n * 1000) / 1000);
}

/** "x,y x,y ..." for an SVG polygon. */
export function points(poly) {
  return poly.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");
}
