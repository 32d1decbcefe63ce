//! Perft from the start position of a form, with timing:
//! `cargo run --release -p escalade-checkercapture --example checkercapture_perft -- checkercapture 6`.

use escalade_core::Rules;
use std::time::Instant;

use escalade_checkercapture::{form_index, CheckerCapture};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let form = args.get(1).map_or("checkercapture", String::as_str);
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(5);
    let Some(index) = form_index(form) else {
        eprintln!("unknown form {form}");
        std::process::exit(2);
    };
    let p = CheckerCapture::startpos(index);
    for d in 1..=depth {
        let t = Instant::now();
        let n = p.perft(d);
        let s = t.elapsed().as_secs_f64();
        eprintln!(
            "{form} perft({d}) = {n}  {:.3}s  {:.1} Mnps",
            s,
            n as f64 / s.max(1e-9) / 1e6
        );
    }
}
