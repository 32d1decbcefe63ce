//! Unit tests of the command line: cutechess-cli lines, mistakes as messages, number bounds
//! and the flags cutechess-cli has that cannot apply.

use super::*;
use crate::timecontrol::TimeControl;

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

#[test]
fn parses_a_cutechess_command_line() {
    let cfg = parse(
        &args(
            "-engine cmd=escalade name=A option.Hash=64 -engine cmd=/usr/games/fairymax \
             proto=xboard -each tc=10+0.1 proto=uci -variant chess -rounds 2 -games 2 -repeat \
             -concurrency 2 -openings file=o.epd format=epd order=random plies=4 \
             -pgnout out.pgn -sprt elo0=0 elo1=10 alpha=0.05 beta=0.1 \
             -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 \
             -seed 42 -tournament gauntlet",
        ),
        1,
    )
    .unwrap();
    assert_eq!(cfg.engines.len(), 2);
    assert_eq!(cfg.engines[0].name.as_deref(), Some("A"));
    assert_eq!(cfg.engines[0].proto, Proto::Uci);
    assert_eq!(
        cfg.engines[1].proto,
        Proto::Uci,
        "-each is applied last and wins, as in cutechess-cli"
    );
    assert_eq!(cfg.engines[0].options, vec![("Hash".into(), "64".into())]);
    assert_eq!(
        cfg.engines[1].limits.tc,
        Some(TimeControl::parse("10+0.1").unwrap())
    );
    assert_eq!(cfg.variant, "normal");
    assert_eq!(
        (cfg.rounds, cfg.games, cfg.repeat, cfg.concurrency),
        (2, 2, 2, 2)
    );
    assert_eq!(cfg.openings.plies, Some(4));
    assert_eq!(cfg.openings.format, Some(OpeningFormat::Epd));
    assert_eq!(cfg.openings.order, OpeningOrder::Random);
    assert_eq!(cfg.sprt.unwrap().elo1, 10.0);
    assert_eq!(cfg.draw.unwrap().movecount, 8);
    assert_eq!(cfg.resign.unwrap().score, 600);
    assert_eq!(cfg.seed, 42);
    assert_eq!(cfg.tournament, TournamentKind::Gauntlet);
}

#[test]
fn cmd_with_spaces_is_split() {
    let cfg = parse(&args("-engine cmd=a -engine cmd=b -each depth=1"), 1).unwrap();
    assert_eq!(cfg.engines[1].cmd, "b");
    let cfg = parse(
        &[
            "-engine",
            "cmd=python3 x.py",
            "-engine",
            "cmd=b",
            "-each",
            "st=1",
        ]
        .map(String::from),
        1,
    )
    .unwrap();
    assert_eq!(cfg.engines[0].cmd, "python3");
    assert_eq!(cfg.engines[0].args, vec!["x.py".to_string()]);
}

#[test]
fn mistakes_are_messages() {
    for bad in [
        "",
        "-engine cmd=a",
        "stray -engine cmd=a -engine cmd=b",
        "-engine cmd=a -engine cmd=b -variant nosuch",
        "-engine cmd=a -engine cmd=b -rounds x",
        "-engine cmd=a -engine cmd=b -bogus",
        "-engine cmd=a proto=telnet -engine cmd=b",
        "-engine cmd=a tc=fast -engine cmd=b",
        "-engine name=a -engine cmd=b",
        "-engine cmd=a -engine cmd=b -sprt elo0=5 elo1=0",
        "-engine cmd=a -engine cmd=b -engine cmd=c -sprt elo0=0 elo1=5",
        "-engine cmd=a -engine cmd=b -resign movecount=3",
        "-engine cmd=a -engine cmd=b -games 0",
        "-engine cmd=a -engine cmd=b",
    ] {
        assert!(parse(&args(bad), 1).is_err(), "{bad}");
    }
}

/// Every numeric flag refuses negative, non-finite, fractional and absurd values with
/// a message (the binary exits 2 with it; `tests/tests/match_faults.rs`).
#[test]
fn numbers_out_of_range_are_messages() {
    let base = "-engine cmd=a -engine cmd=b";
    for bad in [
        "-each tc=1e20",
        "-each tc=1e19",
        "-each tc=1000001",
        "-each tc=inf+0",
        "-each tc=NaN",
        "-each tc=10+1e308",
        "-each tc=4294967296/10",
        "-each st=1e308",
        "-each st=-1",
        "-each st=0",
        "-each st=NaN",
        "-each st=inf",
        "-each depth=1 stall=1e308",
        "-each depth=1 stall=-5",
        "-each depth=1 stall=inf",
        "-each depth=-1",
        "-each depth=0",
        "-each depth=4294967296",
        "-each depth=1001",
        "-each depth=1.5",
        "-each nodes=-1",
        "-each nodes=18446744073709551616",
        "-each nodes=1e5",
        "-each depth=1 timemargin=18446744073709551615",
        "-each depth=1 timemargin=-1",
        "-each depth=1 timemargin=1e3",
        "-each depth=1 -rounds -1",
        "-each depth=1 -rounds 18446744073709551616",
        "-each depth=1 -rounds 1000000 -games 2",
        "-each depth=1 -games 1000001",
        "-each depth=1 -repeat -2",
        "-each depth=1 -repeat 0",
        "-each depth=1 -concurrency 0",
        "-each depth=1 -concurrency 100000",
        "-each depth=1 -openings plies=-1",
        "-each depth=1 -openings plies=4294967296",
        "-each depth=1 -openings start=0",
        "-each depth=1 -openings start=-1",
        "-each depth=1 -openings start=99999999999999999999",
        "-each depth=1 -draw movenumber=-1 movecount=2 score=10",
        "-each depth=1 -draw movecount=4294967296 score=10",
        "-each depth=1 -draw movecount=2 score=-10",
        "-each depth=1 -draw movecount=2 score=2147483648",
        "-each depth=1 -resign movecount=2 score=-600",
        "-each depth=1 -resign movecount=-2 score=600",
        "-each depth=1 -resign movecount=2 score=99999999999",
        "-each depth=1 -maxmoves -5",
        "-each depth=1 -maxmoves 4294967295",
        "-each depth=1 -seed -1",
        "-each depth=1 -seed 18446744073709551616",
        "-each depth=1 -sprt elo0=0 elo1=inf",
        "-each depth=1 -sprt elo0=-inf elo1=5",
        "-each depth=1 -sprt elo0=NaN elo1=5",
        "-each depth=1 -sprt elo0=0 elo1=1e308",
        "-each depth=1 -sprt elo0=0 elo1=5 alpha=NaN",
    ] {
        let line = format!("{base} {bad}");
        match parse(&args(&line), 1) {
            Ok(_) => panic!("accepted {bad}"),
            Err(e) => {
                let e = crate::error_chain(&e);
                assert!(!e.is_empty() && !e.contains("usage"), "{bad}: {e}")
            }
        }
    }
    for good in [
        "-each tc=1000000",
        "-each tc=40/1000000+1000000",
        "-each st=1000000 timemargin=1000000000",
        "-each depth=1000 stall=1000000",
        "-each nodes=1000000000000000",
        "-each depth=1 -rounds 1000 -games 1000 -repeat 1000000 -concurrency 512",
        "-each depth=1 -maxmoves 1000000 -seed 18446744073709551615",
        "-each depth=1 -maxmoves 0",
        "-each depth=1 -openings plies=1000 start=1000000000",
        "-each depth=1 -sprt elo0=-2000 elo1=2000",
        "-each depth=1 -draw movenumber=0 movecount=1 score=0",
    ] {
        let line = format!("{base} {good}");
        if let Err(e) = parse(&args(&line), 1) {
            panic!("{good}: {e}");
        }
    }
}

#[test]
fn cutechess_output_and_schedule_flags() {
    let cfg = parse(
        &args(
            "-engine cmd=a ponder -engine cmd=b whitepov -each depth=1 tc=40/60+0.5 \
             timemargin=50 -noswap -reverse -wait 250 -site My Club -epdout end.epd \
             -ratinginterval 10 -outcomeinterval 5 -pgnout g.pgn min fi -srand 9 \
             -tournament pyramid -openings file=b.pgn format=pgn plies=8 policy=round \
             -recover -maxmoves 0 -bookmode ram -resultformat small",
        ),
        1,
    )
    .unwrap();
    assert!(cfg.engines[0].ponder && !cfg.engines[1].ponder);
    assert!(cfg.engines[1].whitepov);
    assert_eq!(cfg.engines[0].limits.margin, Duration::from_millis(50));
    assert!(!cfg.swap && cfg.reverse);
    assert_eq!(cfg.wait, Duration::from_millis(250));
    assert_eq!(cfg.site, "My Club");
    assert_eq!(cfg.epdout, Some(PathBuf::from("end.epd")));
    assert_eq!((cfg.rating_interval, cfg.outcome_interval), (10, 5));
    assert!(cfg.pgn_minimal);
    assert_eq!(cfg.seed, 9);
    assert_eq!(cfg.tournament, TournamentKind::Pyramid);
    assert_eq!(cfg.openings.format, Some(OpeningFormat::Pgn));
    assert_eq!(cfg.openings.plies, Some(8));
    assert_eq!(cfg.openings.policy, OpeningPolicy::Round);
    assert_eq!(cfg.maxmoves, None);
}

#[test]
fn the_default_time_margin_is_zero() {
    let cfg = parse(&args("-engine cmd=a -engine cmd=b -each tc=10+0.1"), 1).unwrap();
    assert!(cfg.engines.iter().all(|e| e.limits.margin.is_zero()));
}

#[test]
fn flags_that_cannot_apply_say_why() {
    let base = "-engine cmd=a -engine cmd=b -each depth=1";
    for (flag, says) in [
        (
            "-tb /syzygy",
            "-tb: tablebases do not exist for these variants",
        ),
        ("-tbpieces 6", "-tbpieces: tablebases do not exist"),
        ("-tbignore50", "-tbignore50: tablebases do not exist"),
        ("-tbadjudicate WIN_LOSS", "-tbadjudicate: tablebases"),
        (
            "-each book=book.bin -variant escalator",
            "-engine: book=: Polyglot keys are keys of chess positions",
        ),
        ("-each bookdepth=0", "bad value '0' for bookdepth"),
        ("-tournament knockout", "knockout is not supported"),
        ("-pgnout g.pgn short", "unknown option 'short'"),
        (
            "-openings file=x format=cbh",
            "format must be pgn, epd or fen",
        ),
        ("-openings policy=pair", "unknown policy 'pair'"),
        (
            "-each restart=sometimes",
            "bad value 'sometimes' for restart",
        ),
        ("-wait -5", "-wait"),
        ("-each ponder=maybe", "bad value 'maybe' for ponder"),
    ] {
        let line = format!("{base} {flag}");
        let e = match parse(&args(&line), 1) {
            Ok(_) => panic!("accepted {flag}"),
            Err(e) => crate::error_chain(&e),
        };
        assert!(e.contains(says), "{flag}: {e}");
    }
}

#[test]
fn fastchess_report_resultformat_and_bookmode() {
    let base = "-engine cmd=a -engine cmd=b -each depth=1";
    let cfg = parse(&args(&format!("{base} -report penta=true")), 1).unwrap();
    assert_eq!(cfg.report_penta, Some(true));
    let cfg = parse(&args(&format!("{base} -report penta=false")), 1).unwrap();
    assert_eq!(cfg.report_penta, Some(false));
    assert!(parse(&args(&format!("{base} -report penta=yes")), 1).is_err());
    assert!(parse(&args(&format!("{base} -report pent=true")), 1).is_err());
    let cfg = parse(&args(&format!("{base} -resultformat small")), 1).unwrap();
    assert_eq!(
        cfg.result_format.unwrap(),
        ["Rank", "Name", "Games", "Points"]
    );
    let err = parse(&args(&format!("{base} -resultformat Rank,Nmae")), 1).unwrap_err();
    assert!(
        crate::error_chain(&err).contains("unknown field 'Nmae'"),
        "{}",
        crate::error_chain(&err)
    );
    assert!(parse(&args(&format!("{base} -bookmode ram")), 1).is_ok());
    assert!(parse(&args(&format!("{base} -bookmode disk")), 1).is_ok());
    assert!(parse(&args(&format!("{base} -bookmode tape")), 1).is_err());
    let cfg = parse(
        &args("-engine cmd=a depth=3 option.Hash=8 -engine cmd=b -each depth=1 option.Hash=16"),
        1,
    )
    .unwrap();
    assert_eq!(cfg.engines[0].limits.depth, Some(1), "-each wins");
    assert_eq!(cfg.engines[0].options, vec![("Hash".into(), "16".into())]);
}
