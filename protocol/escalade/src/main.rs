//! The `escalade` binary: parses the command line (clap) and runs one command; errors are
//! reported on stderr with their causes (`escalade: ERROR: CAUSE: ...`) and exit code 2. stdout belongs to the command's output
//! (or the protocol); logs go to stderr through `env_logger` (`RUST_LOG`).

#![forbid(unsafe_code)]

use std::error::Error;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use escalade::bench::BenchRequest;
use escalade::datagen::DatagenRequest;
use escalade::detect::{self, Protocol};
use escalade::net_inputs::NetInputsRequest;
use escalade::openings::OpeningsRequest;
use escalade::output::Output;
use escalade::perft::PerftRequest;
use escalade::play::{PlayOptions, TimeControl};
use escalade::registry;
use escalade::selfcheck::SelfcheckRequest;
use escalade::spsa::SpsaRequest;
use escalade::tune::TuneRequest;

#[derive(Parser)]
#[command(
    name = "escalade",
    version = escalade::VERSION,
    about = "A game engine for chess variants"
)]
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
    Perft(PerftRequest),
    /// Search fixed positions to a fixed depth; prints `Nodes searched` and `Nodes/second`
    Bench(BenchRequest),
    /// Robustness run: fuzz the FEN and move readers, play random games checking the
    /// rules' invariants after every ply; prints figures per variant
    Selfcheck(SelfcheckRequest),
    /// Self-play games at a fixed node count per move; writes every quiet position after
    /// the random opening with the game's result (`FEN;RESULT`, White's view) for tuning
    Datagen(DatagenRequest),
    /// Turn a `datagen --scores` file into the inputs of the game's evaluation network, for
    /// `scripts/strength/train-game-net.py`
    NetInputs(NetInputsRequest),
    /// Write an opening book of unbalanced positions (random plies, kept when the engine's
    /// score lies in a window for either side), one FEN per line, for `-openings file=`
    Openings(OpeningsRequest),
    /// Fit the evaluation weights to a datagen file (Texel's method: gradient descent or
    /// local search); writes them as the generated Rust table the game loads its weights
    /// from (`--current`: the table of the weights in use)
    Tune(TuneRequest),
    /// Print balanced opening positions as OpenBench asks for them: `escalade genfens N
    /// seed S book <None|BOOK> [variant NAME] [plies K] [nodes N] [max-score CP]`, or the
    /// request as one argument (`escalade "genfens 8 seed 1 book None" quit`); one
    /// `info string genfens FEN` line per position
    #[command(disable_help_flag = true)]
    Genfens {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    /// Tune the search constants by SPSA: the engine with them moved one way plays itself
    /// with them moved the other way through `escalade match`, and they step towards the
    /// side that scores
    Spsa(SpsaRequest),
    /// Play in the browser: serves the board on http://127.0.0.1:PORT/ (prints the URL)
    Gui {
        /// Port to listen on (0: any free port; by default 8080, or a free one if 8080 is taken)
        #[arg(long)]
        port: Option<u16>,
        /// Open the system browser on the board
        #[arg(long)]
        open: bool,
        /// Variant of a board opened without `?variant=NAME` (see `escalade variants`)
        #[arg(long, default_value = registry::DEFAULT_VARIANT)]
        variant: String,
        /// MB that all the boards' hash tables may hold together (default: half of the
        /// machine's memory)
        #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
        hash_budget: Option<u64>,
    },
    /// Speak XBoard/CECP on stdin/stdout
    Xboard,
    /// Speak UCI on stdin/stdout
    Uci {
        /// Also list the search constants as options (for SPSA tuning: `escalade spsa`,
        /// OpenBench); they are accepted by `setoption` either way
        #[arg(long)]
        tunable: bool,
        /// Print the search constants as OpenBench's SPSA input for FIDE chess (`NAME, int,
        /// DEFAULT, MIN, MAX, C_END, R_END` a line: the game's defaults, the declared steps)
        /// and exit
        #[arg(long)]
        openbench_spsa: bool,
    },
    /// Play a game against the engine in the terminal
    Play {
        /// Variant name (see `escalade variants`)
        #[arg(long, default_value = registry::DEFAULT_VARIANT)]
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
        /// Seed of the dice for chance variants and of the skill level's choices (0: from
        /// the clock)
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The engine's strength, 0 (weakest) to 20 (full strength; see `Skill Level`)
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(0..=20))]
        skill: u32,
    },
}

/// A side in `escalade play`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Side {
    White,
    Black,
}

/// The command line, with OpenBench's one-argument genfens request
/// (`"genfens 8 seed 1 book None" "quit"`) split into the words of `escalade genfens`.
fn genfens_argv() -> Vec<String> {
    let mut args: Vec<String> = std::env::args().collect();
    if let Some(words) = escalade::genfens::command_line_words(&args[1.min(args.len())..]) {
        args.truncate(1);
        args.extend(words);
    }
    args
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse_from(genfens_argv());
    let result: Result<(), Box<dyn Error>> = match cli.command {
        Some(Command::Match { args }) => escalade::matchrunner::run(&args).map_err(Into::into),
        Some(Command::Variants) => {
            for form in registry::forms() {
                println!("{}\t{}", form.name, form.description);
            }
            Ok(())
        }
        Some(Command::Perft(request)) => escalade::perft::run(&request).map_err(Into::into),
        Some(Command::Bench(request)) => escalade::bench::run(&request).map_err(Into::into),
        Some(Command::Selfcheck(request)) => escalade::selfcheck::run(&request).map_err(Into::into),
        Some(Command::Datagen(request)) => escalade::datagen::run(&request).map_err(Into::into),
        Some(Command::NetInputs(request)) => {
            escalade::net_inputs::run(&request).map_err(Into::into)
        }
        Some(Command::Openings(request)) => escalade::openings::run(&request).map_err(Into::into),
        Some(Command::Tune(request)) => escalade::tune::run(&request).map_err(Into::into),
        Some(Command::Genfens { args }) => escalade::genfens::parse(&args)
            .and_then(|req| escalade::genfens::run(&req, &mut std::io::stdout().lock()))
            .map_err(Into::into),
        Some(Command::Spsa(request)) => escalade::spsa::run(&request).map_err(Into::into),
        Some(Command::Gui {
            port,
            open,
            variant,
            hash_budget,
        }) => registry::canonical(&variant)
            .map_err(Box::<dyn Error>::from)
            .and_then(|variant| {
                escalade::gui::serve(escalade::gui::GuiOptions {
                    port,
                    open,
                    variant: variant.to_string(),
                    hash_budget_mb: hash_budget.map(|mb| mb as usize),
                })
                .map_err(Into::into)
            }),
        Some(Command::Xboard) => {
            detect::stdio(Some(Protocol::XBoard));
            Ok(())
        }
        Some(Command::Uci {
            openbench_spsa: true,
            ..
        }) => escalade::spsa::openbench_inputs(registry::DEFAULT_VARIANT, 0.002)
            .map(|lines| lines.iter().for_each(|l| println!("{l}")))
            .map_err(Into::into),
        Some(Command::Uci { tunable, .. }) if !tunable && !detect::TUNABLE_BUILD => {
            detect::stdio(Some(Protocol::Uci));
            Ok(())
        }
        Some(Command::Uci { .. }) => {
            detect::stdio_uci_tunable();
            Ok(())
        }
        Some(Command::Play {
            variant,
            color,
            tc,
            depth,
            fen,
            seed,
            skill,
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
                skill,
            },
            std::io::BufReader::new(std::io::stdin()),
            Output::stdout(),
        )
        .map_err(Into::into),
        None => {
            detect::stdio(None);
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "escalade: {}",
                escalade_session::output::error_chain(e.as_ref())
            );
            ExitCode::from(2)
        }
    }
}
