// pieces.js — owns the piece pictures: one hand-drawn SVG figure per piece kind of the
// protocol (chess men, escalator and rope pieces, Ladder Shogi tiles) in a 100x100 box,
// a disc with the letter for unknown kinds, and the badge (a stage) in a corner.
// Everything is returned as SVG markup strings: `pieceMarkup` for use inside the board's
// <svg>, `pieceSvg` as a standalone <svg> for hands, menus and the legend.

import { esc } from "./util.js";

const WHITE = { f: "#fbf9f4", s: "#1d1b18", d: "#1d1b18", a: "#c8961e" };
const BLACK = { f: "#2b2926", s: "#0c0b0a", d: "#ece6da", a: "#e0b341" };

function colors(color) {
  return color === "black" ? BLACK : WHITE;
}

// A filled shape with the piece's outline.
function shape(c, d, extra = "") {
  return `<path d="${d}" fill="${c.f}" stroke="${c.s}" stroke-width="3.2" stroke-linejoin="round" stroke-linecap="round"${extra}/>`;
}

// A detail line drawn inside a shape (dark on white pieces, light on black ones).
function line(c, d, width = 2.6) {
  return `<path d="${d}" fill="none" stroke="${c.d}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function circle(c, x, y, r) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.f}" stroke="${c.s}" stroke-width="3.2"/>`;
}

function dot(c, x, y, r) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.d}"/>`;
}

// The rounded foot most men stand on.
function base(c, y = 78, w = 30) {
  return shape(c, `M${50 - w} ${y + 10} h${2 * w} a4 4 0 0 0 4-4 v-2 a4 4 0 0 0-4-4 h-${2 * w} a4 4 0 0 0-4 4 v2 a4 4 0 0 0 4 4z`);
}

function king(c) {
  return (
    shape(c, "M46 10h8v7h7v8h-7v9h-8v-9h-7v-8h7z") +
    shape(c, "M29 76 C20 60 20 42 34 40 C43 39 48 46 50 52 C52 46 57 39 66 40 C80 42 80 60 71 76 Z") +
    line(c, "M50 52 V70") +
    line(c, "M31 68 Q50 62 69 68") +
    base(c)
  );
}

function queen(c) {
  const tips = [[16, 30], [33, 21], [50, 16], [67, 21], [84, 30]];
  return (
    shape(c, "M26 76 L16 30 L31 54 L33 21 L43 50 L50 16 L57 50 L67 21 L69 54 L84 30 L74 76 Z") +
    tips.map(([x, y]) => circle(c, x, y, 5)).join("") +
    line(c, "M27 68 Q50 62 73 68") +
    base(c)
  );
}

function rook(c) {
  return (
    shape(c, "M33 40 H67 L70 76 H30 Z") +
    shape(c, "M24 16 h11 v8 h9 v-8 h12 v8 h9 v-8 h11 v16 l-6 8 h-40 l-6 -8 z") +
    line(c, "M33 46 H67") +
    line(c, "M31 70 H69") +
    base(c)
  );
}

function bishop(c) {
  return (
    circle(c, 50, 12, 5) +
    shape(c, "M50 18 C64 28 70 44 61 58 H39 C30 44 36 28 50 18 Z") +
    line(c, "M56 30 L46 44") +
    shape(c, "M37 58 H63 V65 H37 Z") +
    shape(c, "M39 65 Q38 72 31 78 H69 Q62 72 61 65 Z") +
    base(c)
  );
}

const KNIGHT_HEAD =
  "M72 78 C74 58 72 38 60 24 L60 10 L52 19 C40 19 31 27 26 37 L16 52 C14 57 19 62 24 60 L33 55 C38 57 43 55 47 50 C45 61 37 69 31 78 Z";

function knight(c) {
  return (
    shape(c, KNIGHT_HEAD) +
    line(c, "M63 28 C70 42 71 58 68 74") +
    dot(c, 44, 32, 3) +
    dot(c, 23, 53, 1.8) +
    base(c)
  );
}

function pawn(c) {
  return (
    shape(c, "M40 52 Q38 68 28 78 H72 Q62 68 60 52 Z") +
    shape(c, "M34 50 a16 6 0 0 1 32 0 a16 6 0 0 1 -32 0z") +
    circle(c, 50, 33, 12) +
    base(c)
  );
}

function crab(c) {
  const legs =
    "M30 62 L16 70 L12 80 M32 68 L22 80 L22 88 M70 62 L84 70 L88 80 M68 68 L78 80 L78 88";
  return (
    `<path d="${legs}" fill="none" stroke="${c.s}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
    (c === BLACK ? `<path d="${legs}" fill="none" stroke="${c.f}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>` : "") +
    shape(c, "M30 56 L22 40 M70 56 L78 40", ' fill="none" stroke-width="6"') +
    shape(c, "M22 44 C10 40 8 24 16 14 L22 24 L28 16 C34 26 32 40 22 44 Z") +
    shape(c, "M78 44 C90 40 92 24 84 14 L78 24 L72 16 C66 26 68 40 78 44 Z") +
    shape(c, "M42 48 V38 M58 48 V38", ' fill="none"') +
    circle(c, 42, 36, 4) +
    circle(c, 58, 36, 4) +
    shape(c, "M50 44 C72 44 80 54 78 64 C74 74 26 74 22 64 C20 54 28 44 50 44 Z") +
    line(c, "M36 60 Q50 66 64 60")
  );
}

function chancellor(c) {
  return (
    `<g transform="translate(19 -4) scale(0.62)">${shape(c, KNIGHT_HEAD)}${dot(c, 44, 32, 4)}</g>` +
    shape(c, "M30 44 h9 v6 h7 v-6 h8 v6 h7 v-6 h9 v12 l-5 4 h-30 l-5 -4 z") +
    shape(c, "M35 60 H65 L68 78 H32 Z") +
    line(c, "M34 72 H66") +
    base(c)
  );
}

function star(cx, cy, r1, r2) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? r2 : r1;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function gold(c) {
  return (
    shape(c, "M42 56 Q42 70 32 78 H68 Q58 70 58 56 Z") +
    circle(c, 50, 34, 24) +
    `<circle cx="50" cy="34" r="17" fill="none" stroke="${c.a}" stroke-width="2.4"/>` +
    `<polygon points="${star(50, 34, 12, 5)}" fill="${c.a}" stroke="${c.s}" stroke-width="1.6" stroke-linejoin="round"/>` +
    base(c)
  );
}

function router(c) {
  return (
    shape(c, "M46 12 h8 v66 h-8 z") +
    shape(c, "M54 20 H80 L90 30 L80 40 H54 Z") +
    shape(c, "M46 44 H20 L10 54 L20 64 H46 Z") +
    line(c, "M60 30 H78") +
    line(c, "M40 54 H22") +
    circle(c, 50, 11, 4) +
    base(c)
  );
}

function torch(c) {
  return (
    `<path d="M50 6 C62 18 66 28 62 38 C60 44 40 44 38 38 C34 28 42 22 46 14 C48 22 52 22 50 6 Z" fill="#f29c1f" stroke="${c.s}" stroke-width="2.6" stroke-linejoin="round"/>` +
    `<path d="M50 22 C56 30 57 36 54 40 H46 C43 36 46 30 50 22 Z" fill="#ffe070"/>` +
    shape(c, "M34 42 H66 L60 54 H40 Z") +
    shape(c, "M43 54 H57 L54 78 H46 Z") +
    line(c, "M40 47 H60") +
    base(c, 78, 22)
  );
}

function dove(c) {
  return (
    shape(c, "M22 40 C26 52 36 60 50 60 C62 60 70 54 74 44 L88 36 L84 48 L90 52 L76 54 C70 66 56 72 42 70 C30 68 22 58 22 40 Z") +
    shape(c, "M24 40 C22 30 28 22 36 22 C42 22 46 26 47 32 L58 14 C66 28 64 44 52 52 C42 50 34 46 28 42 Z") +
    shape(c, "M24 34 L12 38 L24 40 Z") +
    dot(c, 33, 30, 2.6) +
    line(c, "M52 38 Q58 30 58 22") +
    shape(c, "M46 70 V78 M56 70 V78", ' fill="none"') +
    base(c)
  );
}

function dabbaba(c) {
  return (
    shape(c, "M28 30 L50 14 L72 30 Z") +
    shape(c, "M30 30 H70 V66 H30 Z") +
    shape(c, "M18 48 H30 V56 H18 Z") +
    line(c, "M36 38 H64 M36 46 H64") +
    line(c, "M44 54 h12 v12 h-12 z", 2.4) +
    circle(c, 36, 74, 10) +
    circle(c, 64, 74, 10) +
    dot(c, 36, 74, 3) +
    dot(c, 64, 74, 3)
  );
}

const DRAWN = { king, queen, rook, bishop, knight, pawn, crab, chancellor, gold, router, torch, dove, dabbaba };

// Ladder Shogi: the glyph written on each tile (kept upright; the tile's point shows the side).
const SHOGI = {
  "shogi-king": "K",
  "shogi-dragon": "Dr",
  "shogi-cricket": "Cr",
  "shogi-kappa": "Kp",
  "shogi-lance": "L",
  "shogi-ninja": "Nj",
  "shogi-horse": "H",
  "shogi-burakumin": "Bu",
  "shogi-rook": "R",
  "shogi-bishop": "B",
  "shogi-shogun": "Sh",
};

// Promoted shogi pieces get red glyphs, as in shogi.
const SHOGI_PROMOTED = new Set(["shogi-rook", "shogi-bishop", "shogi-shogun"]);

function shogiTile(man, flipped) {
  const black = man.color === "black";
  const down = black !== !!flipped;
  const value = man.kind === "shogi-value";
  const glyph = value ? String(man.badge ?? man.letter ?? "V").replace(/^V(?=\d)/i, "") : SHOGI[man.kind];
  const tile = black ? "#4a3f33" : "#f7ecd0";
  const edge = black ? "#14110d" : "#3c2f1c";
  let ink = black ? "#f6ead0" : "#1f1a12";
  if (SHOGI_PROMOTED.has(man.kind)) ink = black ? "#ff8f7a" : "#b3261e";
  let mark = black ? "#d9534f" : "#3f7fd0";
  if (value) mark = black ? "#c9a227" : "#d8b43c";
  const size = glyph.length > 1 ? 34 : 44;
  const royal = man.kind === "shogi-king";
  const outline =
    `<path d="M50 6 L77 17 L88 94 H12 L23 17 Z" fill="${tile}" stroke="${edge}" stroke-width="${royal ? 5 : 3.4}" stroke-linejoin="round"/>` +
    `<path d="M50 12 L72 21 L74 30 H26 L28 21 Z" fill="${mark}" opacity="0.85"/>`;
  const text = `<text x="50" y="${down ? 62 : 74}" text-anchor="middle" font-size="${size}" font-family="DejaVu Serif, Georgia, serif" font-weight="700" fill="${ink}">${esc(glyph)}</text>`;
  return (down ? `<g transform="rotate(180 50 50)">${outline}</g>` : outline) + text;
}

function fallback(man) {
  const c = colors(man.color);
  const text = esc(man.letter || man.kind.slice(0, 2));
  const size = text.length > 2 ? 28 : 40;
  return (
    `<circle cx="50" cy="50" r="36" fill="${c.f}" stroke="${c.s}" stroke-width="4"/>` +
    `<circle cx="50" cy="50" r="29" fill="none" stroke="${c.d}" stroke-width="1.6" opacity="0.6"/>` +
    `<text x="50" y="${50 + size * 0.36}" text-anchor="middle" font-size="${size}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" fill="${c.d}">${text}</text>`
  );
}

// The badge: a small circled text in the top right corner.
function badge(text) {
  const t = esc(text);
  const w = Math.max(30, 12 + t.length * 13);
  return (
    `<g class="badge"><rect x="${98 - w}" y="0" width="${w}" height="30" rx="15" fill="#c62f2f" stroke="#fff" stroke-width="3"/>` +
    `<text x="${98 - w / 2}" y="22" text-anchor="middle" font-size="21" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" fill="#fff">${t}</text></g>`
  );
}

/**
 * The figure of `man` ({kind, color, letter, badge}) as SVG markup in a 100x100 box;
 * `flipped`: the board is turned half round (shogi tiles then point the other way).
 */
export function pieceMarkup(man, flipped = false) {
  const kind = man.kind || "";
  let body;
  if (kind.startsWith("shogi-") && (SHOGI[kind] || kind === "shogi-value")) body = shogiTile(man, flipped);
  else if (DRAWN[kind]) body = DRAWN[kind](colors(man.color));
  else body = fallback(man);
  const showBadge = man.badge != null && man.badge !== "" && kind !== "shogi-value";
  return body + (showBadge ? badge(String(man.badge)) : "");
}

/** The figure of `man` as a standalone <svg> element string (for hands, menus, legend). */
export function pieceSvg(man, cls = "piece-img", flipped = false) {
  return `<svg class="${cls}" viewBox="0 0 100 100" aria-label="${esc(man.color + " " + man.kind)}">${pieceMarkup(man, flipped)}</svg>`;
}

/** Every kind that has its own drawing (the legend and tests use it). */
export const KNOWN_KINDS = [...Object.keys(DRAWN), ...Object.keys(SHOGI), "shogi-value"];
