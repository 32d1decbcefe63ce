// persist.js — owns the game kept across a reload, in localStorage `escalade.game` (one
// saved game, shared by the browser's tabs): after each new position the game's PGN (asked
// of the server with a quiet `pgn_export`, whose answer is not shown in the PGN box) with
// the variant and the players. On load, a saved game of the URL's variant (or any, with no
// variant in the URL) is restored with `pgn_import` and the players, as it was (a finished
// game stays finished). "New game" forgets it.

const KEY = "escalade.game";
let quiet = 0; // quiet pgn_export answers still to come
let savedVariant = null;

/** The saved game ({variant, pgn, players, ply, fen}) or null. */
export function savedGame() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "null");
  } catch {
    return null;
  }
}

export function forget() {
  localStorage.removeItem(KEY);
}

/** After a state whose position or players changed: asks for the PGN to save. */
export function afterState(state, send) {
  if (!state) return;
  quiet++;
  savedVariant = { variant: state.variant, players: state.players, ply: state.ply, fen: state.fen };
  send({ type: "pgn_export" });
}

/** A `pgn` answer: true when it was a quiet one (saved, not to be shown). */
export function takePgn(text) {
  if (quiet <= 0) return false;
  quiet--;
  if (savedVariant) localStorage.setItem(KEY, JSON.stringify({ ...savedVariant, pgn: text }));
  return true;
}

/** Restores the saved game for `urlVariant` (null: any) by sending its PGN and players;
 * returns whether it did. */
export function restore(urlVariant, send) {
  const game = savedGame();
  if (!game || !game.pgn || (urlVariant && game.variant !== urlVariant)) return false;
  send({ type: "new", variant: game.variant });
  send({ type: "pgn_import", pgn: game.pgn });
  if (game.players) send({ type: "players", white: game.players.white, black: game.players.black });
  return true;
}
