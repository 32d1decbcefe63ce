//! [`GameSession<P>`]: the session of one game type behind the protocols' `Box<dyn
//! Session>` ([`crate::session`] declares what a session does). It owns the game record
//! (the rules' verdict, repetition included), the engine (moved to a search thread while it
//! thinks, see [`crate::search`]), and the chance rolls: a move that leads to a chance node
//! is followed at once by its outcome, read from the same move text when it carries one
//! (e.g. a `/5` suffix) or else rolled with the seeded generator, weighted by the outcome
//! probabilities. The engine never chooses a roll.

use escalade_core::SeededRng;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rand::Rng;

use escalade_core::{roll_outcome, Color, Diagram, FenError, Game, GameResult, MoveError};
use escalade_engine::{Engine, Limits, Score, SearchResult, Skill, MAX_SKILL_LEVEL};
use escalade_eval::Evaluate;
use escalade_grid::GuiBoard;

use crate::options::Settings;
use crate::search::{InfoSink, SearchTask};
use crate::session::{Found, GameRecord, Notation, PerftJob, Played, Roll, Thinking};

/// The session of one game type.
pub struct GameSession<P: Evaluate + GuiBoard + Diagram> {
    form: usize,
    game: Game<P>,
    engine: Option<Engine<P>>,
    task: Option<SearchTask<P>>,
    rng: SeededRng,
    settings: Settings,
}

fn seeded(seed: u64) -> SeededRng {
    SeededRng::seeded_or_clock(seed)
}

impl<P: Evaluate + GuiBoard + Diagram> GameSession<P> {
    /// A session at the start position of form `form`.
    pub fn new(form: usize, settings: Settings) -> Self {
        let mut s = GameSession {
            form,
            game: Game::new(P::startpos(form)),
            engine: Some(Engine::with_hash_mb(settings.hash_mb)),
            task: None,
            rng: seeded(settings.seed),
            settings,
        };
        s.configure(settings);
        s
    }

    /// The game record.
    pub(crate) fn game(&self) -> &Game<P> {
        &self.game
    }

    /// The form (sub-variant) played.
    pub(crate) fn form(&self) -> usize {
        self.form
    }

    /// The random mover's answer: a uniformly drawn legal move of the current position
    /// (none at a chance node, where the session rolls, or when there is no legal move).
    fn random_move(&mut self) -> SearchResult<P::Move> {
        let pos = self.game.position();
        let mut moves = Vec::new();
        if !(P::HAS_CHANCE && pos.is_chance()) {
            pos.generate_moves(&mut moves);
        }
        let best = (!moves.is_empty()).then(|| moves[self.rng.gen_range(0..moves.len())]);
        SearchResult {
            best,
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
        }
    }

    /// Stops and collects a running search, discarding its result.
    fn settle(&mut self) {
        if let Some(task) = self.task.take() {
            task.stop();
            if let Some((engine, _)) = task.join() {
                self.engine = Some(engine);
            }
        }
    }

    /// The engine, settling any search first (a fresh one if a search thread panicked).
    fn engine(&mut self) -> &mut Engine<P> {
        self.settle();
        if self.engine.is_none() {
            self.engine = Some(self.fresh_engine());
        }
        self.engine.as_mut().expect("just made")
    }

    /// The search constants the engine searches with: the game's own defaults, with the
    /// ones the user set on top.
    fn search_params(&self) -> escalade_engine::SearchParams {
        self.settings.search.resolve::<P>()
    }

    /// Hash size and threads go to the engine when it is not searching.
    /// An engine made to the settings (after [`Session::release_engine`], or a search
    /// thread that panicked).
    fn fresh_engine(&self) -> Engine<P> {
        let mut engine = Engine::with_hash_mb(self.settings.hash_mb);
        engine.set_threads(self.settings.threads);
        engine.set_search_params(self.search_params());
        engine
    }

    /// The engine, moved out for a search.
    fn take_engine(&mut self) -> Engine<P> {
        match self.engine.take() {
            Some(engine) => engine,
            None => self.fresh_engine(),
        }
    }

    fn apply_settings(&mut self) {
        let settings = self.settings;
        let params = self.search_params();
        if let Some(engine) = self.engine.as_mut() {
            if engine.hash_mb() != settings.hash_mb {
                engine.set_hash_mb(settings.hash_mb);
            }
            engine.set_threads(settings.threads);
            engine.set_search_params(params);
        }
    }

    /// Plays the outcome `hint` names if a chance node is due and the text names one.
    fn outcome_from(&mut self, hint: &str) -> Option<Roll> {
        let pos = self.game.position();
        if !(P::HAS_CHANCE && pos.is_chance()) {
            return None;
        }
        let mv = pos.parse_move(hint).ok()?;
        let roll = Roll {
            text: pos.move_text(mv),
            rolled: false,
        };
        self.game.play(mv);
        Some(roll)
    }

    /// Rolls the outcomes of any chance node reached.
    fn roll_dice(&mut self) -> Vec<Roll> {
        let mut rolls = Vec::new();
        let mut outcomes = Vec::new();
        while P::HAS_CHANCE && self.game.position().is_chance() {
            let pos = self.game.position().clone();
            pos.generate_moves(&mut outcomes);
            let Some(chosen) = roll_outcome(&pos, &outcomes, &mut self.rng) else {
                break;
            };
            rolls.push(Roll {
                text: pos.move_text(chosen),
                rolled: true,
            });
            self.game.play(chosen);
        }
        rolls
    }

    fn text(pos: &P, mv: P::Move, notation: Notation) -> String {
        match notation {
            Notation::Engine => pos.move_text(mv),
            Notation::Gui => pos.gui_move_text(mv),
            Notation::Record => pos.record_text(mv),
        }
    }

    /// `limits` with the settings that shape every search: `Move Overhead`, `MultiPV`,
    /// `MaxDepth` and `Skill Level` (its draws seeded from the session's generator, so
    /// `Seed` repeats them). The one place where settings become search limits: the
    /// protocols hand over the clock's limits alone.
    fn with_settings(&mut self, mut limits: Limits) -> Limits {
        limits.move_overhead = self.settings.move_overhead();
        limits.multi_pv = self.settings.multi_pv;
        if self.settings.skill_level < MAX_SKILL_LEVEL {
            limits.skill = Skill::new(self.settings.skill_level, self.rng.gen());
        }
        if self.settings.max_depth > 0 {
            let cap = self.settings.max_depth;
            limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
        }
        limits
    }
}

impl<P: Evaluate + GuiBoard + Diagram> GameRecord for GameSession<P> {
    fn variant(&self) -> &'static str {
        P::FORMS[self.form].name
    }

    fn new_game(&mut self) {
        self.game = Game::new(P::startpos(self.form));
        self.engine().clear();
    }

    fn set_start(&mut self) {
        self.game = Game::new(P::startpos(self.form));
    }

    fn set_fen(&mut self, fen: &str, notation: Notation) -> Result<(), FenError> {
        let pos = match notation {
            Notation::Engine | Notation::Record => P::from_fen(self.form, fen),
            Notation::Gui => P::from_gui_fen(self.form, fen),
        }?;
        self.game = Game::new(pos);
        Ok(())
    }

    fn fen(&self, notation: Notation) -> String {
        match notation {
            Notation::Engine | Notation::Record => self.game.position().to_fen(),
            Notation::Gui => self.game.position().gui_fen(),
        }
    }

    fn play(&mut self, text: &str, notation: Notation) -> Result<Played, MoveError> {
        let over = |game: &Game<P>| {
            game.final_result()
                .map(|r| MoveError::Illegal(format!("the game is over: {}", r.reason())))
        };
        let pos = self.game.position().clone();
        let parsed = match notation {
            Notation::Gui if !pos.is_chance() => pos.parse_gui_move(text),
            Notation::Record => pos.read_move(text),
            _ => pos.parse_move(text),
        };
        let mv = parsed.map_err(|e| over(&self.game).unwrap_or(e))?;
        // a move parsed, so only a rule or a repetition can have ended the game
        self.game.note_legal_move();
        if let Some(e) = over(&self.game) {
            return Err(e);
        }
        self.game.play(mv);
        let rolls = self.outcome_from(text).into_iter().collect();
        Ok(Played {
            text: Self::text(&pos, mv, notation),
            rolls,
        })
    }

    fn is_chance(&self) -> bool {
        P::HAS_CHANCE && self.game.position().is_chance()
    }

    fn roll(&mut self) -> Vec<Roll> {
        self.roll_dice()
    }

    fn undo(&mut self) -> bool {
        if !self.game.undo() {
            return false;
        }
        while P::HAS_CHANCE && self.game.position().is_chance() {
            if !self.game.undo() {
                break;
            }
        }
        true
    }

    fn turns(&self) -> usize {
        let positions = self.game.positions();
        positions[..positions.len() - 1]
            .iter()
            .filter(|p| !P::HAS_CHANCE || !p.is_chance())
            .count()
    }

    fn result(&self) -> Option<GameResult> {
        self.game.result()
    }

    fn game_over(&self) -> Option<GameResult> {
        self.game.final_result()
    }

    fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    fn legal_moves(&self, notation: Notation) -> Vec<String> {
        let pos = self.game.position();
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        moves
            .iter()
            .map(|&m| Self::text(pos, m, notation))
            .collect()
    }

    fn move_code(&self, text: &str, notation: Notation) -> Result<u32, MoveError> {
        let pos = self.game.position();
        let mv = match notation {
            Notation::Gui if !pos.is_chance() => pos.parse_gui_move(text)?,
            Notation::Record => pos.read_move(text)?,
            _ => pos.parse_move(text)?,
        };
        Ok(P::move_code(mv))
    }

    fn legal_move_codes(&self) -> Vec<u32> {
        let mut moves = Vec::new();
        self.game.position().generate_moves(&mut moves);
        moves.into_iter().map(P::move_code).collect()
    }

    fn board_text(&self) -> String {
        self.game.position().board_text()
    }
}

impl<P: Evaluate + GuiBoard + Diagram> Thinking for GameSession<P> {
    fn start_search(&mut self, limits: Limits, info: InfoSink, done: Box<dyn FnOnce() + Send>) {
        self.settle();
        let engine = self.take_engine();
        let positions = self.game.positions().to_vec();
        if self.settings.random_mover {
            let result = self.random_move();
            self.task = Some(SearchTask::finished(engine, positions, result, done));
            return;
        }
        self.task = Some(SearchTask::start(
            engine,
            positions,
            self.with_settings(limits),
            info,
            done,
        ));
    }

    fn start_ponder(
        &mut self,
        predicted: &str,
        notation: Notation,
        limits: Limits,
        info: InfoSink,
        done: Box<dyn FnOnce() + Send>,
    ) -> bool {
        let pos = self.game.position();
        let mv = match notation {
            Notation::Gui => pos.parse_gui_move(predicted),
            Notation::Engine => pos.parse_move(predicted),
            Notation::Record => pos.read_move(predicted),
        };
        let Ok(mv) = mv else { return false };
        let child = pos.play(mv);
        let mut replies = Vec::new();
        child.generate_moves(&mut replies);
        let over = replies.is_empty() || child.rule_result().is_some();
        if self.settings.random_mover || over || (P::HAS_CHANCE && child.is_chance()) {
            return false;
        }
        self.settle();
        let engine = self.take_engine();
        let mut positions = self.game.positions().to_vec();
        positions.push(child);
        self.task = Some(SearchTask::start(
            engine,
            positions,
            self.with_settings(limits),
            info,
            done,
        ));
        true
    }

    fn is_searching(&self) -> bool {
        self.task.is_some()
    }

    fn stop(&self) {
        if let Some(task) = &self.task {
            task.stop();
        }
    }

    fn finish_search(&mut self, notation: Notation) -> Option<Found> {
        let task = self.task.take()?;
        let root = task.root().clone();
        let Some((engine, result)) = task.join() else {
            log::error!("the search thread panicked");
            return None;
        };
        self.engine = Some(engine);
        self.apply_settings();
        let best = result.best.map(|m| Self::text(&root, m, notation));
        let ponder = match (result.best, result.ponder) {
            (Some(b), Some(p)) => {
                let next = root.play(b);
                let mut legal = Vec::new();
                next.generate_moves(&mut legal);
                legal.contains(&p).then(|| Self::text(&next, p, notation))
            }
            _ => None,
        };
        Some(Found {
            best,
            ponder,
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
        })
    }

    fn time_budget(&self, limits: &Limits) -> escalade_engine::TimeBudget {
        let limits = Limits {
            move_overhead: self.settings.move_overhead(),
            ..limits.clone()
        };
        escalade_engine::TimeBudget::new(&limits, &self.search_params())
    }

    fn configure(&mut self, settings: Settings) {
        if settings.seed != self.settings.seed {
            self.rng = seeded(settings.seed);
        }
        self.settings = settings;
        self.apply_settings();
    }

    fn release_engine(&mut self) {
        self.settle();
        self.engine = None;
    }

    fn clear_hash(&mut self) {
        self.engine().clear();
    }

    fn perft_job(&self, depth: u32, stop: Arc<AtomicBool>) -> PerftJob {
        let pos = self.game.position().clone();
        let depth = depth.min(escalade_core::perft::MAX_DEPTH);
        Box::new(move || escalade_core::perft::divide_until(&pos, depth, &stop))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use escalade_core::{MoveNotation, Rules, SearchHints};

    use escalade_rope::Rope;

    fn dice_session(seed: u64) -> GameSession<Rope> {
        let form = Rope::FORMS
            .iter()
            .position(|f| f.name == "rope-dice")
            .expect("rope-dice is a form of the rope");
        GameSession::new(
            form,
            Settings {
                seed,
                ..Settings::default()
            },
        )
    }

    #[test]
    fn move_overhead_is_kept_back_by_the_session_whatever_the_protocol_sent() {
        let limits = Limits {
            time_left: Some(std::time::Duration::from_millis(2_000)),
            ..Limits::default()
        };
        let budget = |overhead_ms| {
            let settings = Settings {
                move_overhead_ms: overhead_ms,
                ..Settings::default()
            };
            GameSession::<Rope>::new(0, settings).time_budget(&limits)
        };
        let hard = |overhead_ms| budget(overhead_ms).hard.expect("a clock has a hard limit");
        // 1.9 s of the 2 s kept back: the whole move within the 0.1 s left
        assert!(hard(1_900) < std::time::Duration::from_millis(100));
        assert!(hard(10) > hard(1_000));
        let settings = Settings {
            move_overhead_ms: 1_900,
            ..Settings::default()
        };
        let searched = GameSession::<Rope>::new(0, settings).with_settings(limits.clone());
        assert_eq!(
            searched.move_overhead,
            std::time::Duration::from_millis(1_900)
        );
    }

    /// Moves (up to two plies deep) after which a roll is due.
    fn chance_line() -> Option<Vec<String>> {
        let root = dice_session(1);
        for first in root.legal_moves(Notation::Engine) {
            let mut s = dice_session(1);
            s.play(&first, Notation::Engine).ok()?;
            if s.is_chance() {
                return Some(vec![first]);
            }
            for second in s.legal_moves(Notation::Engine) {
                let mut t = dice_session(1);
                t.play(&first, Notation::Engine).ok()?;
                t.play(&second, Notation::Engine).ok()?;
                if t.is_chance() {
                    return Some(vec![first, second]);
                }
            }
        }
        None
    }

    #[test]
    fn chance_outcomes_are_rolled_given_and_undone_with_their_move() {
        let Some(line) = chance_line() else {
            panic!("no move of rope-dice leads to a roll within two plies");
        };
        let (last, before) = line.split_last().unwrap();
        let setup = |seed| {
            let mut s = dice_session(seed);
            for m in before {
                s.play(m, Notation::Engine).unwrap();
                s.roll();
            }
            s
        };
        // Rolled: the same seed gives the same outcome.
        let mut a = setup(9);
        let mut b = setup(9);
        a.play(last, Notation::Engine).unwrap();
        b.play(last, Notation::Engine).unwrap();
        let (ra, rb) = (a.roll(), b.roll());
        assert_eq!(ra.len(), 1);
        assert!(ra[0].rolled && !a.is_chance());
        assert_eq!(ra, rb);
        // Undo takes back the outcome with its move.
        let turns = a.turns();
        assert!(a.undo());
        assert_eq!(a.turns(), turns - 1);
        assert!(!a.is_chance());
        // Given with the move: no roll.
        let mut c = setup(9);
        let played = c.play(&format!("{last}/1"), Notation::Engine).unwrap();
        assert_eq!(played.rolls.len(), 1);
        assert!(!played.rolls[0].rolled);
        assert!(!c.is_chance() && c.roll().is_empty());
        // Given as the next move text at the chance node; a non-outcome is refused there.
        let mut d = setup(9);
        d.play(last, Notation::Engine).unwrap();
        assert!(d.play("nonsense", Notation::Engine).is_err());
        assert!(d.is_chance());
        d.play("roll:6", Notation::Engine).unwrap();
        assert!(!d.is_chance());
    }
}
