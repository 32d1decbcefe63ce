// sound.js — owns the move sounds and the mute switch: a short tick for a move, a lower
// double knock for a capture, a two-note call for a check and a three-note close for the
// game's end, synthesized with WebAudio (no sound files). Nothing sounds before the user's
// first click or key (browsers' autoplay rules), nor under automation (WebDriver) unless
// localStorage `escalade.sound.test` is "1". The mute switch (#btn-mute) is kept in
// localStorage `escalade.muted`. Every sound played is also listed in
// `window.escalade.sounds` (for tests).

const MUTE_KEY = "escalade.muted";
let ctx = null;
let unlocked = false;

const allowed = () => !navigator.webdriver || localStorage.getItem("escalade.sound.test") === "1";

export function muted() {
  return localStorage.getItem(MUTE_KEY) === "1";
}

const SPEAKER = "M2 6h3l4-3v10l-4-3H2z";
const WAVES = "M11 5.5a3.5 3.5 0 0 1 0 5l-1-1a2 2 0 0 0 0-3zM12.5 3.5a6 6 0 0 1 0 9l-1-1a4.5 4.5 0 0 0 0-7z";
const CROSS = "M10.5 5.5 14 9M14 5.5 10.5 9";

function showMute(button) {
  const off = muted();
  const icon = off ? `<path d="${SPEAKER}"/><path d="${CROSS}" stroke="currentColor" stroke-width="1.5" fill="none"/>` : `<path d="${SPEAKER}${WAVES}"/>`;
  button.innerHTML = `<svg class="icon" viewBox="0 0 16 16" aria-hidden="true">${icon}</svg> ${off ? "Sound off" : "Sound on"}`;
  button.setAttribute("aria-pressed", String(off));
  button.title = off ? "sounds are off: click to turn them on" : "move sounds are on: click to mute";
}

/** Binds the mute button and unlocks audio on the first user gesture. */
export function bindSound(button) {
  showMute(button);
  button.addEventListener("click", () => {
    localStorage.setItem(MUTE_KEY, muted() ? "0" : "1");
    showMute(button);
  });
  const unlock = () => {
    unlocked = true;
    if (!ctx && allowed() && window.AudioContext) ctx = new AudioContext();
    ctx?.resume?.();
  };
  window.addEventListener("pointerdown", unlock, { capture: true });
  window.addEventListener("keydown", unlock, { capture: true });
}

function tone(freq, start, length, { type = "triangle", gain = 0.18, slide = 1 } = {}) {
  const t = ctx.currentTime + start;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  osc.frequency.exponentialRampToValueAtTime(freq * slide, t + length);
  amp.gain.setValueAtTime(0.0001, t);
  amp.gain.exponentialRampToValueAtTime(gain, t + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, t + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + length + 0.02);
}

const SOUNDS = {
  move: () => tone(520, 0, 0.07, { slide: 0.6 }),
  capture: () => {
    tone(300, 0, 0.08, { type: "square", gain: 0.12, slide: 0.5 });
    tone(220, 0.07, 0.1, { type: "square", gain: 0.12, slide: 0.5 });
  },
  check: () => {
    tone(660, 0, 0.09);
    tone(880, 0.09, 0.12);
  },
  end: () => {
    tone(523, 0, 0.14, { type: "sine", gain: 0.2 });
    tone(659, 0.14, 0.14, { type: "sine", gain: 0.2 });
    tone(784, 0.28, 0.3, { type: "sine", gain: 0.2 });
  },
};

/** Plays `name` (move, capture, check, end) unless muted, locked or under automation. */
export function play(name) {
  if (muted() || !unlocked || !allowed() || !ctx || !SOUNDS[name]) return;
  (window.escalade.sounds ||= []).push(name);
  SOUNDS[name]();
}

const pieceCount = (s) => (s?.picture?.pieces || []).length;

/** The sound of going from state `prev` to `next` (one ply further in the same game), or null. */
export function soundFor(prev, next) {
  if (!prev || prev.variant !== next.variant || next.ply !== prev.ply + 1) return null;
  if (next.result != null && prev.result == null) return "end";
  if (next.check) return "check";
  return pieceCount(next) < pieceCount(prev) ? "capture" : "move";
}
