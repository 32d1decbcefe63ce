//! `scripts/strength/train-net.py` with the real FIDE network reader: a network trained on
//! a small set where White is a queen up in half the positions (label 1) and Black in the
//! other half (label 0), either side to move, reads back in `escalade_fide::Network` and
//! scores the queen for the side that has it, in each king layout; `net-error.py` measures
//! it on the same positions, each evaluation within a centipawn of the engine's. Fine-tuning
//! (`--init`) starts from the embedded network's weights: with no epochs it writes the same
//! file back, byte for byte; with a `--hidden` twice its width it writes a network twice as
//! wide that evaluates as the embedded one does (`net-error.py`). Skips
//! with a printed reason when python3, numpy or scipy is missing, except in CI
//! (`CI=true`), where that is a failure.

use std::path::Path;

use escalade_fide::eval::Network;
use escalade_fide::parse_fen;
use escalade_tests::{python_can_import, run_strength_script, skip};

/// White a queen up, with the kings and the side to move varied.
const WHITE_AHEAD: [&str; 4] = [
    "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
    "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
    "7k/8/8/8/2Q5/8/8/K7 w - - 0 1",
    "k7/8/8/8/8/4Q3/8/6K1 b - - 0 1",
];
/// The same with colours swapped (the board mirrored).
const BLACK_AHEAD: [&str; 4] = [
    "3qk3/8/8/8/8/8/8/4K3 b - - 0 1",
    "3qk3/8/8/8/8/8/8/4K3 w - - 0 1",
    "k7/8/8/2q5/8/8/8/7K b - - 0 1",
    "6k1/8/4q3/8/8/8/8/K7 w - - 0 1",
];

#[test]
fn a_trained_network_reads_back_and_values_the_queen() {
    if !python_can_import("numpy, scipy") {
        return skip("python3 with numpy and scipy is not installed");
    }
    for kings in ["plain", "mirror", "mirror4"] {
        train_and_read_back(kings);
    }
}

fn train_and_read_back(kings: &str) {
    let dir = escalade_tests::scratch_dir(&format!("trainnet-{kings}"));
    let data = dir.join("data.txt");
    let mut lines = String::new();
    for _ in 0..50 {
        for fen in WHITE_AHEAD {
            lines += &format!("{fen};1.0\n");
        }
        for fen in BLACK_AHEAD {
            lines += &format!("{fen};0.0\n");
        }
    }
    std::fs::write(&data, lines).expect("data file");
    let net = dir.join("test.net");
    let args = [data.as_os_str(), net.as_os_str()]
        .into_iter()
        .chain(
            [
                "--epochs", "60", "--batch", "64", "--lr", "0.01", "--kings", kings,
            ]
            .map(std::ffi::OsStr::new),
        )
        .collect::<Vec<_>>();
    let printed = run_strength_script(Path::new("python3"), "train-net.py", &args);
    assert!(printed.contains("network written"), "{printed}");
    let network = Network::read(&std::fs::read(&net).expect("network file")).expect("readable");
    let eval = |fen: &str| network.evaluate(&parse_fen(fen).expect("valid FEN"));
    for (white, black) in WHITE_AHEAD.iter().zip(BLACK_AHEAD) {
        let (w, b) = (eval(white), eval(black));
        let white_view = if white.contains(" w ") { w } else { -w };
        assert!(white_view > 100, "{white}: {w}");
        // the mirrored position is the same position for the side to move
        assert_eq!(w, b, "{white} / {black}");
    }
    let measured = run_strength_script(
        Path::new("python3"),
        "net-error.py",
        &[data.as_os_str(), net.as_os_str(), "--each".as_ref()],
    );
    let fens = WHITE_AHEAD.iter().chain(&BLACK_AHEAD).cycle();
    for (fen, line) in fens.zip(measured.lines().take(400)) {
        let script: f64 = line
            .parse()
            .unwrap_or_else(|_| panic!("not a number: {line}"));
        let engine = eval(fen) as f64;
        assert!(
            (script - engine).abs() < 1.1,
            "{kings} {fen}: {script} {engine}"
        );
    }
    let mse: f64 = measured
        .split_whitespace()
        .skip_while(|&word| word != "mse")
        .nth(1)
        .and_then(|value| value.parse().ok())
        .unwrap_or_else(|| panic!("no error printed: {measured}"));
    assert!(mse < 0.1, "{kings}: {measured}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn fine_tuning_starts_from_the_embedded_network() {
    if !python_can_import("numpy, scipy") {
        return skip("python3 with numpy and scipy is not installed");
    }
    let dir = escalade_tests::scratch_dir("finetune");
    let data = dir.join("data.txt");
    let lines: String = WHITE_AHEAD
        .iter()
        .map(|fen| format!("{fen};1.0\n"))
        .collect();
    std::fs::write(&data, lines).expect("data file");
    let embedded = Path::new(env!("CARGO_MANIFEST_DIR")).join("../movegen/fide/src/eval/fide.net");
    let bytes = std::fs::read(&embedded).expect("embedded network");
    // the king layout is the header's eighth field (none: `plain`)
    let header = String::from_utf8_lossy(bytes.split(|&b| b == b'\n').next().unwrap_or_default());
    let kings = header
        .split_whitespace()
        .nth(7)
        .unwrap_or("plain")
        .to_string();
    let width: usize = header
        .split_whitespace()
        .nth(1)
        .and_then(|field| field.parse().ok())
        .expect("the header's width");
    let untrained = |name: &str, hidden: usize| {
        let net = dir.join(name);
        let hidden = hidden.to_string();
        let args = [data.as_os_str(), net.as_os_str()]
            .into_iter()
            .chain(
                [
                    "--epochs", "0", "--kings", &kings, "--hidden", &hidden, "--init",
                ]
                .map(std::ffi::OsStr::new),
            )
            .chain([embedded.as_os_str()])
            .collect::<Vec<_>>();
        let printed = run_strength_script(Path::new("python3"), "train-net.py", &args);
        assert!(printed.contains("network written"), "{printed}");
        net
    };
    let same = untrained("same.net", width);
    assert!(std::fs::read(&same).expect("network file") == bytes);
    let wide = untrained("wide.net", 2 * width);
    let wide_header = std::fs::read(&wide).expect("network file");
    let wide_header = String::from_utf8_lossy(wide_header.split(|&b| b == b'\n').next().unwrap());
    assert!(
        wide_header.contains(&format!(" {} ", 2 * width)),
        "{wide_header}"
    );
    let each = |net: &Path| {
        let printed = run_strength_script(
            Path::new("python3"),
            "net-error.py",
            &[data.as_os_str(), net.as_os_str(), "--each".as_ref()],
        );
        let values: Vec<f64> = printed
            .lines()
            .map_while(|line| line.parse().ok())
            .collect();
        assert_eq!(values.len(), WHITE_AHEAD.len(), "{printed}");
        values
    };
    for (narrow, wide) in each(&embedded).into_iter().zip(each(&wide)) {
        assert!((narrow - wide).abs() < 1.0, "{narrow} widened to {wide}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
