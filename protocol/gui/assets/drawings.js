// drawings.js — owns the user's own marks on the board, as on lichess (chessground): a
// right-drag from one cell to another draws an arrow, a right-click on a cell a circle;
// the brush is green, red with Shift (or Ctrl), blue with Alt (or Meta), yellow with both.
// The same drawing again removes it (another brush replaces it); a left click anywhere on
// the board clears them all, and so does a new position (the caller calls clear()). No
// context menu opens over the board. Cells are found by their drawn centres, so any board
// shape works, flipped or rearranged. Exposes the shapes as data-* on the drawn elements.

import { fmt } from "./geometry.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const BRUSHES = { green: "#15781b", red: "#882020", blue: "#003088", yellow: "#e68f00" };
const ORDER = ["green", "red", "blue", "yellow"];

/** Chessground's brush of a pointer event: Shift/Ctrl picks red, Alt/Meta blue, both yellow. */
export function brushOf(ev) {
  const a = ev.shiftKey || ev.ctrlKey ? 1 : 0;
  const b = ev.altKey || ev.metaKey ? 2 : 0;
  return ORDER[a + b];
}

export class Drawings {
  /** `svg`: the board's <svg>; `board`: the Board (its `cells` map of drawn geometry). */
  constructor(svg, board) {
    this.svg = svg;
    this.board = board;
    this.shapes = []; // {from, to (null for a circle), brush}
    this.start = null;
    this.layer = document.createElementNS(SVG_NS, "g");
    this.layer.setAttribute("class", "layer-drawings");
    this.layer.style.pointerEvents = "none";
    svg.append(this.layer);
    svg.addEventListener("contextmenu", (ev) => ev.preventDefault());
    svg.addEventListener("pointerdown", (ev) => this.down(ev));
    svg.addEventListener("pointerup", (ev) => this.up(ev));
  }

  cellAt(ev) {
    const hit = document.elementFromPoint(ev.clientX, ev.clientY);
    const cell = hit?.closest?.("[data-cell]");
    return cell ? cell.getAttribute("data-cell") : null;
  }

  down(ev) {
    if (ev.button === 2) {
      this.start = this.cellAt(ev);
      ev.preventDefault();
    } else if (ev.button === 0 && this.shapes.length) {
      this.clear();
    }
  }

  up(ev) {
    if (ev.button !== 2 || !this.start) return;
    const from = this.start;
    this.start = null;
    const end = this.cellAt(ev);
    if (!end) return;
    this.toggle({ from, to: end === from ? null : end, brush: brushOf(ev) });
  }

  /** Adds the shape, removes it when drawn the same, or changes its brush. */
  toggle(shape) {
    const i = this.shapes.findIndex((s) => s.from === shape.from && s.to === shape.to);
    if (i < 0) this.shapes.push(shape);
    else if (this.shapes[i].brush === shape.brush) this.shapes.splice(i, 1);
    else this.shapes[i] = shape;
    this.redraw();
  }

  clear() {
    if (!this.shapes.length) return;
    this.shapes = [];
    this.redraw();
  }

  /** Draws the shapes anew (after the board was drawn: the cells may have moved). */
  redraw() {
    this.svg.append(this.layer); // stays above every layer the board draws
    this.layer.innerHTML = this.shapes.map((s) => this.markup(s)).join("");
  }

  markup(s) {
    const a = this.board.cells.get(s.from);
    const b = s.to ? this.board.cells.get(s.to) : null;
    if (!a || (s.to && !b)) return "";
    const color = BRUSHES[s.brush];
    const u = this.board.unit || 1;
    const data = `data-from="${s.from}" data-to="${s.to || ""}" data-brush="${s.brush}"`;
    if (!b) {
      const [x, y] = a.center;
      return `<circle class="drawn-circle" ${data} cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(a.size * 0.45)}" fill="none" stroke="${color}" stroke-width="${fmt(u * 0.07)}" opacity="0.8"/>`;
    }
    const [x1, y1] = a.center;
    const [x2, y2] = b.center;
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    const hl = u * 0.38;
    const hw = u * 0.24;
    const [bx, by] = [x2 - ux * hl, y2 - uy * hl];
    const head = [[x2, y2], [bx - uy * hw, by + ux * hw], [bx + uy * hw, by - ux * hw]].map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(" ");
    return `<g class="drawn-arrow" ${data} opacity="0.8"><line x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(bx)}" y2="${fmt(by)}" stroke="${color}" stroke-width="${fmt(u * 0.15)}" stroke-linecap="round"/><polygon points="${head}" fill="${color}"/></g>`;
  }
}
