//! The `escalade` binary: parses the command line (clap) and runs one command; errors are
//! reported on stderr with a non-zero exit code. stdout belongs to the command's output
//! (or the protocol); logs go to stderr through `env_logger` (`RUST_LOG`).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use escalade::detect::{self, Protocol};
use escalade::output::Output;
use escalade::perft::PerftRequest;
use escalade::play::{PlayOptions, TimeControl};
use escalade::registry;

#[derive(Parser)]
#[command(name = "escalade", version, about = "A game engine for chess variants")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// List every variant: one line per variant, NAME<TAB>description
    Variants,
    /// Play a tournament between engines, refereed with Escalade's rules (cutechess-cli
    /// style flags: -engine cmd=... -engine cmd=... -each tc=10+0.1 -variant NAME ...;
    /// `escalade match -help` lists them)
    #[command(disable_help_flag = true)]
    Match {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    /// Count the leaf nodes of the legal move tree
    Perft {
        /// Variant name (see `escalade variants`)
        #[arg(long, default_value = "normal")]
        variant: String,
        /// Start from this FEN instead of the start position
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play first, in the variant's move text
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Depth in plies (at least 1)
        #[arg(long)]
        depth: u32,
        /// Print one `MOVE: COUNT` line per root move
        #[arg(long)]
        divide: bool,
        /// Split the root moves over this many threads
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Search fixed positions to a fixed depth; prints `Nodes searched` and `Nodes/second`
    Bench {
        /// Variant name, or `all`
        #[arg(long, default_value = "normal")]
        variant: String,
        /// Depth per position (default: the variant's bench depth)
        #[arg(long)]
        depth: Option<u32>,
        /// Search threads
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Transposition table size in MB
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Robustness run: fuzz the FEN and move readers, play random games checking the
    /// rules' invariants after every ply; prints figures per variant
    Selfcheck {
        /// Variant name, or `all`
        #[arg(long, default_value = "all")]
        variant: String,
        /// Random-play plies per variant (0: skip)
        #[arg(long, default_value_t = 100_000)]
        plies: u64,
        /// Fuzzed inputs per reader per variant (0: skip)
        #[arg(long, default_value_t = 10_000)]
        fuzz: u64,
        /// Also check every legal move of every Nth position (0: never)
        #[arg(long, default_value_t = 64)]
        full_every: u64,
        /// Random seed
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Speak XBoard/CECP on stdin/stdout
    Xboard,
    /// Speak UCI on stdin/stdout
    Uci,
    /// Play a game against the engine in the terminal
    Play {
        /// Variant name (see `escalade variants`)
        #[arg(long, default_value = "normal")]
        variant: String,
        /// Your side
        #[arg(long, value_enum, default_value_t = Side::White)]
        color: Side,
        /// The engine's time control, MINUTES+SECONDS (e.g. 5+0.1)
        #[arg(long, default_value = "5+0.1", conflicts_with = "depth")]
        tc: TimeControl,
        /// Search to this depth instead of using a clock
        #[arg(long)]
        depth: Option<u32>,
        /// Start from this FEN
        #[arg(long)]
        fen: Option<String>,
        /// Seed of the dice for chance variants (0: from the clock)
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

/// A side in `escalade play`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Side {
    White,
    Black,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Match { args }) => escalade::matchrunner::run(&args),
        Some(Command::Variants) => {
            for form in registry::forms() {
                println!("{}\t{}", form.name, form.description);
            }
            Ok(())
        }
        Some(Command::Perft {
            variant,
            fen,
            moves,
            depth,
            divide,
            threads,
        }) => escalade::perft::run(&PerftRequest {
            variant,
            fen,
            moves,
            depth,
            divide,
            threads,
        }),
        Some(Command::Bench {
            variant,
            depth,
            threads,
            hash,
        }) => escalade::bench::run(&escalade::bench::BenchRequest {
            variant,
            depth,
            threads,
            hash_mb: hash,
        }),
        Some(Command::Selfcheck {
            variant,
            plies,
            fuzz,
            full_every,
            seed,
        }) => escalade::selfcheck::run(&escalade::selfcheck::SelfcheckRequest {
            variant,
            plies,
            fuzz,
            full_every,
            seed,
        }),
        Some(Command::Xboard) => {
            detect::stdio(Some(Protocol::XBoard));
            Ok(())
        }
        Some(Command::Uci) => {
            detect::stdio(Some(Protocol::Uci));
            Ok(())
        }
        Some(Command::Play {
            variant,
            color,
            tc,
            depth,
            fen,
            seed,
        }) => escalade::play::run(
            PlayOptions {
                variant,
                color: match color {
                    Side::White => escalade_core::Color::White,
                    Side::Black => escalade_core::Color::Black,
                },
                tc,
                depth,
                fen,
                seed,
            },
            std::io::BufReader::new(std::io::stdin()),
            Output::stdout(),
        ),
        None => {
            detect::stdio(None);
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("escalade: {e}");
            ExitCode::from(2)
        }
    }
}
