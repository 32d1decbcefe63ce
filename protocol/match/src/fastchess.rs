//! fastchess's report (`-report penta=true|false`): the block printed at the rating
//! interval and at the end, with fastchess's labels and number formats. Two engines get
//! the head-to-head block (`Results of A vs B (tc, threads, hash, book):`, `Elo:`/`nElo:`,
//! `LOS:`/`DrawRatio:`/`PairsRatio:`, `Games:`/`Points:`, `Ptnml(0-2):`/`WL/DD Ratio:`,
//! `LLR:`); more engines get fastchess's table. With `penta=true` the Elo, its error, the
//! normalized Elo (nElo) and the LOS come from game pairs (pentanomial), as fastchess
//! computes them; with `penta=false` from single games.

use super::config::{EngineSpec, SprtSpec};
use super::report::Standings;
use super::stats::{erf, sprt_bounds, Pentanomial, Wdl};

/// The 95% two-sided z score fastchess uses.
const CI95: f64 = 1.959_963_984_540_054;

/// The rule above and below the block.
const RULE: &str = "--------------------------------------------------";

/// A number as C++'s `fmt` prints `{:.Nf}`: `nan`, `inf` and `-inf` spelled so.
pub fn fixed(x: f64, digits: usize) -> String {
    if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.into()
    } else {
        format!("{:.*}", digits, x + 0.0)
    }
}

/// A number as C's `%.Ng` prints it (`fmt`'s `{:.Ng}`): N significant digits, trailing
/// zeros dropped, exponent form (`1e+02`) when the exponent is below -4 or at least N.
pub fn general(x: f64, digits: usize) -> String {
    if x == 0.0 || !x.is_finite() {
        return fixed(x, 0);
    }
    let digits = digits.max(1);
    let sci = format!("{:.*e}", digits - 1, x);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let trim = |t: &str| {
        if t.contains('.') {
            t.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            t.to_string()
        }
    };
    if exp < -4 || exp >= digits as i32 {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", trim(mantissa), exp.abs())
    } else {
        trim(&format!(
            "{:.*}",
            (digits as i32 - 1 - exp).max(0) as usize,
            x
        ))
    }
}

/// Elo from a score, fastchess's way (no clamping: 0 and 1 give infinities, NaN stays).
fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// fastchess's Elo figures of one side: the Elo difference with its 95% error, the
/// normalized Elo with its error, and the likelihood of superiority.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloFigures {
    /// The Elo difference.
    pub elo: f64,
    /// Half the 95% interval of the Elo difference.
    pub error: f64,
    /// The normalized Elo: `(score - 0.5) / sqrt(k * variance) * 800 / ln 10`, with `k`
    /// 2 for pairs (the variance of a pair's score halved) and 1 for single games.
    pub nelo: f64,
    /// Half the 95% interval of the normalized Elo.
    pub nelo_error: f64,
    /// The likelihood of superiority, 0 to 1.
    pub los: f64,
}

impl EloFigures {
    /// From `n` observations with mean per-game score `score` and variance `variance` of
    /// one observation; `k` is 2 for pairs, 1 for games.
    fn new(n: f64, score: f64, variance: f64, k: f64) -> Self {
        let per = variance / n;
        let (hi, lo) = (score + CI95 * per.sqrt(), score - CI95 * per.sqrt());
        let nelo = |s: f64| (s - 0.5) / (k * variance).sqrt() * (800.0 / std::f64::consts::LN_10);
        EloFigures {
            elo: elo_of(score),
            error: (elo_of(hi) - elo_of(lo)) / 2.0,
            nelo: nelo(score),
            nelo_error: (nelo(hi) - nelo(lo)) / 2.0,
            los: (1.0 - erf(-(score - 0.5) / (2.0 * per).sqrt())) / 2.0,
        }
    }

    /// From game pairs (`-report penta=true`).
    pub fn of_pairs(p: &Pentanomial) -> Self {
        let n = p.pairs() as f64;
        let score = if n == 0.0 { f64::NAN } else { p.mean() };
        EloFigures::new(n, score, p.variance(), 2.0)
    }

    /// From single games (`-report penta=false`).
    pub fn of_games(w: &Wdl) -> Self {
        let n = w.games() as f64;
        let score = if n == 0.0 { f64::NAN } else { w.score() };
        let var = if n == 0.0 {
            f64::NAN
        } else {
            let (pw, pd, pl) = (w.wins as f64 / n, w.draws as f64 / n, w.losses as f64 / n);
            pw * (1.0 - score).powi(2) + pd * (0.5 - score).powi(2) + pl * score.powi(2)
        };
        EloFigures::new(n, score, var, 1.0)
    }
}

/// fastchess's time control text of one engine: `40/60+0.5`, `10+0.1`, `0.5/move`,
/// `N plies`, `N nodes`, or nothing.
fn tc_text(e: &EngineSpec) -> String {
    let l = &e.limits;
    if let Some(tc) = &l.tc {
        let moves = tc.moves.map(|m| format!("{m}/")).unwrap_or_default();
        let inc = tc.increment.as_secs_f64();
        let inc = if inc > 0.0 {
            format!("+{}", general(inc, 2))
        } else {
            String::new()
        };
        format!("{moves}{}{inc}", tc.base.as_secs_f64())
    } else if let Some(st) = l.movetime {
        format!("{}/move", st.as_secs_f64())
    } else if let Some(d) = l.depth {
        format!("{d} plies")
    } else if let Some(n) = l.nodes {
        format!("{n} nodes")
    } else {
        String::new()
    }
}

/// `a` when both engines agree, `a - b` otherwise.
fn both(a: String, b: String) -> String {
    if a == b {
        a
    } else {
        format!("{a} - {b}")
    }
}

/// An engine's `option.NAME` value with `suffix`, or `NULL` as fastchess prints it.
fn option_text(e: &EngineSpec, name: &str, suffix: &str) -> String {
    e.options
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| format!("{v}{suffix}"))
        .unwrap_or_else(|| "NULL".into())
}

/// What the block needs besides the counts.
pub struct ReportContext<'a> {
    /// The engines, in command-line order.
    pub engines: &'a [EngineSpec],
    /// Their names.
    pub names: &'a [String],
    /// The opening book's file name (`-openings file=`), if any.
    pub book: Option<&'a str>,
    /// `penta=`: figures from pairs (true) or games (false).
    pub penta: bool,
    /// The SPRT and its log-likelihood ratio, if any.
    pub sprt: Option<(&'a SprtSpec, f64)>,
}

/// The head-to-head lines of two engines (without the rules).
fn head_to_head(s: &Standings, ctx: &ReportContext) -> String {
    let (a, b) = (&ctx.engines[0], &ctx.engines[1]);
    let book = ctx
        .book
        .map(|f| format!(", {}", f.rsplit(['/', '\\']).next().unwrap_or(f)))
        .unwrap_or_default();
    let mut out = format!(
        "Results of {} vs {} ({}, {}, {}{book}):\n",
        ctx.names[0],
        ctx.names[1],
        both(tc_text(a), tc_text(b)),
        both(
            option_text(a, "Threads", "t"),
            option_text(b, "Threads", "t")
        ),
        both(option_text(a, "Hash", "MB"), option_text(b, "Hash", "MB")),
    );
    let w = s.results[0][1];
    let p = s.ptnml.unwrap_or_default();
    let figures = if ctx.penta {
        EloFigures::of_pairs(&p)
    } else {
        EloFigures::of_games(&w)
    };
    out.push_str(&format!(
        "Elo: {} +/- {}, nElo: {} +/- {}\n",
        fixed(figures.elo, 2),
        fixed(figures.error, 2),
        fixed(figures.nelo, 2),
        fixed(figures.nelo_error, 2)
    ));
    let pairs = p.pairs() as f64;
    let c = p.counts;
    let draw_ratio = if ctx.penta {
        c[2] as f64 / pairs * 100.0
    } else {
        100.0 * w.draws as f64 / w.games() as f64
    };
    out.push_str(&format!(
        "LOS: {} %, DrawRatio: {} %",
        fixed(figures.los * 100.0, 2),
        fixed(draw_ratio, 2)
    ));
    if ctx.penta {
        let ratio = (c[3] + c[4]) as f64 / (c[0] + c[1]) as f64;
        out.push_str(&format!(", PairsRatio: {}", fixed(ratio, 2)));
    }
    let points = w.wins as f64 + 0.5 * w.draws as f64;
    out.push_str(&format!(
        "\nGames: {}, Wins: {}, Losses: {}, Draws: {}, Points: {} ({} %)\n",
        w.games(),
        w.wins,
        w.losses,
        w.draws,
        fixed(points, 1),
        fixed(points / w.games() as f64 * 100.0, 2)
    ));
    if ctx.penta {
        let dd = c[2] - p.wins_losses;
        out.push_str(&format!(
            "Ptnml(0-2): [{}, {}, {}, {}, {}], WL/DD Ratio: {}\n",
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            fixed(p.wins_losses as f64 / dd as f64, 2)
        ));
    }
    out
}

/// fastchess's table of three or more engines, best Elo first (figures from single
/// games: pairs are counted between the first two engines only).
fn table(s: &Standings, ctx: &ReportContext) -> String {
    let mut rows: Vec<(usize, EloFigures, Wdl)> = (0..ctx.names.len())
        .map(|i| {
            let w = s.total_of(i);
            (i, EloFigures::of_games(&w), w)
        })
        .collect();
    rows.sort_by(|x, y| match (x.1.elo.is_nan(), y.1.elo.is_nan()) {
        (false, true) => std::cmp::Ordering::Less,
        (true, false) => std::cmp::Ordering::Greater,
        _ => {
            y.1.elo
                .partial_cmp(&x.1.elo)
                .unwrap_or(std::cmp::Ordering::Equal)
        }
    });
    let width = ctx.names.iter().map(String::len).max().unwrap_or(0).max(25);
    let mut out = format!(
        "{:<4} {:<width$} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>20}\n",
        "Rank", "Name", "Elo", "+/-", "nElo", "+/-", "Games", "Score", "Draw", "Ptnml(0-2)"
    );
    for (rank, (i, f, w)) in rows.iter().enumerate() {
        let games = w.games() as f64;
        out.push_str(&format!(
            "{:>4} {:<width$} {:>10} {:>10} {:>10} {:>10} {:>10} {:>9}% {:>9}% {:>20}\n",
            rank + 1,
            ctx.names[*i],
            fixed(f.elo, 2),
            fixed(f.error, 2),
            fixed(f.nelo, 2),
            fixed(f.nelo_error, 2),
            w.games(),
            fixed((w.wins as f64 + 0.5 * w.draws as f64) / games * 100.0, 1),
            fixed(w.draws as f64 / games * 100.0, 1),
            ""
        ));
    }
    out
}

/// fastchess's `LLR: 1.23 (41.8%) (-2.94, 2.94) [0.00, 5.00]` line.
fn llr_line(sp: &SprtSpec, llr: f64) -> String {
    let (lo, hi) = sprt_bounds(sp);
    let fraction = if llr >= 0.0 { llr / hi } else { -llr / lo };
    format!(
        "LLR: {} ({}%) ({}, {}) [{}, {}]\n",
        fixed(llr, 2),
        fixed(fraction * 100.0, 1),
        fixed(lo, 2),
        fixed(hi, 2),
        fixed(sp.elo0, 2),
        fixed(sp.elo1, 2)
    )
}

/// The whole block, between fastchess's rules.
pub fn report(s: &Standings, ctx: &ReportContext) -> String {
    let body = if ctx.names.len() == 2 {
        head_to_head(s, ctx)
    } else {
        table(s, ctx)
    };
    let llr = ctx
        .sprt
        .map(|(sp, llr)| llr_line(sp, llr))
        .unwrap_or_default();
    format!("{RULE}\n{body}{llr}{RULE}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_as_fmt_prints_them() {
        assert_eq!(general(0.1, 2), "0.1");
        assert_eq!(general(0.08, 2), "0.08");
        assert_eq!(general(1.0, 2), "1");
        assert_eq!(general(1.25, 2), "1.2");
        assert_eq!(general(100.0, 2), "1e+02");
        assert_eq!(general(0.00001, 2), "1e-05");
        assert_eq!(fixed(f64::NAN, 2), "nan");
        assert_eq!(fixed(f64::INFINITY, 2), "inf");
        assert_eq!(fixed(-0.0, 2), "0.00");
    }

    /// Pairs [1, 2, 4, 2, 1]: even, mean 0.5, variance 0.075: Elo 0, nElo 0, LOS 50 %.
    /// Pairs [0, 1, 3, 4, 2]: mean 0.675, variance 0.050625 per pair, so
    /// nElo = 0.175 / sqrt(0.10125) * 347.4355855 = 191.08...
    #[test]
    fn pentanomial_figures_by_hand() {
        let even = EloFigures::of_pairs(&Pentanomial {
            counts: [1, 2, 4, 2, 1],
            wins_losses: 0,
        });
        assert!(even.elo.abs() < 1e-9 && even.nelo.abs() < 1e-9);
        assert!((even.los - 0.5).abs() < 1e-9);
        let p = Pentanomial {
            counts: [0, 1, 3, 4, 2],
            wins_losses: 1,
        };
        let f = EloFigures::of_pairs(&p);
        let nelo = 0.175 / 0.10125f64.sqrt() * 800.0 / std::f64::consts::LN_10;
        assert!((f.nelo - nelo).abs() < 1e-9, "{}", f.nelo);
        assert!((f.elo - 127.0).abs() < 1.0, "{}", f.elo);
        assert!(f.error > 0.0 && f.nelo_error > 0.0 && f.los > 0.99);
    }
}
