// handdrag.js — owns dragging a piece out of a hand onto the board: a press on a hand
// group that moves a few pixels picks the group up (as a click on it does), a floating
// copy follows the pointer, and the release over a cell drops it there (as a click on the
// cell does). The click that follows a drag is swallowed. It knows no rules.

/** Listens for drags from hand groups (`[data-hand]`) inside `root`: `onPick(id)` says
 * whether the group may be dragged (and selects it), `onDrop(cell)` gets the cell name
 * under the pointer at release (or null). */
export function listenHandDrag(root, { onPick, onDrop }) {
  let press = null;
  let swallow = false;
  root.addEventListener("pointerdown", (ev) => {
    const button = ev.target.closest("[data-hand]");
    if (!button || ev.button !== 0) return;
    press = { id: button.dataset.hand, button, x: ev.clientX, y: ev.clientY, ghost: null };
  });
  root.addEventListener(
    "click",
    (ev) => {
      if (!swallow) return;
      swallow = false;
      ev.stopPropagation();
      ev.preventDefault();
    },
    true
  );
  window.addEventListener("pointermove", (ev) => {
    if (!press) return;
    if (!press.ghost) {
      if (Math.hypot(ev.clientX - press.x, ev.clientY - press.y) < 6) return;
      if (!onPick(press.id)) {
        press = null;
        return;
      }
      press.ghost = floating(press.button);
    }
    const size = press.ghost.offsetWidth;
    press.ghost.style.left = `${ev.clientX - size / 2}px`;
    press.ghost.style.top = `${ev.clientY - size / 2}px`;
  });
  window.addEventListener("pointerup", (ev) => {
    if (!press) return;
    const dragged = press.ghost;
    press = null;
    if (!dragged) return;
    dragged.remove();
    swallow = true;
    setTimeout(() => (swallow = false), 0);
    const hit = document.elementFromPoint(ev.clientX, ev.clientY);
    const cell = hit?.closest ? hit.closest("[data-cell]") : null;
    onDrop(cell ? cell.dataset.cell : null);
  });
}

/** A copy of the hand group's picture that floats over the page. */
function floating(button) {
  const img = button.querySelector("svg");
  const ghost = (img || button).cloneNode(true);
  const size = button.offsetHeight || 40;
  ghost.classList.add("hand-ghost");
  Object.assign(ghost.style, { position: "fixed", width: `${size}px`, height: `${size}px`, pointerEvents: "none", zIndex: 50 });
  document.body.append(ghost);
  return ghost;
}
