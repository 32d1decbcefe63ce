// moves.js — owns the move list of the panel: numbered pairs in the order played, each in
// the record text the server sends (SAN in chess; the move text as its tooltip), a
// Black-first variant with a "Black / White" header, die rolls next to their move, the
// shown ply highlighted and kept in sight, the result at the end; a click picks a ply.

import { rollMarkup } from "./dice.js";
import { esc, other, title } from "./util.js";

function moveButton(entry, ply, shownPly) {
  const rolls = (entry.rolls || []).map(rollMarkup).join("");
  const cls = ply === shownPly ? "mv active" : "mv";
  const shown = entry.record || entry.text;
  return `<button type="button" class="${cls}" data-ply="${ply}" title="${esc(entry.text)}"><span class="mv-text">${esc(shown)}</span>${rolls}</button>`;
}

function resultRow(result) {
  if (!result) return "";
  return `<div class="mv-result"><b>${esc(result.score)}</b> <span>${esc(result.reason || "")}</span></div>`;
}

/**
 * Draws the list: {history, firstColor, shownPly, result}; `firstColor` is the side that
 * made the first move of the history.
 */
export function renderMoves(root, { history = [], firstColor = "white", shownPly = 0, result = null }) {
  let html = "";
  if (firstColor !== "white") {
    html += `<div class="mv-head"></div><div class="mv-head">${title(firstColor)}</div><div class="mv-head">${title(other(firstColor))}</div>`;
  }
  for (let i = 0; i < history.length; i += 2) {
    html += `<div class="mv-num">${i / 2 + 1}.</div>`;
    html += moveButton(history[i], i + 1, shownPly);
    html += history[i + 1] ? moveButton(history[i + 1], i + 2, shownPly) : `<div class="mv-empty"></div>`;
  }
  if (!history.length) html += `<div class="mv-none">No moves yet.</div>`;
  root.innerHTML = `<div class="mv-grid">${html}</div>${resultRow(result)}`;
  keepInSight(root, root.querySelector(".mv.active") || (shownPly >= history.length ? root.lastElementChild : null));
}

function keepInSight(box, item) {
  if (!item) return;
  const top = item.offsetTop - box.offsetTop;
  const bottom = top + item.offsetHeight;
  if (top < box.scrollTop) box.scrollTop = top - 4;
  else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 4;
}

/** Calls `onPick(ply)` when a move of the list is clicked. */
export function listenMoves(root, onPick) {
  root.addEventListener("click", (ev) => {
    const button = ev.target.closest("[data-ply]");
    if (button) onPick(Number(button.dataset.ply));
  });
}
