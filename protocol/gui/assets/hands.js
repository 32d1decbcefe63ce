// hands.js — owns the hands (pieces in hand) shown in the player bars: one button per hand
// group with data-hand="ID", its picture and count, and the highlight of groups that are
// selected or may be clicked next. A click is reported as `h:ID`.

import { pieceSvg } from "./pieces.js";
import { esc } from "./util.js";

function groupMarkup(group, flipped) {
  const count = group.count > 1 ? `<span class="hand-count">${group.count}</span>` : "";
  const label = `${group.color} ${group.kind} x${group.count}`;
  return `<button type="button" class="hand-group" data-hand="${esc(group.id)}" title="${esc(label)}">${pieceSvg(group, "hand-img", flipped)}${count}</button>`;
}

/** Fills each element of `places` ({white: el, black: el}) with that side's hand groups. */
export function drawHands(places, hands, flipped) {
  for (const color of ["white", "black"]) {
    const groups = (hands || []).filter((g) => g.color === color && g.count > 0);
    places[color].innerHTML = groups.map((g) => groupMarkup(g, flipped)).join("");
    places[color].classList.toggle("empty", groups.length === 0);
  }
}

/** Marks hand groups: `selected`, `targets` and `movable` are Sets of ids. */
export function markHands(root, { selected = new Set(), targets = new Set(), movable = new Set() } = {}) {
  for (const button of root.querySelectorAll("[data-hand]")) {
    const id = button.dataset.hand;
    button.classList.toggle("selected", selected.has(id));
    button.classList.toggle("target", targets.has(id));
    button.classList.toggle("movable", movable.has(id));
  }
}

/** Calls `onClick("h:ID")` for clicks on any hand group inside `root`. */
export function listenHands(root, onClick) {
  root.addEventListener("click", (ev) => {
    const button = ev.target.closest("[data-hand]");
    if (button) {
      ev.stopPropagation();
      onClick("h:" + button.dataset.hand);
    }
  });
}
