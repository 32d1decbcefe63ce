// legend.js — owns the legend panel: for each entry of `state.legend` the piece's picture
// (both sides), its name and how it moves; an entry of kind `link:NAME` (a kind of link the
// board draws) shows that link as drawn, once per owner among the picture's links of that
// kind. Redrawn only when the legend or the links' owners change.

import { linkIcon } from "./links.js";
import { pieceSvg } from "./pieces.js";
import { esc } from "./util.js";

let drawnKey = "";

/** The legend pictures of a kind of link: one per distinct owner among `links` of it. */
function linkPics(kind, links) {
  const seen = new Map();
  for (const l of links.filter((l) => l.kind === kind)) seen.set(l.owner || "none", l);
  const samples = seen.size ? [...seen.values()] : [{ kind, owner: null, two_way: false }];
  return samples.map((l) => linkIcon({ kind, owner: l.owner, two_way: l.two_way, from: "", to: "" }, "legend-link")).join("");
}

function entry(item, links) {
  const link = item.kind.startsWith("link:") ? item.kind.slice(5) : null;
  const pics = link
    ? linkPics(link, links)
    : ["white", "black"].map((color) => pieceSvg({ kind: item.kind, color, letter: item.name.charAt(0), badge: null }, "legend-img")).join("");
  return `<li class="legend-item"><div class="legend-pics">${pics}</div><div><b>${esc(item.name)}</b><p>${esc(item.moves)}</p></div></li>`;
}

/** Fills `root` with the legend (a list of {kind, name, moves}); `links` are the shown
 * picture's links (their owners and ways give the links' legend pictures). */
export function renderLegend(root, legend, links = []) {
  const owners = [...new Set(links.map((l) => `${l.kind}/${l.owner}/${l.two_way}`))].sort();
  const key = JSON.stringify([legend || [], owners]);
  if (key === drawnKey) return;
  drawnKey = key;
  root.innerHTML = legend && legend.length ? `<ul class="legend-list">${legend.map((item) => entry(item, links)).join("")}</ul>` : `<p class="muted">No legend for this variant.</p>`;
}

/** The kind whose legend name is `label` (a menu choice such as "Queen"), or null. */
export function kindNamed(legend, label) {
  const item = (legend || []).find((l) => l.name.toLowerCase() === String(label).toLowerCase());
  return item ? item.kind : null;
}
