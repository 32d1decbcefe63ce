// legend.js — owns the legend panel: for each entry of `state.legend` the piece's picture
// (both sides), its name and how it moves. Redrawn only when the variant's legend changes.

import { pieceSvg } from "./pieces.js";
import { esc } from "./util.js";

let drawnKey = "";

function entry(item) {
  const pics = ["white", "black"]
    .map((color) => pieceSvg({ kind: item.kind, color, letter: item.name.charAt(0), badge: null }, "legend-img"))
    .join("");
  return `<li class="legend-item"><div class="legend-pics">${pics}</div><div><b>${esc(item.name)}</b><p>${esc(item.moves)}</p></div></li>`;
}

/** Fills `root` with the legend (a list of {kind, name, moves}). */
export function renderLegend(root, legend) {
  const key = JSON.stringify(legend || []);
  if (key === drawnKey) return;
  drawnKey = key;
  root.innerHTML = legend && legend.length ? `<ul class="legend-list">${legend.map(entry).join("")}</ul>` : `<p class="muted">No legend for this variant.</p>`;
}

/** The kind whose legend name is `label` (a menu choice such as "Queen"), or null. */
export function kindNamed(legend, label) {
  const item = (legend || []).find((l) => l.name.toLowerCase() === String(label).toLowerCase());
  return item ? item.kind : null;
}
