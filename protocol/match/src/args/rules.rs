//! The keyed flags of `escalade match` besides the engines: `-openings`, `-pgnout`,
//! `-sprt`, `-draw` and `-resign`.

use std::path::PathBuf;

use super::{
    flag_pairs, integer, integer_u32, integer_usize, number, ArgError, DrawRule, OpeningFormat,
    OpeningOrder, OpeningPolicy, OpeningSpec, ResignRule, SprtSpec, MAX_ELO, MAX_MOVES, MAX_PLIES,
    MAX_SCORE, MAX_START,
};

/// The `-openings` keys: `file=`, `format=pgn|epd|fen`, `order=`, `plies=`, `start=`,
/// `policy=default|encounter|round`.
pub(super) fn parse_openings(o: &mut OpeningSpec, values: &[String]) -> Result<(), ArgError> {
    let f = "openings";
    for (k, v) in flag_pairs(f, values)? {
        match k.as_str() {
            "file" => o.file = Some(PathBuf::from(v)),
            "format" => {
                o.format = Some(match v.as_str() {
                    "pgn" => OpeningFormat::Pgn,
                    "epd" => OpeningFormat::Epd,
                    "fen" => OpeningFormat::Fen,
                    _ => return Err(ArgError::OpeningFormat { value: v }),
                })
            }
            "order" => {
                o.order = match v.as_str() {
                    "random" => OpeningOrder::Random,
                    "sequential" => OpeningOrder::Sequential,
                    _ => return Err(ArgError::OpeningOrder { value: v }),
                }
            }
            "plies" => o.plies = Some(integer_u32(f, &k, &v, 0, MAX_PLIES)?),
            "start" => o.start = integer_usize(f, &k, &v, 1, MAX_START)?,
            "policy" => {
                o.policy = match v.as_str() {
                    "default" => OpeningPolicy::Default,
                    "encounter" => OpeningPolicy::Encounter,
                    "round" => OpeningPolicy::Round,
                    _ => return Err(ArgError::OpeningPolicy { value: v }),
                }
            }
            _ => {
                return Err(ArgError::UnknownKey {
                    flag: f.into(),
                    key: k,
                })
            }
        }
    }
    Ok(())
}

/// `-pgnout FILE [min] [fi]`: the file, and whether the PGN is minimal (`fi`, only
/// finished games, changes nothing: every game the runner plays finishes).
pub(super) fn parse_pgnout(values: &[String]) -> Result<(PathBuf, bool), ArgError> {
    let (file, modes) = values.split_first().ok_or(ArgError::PgnoutFile)?;
    let mut minimal = false;
    for m in modes {
        match m.as_str() {
            "min" => minimal = true,
            "fi" => {}
            _ => return Err(ArgError::PgnoutMode { value: m.clone() }),
        }
    }
    Ok((PathBuf::from(file), minimal))
}

pub(super) fn parse_sprt(values: &[String]) -> Result<SprtSpec, ArgError> {
    let f = "sprt";
    let mut s = SprtSpec {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (k, v) in flag_pairs(f, values)? {
        let x: f64 = number(f, &k, &v)?;
        if !x.is_finite() {
            return Err(ArgError::SprtNotFinite { key: k, value: v });
        }
        match k.as_str() {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            _ => {
                return Err(ArgError::UnknownKey {
                    flag: f.into(),
                    key: k,
                })
            }
        }
    }
    let ok = |p: f64| p > 0.0 && p < 0.5;
    if !(ok(s.alpha) && ok(s.beta) && s.elo1 > s.elo0) {
        return Err(ArgError::SprtBounds);
    }
    if s.elo0.abs() > MAX_ELO || s.elo1.abs() > MAX_ELO {
        return Err(ArgError::SprtElo);
    }
    Ok(s)
}

pub(super) fn parse_draw(values: &[String]) -> Result<DrawRule, ArgError> {
    let f = "draw";
    let mut d = DrawRule {
        movenumber: 0,
        movecount: 0,
        score: 0,
    };
    for (k, v) in flag_pairs(f, values)? {
        match k.as_str() {
            "movenumber" => d.movenumber = integer_u32(f, &k, &v, 0, MAX_MOVES)?,
            "movecount" => d.movecount = integer_u32(f, &k, &v, 1, MAX_MOVES)?,
            "score" => d.score = integer(f, &k, &v, 0, MAX_SCORE)? as i32,
            _ => {
                return Err(ArgError::UnknownKey {
                    flag: f.into(),
                    key: k,
                })
            }
        }
    }
    if d.movecount == 0 {
        return Err(ArgError::DrawMovecount);
    }
    Ok(d)
}

pub(super) fn parse_resign(values: &[String]) -> Result<ResignRule, ArgError> {
    let f = "resign";
    let mut r = ResignRule {
        movecount: 0,
        score: 0,
        twosided: false,
    };
    for (k, v) in flag_pairs(f, values)? {
        match k.as_str() {
            "movecount" => r.movecount = integer_u32(f, &k, &v, 1, MAX_MOVES)?,
            "score" => r.score = integer(f, &k, &v, 1, MAX_SCORE)? as i32,
            "twosided" => r.twosided = number(f, &k, &v)?,
            _ => {
                return Err(ArgError::UnknownKey {
                    flag: f.into(),
                    key: k,
                })
            }
        }
    }
    if r.movecount == 0 || r.score <= 0 {
        return Err(ArgError::ResignNeeds);
    }
    Ok(r)
}
