//! The flags fastchess users expect, with fastchess's names and meaning: `-report
//! penta=true|false`, `-log file=NAME level=LEVEL append= engine=`, `-show-latency`.

use std::path::PathBuf;

use super::{flag_pairs, ArgError};
use crate::runlog::{Level, LogSpec};

/// fastchess's booleans: `true` or `false`.
fn boolean(flag: &str, key: &str, value: &str) -> Result<bool, ArgError> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(super::bad_value(flag, key, value)),
    }
}

/// `-report penta=true|false`: whether fastchess's figures come from game pairs.
pub(super) fn parse_report(values: &[String]) -> Result<bool, ArgError> {
    let f = "report";
    let mut penta = true;
    for (k, v) in flag_pairs(f, values)? {
        match k.as_str() {
            "penta" => penta = boolean(f, &k, &v)?,
            _ => {
                return Err(ArgError::UnknownKey {
                    flag: f.into(),
                    key: k,
                })
            }
        }
    }
    Ok(penta)
}

/// `-log file=NAME [level=trace|debug|info|warn|err|fatal] [append=true|false]
/// [engine=true|false] [realtime=true|false] [compress=false]`.
pub(super) fn parse_log(values: &[String]) -> Result<LogSpec, ArgError> {
    let f = "log";
    let mut file = None;
    let mut spec = LogSpec {
        file: PathBuf::new(),
        level: Level::Warn,
        append: true,
        engine: false,
    };
    for (k, v) in flag_pairs(f, values)? {
        match k.as_str() {
            "file" => file = Some(PathBuf::from(v)),
            "level" => spec.level = Level::parse(&v).ok_or_else(|| super::bad_value(f, &k, &v))?,
            "append" => spec.append = boolean(f, &k, &v)?,
            "engine" => spec.engine = boolean(f, &k, &v)?,
            // Every line is flushed as it is written.
            "realtime" => {
                boolean(f, &k, &v)?;
            }
            "compress" => {
                if boolean(f, &k, &v)? {
                    return Err(ArgError::Refused {
                        flag: f.into(),
                        reason: "compress=true: the log is written uncompressed".into(),
                    });
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
    spec.file = file.ok_or_else(|| ArgError::Refused {
        flag: f.into(),
        reason: "needs file=NAME".into(),
    })?;
    Ok(spec)
}
