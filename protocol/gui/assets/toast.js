// toast.js — owns the page's messages: transient toasts (server errors) and the banners
// that stay (disconnected, unknown variant), each banner keyed by an id so it can be
// replaced or removed.

import { el } from "./util.js";

/** Shows `text` for a few seconds in the toast corner. */
export function toast(text, kind = "error") {
  const box = document.getElementById("toasts");
  const item = el("div", { class: `toast ${kind}`, role: "status" }, text);
  box.append(item);
  setTimeout(() => item.classList.add("leaving"), 4200);
  setTimeout(() => item.remove(), 4700);
}

/** Shows (or replaces) the banner `id` with `content` (text or nodes). */
export function banner(id, kind, ...content) {
  const box = document.getElementById("banners");
  const old = box.querySelector(`[data-banner="${id}"]`);
  const item = el("div", { class: `banner ${kind}`, dataset: { banner: id }, role: "alert" }, ...content);
  if (old) old.replaceWith(item);
  else box.append(item);
}

/** Removes the banner `id` if shown. */
export function clearBanner(id) {
  document.querySelector(`#banners [data-banner="${id}"]`)?.remove();
}
