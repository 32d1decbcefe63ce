//! `escalade match` scheduling with scripted fake engines (`tests/fake_engines/scripted.sh`):
//! an opening file played with colours reversed (FEN/SetUp in the PGN), SPRT stopping the
//! match, seeded random opening plies, a gauntlet of three engines.

use escalade::matchrunner::record::MoveSource;
use escalade::matchrunner::{args, run_match, MatchSummary, SprtVerdict};

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fake_engines/scripted.sh");

fn engine(name: &str, proto: &str, moves: &str) -> String {
    format!("-engine\ncmd={FAKE} {proto} crash {moves}\nname={name}\nproto={proto}\n")
}

fn play(text: &str) -> MatchSummary {
    // Arguments with spaces (cmd=) come on their own line.
    let mut joined = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if line.starts_with("cmd=") {
            joined.push(line.to_string());
        } else {
            joined.extend(line.split_whitespace().map(str::to_string));
        }
    }
    let cfg = args::parse(&joined, 11).expect("valid arguments");
    run_match(&cfg).expect("the match runs")
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = escalade_tests::scratch_dir("tour");
    dir.join(name)
}

#[test]
fn opening_file_with_colours_reversed() {
    let book = temp("book.fen");
    // After 1. f3 e5 2. g4: Black mates with Qh4.
    std::fs::write(
        &book,
        "# fool's mate\nrnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2\n",
    )
    .unwrap();
    let pgn = temp("book.pgn");
    let _ = std::fs::remove_file(&pgn);
    let s = play(&format!(
        "{}{}-each tc=5+0 -games 2 -repeat -openings file={} format=fen -pgnout {}",
        engine("A", "xboard", "d8h4"),
        engine("B", "uci", "d8h4"),
        book.display(),
        pgn.display()
    ));
    assert_eq!(s.games.len(), 2);
    // Black to move in the opening: the engine with Black mates in both games.
    assert_eq!(s.games[0].winner_engine(), Some(1));
    assert_eq!(s.games[1].winner_engine(), Some(0));
    assert!(s.games.iter().all(|g| g.outcome.reason == "Black mates"));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[SetUp \"1\"]").count(), 2);
    assert!(
        text.contains("[FEN \"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2\"]")
    );
    assert!(text.contains("2... Qh4# {"), "{text}");
}

#[test]
fn sprt_stops_when_a_bound_is_crossed() {
    // A wins every game as Black (mate) and loses every game as White (illegal e7e5):
    // an even score, far from elo1 = 200, so H0 is accepted long before 200 games.
    let s = play(&format!(
        "{}{}-each tc=5+0 -games 200 -sprt elo0=0 elo1=200 alpha=0.1 beta=0.1",
        engine("A", "uci", "e7e5 d8h4"),
        engine("B", "xboard", "f2f3 g2g4")
    ));
    let (llr, verdict) = s.sprt.expect("an SPRT result");
    assert_eq!(verdict, SprtVerdict::H0, "LLR {llr}");
    assert!(llr <= (0.1f64 / 0.9).ln());
    assert!(s.games.len() < 60, "stopped after {} games", s.games.len());
}

#[test]
fn random_opening_plies_follow_the_seed() {
    let run = || {
        play(&format!(
            "{}{}-each depth=1 -games 2 -repeat -openings plies=6 -seed 5",
            engine("A", "uci", ""),
            engine("B", "xboard", "")
        ))
    };
    let (a, b) = (run(), run());
    let book = |s: &MatchSummary, g: usize| -> Vec<String> {
        s.games[g]
            .moves
            .iter()
            .filter(|m| m.source == MoveSource::Book)
            .map(|m| m.text.clone())
            .collect()
    };
    assert_eq!(book(&a, 0).len(), 6);
    assert_eq!(book(&a, 0), book(&a, 1), "repeated games share the opening");
    assert_eq!(
        book(&a, 0),
        book(&b, 0),
        "the same seed gives the same plies"
    );
    // The engines have no moves left after the book: both games end by disconnection.
    assert!(a
        .games
        .iter()
        .all(|g| g.outcome.reason.ends_with("disconnects")));
}

#[test]
fn gauntlet_of_three() {
    let s = play(&format!(
        "{}{}{}-each tc=5+0 -tournament gauntlet -games 2",
        engine("Mater", "uci", "e7e5 d8h4"),
        engine("Fool1", "xboard", "f2f3 g2g4"),
        engine("Fool2", "uci", "f2f3 g2g4")
    ));
    assert_eq!(s.games.len(), 4);
    assert!(s.games.iter().all(|g| g.white == 0 || g.black == 0));
    let t = s.standings.total_of(0);
    assert_eq!((t.wins, t.losses), (2, 2));
    assert!(s.standings.table().contains("Mater"));
}

#[test]
fn an_opening_ending_at_a_chance_node_is_rolled_before_the_engines_move() {
    let s = play(&format!(
        "{}{}-each depth=1 -variant rope-dice -games 6 -openings plies=1 -seed 3",
        engine("A", "uci", ""),
        engine("B", "xboard", "")
    ));
    let rolled = s
        .games
        .iter()
        .filter(|g| {
            let sources: Vec<MoveSource> = g.moves.iter().map(|m| m.source).collect();
            sources == [MoveSource::Book, MoveSource::Chance]
        })
        .count();
    assert!(
        rolled > 0,
        "a first ply that rolls the die is followed by its outcome"
    );
    for g in &s.games {
        assert!(
            g.outcome.reason.ends_with("disconnects"),
            "{}",
            g.outcome.reason
        );
    }
}
