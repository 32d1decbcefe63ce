// layout.js — owns how the picture's cells are laid out on a narrow screen, from the
// picture's data alone (no variant names): when the board as the server draws it would give
// cells under MIN_CELL px across at the width available, boards that stand side by side
// (clusters of touching cells apart from each other, as Chutes' two boards) are stacked one
// under the other, and a board that is a single row of cells (a rope) is folded into rows
// that run alternately right and left (boustrophedon), its first cell at the bottom left,
// with a bent arrow (a "join") drawn in the gap at each turn. The cells keep their names and
// shapes, only moved, so clicks, links and marks follow them.

/** The smallest comfortable cell for a finger, in CSS px. */
export const MIN_CELL = 36;

const GAP = 0.55; // board units between stacked boards or folded rows

function bounds(cells) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of cells) {
    for (const [x, y] of c.poly) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return { minX, minY, maxX, maxY, w: maxX - minX, h: maxY - minY };
}

/** Groups of cells whose boxes touch (within a small tolerance), each in picture order. */
function clusters(cells) {
  const boxes = cells.map((c) => bounds([c]));
  const parent = cells.map((_, i) => i);
  const find = (i) => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const eps = 0.05;
  for (let i = 0; i < cells.length; i++) {
    for (let j = i + 1; j < cells.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.minX <= b.maxX + eps && b.minX <= a.maxX + eps && a.minY <= b.maxY + eps && b.minY <= a.maxY + eps) parent[find(i)] = find(j);
    }
  }
  const groups = new Map();
  cells.forEach((c, i) => {
    const r = find(i);
    if (!groups.has(r)) groups.set(r, []);
    groups.get(r).push(c);
  });
  return [...groups.values()];
}

const moved = (cell, dx, dy) => ({ ...cell, poly: cell.poly.map(([x, y]) => [x + dx, y + dy]) });

/** The typical cell width (the median of the cells' widths), in board units. */
function cellWidth(cells) {
  const ws = cells.map((c) => bounds([c]).w).sort((a, b) => a - b);
  return ws.length ? ws[ws.length >> 1] : 1;
}

/** Side-by-side boards stacked, the leftmost on top, each keeping its left edge at x 0. */
function stack(groups) {
  const sorted = [...groups].sort((a, b) => bounds(a).minX - bounds(b).minX);
  const out = [];
  let y = 0;
  for (const g of sorted) {
    const b = bounds(g);
    for (const c of g) out.push(moved(c, -b.minX, y - b.minY));
    y += b.h + GAP;
  }
  return { cells: out, joins: [] };
}

/** One row of cells folded into rows of `per` cells, the first row at the bottom. */
function fold(row, per) {
  const sorted = [...row].sort((a, b) => bounds([a]).minX - bounds([b]).minX);
  const rows = Math.ceil(sorted.length / per);
  const cw = cellWidth(sorted);
  const ch = bounds(sorted).h;
  const out = [];
  const slot = (i) => {
    const r = Math.floor(i / per);
    const k = i % per;
    return { r, x: (r % 2 ? per - 1 - k : k) * cw, y: (rows - 1 - r) * (ch + GAP) };
  };
  sorted.forEach((c, i) => {
    const b = bounds([c]);
    const s = slot(i);
    out.push(moved(c, s.x - b.minX, s.y - b.minY));
  });
  const joins = [];
  for (let r = 0; r + 1 < rows; r++) {
    const end = slot((r + 1) * per - 1);
    const next = slot((r + 1) * per);
    // from the top edge of the row's last cell to the bottom edge of the next row's first
    const x = end.x + cw / 2;
    joins.push({ from: [x, end.y], to: [next.x + cw / 2, next.y + ch], width: cw });
  }
  return { cells: out, joins };
}

/**
 * The cells as drawn at `widthPx` CSS px available: {cells, joins, key}; `key` names the
 * arrangement (so a resize redraws only when it changes). `joins` are the folded rows' turns
 * ({from, to, width} in board units).
 */
export function arrange(cells, widthPx) {
  const all = cells || [];
  const plain = { cells: all, joins: [], key: "plain" };
  if (!all.length || !(widthPx > 0)) return plain;
  const b = bounds(all);
  const cw = cellWidth(all);
  const px = (w) => (widthPx / (w + 0.24)) * cw; // a cell's px when `w` units fill the width
  if (px(b.w) >= MIN_CELL) return plain;
  const groups = clusters(all);
  if (groups.length > 1) {
    const stacked = stack(groups);
    return { ...stacked, key: "stack" };
  }
  const rowLike = b.h <= cw * 1.5 && b.w >= b.h * 4;
  if (rowLike) {
    const perRow = Math.max(2, Math.floor((widthPx / (MIN_CELL + 8)) * 1));
    const rows = Math.ceil(all.length / perRow);
    const per = Math.ceil(all.length / rows);
    return { ...fold(all, per), key: `fold${per}` };
  }
  return plain;
}

/** The SVG markup of the folded rows' turns, in drawn coordinates (`pt` maps a point). */
export function joinsMarkup(joins, pt) {
  return (joins || [])
    .map((j) => {
      const a = pt(j.from);
      const b = pt(j.to);
      const w = j.width;
      const dir = Math.sign(b[1] - a[1]) || -1;
      const tip = [b[0], b[1] - dir * 0.04];
      const base = [tip[0], tip[1] - dir * w * 0.2];
      const head = `${tip[0]},${tip[1]} ${base[0] - w * 0.14},${base[1]} ${base[0] + w * 0.14},${base[1]}`;
      return `<g><path class="fold-join" d="M${a[0]} ${a[1]}L${base[0]} ${base[1]}" stroke-width="${w * 0.12}"/><polygon class="fold-join-head" points="${head}"/></g>`;
    })
    .join("");
}
