//! Restricting the root moves through the real binary: UCI `go searchmoves` (only the
//! listed legal moves are searched; texts that are no legal move are logged and left out)
//! and XBoard `exclude`/`include` in analysis (feature `exclude=1`; the set starts again at
//! every new position; a bad move is an `Error`).

use escalade_tests::pipe::{best, uci, xboard_features};

#[test]
fn uci_searchmoves_limits_the_root() {
    let mut e = uci();
    e.send("position startpos");
    for (list, allowed) in [
        ("a2a3", &["a2a3"][..]),
        ("h2h4 g1h3", &["h2h4", "g1h3"]),
        // a text that is no legal move is left out; the rest still counts
        ("e2e5 b1a3", &["b1a3"]),
    ] {
        e.send(&format!("go depth 4 searchmoves {list}"));
        let lines = e.lines_until("bestmove");
        let mv = best(lines.last().unwrap());
        assert!(allowed.contains(&mv.as_str()), "{list}: {mv}");
        // every reported line starts with an allowed move
        for l in lines.iter().filter(|l| l.contains(" pv ")) {
            let first = l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap();
            assert!(allowed.contains(&first), "{list}: {l}");
        }
    }
    // with MultiPV 3 but two moves allowed: two lines
    e.send("setoption name MultiPV value 3");
    e.send("go depth 3 searchmoves d2d4 c2c4");
    let lines = e.lines_until("bestmove");
    assert!(lines.iter().any(|l| l.contains("multipv 2")));
    assert!(!lines.iter().any(|l| l.contains("multipv 3")), "{lines:?}");
    // nothing legal in the list: every move is searched
    e.send("setoption name MultiPV value 1");
    e.send("go depth 2 searchmoves e2e5");
    let lines = e.lines_until("bestmove");
    assert!(best(lines.last().unwrap()).len() >= 4);
    // the next search has no restriction
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go depth 3");
    assert_eq!(best(&e.expect("bestmove")), "d1d8");
    e.send("quit");
    assert!(e.finish().success());
}

/// The first move of the PV of every thinking line in `lines` (XBoard: `DEPTH SCORE TIME
/// NODES PV...`).
fn pv_firsts(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let numeric = words.len() > 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok());
            numeric.then(|| words[4].to_string())
        })
        .collect()
}

#[test]
fn xboard_exclude_and_include_steer_the_analysis() {
    let (mut e, features) = xboard_features();
    assert!(features.iter().any(|l| l.contains("exclude=1")));
    e.send("new");
    e.send("force");
    // Rd8 mates: excluded, the analysis must find something else
    e.send("setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("post");
    e.send("exclude d1d8");
    e.send("analyze");
    std::thread::sleep(std::time::Duration::from_millis(300));
    e.send("ping 1");
    let lines = e.lines_until("pong 1");
    let firsts = pv_firsts(&lines);
    assert!(!firsts.is_empty(), "{lines:?}");
    assert!(firsts.iter().all(|m| m != "d1d8"), "{lines:?}");
    // back in: the mate is found again
    e.send("include d1d8");
    std::thread::sleep(std::time::Duration::from_millis(300));
    e.send("ping 2");
    let lines = e.lines_until("pong 2");
    assert!(pv_firsts(&lines).iter().any(|m| m == "d1d8"), "{lines:?}");
    // only one move (set outside the analysis: each change restarts a running one)
    e.send("exit");
    e.send("exclude all");
    e.send("include h2h3");
    e.send("analyze");
    std::thread::sleep(std::time::Duration::from_millis(300));
    e.send("ping 3");
    let lines = e.lines_until("pong 3");
    let firsts = pv_firsts(&lines);
    assert!(
        !firsts.is_empty() && firsts.iter().all(|m| m == "h2h3"),
        "{lines:?}"
    );
    // a bad move is an error and changes nothing
    e.send("exclude d1d9");
    e.expect("Error (");
    e.send("exit");
    e.send("quit");
    assert!(e.finish().success());
}
