// analysis.js — owns the engine's output: the table of `info` lines (score, depth,
// nodes/s, the PV as clickable moves, shown in the record text the server sends: SAN in
// chess) and the evaluation bar beside the board (White's share from `white_cp`, turned
// with the board).

import { esc, shortCount } from "./util.js";

function lineRow(line, index, shown) {
  const pv = (line.pv || [])
    .map((mv, i) => {
      const on = shown && shown.length === i + 1 && shown.every((m, j) => m === line.pv[j]);
      const label = (line.pv_record || [])[i] || mv;
      return `<button type="button" class="pv-move${on ? " active" : ""}" data-line="${index}" data-upto="${i + 1}" title="${esc(mv)}">${esc(label)}</button>`;
    })
    .join("");
  const nps = line.nps != null ? shortCount(line.nps) + "/s" : "";
  const neg = String(line.score || "").startsWith("-") || String(line.score || "").startsWith("#-");
  return (
    `<tr><td class="score ${neg ? "neg" : "pos"}">${esc(line.score ?? "")}</td>` +
    `<td class="depth">${esc(line.depth ?? "")}</td><td class="nps">${esc(nps)}</td>` +
    `<td class="pv">${pv}</td></tr>`
  );
}

/** Draws the table of lines (best first), marking the previewed PV prefix `shown` (or null). */
export function renderLines(root, lines, hint, shown = null) {
  if (!lines || !lines.length) {
    root.innerHTML = `<div class="an-hint">${esc(hint)}</div>`;
    return;
  }
  root.innerHTML =
    `<table class="an-table"><thead><tr><th>score</th><th>depth</th><th>speed</th><th>best line</th></tr></thead>` +
    `<tbody>${lines.map((line, i) => lineRow(line, i, shown)).join("")}</tbody></table>`;
}

/** Calls `onPv(moves)` with the PV up to the clicked move of a line. */
export function listenLines(root, getLines, onPv) {
  root.addEventListener("click", (ev) => {
    const button = ev.target.closest(".pv-move");
    if (!button) return;
    const line = getLines()[Number(button.dataset.line)];
    if (line) onPv(line.pv.slice(0, Number(button.dataset.upto)));
  });
}

/** White's share of the bar (0..1) for a centipawn score from White's view. */
export function whiteShare(cp) {
  const c = Math.max(-10000, Math.min(10000, cp));
  return 1 / (1 + Math.exp(-0.00368 * c));
}

function barText(line) {
  if (line.mate != null) return "#" + Math.abs(line.mate);
  const pawns = Math.abs(line.white_cp) / 100;
  return pawns >= 10 ? pawns.toFixed(0) : pawns.toFixed(1);
}

/** Sets the evaluation bar from the best line (none: even and dimmed). */
export function renderEval(bar, lines, flipped) {
  const line = lines && lines[0];
  const has = line && typeof line.white_cp === "number";
  const share = has ? whiteShare(line.white_cp) : 0.5;
  bar.classList.toggle("idle", !has);
  bar.classList.toggle("flipped", !!flipped);
  bar.style.setProperty("--white", (share * 100).toFixed(1) + "%");
  const label = bar.querySelector(".eval-text");
  label.textContent = has ? barText(line) : "";
  label.classList.toggle("for-black", has && line.white_cp < 0);
  bar.title = has ? `White's view: ${(line.white_cp / 100).toFixed(2)}` : "no evaluation";
}
