// menu.js — owns the small menu shown beside the board when the next clicks are choices
// (`o:LABEL`, e.g. a promotion piece: buttons with data-choice) and/or the turn may end
// here (an "End turn here" button with data-end="1"). A menu of "End turn here" alone lies
// in a row under the board and pushes what is under the board down by its height, so it
// covers neither a cell nor the player bar and the notes.

import { kindNamed } from "./legend.js";
import { pieceSvg } from "./pieces.js";
import { el } from "./util.js";

const menu = () => document.getElementById("choice-menu");

function choiceButton(label, legend, color, onPick) {
  const kind = kindNamed(legend, label);
  const pic = kind ? pieceSvg({ kind, color, letter: label.charAt(0), badge: null }, "choice-img") : "";
  const button = el("button", { type: "button", class: "choice", dataset: { choice: label }, title: label, onclick: () => onPick("o:" + label) });
  button.innerHTML = pic;
  button.append(el("span", {}, label));
  return button;
}

/**
 * Shows the menu: {choices: [labels], end: bool, anchor: {x, y, size} in client pixels or
 * null, legend, color (the mover), onPick(key), onEnd()}.
 */
export function showMenu({ choices, end, anchor, legend, color, onPick, onEnd }) {
  const box = menu();
  // the same menu shown again (the board refitted) keeps its buttons: a tap is never lost
  // to a button replaced under the finger
  const key = JSON.stringify([choices, end, color]);
  if (box.hidden || box.dataset.key !== key) {
    const items = choices.map((label) => choiceButton(label, legend, color, onPick));
    if (end) items.push(el("button", { type: "button", class: "choice end", dataset: { end: "1" }, onclick: onEnd }, "End turn here"));
    items.push(el("button", { type: "button", class: "choice cancel", title: "cancel (Esc)", onclick: () => onPick(null) }, "✕"));
    box.replaceChildren(...items);
    box.dataset.key = key;
    box.hidden = false;
  }
  // Only "End turn here": cells stay clickable (a chutes Part 2, a Cricket's second step),
  // so the menu goes under the board, off every cell.
  place(box, choices.length === 0 ? null : anchor, choices.length === 0);
}

function place(box, anchor, below) {
  box.classList.toggle("below", below);
  box.parentElement.style.marginBottom = "";
  const area = box.parentElement.getBoundingClientRect();
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  if (below) {
    // right-aligned just under the board, in room made for it: nothing is covered
    box.style.left = `${Math.round(Math.max(0, area.width - w))}px`;
    box.style.top = `${Math.round(area.height + 4)}px`;
    box.parentElement.style.marginBottom = `${Math.round(h + 6)}px`;
    return;
  }
  let x = area.width / 2 - w / 2;
  let y = area.height / 2 - h / 2;
  if (anchor) {
    const ax = anchor.x - area.left;
    const ay = anchor.y - area.top;
    const gap = anchor.size * 0.6;
    x = ax + gap + w <= area.width ? ax + gap : ax - gap - w;
    y = ay - h / 2;
  }
  box.style.left = `${Math.round(Math.max(4, Math.min(area.width - w - 4, x)))}px`;
  box.style.top = `${Math.round(Math.max(4, Math.min(area.height - h - 4, y)))}px`;
}

export function hideMenu() {
  const box = menu();
  if (!box.hidden) {
    box.parentElement.style.marginBottom = "";
    box.hidden = true;
    box.replaceChildren();
    delete box.dataset.key;
  }
}
