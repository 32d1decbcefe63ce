// dice.js — owns the rope-dice pictures: a die face with pips for a roll text that names a
// number 1-6 (a tick or a cross, never an invented face, for a roll known only as
// "survives" or "falls"), the small roll chip shown next to a move, and the short
// tumbling-die animation over the board when a `roll` message arrives.

import { esc } from "./util.js";

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};

/** The number 1-6 a roll text names, or null. */
export function rollNumber(text) {
  const m = /(?:^|[^0-9])([1-6])(?![0-9])/.exec(String(text));
  return m ? Number(m[1]) : null;
}

/** What a roll given as its outcome (no face) meant: "survives", "falls" or null. */
export function rollOutcome(text) {
  const s = String(text).toLowerCase();
  if (s.includes("surviv")) return "survives";
  if (s.includes("fall")) return "falls";
  return null;
}

/** A die: pips for a face 1-6; for a roll known only by its outcome, no invented face but
 * a tick (survives) or a cross (falls); blank otherwise. An <svg> string. */
export function dieFace(n, cls = "die", outcome = null) {
  const pips = (PIPS[n] || [])
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9"/>`)
    .join("");
  let mark = "";
  if (!PIPS[n] && outcome === "survives") mark = `<path class="die-mark survives" d="M27 52 44 69 74 33"/>`;
  if (!PIPS[n] && outcome === "falls") mark = `<path class="die-mark falls" d="M30 30 70 70M70 30 30 70"/>`;
  return `<svg class="${cls}" viewBox="0 0 100 100" data-face="${PIPS[n] ? n : outcome || ""}"><rect x="5" y="5" width="90" height="90" rx="18" class="die-body"/><g class="die-pips">${pips}</g>${mark}</svg>`;
}

/** The chip for one roll of a move: a die face and, when it says more than the number, the text. */
export function rollMarkup(text) {
  const n = rollNumber(text);
  const s = String(text);
  const words = n != null && s.trim() === String(n) ? "" : `<span class="roll-text">${esc(s)}</span>`;
  return `<span class="roll" title="roll: ${esc(s)}">${dieFace(n, "die", rollOutcome(s))}${words}</span>`;
}

/** Shows a tumbling die with the roll's text over `host` for a moment. */
export function animateRoll(host, text) {
  const box = document.createElement("div");
  box.className = "roll-pop";
  box.innerHTML = `<div class="roll-die">${dieFace(rollNumber(text), "die big", rollOutcome(text))}</div><div class="roll-caption">${esc(text)}</div>`;
  host.append(box);
  setTimeout(() => box.classList.add("leaving"), 1900);
  setTimeout(() => box.remove(), 2400);
}
