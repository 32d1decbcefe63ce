// app.js — the page's entry: owns the session state (hello, latest state, the shown view,
// the click-tree selection, flip, engine lines), handles every server message, turns user
// clicks and keys into protocol messages, and asks the other modules to draw.
// Exposes `window.escalade = {state, ready}` and body data-ready / data-ply for tests.

import { Board } from "./board.js";
import { ClickTree } from "./clicks.js";
import { connect } from "./socket.js";
import { drawHands, listenHands, markHands } from "./hands.js";
import { listenHandDrag } from "./handdrag.js";
import { Premove, stagedPieces } from "./turns.js";
import { reducedMotion } from "./glide.js";
import { listenMoves, renderMoves } from "./moves.js";
import { Clocks } from "./clock.js";
import { listenLines, renderEval, renderLines } from "./analysis.js";
import { bindControls, fillOptions, fillVariants, showPgn, updateControls } from "./controls.js";
import { renderLegend } from "./legend.js";
import { animateRoll } from "./dice.js";
import { banner, clearBanner, toast } from "./toast.js";
import { hideMenu, showMenu } from "./menu.js";
import { renderBars, renderBoardResult, renderNotes, renderStatus, renderViewBar } from "./status.js";
import { el, other } from "./util.js";
import { arrange } from "./layout.js";
import { Drawings } from "./drawings.js";
import { bindSound, play, soundFor } from "./sound.js";
import { afterState, forget, restore, takePgn } from "./persist.js";

const $ = (id) => document.getElementById(id);

const app = {
  hello: null,
  state: null,
  view: null, // the shown `view` answer (read-only), or null for the game
  viewReq: null, // what was asked: {kind: "ply", ply} or {kind: "preview", moves}
  tree: new ClickTree(null),
  flipped: false,
  lines: [],
  urlVariant: new URLSearchParams(location.search).get("variant"),
  awaitingUrlVariant: false,
  clocks: new Clocks(),
  socket: null,
  closed: false,
  premove: new Premove(),
  stage: null, // the stage drawn (the click-tree node's), or null for the live pieces
  glideOff: false, // the next move was dropped by a drag: it stands where it was dropped
};

window.escalade = { state: null, ready: false };

const board = new Board($("board"), { onClick: userClick, onDragStart: dragStart });
const drawings = new Drawings($("board"), board);

function send(msg) {
  app.socket?.send(msg);
}

// ---- messages -------------------------------------------------------------------------

const HANDLERS = {
  hello: onHello,
  state: onState,
  view: onView,
  info: onInfo,
  roll: (m) => animateRoll($("board-col"), m.text ?? ""),
  pgn: (m) => takePgn(m.text ?? "") || showPgn(m.text ?? ""),
  error: onError,
};

function onMessage(msg) {
  const handler = HANDLERS[msg.type];
  if (handler) handler(msg);
  else console.warn("escalade: unknown message", msg);
}

function onHello(msg) {
  app.hello = msg;
  fillVariants(msg.variants);
  fillOptions(msg.options, send);
  if (restore(app.urlVariant, send)) {
    app.awaitingUrlVariant = !!app.urlVariant;
  } else if (app.urlVariant) {
    app.awaitingUrlVariant = true;
    send({ type: "new", variant: app.urlVariant });
  } else {
    setTimeout(() => app.state || send({ type: "new", variant: msg.default_variant }), 400);
  }
}

function onError(msg) {
  const text = msg.message || "error";
  if (app.awaitingUrlVariant) {
    app.awaitingUrlVariant = false;
    unknownVariant(text);
    setTimeout(() => app.state || send({ type: "new", variant: app.hello?.default_variant }), 300);
    return;
  }
  toast(text);
}

function unknownVariant(serverText) {
  const links = (app.hello?.variants || []).map((v) =>
    el("a", { href: `?variant=${encodeURIComponent(v.name)}`, class: "variant-link", title: v.game || "" }, v.name)
  );
  banner(
    "variant",
    "warn",
    el("b", {}, `unknown variant '${app.urlVariant}'`),
    `; choose one of: `,
    el("span", { class: "variant-links" }, links),
    el("span", { class: "muted" }, ` (${serverText})`)
  );
}

/**
 * A state while the answer to `new` with the URL's variant is awaited: that variant's
 * state settles it; another one (a state the server sent on connect, or the variant under
 * its canonical name for an alias) settles it only if no error follows soon.
 */
function settleUrlVariant(state) {
  if (state.variant === app.urlVariant) {
    app.awaitingUrlVariant = false;
    clearBanner("variant");
  } else {
    setTimeout(() => (app.awaitingUrlVariant = false), 1500);
  }
}

function positionChanged(prev, next) {
  return !prev || prev.ply !== next.ply || prev.fen !== next.fen || prev.variant !== next.variant;
}

function onState(state) {
  const prev = app.state;
  const changed = positionChanged(prev, state);
  if (app.awaitingUrlVariant) settleUrlVariant(state);
  app.state = state;
  orientForPlayers(prev, state);
  app.clocks.set(state.clock);
  const path = app.tree.path;
  app.tree = new ClickTree(state.moves);
  if (changed) {
    app.view = null;
    app.viewReq = null;
    app.lines = [];
    drawings.clear();
    const sound = soundFor(prev, state);
    if (sound) play(sound);
  } else {
    app.tree.replay(path);
  }
  window.escalade.state = state;
  if (changed || playersChanged(prev, state)) afterState(state, send);
  renderAll();
  if (changed) afterMove(prev, state);
  document.body.dataset.ply = String(state.ply);
  if (!window.escalade.ready) {
    window.escalade.ready = true;
    window.escalade.readyAt = performance.now(); // ms after navigation start (for the timing script)
    document.body.dataset.ready = "1";
  }
}

function playersChanged(prev, next) {
  const a = prev?.players;
  const b = next.players;
  return !a || !b || a.white !== b.white || a.black !== b.black;
}

/** After a new position: glide the move in when it is one ply on from the shown one, and
 * play a kept premove when the human's turn has come (or drop it when it is not legal). */
function afterMove(prev, state) {
  const glideOff = app.glideOff;
  app.glideOff = false;
  const oneOn = prev && prev.variant === state.variant && state.ply === prev.ply + 1;
  if (oneOn && !glideOff && !reducedMotion()) {
    const now = new Set((state.picture?.pieces || []).map((p) => p.cell + p.color + p.kind));
    const taken = (prev.picture?.pieces || []).filter((p) => p.color !== prev.turn && !now.has(p.cell + p.color + p.kind));
    board.animate(state.strokes || [state.last], taken);
  }
  if (!premovable() && !interactive()) app.premove.clear();
  if (interactive() && app.premove.complete()) {
    const text = app.premove.replay(app.tree);
    if (text != null) send({ type: "move", text });
    renderMarks();
  }
}

/** When the players change so that one human plays alone, that human's side goes to the
 * bottom (as on lichess); a manual flip stands until the players change again. */
function orientForPlayers(prev, state) {
  const p = state.players;
  if (!p || (prev && prev.players && prev.players.white === p.white && prev.players.black === p.black)) return;
  if (p.white === "human" && p.black === "engine") app.flipped = false;
  if (p.white === "engine" && p.black === "human") app.flipped = true;
}

function onView(msg) {
  if (!app.viewReq || !app.state) return;
  app.view = { ...msg, kind: app.viewReq.kind, asked: app.viewReq };
  app.tree.reset();
  renderBoard();
  renderPanel();
}

function onInfo(msg) {
  app.lines = Array.isArray(msg.lines) ? msg.lines : [];
  renderLinesAndEval();
}

// ---- drawing --------------------------------------------------------------------------

function renderAll() {
  renderBoard();
  renderPanel();
}

function shownScene() {
  const s = app.state;
  if (app.view) {
    const v = app.view;
    return { picture: v.picture, last: v.last, strokes: v.strokes, check: !!v.check, checked: v.checked || [], turn: v.turn ?? null, flipped: app.flipped };
  }
  return { picture: s.picture, last: s.last, strokes: s.strokes, check: s.check, checked: s.checked || [], turn: s.turn, flipped: app.flipped };
}

function renderBoard() {
  if (!app.state) return;
  const scene = shownScene();
  const laid = arrange(scene.picture?.cells, boardWidth());
  app.arrangement = laid.key;
  board.draw({ ...scene, picture: { ...scene.picture, cells: laid.cells }, joins: laid.joins });
  app.stage = null;
  const places = renderBars(app.state, app.flipped);
  drawHands(places, scene.picture?.hands, app.flipped);
  renderNotes($("notes"), scene.picture?.notes);
  renderViewBar(app.view, app.state);
  fitBoard();
  drawings.redraw();
  renderMarks();
  tickClocks();
}

function renderPanel() {
  const s = app.state;
  if (!s) return;
  renderStatus($("status"), s, app.hello);
  renderBoardResult($("board-result"), s, !app.view && !app.viewReq);
  const game = (app.hello?.variants || []).find((v) => v.name === s.variant)?.game || s.variant;
  document.title = `${game} · Escalade`;
  renderMoves($("moves"), { history: s.history, firstColor: firstMover(s), shownPly: shownPly(), result: s.result });
  updateControls(s);
  renderLegend($("legend"), s.legend, s.picture?.links || []);
  renderLinesAndEval();
}

function renderLinesAndEval() {
  const s = app.state;
  const shown = app.viewReq && app.viewReq.kind === "preview" ? app.viewReq.moves : null;
  // the engine's lines and bar are of the live position: none while an earlier one is shown
  if (steppedBack()) {
    renderLines($("lines"), [], "Engine lines are for the current position: Back to game to see them.", null);
    renderEval($("eval-bar"), [], app.flipped);
    return;
  }
  const hint = s?.analyzing || s?.thinking ? "Thinking…" : "Press Analyze for engine lines.";
  renderLines($("lines"), app.lines, hint, shown);
  renderEval($("eval-bar"), app.lines, app.flipped);
}

/** Whether an earlier position of the game is shown (or asked for) instead of the live one. */
function steppedBack() {
  return (app.view && app.view.kind === "ply") || (app.viewReq && app.viewReq.kind === "ply");
}

/** The side that made the first move of the history. */
function firstMover(s) {
  return s.ply % 2 === 0 ? s.turn : other(s.turn);
}

function shownPly() {
  if (!app.state) return 0;
  if (app.view && app.view.kind === "ply") return app.view.ply;
  if (app.viewReq && app.viewReq.kind === "ply") return app.viewReq.ply;
  return app.state.ply;
}

// ---- clicks ---------------------------------------------------------------------------

/** Whether the user may click moves now: a human to move, the game shown live, not over. */
function interactive() {
  const s = app.state;
  return !!s && !app.closed && !app.view && !app.viewReq && s.result == null && s.players?.[s.turn] === "human";
}

/** Whether the user may make a premove now: the engine to move against a human, live. */
function premovable() {
  const s = app.state;
  return !!s && !app.closed && !app.view && !app.viewReq && s.result == null && s.players?.[s.turn] === "engine" && s.players?.[other(s.turn)] === "human";
}

/** Whether a click key is a piece or hand group of the side that premoves. */
function ownKey(key) {
  const side = other(app.state.turn);
  if (key.startsWith("h:")) return (app.state.picture?.hands || []).some((h) => h.id === key.slice(2) && h.color === side);
  return (app.state.picture?.pieces || []).some((p) => "c:" + p.cell === key && p.color === side);
}

/** Draws the pieces of the stage the selection stands on (or the live ones), when it changed. */
function drawStage() {
  const stage = interactive() && !app.view ? app.tree.node?.stage || null : null;
  if (stage === app.stage) return;
  app.stage = stage;
  const { pieces, fading } = stagedPieces(shownScene().picture, stage);
  board.showPieces(pieces, fading);
}

function renderMarks() {
  drawStage();
  board.markPremove(premovable() ? app.premove.cells() : []);
  if (!interactive()) {
    board.mark();
    markHands(document.body);
    hideMenu();
    return;
  }
  const t = app.tree.targets();
  const roots = app.tree.roots();
  const done = app.tree.clicked();
  const atRoot = app.tree.atRoot();
  board.mark({
    origins: done.cells,
    targets: atRoot ? new Set() : t.cells,
    movable: new Set([...t.cells, ...roots.cells]),
  });
  markHands(document.body, { selected: new Set(done.hands), targets: atRoot ? new Set() : t.hands, movable: new Set([...t.hands, ...roots.hands]) });
  updateMenu(t, done.cells);
}

/** The menu of choices and "End turn here", beside the last clicked cell, when the node has them. */
function updateMenu(t, cells) {
  const canEnd = t.end != null && t.more;
  if (!t.choices.length && !canEnd) {
    hideMenu();
    return;
  }
  const anchor = cells.length ? board.clientPoint(cells[cells.length - 1]) : null;
  const { legend, turn } = app.state;
  showMenu({ choices: t.choices, end: canEnd, anchor, legend, color: turn, onPick: userClick, onEnd: endTurn });
}

/** A click on a cell, hand or menu choice (`how.drag` when a drag dropped it). */
function userClick(key, how) {
  if (!interactive()) {
    if (premovable()) app.premove.click(key, ownKey);
    renderMarks();
    return;
  }
  const result = app.tree.click(key);
  if (result.kind === "move") {
    app.glideOff = !!how?.drag;
    send({ type: "move", text: result.text });
  }
  renderMarks();
}

function endTurn() {
  if (!interactive()) return;
  const text = app.tree.finish();
  if (text != null) send({ type: "move", text });
  renderMarks();
}

/** A drag starts on a hand group that can drop (or on the selected one): select it. */
function handDragStart(id) {
  if (premovable() && ownKey("h:" + id)) {
    app.premove.clear();
    userClick("h:" + id);
    return true;
  }
  if (!interactive()) return false;
  const done = app.tree.clicked().hands;
  if (done.length && done[done.length - 1] === id) return true;
  if (!app.tree.roots().hands.has(id)) return false;
  app.tree.reset();
  userClick("h:" + id);
  return app.tree.clicked().hands[0] === id;
}

/** A drag starts on an own piece that can move (or on the selected one): select it. */
function dragStart(cell) {
  if (premovable() && ownKey("c:" + cell)) {
    app.premove.clear();
    userClick("c:" + cell);
    return true;
  }
  if (!interactive()) return false;
  const done = app.tree.clicked().cells;
  if (done.length && done[done.length - 1] === cell) return true;
  if (!app.tree.roots().cells.has(cell)) return false;
  app.tree.reset();
  userClick("c:" + cell);
  return app.tree.clicked().cells[0] === cell;
}

// ---- viewing history and previews ----------------------------------------------------------

function showPly(ply) {
  const s = app.state;
  if (!s) return;
  const p = Math.max(0, Math.min(s.ply, ply));
  if (p === s.ply) return goLive();
  app.viewReq = { kind: "ply", ply: p };
  send({ type: "view", ply: p });
  renderMarks();
  renderPanel();
}

function preview(moves) {
  app.viewReq = { kind: "preview", moves };
  send({ type: "preview", moves });
  renderMarks();
  renderLinesAndEval();
}

function goLive() {
  app.view = null;
  app.viewReq = null;
  renderAll();
}

function step(delta) {
  if (!app.state) return;
  const base = app.view && app.view.kind === "preview" ? app.state.ply : shownPly();
  showPly(base + delta);
}

function flip() {
  app.flipped = !app.flipped;
  renderBoard();
  renderLinesAndEval();
}

// ---- layout, clocks, keys -------------------------------------------------------------

/** The width the board may take, in CSS px. */
function boardWidth() {
  const bar = $("eval-bar").offsetWidth;
  return $("board-col").clientWidth - (bar ? bar + 10 : 0);
}

function fitBoard() {
  const col = $("board-col");
  const area = $("board-area");
  const stacked = window.matchMedia("(max-width: 960px)").matches;
  const used = ["bar-top", "bar-bottom", "notes", "view-bar"].reduce((h, id) => h + ($(id).hidden ? 0 : $(id).offsetHeight), 0);
  const availW = boardWidth();
  // a phone scrolls: a tall board (stacked boards) may take more than the screen's height
  const narrow = window.matchMedia("(max-width: 600px)").matches;
  const availH = narrow ? Math.max(window.innerHeight * 0.72, availW * 2.2) : stacked ? window.innerHeight * 0.72 : col.clientHeight - used - 28;
  const ar = board.aspect();
  let w = Math.max(120, availW);
  let h = w / ar;
  if (h > availH) {
    h = Math.max(60, availH);
    w = h * ar;
  }
  area.style.width = `${Math.floor(w)}px`;
  area.style.height = `${Math.floor(h)}px`;
  col.style.setProperty("--board-w", `${Math.floor(w)}px`);
  if (!$("choice-menu").hidden) renderMarks();
}

function tickClocks() {
  if (!app.state) return;
  const bars = app.flipped ? { white: "bar-top", black: "bar-bottom" } : { white: "bar-bottom", black: "bar-top" };
  app.clocks.render({ white: $(bars.white).querySelector(".clock"), black: $(bars.black).querySelector(".clock") });
}

function onKey(ev) {
  const tag = ev.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const keys = {
    ArrowLeft: () => step(-1),
    ArrowRight: () => step(1),
    Home: () => showPly(0),
    End: goLive,
    Escape: () => userClick(null),
    f: flip,
  };
  const action = keys[ev.key];
  if (!action) return;
  ev.preventDefault();
  action();
}

function bindPage() {
  listenHands($("bar-top"), userClick);
  listenHands($("bar-bottom"), userClick);
  for (const bar of ["bar-top", "bar-bottom"]) listenHandDrag($(bar), { onPick: handDragStart, onDrop: (cell) => userClick(cell ? "c:" + cell : null, { drag: true }) });
  $("board").addEventListener("contextmenu", () => app.premove.keys.length && (app.premove.clear(), renderMarks()));
  listenMoves($("moves"), showPly);
  listenLines($("lines"), () => app.lines, preview);
  bindControls({ send, getState: () => app.state, onVariant: chooseVariant });
  $("btn-flip").addEventListener("click", flip);
  $("btn-new").addEventListener("click", forget);
  bindSound($("btn-mute"));
  $("btn-live").addEventListener("click", goLive);
  $("nav-first").addEventListener("click", () => showPly(0));
  $("nav-prev").addEventListener("click", () => step(-1));
  $("nav-next").addEventListener("click", () => step(1));
  $("nav-last").addEventListener("click", goLive);
  document.addEventListener("keydown", onKey);
  let pending = false;
  const refit = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      // a width that changes the cells' arrangement (stacked, folded) draws the board anew
      if (app.state && arrange(shownScene().picture?.cells, boardWidth()).key !== app.arrangement) renderBoard();
      else fitBoard();
    });
  };
  new ResizeObserver(refit).observe($("board-col"));
  window.addEventListener("resize", refit);
  setInterval(tickClocks, 100);
}

function chooseVariant(name) {
  if (!name) return;
  const url = new URL(location.href);
  url.searchParams.set("variant", name);
  history.replaceState(null, "", url);
  app.urlVariant = name;
  clearBanner("variant");
  send({ type: "new", variant: name });
}

function start() {
  bindPage();
  app.socket = connect({
    onMessage,
    onOpen: () => {
      $("conn").textContent = "connected";
      $("conn").className = "conn ok";
    },
    onClose: () => {
      app.closed = true;
      renderMarks();
      $("conn").textContent = "disconnected";
      $("conn").className = "conn bad";
      banner("socket", "error", el("b", {}, "disconnected — reload"), " the page to start again. ", el("button", { class: "btn small", onclick: () => location.reload() }, "Reload"));
    },
  });
}

start();
