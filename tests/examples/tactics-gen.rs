//! Generates the tactics suite's positions (issue 84): plays random games of a variant from
//! its start, asks the prover (`escalade_tests::tactics::prove`, the rules crate alone, never
//! the engine) at every position for a forced win within a few of the mover's own turns,
//! and prints the positions it proves as data-file lines (`FEN ; win N ; MOVES`), a mix of
//! distances: COUNT is shared out evenly between distances 1..=MAX, the longest first,
//! and at most one position is kept a game (so they differ).
//!
//! ```text
//! cargo run --release -p escalade-tests --example tactics-gen -- VARIANT COUNT SEED \
//!     [MAX_OWN_TURNS] [NODE_BUDGET] > tests/data/tactics/VARIANT.epd
//! ```
//!
//! MAX_OWN_TURNS defaults to 3, or 1 in Chutes and Ladder Shogi (thousands of turns a
//! position); NODE_BUDGET (default 3,000,000) bounds the prover per position, which skips
//! a position it cannot decide within it. Dice positions (`rope-dice`) are proven over
//! every roll: a win must hold whatever the dice say.

use std::collections::HashSet;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use escalade_core::{Game, Position, Rules, SeededRng};
use escalade_tests::tactics::{format_line, prove, Entry};

/// Plies of a random game after which it is abandoned.
const MAX_PLIES: usize = 300;
/// Random games tried before giving up on the quotas.
const MAX_GAMES: u64 = 20_000;
/// Wall time after which the generator prints what it has.
const MAX_TIME: Duration = Duration::from_secs(600);

/// What the command line asks for.
struct Request {
    variant: String,
    count: usize,
    seed: u64,
    max_own: Option<u32>,
    budget: u64,
}

fn parse_args() -> Result<Request, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 || args.len() > 5 {
        return Err(
            "usage: tactics-gen VARIANT COUNT SEED [MAX_OWN_TURNS] [NODE_BUDGET]".to_string(),
        );
    }
    let number = |i: usize, what: &str| -> Result<u64, String> {
        args[i]
            .parse()
            .map_err(|_| format!("{what} must be a number, not {:?}", args[i]))
    };
    Ok(Request {
        variant: args[0].clone(),
        count: number(1, "COUNT")? as usize,
        seed: number(2, "SEED")?,
        max_own: args
            .get(3)
            .map(|_| number(3, "MAX_OWN_TURNS").map(|n| n as u32))
            .transpose()?,
        budget: args
            .get(4)
            .map(|_| number(4, "NODE_BUDGET"))
            .transpose()?
            .unwrap_or(3_000_000),
    })
}

/// How many positions of each distance 1..=max to keep: `count` shared out evenly, the
/// remainder to the longest distances.
fn quotas(count: usize, max: u32) -> Vec<usize> {
    let max = max as usize;
    (0..max)
        .map(|d| count / max + usize::from(d >= max - count % max))
        .collect()
}

/// Plays random games of form `form` of `P` and prints proven positions.
fn generate<P: Position>(form: usize, req: &Request, default_max: u32) {
    let max = req.max_own.unwrap_or(default_max).max(1);
    let mut left = quotas(req.count, max);
    let mut seen = HashSet::new();
    let started = Instant::now();
    let name = P::FORMS[form].name;
    println!(
        "# {name}: forced wins within {max} own turns, proven by tactics-gen (seed {}, budget {})",
        req.seed, req.budget
    );
    println!("# FEN ; win N ; every first move that wins within N own turns");
    let mut games = 0;
    while left.iter().any(|&n| n > 0) && games < MAX_GAMES && started.elapsed() < MAX_TIME {
        let mut rng = SeededRng::derived(req.seed, 0, games);
        games += 1;
        let mut game = Game::new(P::startpos(form));
        while game.moves().len() < MAX_PLIES && game.play_random_ply(&mut rng) {
            let pos = game.position();
            if pos.is_chance() || pos.reversible_plies() > 60 || !seen.insert(pos.hash()) {
                continue;
            }
            let Ok(Some(proof)) = prove(pos, max, req.budget) else {
                continue;
            };
            let slot = &mut left[proof.distance as usize - 1];
            if *slot == 0 {
                continue;
            }
            *slot -= 1;
            let entry = Entry {
                fen: pos.to_fen(),
                distance: proof.distance,
                moves: proof.moves.iter().map(|&m| pos.move_text(m)).collect(),
                fails: None,
            };
            println!("{}", format_line(&entry));
            eprintln!(
                "{name}: win in {} after {} games, {:.1} s",
                proof.distance,
                games,
                started.elapsed().as_secs_f64()
            );
            // one position a game: the next comes from another game, not the same one
            break;
        }
    }
    if left.iter().any(|&n| n > 0) {
        eprintln!("{name}: quotas not filled, still wanted per distance 1..={max}: {left:?}");
    }
}

fn main() -> ExitCode {
    let req = match parse_args() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let name = req.variant.trim().to_ascii_lowercase();
    macro_rules! try_game {
        ($t:ty, $max:expr) => {
            if let Some(form) = <$t as Rules>::FORMS
                .iter()
                .position(|f| f.name == name || f.aliases.contains(&name.as_str()))
            {
                generate::<$t>(form, &req, $max);
                return ExitCode::SUCCESS;
            }
        };
    }
    try_game!(escalade_fide::Chess, 3);
    try_game!(escalade_checkercapture::CheckerCapture, 3);
    try_game!(escalade_escalator::Escalator, 3);
    try_game!(escalade_chutes::Chutes, 1);
    try_game!(escalade_rope::Rope, 3);
    try_game!(escalade_laddershogi::LadderShogi, 1);
    eprintln!("unknown variant {:?}", req.variant);
    ExitCode::from(2)
}
