// clock.js — owns the two clocks: the times of the last `state`, counted down locally for
// the running side, and their text (mm:ss, tenths under 10 s). The flag itself is the
// server's result; a clock only stops at 0:00.0.

/** "05:00", "1:02:03", "00:09.3". */
export function formatClock(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) {
    const tenths = Math.floor(t / 100);
    return `00:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(t / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

export class Clocks {
  constructor() {
    this.clock = null;
    this.at = 0;
  }

  /** Takes the `clock` field of a state (null: no clocks). */
  set(clock) {
    this.clock = clock || null;
    this.at = performance.now();
  }

  /** Milliseconds left for `color` now, or null without clocks. */
  left(color) {
    if (!this.clock) return null;
    const base = this.clock[color + "_ms"];
    if (typeof base !== "number") return null;
    const spent = this.clock.running === color ? performance.now() - this.at : 0;
    return base - spent;
  }

  running() {
    return this.clock ? this.clock.running || null : null;
  }

  /** Writes both clocks into `els` ({white, black} elements). */
  render(els) {
    for (const color of ["white", "black"]) {
      const node = els[color];
      const ms = this.left(color);
      node.hidden = ms == null;
      if (ms == null) continue;
      const text = formatClock(ms);
      if (node.textContent !== text) node.textContent = text;
      node.classList.toggle("running", this.running() === color);
      node.classList.toggle("low", ms < 10000);
    }
  }
}
