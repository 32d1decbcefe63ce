// turns.js — owns what the board shows part way through a turn and ahead of it: the
// stage of the click-tree node the selection stands on (the server's changes from the
// live pieces: cells left, pieces placed, men captured so far to fade), and the premove
// (clicks made while the engine thinks, kept and replayed on the next click tree). It
// knows no rules: stages come from the server, a premove is checked only by replaying it.

/** The pieces to draw for `picture` at a node with `stage` (`{off, on, fade}`), and the
 * live men to draw fading: `{pieces, fading}`; without a stage the live pieces. */
export function stagedPieces(picture, stage) {
  const live = picture?.pieces || [];
  if (!stage) return { pieces: live, fading: [] };
  const off = new Set(stage.off || []);
  const fade = new Set(stage.fade || []);
  return {
    pieces: live.filter((p) => !off.has(p.cell)).concat(stage.on || []),
    fading: live.filter((p) => fade.has(p.cell)),
  };
}

/** The clicks of a move made ahead of its turn: a piece of the mover's own (or a hand
 * group), then a cell; kept until the turn comes and replayed then. */
export class Premove {
  constructor() {
    this.keys = [];
  }

  /** Whether a whole move (a piece and a destination) is kept. */
  complete() {
    return this.keys.length >= 2;
  }

  /** The cells to mark: the kept clicks' cells. */
  cells() {
    return this.keys.filter((k) => k.startsWith("c:")).map((k) => k.slice(2));
  }

  clear() {
    this.keys = [];
  }

  /**
   * A click while the opponent is to move: `own(key)` says whether the key is a piece or
   * hand group of the premover. A first click needs one of those; a second click on
   * another cell completes the premove, on another own piece starts again; a click on
   * nothing, or on the kept piece again, clears it. Returns whether anything is kept.
   */
  click(key, own) {
    if (!key) {
      this.clear();
    } else if (this.keys.length === 0 || this.complete()) {
      this.keys = own(key) ? [key] : [];
    } else if (key === this.keys[0]) {
      this.clear();
    } else if (own(key) && key.startsWith("c:")) {
      this.keys = [key];
    } else {
      this.keys.push(key);
    }
    return this.keys.length > 0;
  }

  /** Replays the kept clicks on `tree` (a ClickTree of the new position): the move text
   * when they make a move (a node that may end the turn ends it there), else null. The
   * premove is cleared either way. */
  replay(tree) {
    const keys = this.keys;
    this.clear();
    tree.reset();
    for (const key of keys) {
      const result = tree.click(key);
      if (result.kind === "move") return result.text;
      if (result.kind === "reset") return null;
    }
    const text = tree.targets().end != null ? tree.finish() : null;
    tree.reset();
    return text;
  }
}
