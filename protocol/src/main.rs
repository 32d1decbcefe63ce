//! The `escalade` binary: parses the command line (clap) and runs one command; errors are
//! reported on stderr with a non-zero exit code. stdout belongs to the command's output
//! (or the protocol); logs go to stderr through `env_logger` (`RUST_LOG`).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use escalade::perft::PerftRequest;
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
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    let result = match cli.command {
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
        None => Err("no command given; try `escalade --help`".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("escalade: {e}");
            ExitCode::from(2)
        }
    }
}
