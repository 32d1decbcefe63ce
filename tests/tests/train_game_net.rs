//! `scripts/strength/train-game-net.py` with the real network reader, through the real
//! binary's data: escalator self-play scored by its search (`datagen --scores`), turned into
//! inputs (`net-inputs`), trained for a few epochs; the written network reads back in
//! `escalade_eval::net::Network`, and the trainer's own integer evaluation of every position
//! (`--dump-eval`) is the engine's to the centipawn. Fine-tuning with no epochs (`--init`)
//! writes the file back byte for byte. Trained as a correction to the table (`--base`,
//! from `net-inputs --evals`), the network the game adds to its table is the trainer's to
//! the centipawn too. Skips with a printed reason when python3, numpy or scipy is missing,
//! except in CI (`CI=true`), where that is a failure.

use std::ffi::OsStr;
use std::path::Path;

use escalade_eval::net::Network;
use escalade_tests::{python_can_import, run_ok, run_strength_script, skip};

fn text(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn a_trained_game_network_evaluates_as_the_trainer_says() {
    if !python_can_import("numpy, scipy") {
        return skip("python3 with numpy and scipy is not installed");
    }
    let dir = escalade_tests::scratch_dir("train-game-net");
    let (data, inputs, net) = (dir.join("d.txt"), dir.join("d.inp"), dir.join("d.net"));
    run_ok(&[
        "datagen",
        "--variant",
        "escalator-almost",
        "--games",
        "3",
        "--nodes",
        "300",
        "--seed",
        "9",
        "--scores",
        "--out",
        text(&data),
    ]);
    let evals = dir.join("d.evals");
    run_ok(&[
        "net-inputs",
        "--variant",
        "escalator-almost",
        "--input",
        text(&data),
        "--output",
        text(&inputs),
        "--evals",
        text(&evals),
    ]);
    let train = |extra: &[&str], out: &Path| {
        let args: Vec<&OsStr> = [inputs.as_os_str(), out.as_os_str()]
            .into_iter()
            .chain(extra.iter().map(OsStr::new))
            .chain(["--dump-eval", text(&inputs)].map(OsStr::new))
            .collect();
        run_strength_script(Path::new("python3"), "train-game-net.py", &args)
    };
    let dumped = train(&["--hidden", "16", "--epochs", "3", "--batch", "64"], &net);
    let bytes = std::fs::read(&net).expect("network file");
    let rows = std::fs::read_to_string(&inputs).unwrap();
    check_dumped_evaluations(&bytes, &rows, &dumped);
    let again = dir.join("again.net");
    let init = text(&net).to_string();
    train(
        &["--hidden", "16", "--epochs", "0", "--init", &init],
        &again,
    );
    assert_eq!(std::fs::read(&again).unwrap(), bytes);
    let correction = dir.join("correction.net");
    let base = text(&evals).to_string();
    let dumped = train(
        &[
            "--hidden",
            "16",
            "--epochs",
            "2",
            "--batch",
            "64",
            "--base",
            &base,
            "--valid",
            text(&inputs),
            "--valid-base",
            &base,
        ],
        &correction,
    );
    let bytes = std::fs::read(&correction).expect("network file");
    check_dumped_evaluations(&bytes, &rows, &dumped);
    std::fs::remove_dir_all(&dir).ok();
}

/// The network file `bytes` reads back, and its evaluation of every row of the inputs file
/// `rows` is the trainer's (`--dump-eval`, a line each) to the centipawn.
fn check_dumped_evaluations(bytes: &[u8], rows: &str, dumped: &str) {
    let network = Network::read(bytes, "escalator", 1680).expect("readable");
    let mut compared = 0;
    for (row, line) in rows.lines().skip(1).zip(dumped.lines()) {
        let fields: Vec<&str> = row.split(';').collect();
        let list =
            |f: &str| -> Vec<u16> { f.split_whitespace().map(|i| i.parse().unwrap()).collect() };
        let pieces: u32 = fields[0].parse().unwrap();
        let engine = network.evaluate_inputs(&list(fields[3]), &list(fields[4]), pieces);
        assert_eq!(line.trim().parse::<i32>(), Ok(engine), "{row}");
        compared += 1;
    }
    assert_eq!(compared, rows.lines().count() - 1, "{dumped}");
}
