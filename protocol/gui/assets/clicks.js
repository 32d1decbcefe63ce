// clicks.js — owns the navigation of the server's click tree: where the user stands in it,
// what may be clicked next (cells, hands, menu choices, "end the turn here"), and what a
// click does (follow an edge, finish a move, restart from another origin, or reset).
// The tree is `{"end":TEXT?,"next":[[CLICK,NODE],...]?}` with CLICK `c:CELL`, `h:ID`, `o:LABEL`.

const edgeCache = new WeakMap();

function edges(node) {
  if (!node) return new Map();
  let map = edgeCache.get(node);
  if (!map) {
    map = new Map(node.next || []);
    edgeCache.set(node, map);
  }
  return map;
}

export class ClickTree {
  constructor(root) {
    this.root = root || {};
    this.reset();
  }

  reset() {
    this.node = this.root;
    this.path = [];
  }

  /** Whether nothing is selected. */
  atRoot() {
    return this.path.length === 0;
  }

  /** What may be clicked now: {cells, hands: Sets of names/ids, choices: [labels], end, more}. */
  targets(node = this.node) {
    const cells = new Set();
    const hands = new Set();
    const choices = [];
    for (const key of edges(node).keys()) {
      const name = key.slice(2);
      if (key.startsWith("c:")) cells.add(name);
      else if (key.startsWith("h:")) hands.add(name);
      else if (key.startsWith("o:")) choices.push(name);
    }
    const more = cells.size + hands.size + choices.length > 0;
    return { cells, hands, choices, end: node.end ?? null, more };
  }

  /** The first clicks of all moves (pieces and hands that can move). */
  roots() {
    return this.targets(this.root);
  }

  /** The cells and hand ids clicked so far. */
  clicked() {
    const cells = [];
    const hands = [];
    for (const key of this.path) {
      if (key.startsWith("c:")) cells.push(key.slice(2));
      else if (key.startsWith("h:")) hands.push(key.slice(2));
    }
    return { cells, hands };
  }

  /**
   * Applies a click (`c:NAME`, `h:ID`, `o:LABEL`, or null for a click on nothing). Returns
   * {kind: "move", text} when a move is complete, {kind: "step"} when the selection grew,
   * {kind: "reset"} when the selection was dropped.
   */
  click(key) {
    const next = key ? edges(this.node).get(key) : undefined;
    if (next) {
      this.path.push(key);
      this.node = next;
      if (next.end != null && !(next.next && next.next.length)) {
        const text = next.end;
        this.reset();
        return { kind: "move", text };
      }
      return { kind: "step" };
    }
    const again = this.path.length === 1 && this.path[0] === key;
    const hadSelection = this.path.length > 0;
    this.reset();
    if (hadSelection && !again && key && edges(this.root).has(key)) return this.click(key);
    return { kind: "reset" };
  }

  /** Ends the turn at the current node (it has `end`): returns the move text or null. */
  finish() {
    const text = this.node.end ?? null;
    this.reset();
    return text;
  }

  /** Follows `path` again in a new tree (the same position sent again); drops it if it fails. */
  replay(path) {
    for (const key of path) {
      const next = edges(this.node).get(key);
      if (!next) {
        this.reset();
        return;
      }
      this.path.push(key);
      this.node = next;
    }
  }
}
