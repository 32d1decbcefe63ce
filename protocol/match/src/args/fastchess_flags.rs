//! The flags fastchess users expect, with fastchess's names and meaning: `-report
//! penta=true|false`.

use super::{flag_pairs, ArgError};

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
