//! fastchess's flags and cutechess-cli's remaining ones through the real `escalade match`
//! binary, with `escalade` itself as both engines (UCI, depth 1, short games): the
//! `-report penta=` block's labels in fastchess's order, a run killed after an autosave and
//! resumed with `-config file=` to the same total, `-log` (events and engine lines),
//! `-show-latency`, `-use-affinity`, `-resultformat`, a Polyglot `book=` (and its refusal
//! outside chess), the hourglass `tc=hgTIME`, and `-each` winning over an engine's keys.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use escalade_tests::deadline::{run_until, Finished};

/// `escalade match ARGS` in `dir`, killed after 120 s.
fn escalade_match(dir: &Path, args: &[String]) -> Finished {
    let mut all = vec!["match".to_string()];
    all.extend_from_slice(args);
    run_until(&all, Some(dir), Duration::from_secs(120))
}

/// A directory of its own for one test.
fn dir(test: &str) -> PathBuf {
    let d = escalade_tests::scratch_dir(&format!("fastchess-{test}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Two `escalade` engines A and B (UCI, `-each depth=1`), games of at most `moves` moves
/// after 4 random opening plies, seed 11, then `flags`.
fn two(moves: u32, flags: &str) -> Vec<String> {
    let bin = escalade_tests::escalade_bin();
    let mut a: Vec<String> = Vec::new();
    for name in ["A", "B"] {
        a.extend([
            "-engine".into(),
            format!("cmd={}", bin.display()),
            format!("name={name}"),
            "proto=uci".into(),
        ]);
    }
    let common = format!("-each depth=1 -maxmoves {moves} -openings plies=4 -seed 11 {flags}");
    a.extend(common.split_whitespace().map(str::to_string));
    a
}

fn lines<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    text.lines().filter(|l| l.starts_with(prefix)).collect()
}

#[test]
fn the_penta_report_has_fastchess_lines_in_order() {
    let d = dir("penta");
    let run = escalade_match(
        &d,
        &two(
            6,
            "-games 2 -rounds 2 -repeat -report penta=true -sprt elo0=0 elo1=5 alpha=0.05 \
             beta=0.05 -ratinginterval 2",
        ),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let rule = "--------------------------------------------------";
    let labels = [
        rule,
        "Results of A vs B (1 plies, NULL, NULL):",
        "Elo: ",
        "LOS: ",
        "Games: 4, Wins: ",
        "Ptnml(0-2): [",
        "LLR: ",
        rule,
    ];
    // The block after the last game (4 games: the interval's block is the final one).
    let all: Vec<&str> = run.stdout.lines().collect();
    let start = all
        .iter()
        .rposition(|l| l.starts_with("Results of A vs B"))
        .expect(&run.stdout)
        - 1;
    for (k, label) in labels.iter().enumerate() {
        assert!(
            all[start + k].starts_with(label),
            "line {k} '{}' should start with '{label}'\n{}",
            all[start + k],
            run.stdout
        );
    }
    assert!(all[start + 2].contains(", nElo: "), "{}", all[start + 2]);
    assert!(
        all[start + 3].contains(" %, DrawRatio: ") && all[start + 3].contains(", PairsRatio: "),
        "{}",
        all[start + 3]
    );
    assert!(all[start + 4].contains(", Points: "), "{}", all[start + 4]);
    assert!(
        all[start + 5].contains("], WL/DD Ratio: "),
        "{}",
        all[start + 5]
    );
    assert!(
        all[start + 6].ends_with(" (-2.94, 2.94) [0.00, 5.00]"),
        "{}",
        all[start + 6]
    );
    // The interval's block after game 2 too.
    assert!(run.stdout.contains("Games: 2, Wins: "), "{}", run.stdout);

    let plain = escalade_match(&d, &two(6, "-games 2 -repeat -report penta=false"));
    assert_eq!(plain.code, Some(0), "{}", plain.stderr);
    assert_eq!(lines(&plain.stdout, "Results of A vs B").len(), 1);
    assert!(!plain.stdout.contains("PairsRatio"), "{}", plain.stdout);
    assert!(lines(&plain.stdout, "Ptnml(0-2): [").is_empty());
    assert_eq!(lines(&plain.stdout, "Elo: ").len(), 1);
}

/// The games saved in the state file `path` (0 while it is missing or half written).
fn saved_games(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|v| v["games"].as_array().map(Vec::len))
        .unwrap_or(0)
}

#[test]
fn a_run_killed_after_an_autosave_resumes_to_the_same_total() {
    let d = dir("resume");
    let state = d.join("config.json");
    let mut child = Command::new(escalade_tests::escalade_bin())
        .arg("match")
        .args(two(
            4,
            "-games 2 -rounds 30 -repeat -autosaveinterval 2 -report penta=true",
        ))
        .current_dir(&d)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(60);
    while saved_games(&state) < 2 && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(2));
    }
    let _ = child.kill();
    let _ = child.wait();
    let before = saved_games(&state);
    assert!((2..60).contains(&before), "saved {before} games");
    let resumed = escalade_match(&d, &["-config".into(), "file=config.json".into()]);
    assert_eq!(resumed.code, Some(0), "{}", resumed.stderr);
    assert!(
        resumed
            .stdout
            .contains(&format!("Resumed: {before} of 60 games played")),
        "{}",
        resumed.stdout
    );
    assert_eq!(
        lines(&resumed.stdout, "Started game").len(),
        60 - before,
        "only the games left are played"
    );
    assert!(
        resumed.stdout.contains("Games: 60, Wins: "),
        "{}",
        resumed.stdout
    );
    assert_eq!(saved_games(&state), 60, "saved at the end");
    let bad = escalade_match(
        &d,
        &[
            "-config".into(),
            "file=config.json".into(),
            "-engine".into(),
            "cmd=x".into(),
        ],
    );
    assert_eq!(bad.code, Some(2), "{}", bad.stderr);
    let missing = escalade_match(&d, &["-config".into(), "file=nothing.json".into()]);
    assert_eq!(missing.code, Some(2));
    assert!(
        missing.stderr.contains("nothing.json"),
        "{}",
        missing.stderr
    );
}

#[test]
fn log_latency_and_affinity() {
    let d = dir("log");
    let run = escalade_match(
        &d,
        &two(
            3,
            "-games 2 -show-latency -use-affinity 0 -log file=run.log level=info engine=true",
        ),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let log = std::fs::read_to_string(d.join("run.log")).unwrap();
    assert!(
        log.lines().any(|l| l.starts_with("[INFO  ] [")
            && l.ends_with("escalade --- Started game 1 of 2 (A vs B)")),
        "{log}"
    );
    assert!(log.contains(" ---> bestmove "), "{log}");
    assert!(log.contains(" <--- go "), "{log}");
    let latency: Vec<&str> = log.lines().filter(|l| l.contains("latency: ")).collect();
    assert!(!latency.is_empty(), "{log}");
    assert!(
        latency.iter().all(|l| l.contains("escalade --- Engine ")
            && l.contains("ms (elapsed: ")
            && l.contains(", reported: ")),
        "{latency:#?}"
    );
    // Without a log, the latency lines go to stderr.
    let plain = escalade_match(&d, &two(3, "-show-latency"));
    assert_eq!(plain.code, Some(0), "{}", plain.stderr);
    assert!(
        plain.stderr.contains("Engine A latency: "),
        "{}",
        plain.stderr
    );
    let bad = escalade_match(&d, &two(3, "-use-affinity 0,x"));
    assert_eq!(bad.code, Some(2));
    assert!(
        bad.stderr.contains("-use-affinity: bad CPU list '0,x'"),
        "{}",
        bad.stderr
    );
}

#[test]
fn resultformat_lays_out_cutechess_columns() {
    let d = dir("resultformat");
    let mut a = two(2, "-resultformat small");
    let bin = escalade_tests::escalade_bin();
    a.extend([
        "-engine".into(),
        format!("cmd={}", bin.display()),
        "name=C".into(),
        "proto=uci".into(),
    ]);
    let run = escalade_match(&d, &a);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout
            .contains(&format!("Rank {:<25}   Games   Points \n", "Name")),
        "{}",
        run.stdout
    );
    let rows = run
        .stdout
        .lines()
        .filter(|l| l.len() > 5 && l[..4].trim().parse::<u32>().is_ok())
        .count();
    assert_eq!(rows, 3, "{}", run.stdout);
    let help = escalade_match(&d, &["-resultformat".into(), "help".into()]);
    assert_eq!(help.code, Some(0));
    assert!(help.stdout.contains("wide3\n"), "{}", help.stdout);
    let bad = escalade_match(&d, &two(2, "-resultformat Rank,Nmae"));
    assert_eq!(bad.code, Some(2));
    assert!(
        bad.stderr.contains("unknown field 'Nmae'"),
        "{}",
        bad.stderr
    );
}

/// A Polyglot entry: key, move, weight, learn (big-endian).
fn entry(key: u64, mv: u16, weight: u16) -> Vec<u8> {
    let mut e = key.to_be_bytes().to_vec();
    e.extend(mv.to_be_bytes());
    e.extend(weight.to_be_bytes());
    e.extend(0u32.to_be_bytes());
    e
}

#[test]
fn a_polyglot_book_opens_fide_games_and_is_refused_elsewhere() {
    let d = dir("polyglot");
    // The published keys of the start position and of 1. e4; e2e4 and e7e5 encoded as
    // to-file | to-row << 3 | from-file << 6 | from-row << 9.
    let mut book = entry(0x463b_9618_1691_fc9c, 4 | 3 << 3 | 4 << 6 | 1 << 9, 1);
    book.extend(entry(
        0x823c_9b50_fd11_4196,
        4 | 4 << 3 | 4 << 6 | 6 << 9,
        1,
    ));
    std::fs::write(d.join("book.bin"), book).unwrap();
    let bin = escalade_tests::escalade_bin();
    let mut a: Vec<String> = Vec::new();
    for name in ["A", "B"] {
        a.extend([
            "-engine".into(),
            format!("cmd={}", bin.display()),
            format!("name={name}"),
            "proto=uci".into(),
        ]);
    }
    let flags = "-each depth=1 book=book.bin bookdepth=4 -maxmoves 3 -pgnout out.pgn -bookmode ram";
    a.extend(flags.split_whitespace().map(str::to_string));
    let run = escalade_match(&d, &a);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let pgn = std::fs::read_to_string(d.join("out.pgn")).unwrap();
    assert!(pgn.contains("1. e4 {book} 1... e5 {book} 2. "), "{pgn}");
    let mut variant = a.clone();
    variant.extend(["-variant".into(), "escalator".into()]);
    let refused = escalade_match(&d, &variant);
    assert_eq!(refused.code, Some(2));
    assert!(
        refused
            .stderr
            .contains("Polyglot keys are keys of chess positions"),
        "{}",
        refused.stderr
    );
    std::fs::write(d.join("short.bin"), [0u8; 15]).unwrap();
    let mut short = a.clone();
    short.extend(["-each".into(), "book=short.bin".into()]);
    let bad = escalade_match(&d, &short);
    assert_eq!(bad.code, Some(2));
    assert!(bad.stderr.contains("not a Polyglot book"), "{}", bad.stderr);
}

#[test]
fn hourglass_and_each_precedence() {
    let d = dir("hourglass");
    let bin = escalade_tests::escalade_bin();
    let a: Vec<String> = vec![
        "-engine".into(),
        format!("cmd={}", bin.display()),
        "name=A".into(),
        "proto=uci".into(),
        "depth=3".into(),
        "-engine".into(),
        format!("cmd={}", bin.display()),
        "name=B".into(),
        "proto=uci".into(),
        "-each".into(),
        "tc=hg30".into(),
        "depth=1".into(),
        "-maxmoves".into(),
        "4".into(),
        "-pgnout".into(),
        "hg.pgn".into(),
    ];
    let run = escalade_match(&d, &a);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let pgn = std::fs::read_to_string(d.join("hg.pgn")).unwrap();
    assert!(pgn.contains("[TimeControl \"hg30\"]"), "{pgn}");
    // -each depth=1 wins over A's depth=3: every move's comment says depth 1.
    let depths: Vec<&str> = pgn
        .split('{')
        .skip(1)
        .filter_map(|c| c.split('}').next()?.split_once('/').map(|(_, rest)| rest))
        .filter_map(|rest| rest.split_whitespace().next())
        .collect();
    assert!(
        !depths.is_empty() && depths.iter().all(|d| *d == "1"),
        "{pgn}"
    );
    let mut bad = a.clone();
    bad[10] = "tc=hg30+1".into();
    let refused = escalade_match(&d, &bad);
    assert_eq!(refused.code, Some(2));
    assert!(refused.stderr.contains("hourglass"), "{}", refused.stderr);
}
