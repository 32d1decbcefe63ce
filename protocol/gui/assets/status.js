// status.js — owns the text around the board: the player bars (whose turn, who plays,
// engine thinking, where each side's hand and clock go), the status card (turn, check,
// result banner with its reason, repeated over the board), the "viewing" bar with Back to
// game, and the notes.

import { esc, title } from "./util.js";

const $ = (id) => document.getElementById(id);

function resultText(result) {
  const score = result.score;
  if (score === "1-0") return "White wins";
  if (score === "0-1") return "Black wins";
  if (score === "1/2-1/2" || score === "½-½") return "Draw";
  return "Game over";
}

/** Fills the two player bars; returns where each side's hand goes ({white, black}). */
export function renderBars(state, flipped) {
  const top = flipped ? "white" : "black";
  const bottom = flipped ? "black" : "white";
  const places = {};
  for (const [id, color] of [["bar-top", top], ["bar-bottom", bottom]]) {
    const bar = $(id);
    const who = state.players?.[color] || "human";
    const toMove = state.turn === color && state.result == null;
    bar.dataset.color = color;
    bar.classList.toggle("to-move", toMove);
    const thinking = toMove && state.thinking ? `<span class="thinking">thinking<i>.</i><i>.</i><i>.</i></span>` : "";
    bar.querySelector(".player-name").innerHTML = `<b>${title(color)}</b> <span class="who ${who}">${who === "engine" ? "Escalade engine" : "Human"}</span>${thinking}`;
    places[color] = bar.querySelector(".hand");
  }
  return places;
}

/** The result over the board itself, where a player looks (the status card may be scrolled
 * away): shown while the game is over and the live position is on the board. */
export function renderBoardResult(root, state, live) {
  const result = state.result;
  root.hidden = !result || !live;
  root.innerHTML = result
    ? `<div class="result-title">${resultText(result)}</div><div class="result-detail"><b>${esc(result.score)}</b> · ${esc(result.reason || "")}</div>`
    : "";
}

/** The status card: the result, or whose turn it is and what is going on. */
export function renderStatus(root, state, hello) {
  const game = (hello?.variants || []).find((v) => v.name === state.variant)?.game || state.variant;
  let html = `<div class="status-game">${esc(game)} <span class="muted">· ply ${state.ply}</span></div>`;
  if (state.result) {
    html += `<div class="result-banner"><div class="result-title">${resultText(state.result)}</div><div class="result-detail"><b>${esc(state.result.score)}</b> · ${esc(state.result.reason || "")}</div></div>`;
  } else {
    const who = state.players?.[state.turn] === "engine" ? "engine" : "you";
    html += `<div class="status-turn"><span class="swatch ${state.turn}"></span>${title(state.turn)} to move <span class="muted">(${who})</span>`;
    if (state.check) html += ` <span class="check-tag">check</span>`;
    html += `</div>`;
    if (state.thinking) html += `<div class="status-sub">The engine is thinking…</div>`;
  }
  if (state.analyzing) html += `<div class="status-sub analyzing">Analysing the position</div>`;
  root.innerHTML = html;
}

/** Shows what the board displays when it is not the game (a past ply or a preview). */
export function renderViewBar(view, state) {
  const bar = $("view-bar");
  bar.hidden = !view;
  if (!view) return;
  const text = view.kind === "preview"
    ? `Preview: ${(view.asked?.moves || view.moves || []).join(" ")}`
    : `Viewing ply ${view.ply} of ${state.ply} — read-only`;
  $("view-text").textContent = text;
}

/** The notes of the shown picture, one line each. */
export function renderNotes(root, notes) {
  const list = notes || [];
  root.innerHTML = list.map((n) => `<li>${esc(n)}</li>`).join("");
  root.hidden = list.length === 0;
}
