// links.js — owns the drawing of picture links as arrows: a ladder (two rails and rungs)
// or a chute (a band with a groove) in its owner's colour, an escalator as a neutral
// arrow. A one-way link has a head at its exit; a two-way link (`two_way`, pieces go
// along it both ways) a head at each end. An arrow bends round the pieces it would cross
// and stops short of an occupied end cell so the piece stays visible. Also the small
// picture of a kind of link for the legend.

import { dist, fmt, lerp, segDist } from "./geometry.js";
import { esc } from "./util.js";

const STYLE = {
  white: { fill: "#a9d2ff", edge: "#173e6b" },
  black: { fill: "#b8322a", edge: "#2b0906" },
  none: { fill: "#e4e1da", edge: "#3a3733" },
};

/** A quadratic curve from a to b bulging by `bend` (board units) to the left. */
function curve(a, b, bend, steps = 40) {
  const m = lerp(a, b, 0.5);
  const len = dist(a, b) || 1;
  const nx = -(b[1] - a[1]) / len;
  const ny = (b[0] - a[0]) / len;
  const c = [m[0] + nx * bend * 2, m[1] + ny * bend * 2];
  const out = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}

/** How many obstacle points (piece centres) lie within `r` of the polyline. */
function hits(line, obstacles, r) {
  let n = 0;
  for (const p of obstacles) {
    for (let i = 1; i < line.length; i++) {
      if (segDist(p, line[i - 1], line[i]) < r) {
        n++;
        break;
      }
    }
  }
  return n;
}

/** The polyline from a to b that crosses the fewest pieces, bending as little as it can. */
function route(a, b, obstacles, size) {
  let best = null;
  let bestScore = Infinity;
  for (const k of [0, 0.5, -0.5, 0.8, -0.8, 1.2, -1.2, 1.8, -1.8]) {
    const line = curve(a, b, k * size);
    const score = hits(line, obstacles, size * 0.36) + Math.abs(k) * 0.3;
    if (score < bestScore) {
      best = line;
      bestScore = score;
    }
  }
  return best;
}

/** The polyline cut by `from` at its start and `to` at its end (arc lengths). */
function trim(line, from, to) {
  const cum = [0];
  for (let i = 1; i < line.length; i++) cum.push(cum[i - 1] + dist(line[i - 1], line[i]));
  const total = cum[cum.length - 1];
  if (total <= from + to + 0.05) return line;
  const at = (s) => {
    let i = 1;
    while (i < line.length - 1 && cum[i] < s) i++;
    const t = (s - cum[i - 1]) / (cum[i] - cum[i - 1] || 1);
    return lerp(line[i - 1], line[i], t);
  };
  const out = [at(from)];
  for (let i = 0; i < line.length; i++) if (cum[i] > from && cum[i] < total - to) out.push(line[i]);
  out.push(at(total - to));
  return out;
}

function pathD(line) {
  return line.map((p, i) => `${i ? "L" : "M"}${fmt(p[0])} ${fmt(p[1])}`).join("");
}

/** The polyline moved sideways by `d` (positive: left of the direction of travel). */
function offset(line, d) {
  return line.map((p, i) => {
    const a = line[Math.max(0, i - 1)];
    const b = line[Math.min(line.length - 1, i + 1)];
    const len = dist(a, b) || 1;
    return [p[0] - ((b[1] - a[1]) / len) * d, p[1] + ((b[0] - a[0]) / len) * d];
  });
}

/** The arrow head at the end of the line, as a polygon of width w and length l. */
function head(line, w, l) {
  const tip = line[line.length - 1];
  let back = line[line.length - 2] || tip;
  for (let i = line.length - 2; i >= 0 && dist(line[i], tip) < l; i--) back = line[i];
  const len = dist(back, tip) || 1;
  const ux = (tip[0] - back[0]) / len;
  const uy = (tip[1] - back[1]) / len;
  const bx = tip[0] - ux * l;
  const by = tip[1] - uy * l;
  const pts = [tip, [bx - uy * w, by + ux * w], [bx + uy * w, by - ux * w]];
  return { pts: pts.map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(" "), base: [bx, by] };
}

function stroke(d, color, width, extra = "") {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${fmt(width)}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
}

function ladder(line, s, st) {
  const w = s * 0.1;
  const body = trim(line, 0, s * 0.22);
  const left = offset(body, w);
  const right = offset(body, -w);
  let rungs = "";
  for (let i = 2; i < body.length - 1; i += 3) rungs += `M${fmt(left[i][0])} ${fmt(left[i][1])}L${fmt(right[i][0])} ${fmt(right[i][1])}`;
  const rails = pathD(left) + pathD(right);
  return (
    stroke(rails + rungs, st.edge, s * 0.085) +
    stroke(rails + rungs, st.fill, s * 0.04)
  );
}

function chute(line, s, st) {
  const d = pathD(trim(line, 0, s * 0.22));
  return stroke(d, st.edge, s * 0.2) + stroke(d, st.fill, s * 0.14) + stroke(d, st.edge, s * 0.025, ' opacity="0.55"');
}

function plain(line, s, st, twoWay) {
  const d = pathD(trim(line, twoWay ? s * 0.2 : 0, s * 0.2));
  return stroke(d, st.edge, s * 0.12) + stroke(d, st.fill, s * 0.07);
}

function headMarkup(line, s, st, k = 1) {
  const h = head(line, s * 0.17 * k, s * 0.3 * k);
  return `<polygon points="${h.pts}" fill="${st.fill}" stroke="${st.edge}" stroke-width="${fmt(s * 0.035)}" stroke-linejoin="round"/>`;
}

/**
 * The markup of one link: `a`, `b` its drawn end centres, `endBusy` whether a piece stands
 * on the end cell, `obstacles` the other piece centres, `size` the cell size, `fan` the
 * link's rank among the long links leaving its row (null for a short link).
 */
export function linkMarkup(link, a, b, endBusy, obstacles, size, fan = null) {
  const s = size;
  const st = link.kind === "escalator" ? STYLE.none : STYLE[link.owner] || STYLE.none;
  // the n-th long link of a row takes its own arc: alternately up and down, wider each pair
  const raw = fan == null ? route(a, b, obstacles, s) : curve(a, b, (fan % 2 ? 1 : -1) * (0.45 + 0.4 * (fan >> 1)) * s);
  const twoWay = !!link.two_way;
  // a two-way link stops short of both cells' pieces: either end may be where one stands
  const line = trim(raw, twoWay ? s * 0.16 : s * 0.12, endBusy && !twoWay ? s * 0.4 : twoWay ? s * 0.16 : s * 0.12);
  if (line.length < 2) return "";
  const draw = link.kind === "ladder" ? ladder : link.kind === "chute" ? chute : plain;
  // two heads on a short link: smaller ones, so the shaft between them still shows
  const k = twoWay ? 0.8 : 1;
  const arrow = headMarkup(line, s, st, k) + (twoWay ? headMarkup([...line].reverse(), s, st, k) : "");
  const cls = `link ${link.kind} ${link.owner || "neutral"}`;
  // A long link (between the two chutes boards) crosses other cells: it is drawn see-through,
  // and its entrance gets a ring in the owner's colour so bunched links stay apart.
  const long = dist(a, b) > 3 * s;
  const ring = long
    ? `<circle cx="${fmt(a[0])}" cy="${fmt(a[1])}" r="${fmt(s * 0.42)}" fill="none" stroke="${st.fill}" stroke-width="${fmt(s * 0.06)}"/>`
    : "";
  const fade = long ? ' opacity="0.72"' : "";
  return `<g class="${cls}" data-from="${esc(link.from)}" data-to="${esc(link.to)}"${fade}>${ring}${draw(line, s, st, twoWay)}${arrow}</g>`;
}

/** A small SVG of a kind of link (`link` as in a picture: kind, owner, two_way), for the legend. */
export function linkIcon(link, cls) {
  const body = linkMarkup(link, [0.15, 0.5], [2.85, 0.5], false, [], 1);
  return `<svg class="${cls}" viewBox="0 0 3 1" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
}
