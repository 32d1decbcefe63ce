// controls.js — owns the panel's controls and what they send: the variant selector and
// New game, players, time control, engine options, Take back / Move now / Analyze, the
// typed-move box, FEN load and PGN export (download) / import (text or file). It keeps the
// controls' shown values in step with each `state`.

import { el, other } from "./util.js";

const $ = (id) => document.getElementById(id);

/** The turns Take back removes: 2 when the engine plays the other side and a human is to move. */
export function undoTurns(state) {
  if (!state) return 1;
  const human = state.players?.[state.turn] === "human";
  const engineOther = state.players?.[other(state.turn)] === "engine";
  const turns = human && engineOther ? 2 : 1;
  return Math.max(1, Math.min(turns, state.ply || 1));
}

/** Wires every control; `ctx` = {send, getState, onVariant(name)}. */
export function bindControls(ctx) {
  const { send, getState } = ctx;
  $("variant-select").addEventListener("change", (ev) => ctx.onVariant(ev.target.value));
  $("btn-new").addEventListener("click", () => send({ type: "new" }));
  $("btn-undo").addEventListener("click", () => send({ type: "undo", turns: undoTurns(getState()) }));
  $("btn-stop").addEventListener("click", () => send({ type: "stop" }));
  $("btn-analyze").addEventListener("click", () => send({ type: "analyze", on: !getState()?.analyzing }));
  const players = () => send({ type: "players", white: $("player-white").value, black: $("player-black").value });
  $("player-white").addEventListener("change", players);
  $("player-black").addEventListener("change", players);
  $("btn-clock").addEventListener("click", () => sendClock(send));
  $("btn-noclock").addEventListener("click", () => send({ type: "clock" }));
  bindMoveForm(send);
  bindFen(send);
  bindPgn(send);
}

function sendClock(send) {
  const minutes = Number($("tc-minutes").value);
  const inc = Number($("tc-inc").value);
  if (!(minutes > 0) || !(inc >= 0)) {
    send({ type: "clock" });
    return;
  }
  send({ type: "clock", base_ms: Math.round(minutes * 60000), inc_ms: Math.round(inc * 1000) });
}

function bindMoveForm(send) {
  $("move-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("move-input");
    const text = input.value.trim();
    if (!text) return;
    send({ type: "move", text });
    input.value = "";
  });
}

function bindFen(send) {
  const input = $("fen-input");
  input.addEventListener("input", () => (input.dataset.dirty = "1"));
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") $("btn-fen").click();
  });
  $("btn-fen").addEventListener("click", () => {
    const fen = input.value.trim();
    if (!fen) return;
    delete input.dataset.dirty;
    send({ type: "fen", fen });
  });
}

function bindPgn(send) {
  $("btn-pgn-export").addEventListener("click", () => send({ type: "pgn_export" }));
  $("btn-pgn-import").addEventListener("click", () => {
    const pgn = $("pgn-text").value.trim();
    if (pgn) send({ type: "pgn_import", pgn });
  });
  $("pgn-file").addEventListener("change", async (ev) => {
    const file = ev.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    $("pgn-text").value = text;
    ev.target.value = "";
    send({ type: "pgn_import", pgn: text });
  });
}

let downloadUrl = null;

/** Shows an exported PGN and offers it as game.pgn. */
export function showPgn(text) {
  $("pgn-text").value = text;
  $("sec-fen").open = true;
  if (downloadUrl) URL.revokeObjectURL(downloadUrl);
  downloadUrl = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
  const link = $("pgn-download");
  link.href = downloadUrl;
  link.hidden = false;
}

/** Fills the variant selector from `hello.variants`. */
export function fillVariants(variants) {
  const select = $("variant-select");
  select.replaceChildren(...(variants || []).map((v) => el("option", { value: v.name }, `${v.game || v.name}  (${v.name})`)));
}

/** One number input per engine option of `hello.options`; a change sends `option`. */
export function fillOptions(options, send) {
  const box = $("engine-options");
  if (!options || !options.length) {
    box.replaceChildren(el("p", { class: "muted" }, "The engine has no options."));
    return;
  }
  box.replaceChildren(
    ...options.map((o) => {
      const input = el("input", { type: "number", min: o.min, max: o.max, value: o.default ?? o.min ?? 0, dataset: { option: o.name } });
      input.addEventListener("change", () => {
        let v = Number(input.value);
        if (Number.isFinite(o.min)) v = Math.max(o.min, v);
        if (Number.isFinite(o.max)) v = Math.min(o.max, v);
        input.value = String(v);
        send({ type: "option", name: o.name, value: String(v) });
      });
      return el("label", { title: `${o.min ?? ""}…${o.max ?? ""}` }, o.name, input);
    })
  );
}

/** Brings the controls in step with a state. */
export function updateControls(state) {
  const select = $("variant-select");
  if (![...select.options].some((o) => o.value === state.variant)) select.append(el("option", { value: state.variant }, state.variant));
  select.value = state.variant;
  $("player-white").value = state.players?.white || "human";
  $("player-black").value = state.players?.black || "human";
  const fen = $("fen-input");
  if (!fen.dataset.dirty && document.activeElement !== fen) fen.value = state.fen || "";
  const engineToMove = state.players?.[state.turn] === "engine" && state.result == null;
  const analyze = $("btn-analyze");
  analyze.disabled = engineToMove && !state.analyzing;
  analyze.classList.toggle("on", !!state.analyzing);
  analyze.setAttribute("aria-pressed", state.analyzing ? "true" : "false");
  $("btn-stop").disabled = !(state.thinking || state.analyzing);
  $("btn-stop").querySelector("span").textContent = state.analyzing && !state.thinking ? "Stop" : "Move now";
  $("btn-undo").disabled = !(state.ply > 0);
}
