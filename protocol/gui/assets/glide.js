// glide.js — owns move animation on the board's SVG: after one move the moved pieces glide
// from where the move started to where they stand (one stroke per piece that moved, as the
// server's `strokes` say), and the men taken fade out. It only moves drawn elements; it
// knows no rules. Off when the user prefers reduced motion.

import { fmt } from "./geometry.js";

const GLIDE_MS = 180;

/** Whether the user asked for less motion. */
export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** The translate(x y) of an element's transform attribute, and the rest of it. */
function splitTransform(el) {
  const t = el.getAttribute("transform") || "";
  const m = t.match(/translate\(([-\d.e]+)[ ,]+([-\d.e]+)\)(.*)/);
  return m ? { x: +m[1], y: +m[2], rest: m[3] } : null;
}

/**
 * Glides the pieces of `layer` (elements with data-at) at each stroke's last cell from its
 * first cell (`centers(name)` gives a cell's drawn centre), and fades `taken` (markup of
 * the captured men, drawn into `fadeLayer`). Elements carry the class `gliding` while they
 * move.
 */
export function glide({ layer, fadeLayer, strokes, centers, taken }) {
  const moving = [];
  for (const stroke of strokes || []) {
    if (!stroke || stroke.length < 2) continue;
    const from = centers(stroke[0]);
    const to = centers(stroke[stroke.length - 1]);
    const el = layer.querySelector(`[data-at="${CSS.escape(stroke[stroke.length - 1])}"]`);
    const t = el && splitTransform(el);
    if (!from || !to || !t) continue;
    moving.push({ el, t, dx: from[0] - to[0], dy: from[1] - to[1] });
  }
  if (taken) fadeLayer.innerHTML = taken;
  const fading = [...fadeLayer.children];
  fading.forEach((el) => el.classList.add("fading-out"));
  if (!moving.length && !fading.length) return;
  const start = performance.now();
  const frame = (now) => {
    const k = Math.min(1, (now - start) / GLIDE_MS);
    const ease = 1 - (1 - k) * (1 - k);
    for (const m of moving) {
      m.el.classList.toggle("gliding", k < 1);
      const x = m.t.x + m.dx * (1 - ease);
      const y = m.t.y + m.dy * (1 - ease);
      m.el.setAttribute("transform", `translate(${fmt(x)} ${fmt(y)})${m.t.rest}`);
    }
    fading.forEach((el) => el.setAttribute("opacity", fmt(1 - ease)));
    if (k < 1) requestAnimationFrame(frame);
    else fading.forEach((el) => el.remove());
  };
  frame(start);
}
