//! The drawing board's view ([`BoardView`]) of one game type's session: pictures and
//! snapshots through the rules crates' neutral [`Diagram`], every legal move's clicks, the
//! record of turns with their chance outcomes, a line's record texts, and the legend.

use std::collections::HashSet;

use escalade_core::{Click, Color, Stage};
use escalade_core::{Diagram, Game, MoveError, PieceInfo, Position};
use escalade_eval::Evaluate;
use escalade_grid::GuiBoard;

use crate::board::{BoardView, ClickMove, RecordedTurn, Snapshot};
use crate::game::GameSession;

/// The snapshot of the last position of `positions`, reached by `moves` (one fewer).
fn snapshot_of<P: Diagram>(positions: &[P], moves: &[P::Move]) -> Snapshot {
    let pos = positions.last().expect("a game has a position");
    let mut last = Vec::new();
    let mut strokes = Vec::new();
    // the last decision move (a chance outcome has no cells)
    for i in (0..moves.len()).rev() {
        if !(P::HAS_CHANCE && positions[i].is_chance()) {
            last = positions[i].move_path(moves[i]);
            strokes = positions[i].move_strokes(moves[i]);
            break;
        }
    }
    Snapshot {
        fen: pos.to_fen(),
        picture: pos.picture(),
        last,
        strokes,
        check: pos.in_check(),
        checked: pos.checked_cells(),
        side_to_move: pos.side_to_move(),
    }
}

/// The stages of `mv` after each prefix of its click sequences, each prefix asked once over
/// all the moves (`seen` holds the prefixes asked before).
fn stages_of<P: Diagram>(
    pos: &P,
    mv: P::Move,
    clicks: &[Vec<Click>],
    seen: &mut HashSet<Vec<Click>>,
) -> Vec<Vec<Option<Stage>>> {
    clicks
        .iter()
        .map(|sequence| {
            (1..=sequence.len())
                .map(|k| {
                    let prefix = &sequence[..k];
                    if seen.contains(prefix) {
                        return None;
                    }
                    seen.insert(prefix.to_vec());
                    pos.move_stage(mv, prefix)
                })
                .collect()
        })
        .collect()
}

/// The number of positions of `game` after `turns` turns with their outcomes, if any.
fn positions_after<P: Position>(game: &Game<P>, turns: usize) -> Option<usize> {
    let positions = game.positions();
    let chance = |p: &P| P::HAS_CHANCE && p.is_chance();
    let mut seen = 0;
    for (k, pos) in positions.iter().enumerate() {
        if seen == turns && (!chance(pos) || k + 1 == positions.len()) {
            return Some(k + 1);
        }
        if k + 1 < positions.len() && !chance(pos) {
            seen += 1;
        }
    }
    None
}

impl<P: Evaluate + GuiBoard + Diagram> BoardView for GameSession<P> {
    fn snapshot(&self) -> Snapshot {
        let game = self.game();
        snapshot_of(game.positions(), game.moves())
    }

    fn snapshot_at(&self, turns: usize) -> Option<Snapshot> {
        let game = self.game();
        let n = positions_after(game, turns)?;
        Some(snapshot_of(&game.positions()[..n], &game.moves()[..n - 1]))
    }

    fn preview(&self, moves: &[String]) -> Result<Snapshot, MoveError> {
        let mut positions = vec![self.game().position().clone()];
        let mut played = Vec::new();
        for text in moves {
            let pos = positions.last().expect("non-empty");
            let mv = pos.parse_move(text)?;
            positions.push(pos.play(mv));
            played.push(mv);
        }
        Ok(snapshot_of(&positions, &played))
    }

    fn click_moves(&self) -> Vec<ClickMove> {
        let pos = self.game().position();
        if P::HAS_CHANCE && pos.is_chance() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        let mut staged = HashSet::new();
        moves
            .into_iter()
            .map(|mv| {
                let clicks = pos.move_clicks(mv);
                let stages = stages_of(pos, mv, &clicks, &mut staged);
                ClickMove {
                    text: pos.move_text(mv),
                    clicks,
                    stages,
                }
            })
            .collect()
    }

    fn record(&self) -> Vec<RecordedTurn> {
        let game = self.game();
        let mut out: Vec<RecordedTurn> = Vec::new();
        for (pos, &mv) in game.positions().iter().zip(game.moves()) {
            let text = pos.move_text(mv);
            match out.last_mut() {
                Some(turn) if P::HAS_CHANCE && pos.is_chance() => turn.rolls.push(text),
                _ => out.push(RecordedTurn {
                    record: pos.record_text(mv),
                    text,
                    rolls: Vec::new(),
                }),
            }
        }
        out
    }

    fn record_line(&self, moves: &[String]) -> Vec<String> {
        let mut pos = self.game().position().clone();
        let mut out = Vec::new();
        for text in moves {
            let Ok(mv) = pos.parse_move(text) else { break };
            out.push(pos.record_text(mv));
            pos = pos.play(mv);
        }
        out
    }

    fn start_fen(&self) -> String {
        self.game().start().to_fen()
    }

    fn first_mover(&self) -> Color {
        self.game().start().side_to_move()
    }

    fn legend(&self) -> Vec<PieceInfo> {
        P::legend(self.form())
    }
}
