// board.js — owns the board's SVG: the cells as polygons (with data-cell), coordinate
// labels, last-move tint and jump path, the check glow, link arrows, pieces, and the
// click highlights (selected origin, dots and rings on targets). It turns pointer clicks
// and drags into cell clicks for the caller; it knows no rules and no protocol.

import { centroid, fmt, inSize, lerp, makeFrame, points } from "./geometry.js";
import { glide } from "./glide.js";
import { linkMarkup } from "./links.js";
import { joinsMarkup } from "./layout.js";
import { pieceMarkup } from "./pieces.js";
import { esc } from "./util.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const LAYERS = ["fold", "cells", "tint", "select", "premove", "links", "path", "fade", "pieces", "labels", "targets", "drag"];

const DEFS = `
<pattern id="hole-hatch" patternUnits="userSpaceOnUse" width="0.16" height="0.16" patternTransform="rotate(45)">
  <rect width="0.16" height="0.16" fill="#2e2a25"/><rect width="0.05" height="0.16" fill="#423c35"/>
</pattern>
<radialGradient id="check-glow">
  <stop offset="0%" stop-color="#ff2a1a" stop-opacity="1"/>
  <stop offset="35%" stop-color="#e8201a" stop-opacity="0.85"/>
  <stop offset="70%" stop-color="#a90f0f" stop-opacity="0.35"/>
  <stop offset="100%" stop-color="#9e0000" stop-opacity="0"/>
</radialGradient>`;

export class Board {
  /** `svg`: the <svg> element; `onClick(key|null)`: a click on a cell (`c:NAME`) or elsewhere;
   *  `onDragStart(name)`: a drag begins on that cell, returns whether to drag its piece. */
  constructor(svg, { onClick, onDragStart }) {
    this.svg = svg;
    this.onClick = onClick;
    this.onDragStart = onDragStart;
    this.cells = new Map();
    this.busy = new Map();
    this.frame = null;
    svg.innerHTML = `<defs>${DEFS}</defs>` + LAYERS.map((l) => `<g class="layer-${l}"></g>`).join("");
    this.layer = Object.fromEntries(LAYERS.map((l) => [l, svg.querySelector(`.layer-${l}`)]));
    this.suppressClick = false;
    this.listen();
  }

  /** Draws a scene: {picture, last, check, turn, flipped, joins (a folded board's turns)}. */
  draw(scene) {
    const pic = scene.picture || { cells: [] };
    this.flipped = !!scene.flipped;
    this.frame = makeFrame(pic.cells, scene.flipped);
    this.svg.setAttribute("viewBox", this.frame.viewBox);
    const geo = this.index(pic);
    this.layer.cells.innerHTML = geo.map((g) => this.cellMarkup(g)).join("");
    this.layer.labels.innerHTML = geo.map((g) => this.labelMarkup(g)).join("");
    this.layer.fold.innerHTML = joinsMarkup(scene.joins, this.frame.pt);
    this.layer.tint.innerHTML = this.lastMarkup(scene.last) + this.checkMarkup(scene);
    this.layer.links.innerHTML = this.linksMarkup(pic.links || []);
    this.showPieces(pic.pieces || []);
    this.layer.fade.innerHTML = "";
    this.layer.path.innerHTML = (scene.strokes || [scene.last]).map((stroke) => this.pathMarkup(stroke)).join("");
    this.layer.select.innerHTML = "";
    this.layer.targets.innerHTML = "";
    this.layer.drag.innerHTML = "";
  }

  /** The aspect (width / height) of the drawn board. */
  aspect() {
    return this.frame ? this.frame.width / this.frame.height : 1;
  }

  /** The drawn geometry of every cell (in order); named cells are also kept by name. */
  index(pic) {
    this.cells.clear();
    const geo = pic.cells.map((cell) => {
      const poly = cell.poly.map(this.frame.pt);
      const g = { cell, poly, center: centroid(poly), size: inSize(poly) };
      if (cell.name) this.cells.set(cell.name, g);
      return g;
    });
    this.busy = new Map((pic.pieces || []).map((p) => [p.cell, p]));
    const sizes = geo.map((g) => g.size).sort((a, b) => a - b);
    this.unit = sizes.length ? sizes[sizes.length >> 1] : 1;
    return geo;
  }

  cellMarkup(c) {
    const cell = c.cell;
    const shade = ["light", "dark", "hole"].includes(cell.shade) ? cell.shade : "light";
    const name = cell.name ? ` data-cell="${esc(cell.name)}"` : "";
    return `<polygon class="cell ${shade}"${name} points="${points(c.poly)}"/>`;
  }

  labelMarkup(c) {
    const cell = c.cell;
    // turned half round, the coordinates run along the other edges (the server says which)
    const label = this.flipped && cell.flipped_label !== undefined ? cell.flipped_label : cell.label;
    if (!label || cell.shade === "hole") return "";
    const corner = c.poly.reduce((best, p) => (p[0] + p[1] < best[0] + best[1] ? p : best), c.poly[0]);
    const [x, y] = lerp(corner, c.center, 0.1);
    const fs = Math.min(0.2, c.size * 0.17);
    return `<text class="label on-${cell.shade}" x="${fmt(x)}" y="${fmt(y + fs * 0.85)}" font-size="${fmt(fs)}">${esc(label)}</text>`;
  }

  lastMarkup(last) {
    return (last || [])
      .filter((name) => this.cells.has(name))
      .map((name) => `<polygon class="last" points="${points(this.cells.get(name).poly)}"/>`)
      .join("");
  }

  /** A glow under each royal piece the server says stands attacked (`checked`). */
  checkMarkup(scene) {
    if (!scene.check) return "";
    return (scene.checked || [])
      .filter((cell) => this.cells.has(cell))
      .map((cell) => {
        const c = this.cells.get(cell);
        return `<circle class="check" cx="${fmt(c.center[0])}" cy="${fmt(c.center[1])}" r="${fmt(c.size * 0.62)}" fill="url(#check-glow)"/>`;
      })
      .join("");
  }

  /** A line through one stroke of the last move, when it has more than two cells (a jump path). */
  pathMarkup(last) {
    const pts = (last || []).filter((n) => this.cells.has(n)).map((n) => this.cells.get(n).center);
    if (pts.length <= 2) return "";
    const u = this.unit;
    const line = pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");
    const dots = pts.map(([x, y]) => `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(u * 0.09)}"/>`).join("");
    return `<g class="jump-path"><polyline points="${line}" stroke-width="${fmt(u * 0.08)}"/>${dots}</g>`;
  }

  linksMarkup(links) {
    const out = [];
    const rows = new Map(); // long links leaving the same row fan out, each on its own arc
    for (const link of links) {
      const a = this.cells.get(link.from);
      const b = this.cells.get(link.to);
      if (!a || !b) continue;
      let fan = null;
      if (Math.hypot(a.center[0] - b.center[0], a.center[1] - b.center[1]) > 3 * Math.min(a.size, b.size)) {
        const row = Math.round(a.center[1] / (a.size || 1));
        fan = rows.get(row) || 0;
        rows.set(row, fan + 1);
      }
      const obstacles = [];
      for (const name of this.busy.keys()) {
        if (name !== link.from && name !== link.to && this.cells.has(name)) obstacles.push(this.cells.get(name).center);
      }
      out.push(linkMarkup(link, a.center, b.center, this.busy.has(link.to), obstacles, Math.min(a.size, b.size), fan));
    }
    return out.join("");
  }

  pieceMarkupAt(p, extra = "") {
    const c = this.cells.get(p.cell);
    if (!c) return "";
    const cls = extra ? `piece ${extra}` : "piece";
    const mark = extra === "captured" ? `<path class="capture-mark" d="M22 22L78 78M78 22L22 78"/>` : "";
    const s = c.size * 0.92;
    const x = c.center[0] - s / 2;
    const y = c.center[1] - s / 2;
    const at = extra ? "data-faded" : "data-at";
    return `<g class="${cls}" ${at}="${esc(p.cell)}" transform="translate(${fmt(x)} ${fmt(y)}) scale(${fmt(s / 100)})">${pieceMarkup(p, this.flipped)}${mark}</g>`;
  }

  /** Draws `pieces` instead of those drawn, and `fading` (men captured part way through a
   * move) faded with a cross; only `pieces` can be dragged. */
  showPieces(pieces, fading = []) {
    this.busy = new Map(pieces.map((p) => [p.cell, p]));
    const faded = fading.map((p) => this.pieceMarkupAt(p, "captured")).join("");
    this.layer.pieces.innerHTML = faded + pieces.map((p) => this.pieceMarkupAt(p)).join("");
  }

  /** Marks the cells of a premove (kept while the opponent is to move). */
  markPremove(cells = []) {
    this.layer.premove.innerHTML = cells
      .filter((name) => this.cells.has(name))
      .map((name) => `<polygon class="premove" points="${points(this.cells.get(name).poly)}"/>`)
      .join("");
  }

  /** Glides the pieces that moved along `strokes` from their first cells, and fades `taken`
   * (the men the move took, as placed pieces of the position before it). */
  animate(strokes, taken = []) {
    glide({
      layer: this.layer.pieces,
      fadeLayer: this.layer.fade,
      strokes,
      centers: (name) => this.cells.get(name)?.center,
      taken: taken.map((p) => this.pieceMarkupAt(p, "fading-out")).join(""),
    });
  }

  /** Shows the selection: {origins: [cells], targets: Set of cells, movable: Set of cells}. */
  mark({ origins = [], targets = new Set(), movable = new Set() } = {}) {
    this.layer.select.innerHTML = origins
      .filter((name) => this.cells.has(name))
      .map((name) => `<polygon class="selected" points="${points(this.cells.get(name).poly)}"/>`)
      .join("");
    let out = "";
    for (const name of targets) {
      const c = this.cells.get(name);
      if (!c) continue;
      const [x, y] = c.center;
      out += this.busy.has(name)
        ? `<circle class="ring" cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(c.size * 0.44)}" stroke-width="${fmt(c.size * 0.07)}"/>`
        : `<circle class="dot" cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(c.size * 0.15)}"/>`;
    }
    this.layer.targets.innerHTML = out;
    for (const poly of this.layer.cells.children) {
      const name = poly.dataset.cell;
      poly.classList.toggle("target", targets.has(name));
      poly.classList.toggle("movable", movable.has(name));
    }
  }

  /** The drawn centre of a cell in client (page viewport) pixels. */
  clientPoint(name) {
    const c = this.cells.get(name);
    const m = this.svg.getScreenCTM();
    if (!c || !m) return null;
    const p = new DOMPoint(c.center[0], c.center[1]).matrixTransform(m);
    return { x: p.x, y: p.y, size: c.size * m.a };
  }

  svgPoint(ev) {
    const m = this.svg.getScreenCTM();
    return m ? new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse()) : { x: 0, y: 0 };
  }

  cellFromPoint(x, y) {
    const hit = document.elementFromPoint(x, y);
    const cell = hit && hit.closest ? hit.closest("[data-cell]") : null;
    return cell ? cell.dataset.cell : null;
  }

  listen() {
    const svg = this.svg;
    svg.addEventListener("click", (ev) => {
      if (this.suppressClick) return;
      const cell = ev.target.closest("[data-cell]");
      this.onClick(cell ? "c:" + cell.dataset.cell : null);
    });
    svg.addEventListener("pointerdown", (ev) => this.pointerDown(ev));
    svg.addEventListener("pointermove", (ev) => this.pointerMove(ev));
    svg.addEventListener("pointerup", (ev) => this.pointerUp(ev));
    svg.addEventListener("pointercancel", () => this.endDrag());
  }

  pointerDown(ev) {
    this.suppressClick = false;
    if (ev.button !== 0) return;
    const cell = ev.target.closest("[data-cell]");
    if (!cell || !this.busy.has(cell.dataset.cell)) return;
    this.press = { name: cell.dataset.cell, x: ev.clientX, y: ev.clientY, id: ev.pointerId, dragging: false };
  }

  pointerMove(ev) {
    const press = this.press;
    if (!press || press.id !== ev.pointerId) return;
    if (!press.dragging) {
      if (Math.hypot(ev.clientX - press.x, ev.clientY - press.y) < 6) return;
      if (!this.onDragStart(press.name)) {
        this.press = null;
        return;
      }
      this.startDrag(press, ev);
    }
    const p = this.svgPoint(ev);
    const s = press.size;
    press.ghost.setAttribute("transform", `translate(${fmt(p.x - s / 2)} ${fmt(p.y - s / 2)}) scale(${fmt(s / 100)})`);
  }

  startDrag(press, ev) {
    press.dragging = true;
    try {
      this.svg.setPointerCapture(ev.pointerId);
    } catch {
      // a pointer that is not active (synthetic events): the drag still follows svg events
    }
    const src = this.layer.pieces.querySelector(`[data-at="${CSS.escape(press.name)}"]`);
    const man = this.busy.get(press.name);
    press.size = this.cells.get(press.name).size * 1.05;
    src?.classList.add("drag-source");
    press.src = src;
    const g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("class", "piece ghost");
    g.innerHTML = pieceMarkup(man, this.flipped);
    this.layer.drag.append(g);
    press.ghost = g;
  }

  pointerUp(ev) {
    const press = this.press;
    if (!press || press.id !== ev.pointerId) return;
    if (press.dragging) {
      this.suppressClick = true;
      setTimeout(() => (this.suppressClick = false), 0);
      const target = this.cellFromPoint(ev.clientX, ev.clientY);
      this.endDrag();
      if (target && target !== press.name) this.onClick("c:" + target, { drag: true });
    }
    this.press = null;
  }

  endDrag() {
    const press = this.press;
    if (press) {
      press.src?.classList.remove("drag-source");
      press.ghost?.remove();
    }
    this.press = null;
  }
}
