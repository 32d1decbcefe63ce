//! SPSA of the search constants through the real binary: `escalade uci --tunable` lists the
//! constants (plain `uci` does not), `setoption` changes the search with them and refuses
//! a bad value without a change, and `escalade spsa` plays its iterations through
//! `escalade match`, writes its state, resumes from it and refuses bad arguments;
//! `escalade uci --openbench-spsa` prints the constants as OpenBench's SPSA input.

use escalade_tests::pipe::{search_nodes, Pipe};
use escalade_tests::{run_ok as ok, run_refused};

/// The nodes of `go depth 9` from the start position after `setoptions`.
fn nodes_after(setoptions: &[&str]) -> u64 {
    let mut e = Pipe::start(&["uci"]);
    e.send("uci");
    e.lines_until("uciok");
    for line in setoptions {
        e.send(line);
    }
    e.send("position startpos");
    search_nodes(&mut e, "go depth 9")
}

#[test]
fn tunable_uci_lists_the_constants_and_setoption_changes_the_search() {
    let mut e = Pipe::start(&["uci", "--tunable"]);
    e.send("uci");
    let listed = e.lines_until("uciok");
    assert!(listed
        .iter()
        .any(|l| l == "option name RfpMargin type spin default 90 min 20 max 300"));
    assert!(listed
        .iter()
        .any(|l| l.starts_with("option name LmrDivisor ")));
    drop(e);
    let mut plain = Pipe::start(&["uci"]);
    plain.send("uci");
    assert!(!plain
        .lines_until("uciok")
        .iter()
        .any(|l| l.contains("RfpMargin")));

    let default = nodes_after(&[]);
    assert_eq!(default, nodes_after(&["setoption name RfpMargin value 90"]));
    assert_ne!(default, nodes_after(&["setoption name RfpMargin value 20"]));
    // a bad value is refused and changes nothing
    assert_eq!(
        default,
        nodes_after(&["setoption name RfpMargin value wide"])
    );
}

#[test]
fn openbench_spsa_input_has_every_constant_with_fides_own_defaults() {
    let text = ok(&["uci", "--openbench-spsa"]);
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split(',').map(str::trim).collect())
        .collect();
    assert_eq!(lines.len(), escalade_engine::SEARCH_PARAMS.len(), "{text}");
    for fields in &lines {
        // OpenBench's form: NAME, int|float, VALUE, MIN, MAX, C_END, R_END
        let [_, kind, value, min, max, c_end, r_end] = fields[..] else {
            panic!("not seven fields: {fields:?}");
        };
        assert_eq!(kind, "int");
        let [value, min, max]: [i64; 3] = [value, min, max].map(|v| v.parse().expect("int"));
        assert!(min <= value && value <= max, "{fields:?}");
        assert!(c_end.parse::<f64>().expect("c_end") > 0.0, "{fields:?}");
        assert_eq!(r_end, "0.002");
    }
    // FIDE chess searches with its own SingularDepth, not the engine-wide 0
    assert!(text.contains("SingularDepth, int, 8,"), "{text}");
}

#[test]
fn spsa_plays_its_iterations_writes_its_state_and_resumes() {
    let dir = escalade_tests::scratch_dir("spsa-cli");
    let state = dir.join("state.txt");
    let state = state.to_str().unwrap();
    let args = |iterations: &'static str| {
        vec![
            "spsa",
            "--variant",
            "normal",
            "--iterations",
            iterations,
            "--nodes",
            "400",
            "--params",
            "RfpMargin,LmrBase",
            "--plies",
            "4",
            "--out",
            state,
        ]
    };
    let out = ok(&args("2"));
    assert!(out.contains("iteration 1/2: plus "), "{out}");
    assert!(out.contains("iteration 2/2: plus "), "{out}");
    assert!(out.contains("final values"), "{out}");
    let text = std::fs::read_to_string(state).unwrap();
    assert!(text.contains("iteration 2\n"), "{text}");
    assert!(text.contains("RfpMargin "), "{text}");

    let mut resumed = args("3");
    resumed.push("--resume");
    let out = ok(&resumed);
    assert!(!out.contains("iteration 1/3"), "{out}");
    assert!(out.contains("iteration 3/3: plus "), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();

    for (bad, message) in [
        (
            vec!["--variant", "normal", "--params", "Nope"],
            "unknown search constant Nope",
        ),
        (vec!["--variant", "normal", "--pairs", "0"], "at least 1"),
        (vec!["--variant", "nope"], "nope"),
    ] {
        let mut a = vec!["spsa", "--iterations", "1"];
        a.extend(bad);
        run_refused(&a, message);
    }
}

#[test]
fn the_manual_lists_every_search_constant_with_its_default_and_range() {
    let manual = include_str!("../../docs/strength.md");
    for p in escalade_engine::SEARCH_PARAMS {
        let row = format!("| `{}` | {} | {}..={} |", p.name, p.default, p.min, p.max);
        assert!(manual.contains(&row), "docs/strength.md lacks {row}");
    }
}
