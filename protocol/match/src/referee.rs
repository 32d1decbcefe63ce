//! The referee: plays one game between two engine processes, checking every move with the
//! rules crate (`Game::play_text`, so the runner never disagrees with the engine about
//! legality), rolling chance outcomes with the game's seeded generator, keeping both clocks
//! and ending the game by the rules, by adjudication, or as a loss for an engine that sends
//! an illegal or unparsable move, crashes, hangs or oversteps its time (beyond the time
//! margin; a move within it is counted as an overstep and its lateness stays on the clock).
//! An engine that ponders is asked to think on the reply it expects after each of its
//! moves.

use std::time::Duration;

use escalade_core::{roll_outcome, Color, Game, Position};
use escalade_grid::GuiBoard;

use super::adjudication::Adjudicator;
use super::args::{EngineSpec, MatchConfig, Proto};
use super::engine::{Failure, GameSetup, MoveReply, Player, PonderRequest, TurnRequest};
use super::openings::Opening;
use super::polyglot::Books;
use super::record::{GameRecord, MoveSource, Outcome, Oversteps, PlayedMove, Termination};
use super::runlog;
use super::schedule::GameJob;
use super::timecontrol::{deadline_after, seconds_text, Charge, Clock, SearchLimits};
use escalade_core::SeededRng as Rng;

/// The outcome of an engine failing in its own turn (or at start-up).
fn failure_outcome(side: Color, failure: Failure, timed: bool) -> Outcome {
    let who = side.name();
    match failure {
        Failure::Timeout if timed => Outcome::loss(
            side,
            format!("{who} loses on time"),
            Termination::TimeForfeit,
        ),
        Failure::Timeout => Outcome::loss(
            side,
            format!("{who}'s connection stalls"),
            Termination::StalledConnection,
        ),
        Failure::Disconnected => {
            Outcome::loss(side, format!("{who} disconnects"), Termination::Abandoned)
        }
        Failure::Resigned => Outcome::loss(side, format!("{who} resigns"), Termination::Normal),
        Failure::Protocol(msg) => {
            Outcome::loss(side, format!("{who} {msg}"), Termination::Abandoned)
        }
    }
}

/// How long the runner waits for a move.
fn budget(limits: &SearchLimits, clock: &Clock) -> Duration {
    if clock.is_running() {
        clock.budget(limits.margin)
    } else if let Some(st) = limits.movetime {
        st.saturating_add(limits.margin)
    } else {
        limits.stall
    }
}

fn is_timed(limits: &SearchLimits) -> bool {
    limits.tc.is_some() || limits.movetime.is_some()
}

/// The comment of an engine move: `+0.35/12 0.203s`.
fn move_comment(reply: &MoveReply) -> String {
    let time = format!("{}s", seconds_text(reply.elapsed));
    match (reply.score, reply.depth) {
        (Some(s), Some(d)) => format!("{}/{d} {time}", s.text()),
        (Some(s), None) => format!("{} {time}", s.text()),
        _ => time,
    }
}

/// A game in progress: the rules' record plus the text of every move.
struct Table<P: Position> {
    game: Game<P>,
    /// Every move in the game's move text, chance outcomes as moves of their own (what UCI
    /// engines are sent).
    texts: Vec<String>,
    /// The same moves in the grid GUI's text (XBoard's dialect), each chance outcome joined
    /// to the move before it as a die face (`a1d1/5`) where the variant reads a bare face at
    /// the chance node (what CECP engines are sent; an outcome no face names stays a move
    /// of its own).
    wire: Vec<String>,
    record: Vec<PlayedMove>,
}

impl<P: GuiBoard> Table<P> {
    fn push(&mut self, mv: P::Move, source: MoveSource, comment: Option<String>) {
        let pos = self.game.position();
        let text = pos.move_text(mv);
        self.record.push(PlayedMove {
            text: pos.record_text(mv),
            side: pos.side_to_move(),
            source,
            comment,
        });
        self.wire.push(pos.gui_move_text(mv));
        self.texts.push(text);
        self.game.play(mv);
    }

    /// Plays a chance outcome; on the wire it becomes a die face of the move before it,
    /// chosen uniformly among the faces (1..6) that give this outcome.
    fn push_outcome(&mut self, mv: P::Move, rng: &mut Rng) {
        let pos = self.game.position();
        let text = pos.move_text(mv);
        let faces: Vec<u8> = (1..=6)
            .filter(|k| {
                pos.parse_move(&k.to_string())
                    .is_ok_and(|m| m == mv || pos.move_text(m) == text)
            })
            .collect();
        let joined = match (faces.is_empty(), self.wire.last()) {
            (false, Some(last)) if !last.contains('/') => {
                Some(format!("{last}/{}", faces[rng.below(faces.len())]))
            }
            _ => None,
        };
        self.push(mv, MoveSource::Chance, None);
        if let Some(j) = joined {
            self.wire.pop();
            if let Some(last) = self.wire.last_mut() {
                *last = j;
            }
        }
    }

    /// Rolls every pending chance outcome with its probability.
    fn roll(&mut self, rng: &mut Rng) {
        let mut outcomes = Vec::new();
        while P::HAS_CHANCE && self.game.position().is_chance() {
            let pos = self.game.position().clone();
            pos.generate_moves(&mut outcomes);
            let Some(outcome) = roll_outcome(&pos, &outcomes, rng) else {
                return;
            };
            self.push_outcome(outcome, rng);
        }
    }
}

/// The table of a new game from `opening`: its FEN (or the start position), then its book
/// plies, then any chance outcome left pending (rolled with `rng`).
fn open_table<P: GuiBoard>(
    form: usize,
    opening: &Opening,
    rng: &mut Rng,
    adjudicator: &mut Adjudicator,
) -> Table<P> {
    let start = match &opening.fen {
        Some(fen) => P::from_fen(form, fen).expect("opening FENs are checked when loaded"),
        None => P::startpos(form),
    };
    let mut table = Table {
        game: Game::new(start),
        texts: Vec::new(),
        wire: Vec::new(),
        record: Vec::new(),
    };
    for text in &opening.book {
        let mv = table
            .game
            .position()
            .parse_move(text)
            .expect("book plies come from the rules crate");
        if table.game.position().is_chance() {
            table.push_outcome(mv, rng);
        } else {
            adjudicator.book_ply();
            table.push(mv, MoveSource::Book, None);
        }
    }
    // An opening that stops at a chance node (random plies, a FEN): roll it now.
    table.roll(rng);
    table
}

/// Starts both engines of `job` and tells them about the game; an engine that fails
/// loses it (the engines started by then are returned with that outcome, to be told).
fn start_players(
    cfg: &MatchConfig,
    job: &GameJob,
    opening: &Opening,
    gui_fen: Option<&str>,
) -> Result<Vec<Player>, (Outcome, Vec<Player>)> {
    let mut players: Vec<Player> = Vec::with_capacity(2);
    for side in Color::BOTH {
        let spec = &cfg.engines[[job.white, job.black][side.index()]];
        let label = format!("game {} {}", job.number, side.name());
        let setup = GameSetup {
            variant: &cfg.variant,
            fen: opening.fen.as_deref(),
            gui_fen,
            limits: &spec.limits,
        };
        match Player::start(spec, &label, cfg.debug).and_then(|mut p| p.new_game(&setup).map(|_| p))
        {
            Ok(p) => players.push(p),
            Err(f) => return Err((failure_outcome(side, f, false), players)),
        }
    }
    Ok(players)
}

/// A game between two started engines.
struct Board<'a, P: Position> {
    table: Table<P>,
    specs: [&'a EngineSpec; 2],
    clocks: [Clock; 2],
    players: Vec<Player>,
    adjudicator: Adjudicator,
    rng: Rng,
    /// White's and Black's moves within the time margin.
    oversteps: [Oversteps; 2],
    /// `-show-latency`: report each move's latency.
    show_latency: bool,
    /// The engines' Polyglot books (`book=`).
    books: &'a Books,
}

impl<P: GuiBoard> Board<'_, P> {
    /// Plays until the game ends: by the rules, by adjudication, or by an engine's fault.
    fn play_out(&mut self) -> Outcome {
        loop {
            if let Some(r) = self.table.game.result() {
                return Outcome::from_rules(r);
            }
            if let Some(o) = self.adjudicator.move_limit() {
                return o;
            }
            if let Some(o) = self.turn() {
                return o;
            }
        }
    }

    /// Charges the time of a move to the clock of side `i`: `Some` when it lost on time.
    /// A move within the margin counts as an overstep.
    fn charge(&mut self, i: usize, elapsed: Duration) -> Option<Outcome> {
        let limits = &self.specs[i].limits;
        let charge = match limits.movetime {
            Some(st) if !self.clocks[i].is_running() => match elapsed.checked_sub(st) {
                Some(late) if late > limits.margin => Charge::Flag,
                Some(late) if !late.is_zero() => Charge::Overstep(late),
                _ => Charge::InTime,
            },
            _ => self.clocks[i].charge(elapsed, limits.margin),
        };
        match charge {
            Charge::Flag => {
                let side = self.table.game.position().side_to_move();
                Some(failure_outcome(side, Failure::Timeout, true))
            }
            Charge::Overstep(late) => {
                self.oversteps[i].add(late);
                None
            }
            Charge::InTime => None,
        }
    }

    /// Plays a move of the side to move's Polyglot book (`book=`, within `bookdepth=`),
    /// as cutechess-cli does; false when there is none.
    fn book_move(&mut self, i: usize) -> bool {
        let spec = self.specs[i];
        let Some(book) = &spec.book else { return false };
        if self.table.texts.len() >= 2 * spec.book_depth as usize {
            return false;
        }
        let pos = self.table.game.position();
        let Some(text) = self.books.pick(book, &pos.to_fen(), &mut self.rng) else {
            return false;
        };
        match pos.parse_move(&text) {
            Ok(mv) => {
                self.table.push(mv, MoveSource::Book, Some("book".into()));
                true
            }
            Err(_) => {
                runlog::warn(&format!(
                    "book={}: {text} is not legal here",
                    book.display()
                ));
                false
            }
        }
    }

    /// Asks the side to move for its move and plays it; `Some` when the game ends.
    fn turn(&mut self) -> Option<Outcome> {
        let side = self.table.game.position().side_to_move();
        let i = side.index();
        if self.book_move(i) {
            return None;
        }
        let limits = &self.specs[i].limits;
        let request = TurnRequest {
            moves: &self.table.texts,
            joined: &self.table.wire,
            own: &self.clocks[i],
            other: &self.clocks[1 - i],
            white: side == Color::White,
            deadline: deadline_after(budget(limits, &self.clocks[i])),
        };
        let mut reply = match self.players[i].think(&request) {
            Ok(r) => r,
            Err(f) => return Some(failure_outcome(side, f, is_timed(limits))),
        };
        if self.specs[i].whitepov && side == Color::Black {
            reply.score = reply.score.map(|s| s.flipped());
        }
        if self.show_latency {
            let spec = self.specs[i];
            let name = spec.name.as_deref().unwrap_or(&spec.cmd);
            runlog::latency(&runlog::latency_line(name, reply.elapsed, reply.reported));
        }
        if let Some(o) = self.charge(i, reply.elapsed) {
            return Some(o);
        }
        if self.clocks[i].is_hourglass() && self.clocks[1 - i].is_hourglass() {
            self.clocks[1 - i].give(reply.elapsed);
        }
        let pos = self.table.game.position();
        let parsed = match self.specs[i].proto {
            Proto::Xboard => pos.parse_gui_move(&reply.text),
            Proto::Uci => pos.parse_move(&reply.text),
        };
        let mv = match parsed {
            Ok(mv) => mv,
            Err(e) => {
                return Some(Outcome::loss(
                    side,
                    format!(
                        "{} makes an illegal move: {} ({})",
                        side.name(),
                        reply.text,
                        e.reason()
                    ),
                    Termination::IllegalMove,
                ))
            }
        };
        self.table
            .push(mv, MoveSource::Engine, Some(move_comment(&reply)));
        self.table.roll(&mut self.rng);
        let adjudicated = self.adjudicator.engine_move(side, reply.score);
        if self.table.game.result().is_some() {
            return None;
        }
        adjudicated.or_else(|| self.ponder(side, reply.ponder.as_deref()))
    }

    /// With `ponder`, lets side `side` think on the reply `expected` it named (when it is
    /// legal here); `Some` when the engine is gone.
    fn ponder(&mut self, side: Color, expected: Option<&str>) -> Option<Outcome> {
        let i = side.index();
        if !self.specs[i].ponder || self.specs[i].proto != Proto::Uci {
            return None;
        }
        let pos = self.table.game.position();
        let reply = pos.parse_move(expected?).ok()?;
        let mut moves = self.table.texts.clone();
        moves.push(pos.move_text(reply));
        let request = PonderRequest {
            moves: &moves,
            own: &self.clocks[i],
            other: &self.clocks[1 - i],
            white: side == Color::White,
        };
        match self.players[i].ponder(&request) {
            Ok(()) => None,
            Err(f) => Some(failure_outcome(side, f, false)),
        }
    }
}

/// Starts both engines and plays the game of `job` from `opening`.
pub fn play_game<P: GuiBoard>(
    form: usize,
    cfg: &MatchConfig,
    job: &GameJob,
    opening: &Opening,
    books: &Books,
) -> GameRecord {
    let mut rng = Rng::new(job.seed);
    let mut adjudicator = Adjudicator::new(cfg.draw, cfg.resign, cfg.maxmoves);
    let table = open_table::<P>(form, opening, &mut rng, &mut adjudicator);
    let first_side = table.game.start().side_to_move();
    let gui_fen = opening.fen.as_ref().map(|_| table.game.start().gui_fen());
    let specs = [&cfg.engines[job.white], &cfg.engines[job.black]];
    let mut oversteps = [Oversteps::default(); 2];
    let (outcome, players, table) = match start_players(cfg, job, opening, gui_fen.as_deref()) {
        Err((o, started)) => (o, started, table),
        Ok(players) => {
            let mut board = Board {
                table,
                specs,
                clocks: [
                    Clock::new(specs[0].limits.tc),
                    Clock::new(specs[1].limits.tc),
                ],
                players,
                adjudicator,
                rng,
                oversteps: [Oversteps::default(); 2],
                show_latency: cfg.show_latency,
                books,
            };
            let outcome = board.play_out();
            oversteps = board.oversteps;
            (outcome, board.players, board.table)
        }
    };
    for p in players {
        p.finish(outcome.score_text(), &outcome.reason);
    }
    GameRecord {
        number: job.number,
        round: job.round,
        white: job.white,
        black: job.black,
        start_fen: opening.fen.clone(),
        first_side,
        moves: table.record,
        final_fen: table.game.position().to_fen(),
        outcome,
        seed: job.seed,
        oversteps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use escalade_core::{MoveNotation, Rules, SearchHints};
    use escalade_rope::Rope;

    /// A rope-dice game after one non-King move: a chance node.
    fn dice_table() -> Table<Rope> {
        let form = Rope::FORMS
            .iter()
            .position(|f| f.name == "rope-dice")
            .unwrap();
        let start = Rope::startpos(form);
        let mut moves = Vec::new();
        start.generate_moves(&mut moves);
        let mv = moves
            .into_iter()
            .find(|&m| start.play(m).is_chance())
            .expect("some opening move rolls the die");
        let mut t = Table {
            game: Game::new(start),
            texts: Vec::new(),
            wire: Vec::new(),
            record: Vec::new(),
        };
        t.push(mv, MoveSource::Engine, None);
        t
    }

    #[test]
    fn chance_outcomes_follow_their_probabilities_and_the_seed() {
        let base = dice_table();
        let pos = base.game.position().clone();
        let mut outcomes = Vec::new();
        pos.generate_moves(&mut outcomes);
        let first = pos.move_text(outcomes[0]);
        let p = pos.outcome_probability(outcomes[0]);
        let n = 3000;
        let mut hits = 0;
        for seed in 0..n {
            let mut t = base.clone_table();
            t.roll(&mut Rng::new(seed));
            assert!(!t.game.position().is_chance());
            assert_eq!(t.record.last().unwrap().source, MoveSource::Chance);
            assert_eq!(t.texts.len(), 2, "the roll is a move every engine is told");
            assert_eq!(t.wire.len(), 1, "on the wire the roll is a die face");
            let face = t.wire[0].rsplit_once('/').unwrap().1;
            let pos = base.game.position();
            assert_eq!(
                pos.parse_move(face).map(|m| pos.move_text(m)),
                Ok(t.texts[1].clone())
            );
            if t.texts[1] == first {
                hits += 1;
            }
        }
        let freq = hits as f64 / n as f64;
        assert!((freq - p).abs() < 0.04, "{first}: {freq} vs {p}");
        let mut a = base.clone_table();
        let mut b = base.clone_table();
        a.roll(&mut Rng::new(99));
        b.roll(&mut Rng::new(99));
        assert_eq!(a.texts, b.texts, "the same seed rolls the same outcome");
    }

    impl<P: GuiBoard> Table<P> {
        fn clone_table(&self) -> Self {
            Table {
                game: self.game.clone(),
                texts: self.texts.clone(),
                wire: self.wire.clone(),
                record: self.record.clone(),
            }
        }
    }

    #[test]
    fn failures_have_cutechess_reasons() {
        let o = failure_outcome(Color::White, Failure::Timeout, true);
        assert_eq!(
            (o.winner, o.reason.as_str()),
            (Some(Color::Black), "White loses on time")
        );
        let o = failure_outcome(Color::Black, Failure::Timeout, false);
        assert_eq!(o.termination, Termination::StalledConnection);
        let o = failure_outcome(Color::Black, Failure::Disconnected, true);
        assert_eq!(o.reason, "Black disconnects");
    }
}
