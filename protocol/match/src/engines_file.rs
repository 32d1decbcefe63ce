//! cutechess-cli's engine configuration file, `engines.json`, read for `conf=NAME`: a JSON
//! array of objects with `name`, `command`, `workingDirectory`, `protocol` (`uci` or
//! `xboard`), `options` (objects with `name` and `value`), `ponder`, `whitepov`,
//! `initStrings`, `stderrFile` and `variants` (other fields, such as `restart`,
//! `validateClaims` or `debug`, are read and have no effect). Like cutechess-cli, the runner
//! looks for `engines.json` in the current directory, then in cutechess's configuration
//! directory (`$XDG_CONFIG_HOME/cutechess`, else `~/.config/cutechess`).

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// One engine option of an entry: its name and (when set) its value.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct OptionEntry {
    /// The option's name, as the engine declares it.
    pub name: String,
    /// The value to set (`None`: the entry sets none).
    #[serde(default)]
    pub value: Option<serde_json::Value>,
}

impl OptionEntry {
    /// The value as the protocols send it (`true`, `64`, `Book.bin`); `None` when unset
    /// or not a plain value.
    pub fn value_text(&self) -> Option<String> {
        match self.value.as_ref()? {
            serde_json::Value::String(s) => Some(s.clone()),
            serde_json::Value::Bool(b) => Some(b.to_string()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }
}

/// One engine of `engines.json`, with cutechess's field names.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct EngineEntry {
    /// The name `conf=` looks up, and the engine's name in the match.
    pub name: String,
    /// `command`: the program and its arguments, as `cmd=` (empty: not set).
    #[serde(default)]
    pub command: String,
    /// `workingDirectory`: as `dir=` (empty: not set).
    #[serde(default)]
    pub working_directory: String,
    /// `protocol`: `uci` or `xboard`, as `proto=` (empty: not set).
    #[serde(default)]
    pub protocol: String,
    /// `stderrFile`: as `stderr=` (empty: not set).
    #[serde(default)]
    pub stderr_file: String,
    /// `initStrings`: as `initstr=`, lines sent before the handshake.
    #[serde(default)]
    pub init_strings: Vec<String>,
    /// `whitepov`: the engine reports scores from White's point of view.
    #[serde(default)]
    pub whitepov: bool,
    /// `ponder`: the engine thinks on the opponent's time.
    #[serde(default)]
    pub ponder: bool,
    /// `variants`: the variants the engine plays (`None`: not said, any variant).
    #[serde(default)]
    pub variants: Option<Vec<String>>,
    /// `options`: as `option.NAME=VALUE`.
    #[serde(default)]
    pub options: Vec<OptionEntry>,
}

/// Why `engines.json` could not give an engine.
#[derive(Debug, thiserror::Error)]
pub enum EnginesFileError {
    /// Neither the current directory nor cutechess's configuration directory has one.
    #[error("no engines.json in the current directory or in {}", config.display())]
    NotFound {
        /// cutechess's configuration directory, the last place looked in.
        config: PathBuf,
    },
    /// The file exists and cannot be read.
    #[error("cannot read {}", path.display())]
    Read {
        /// The `engines.json` found.
        path: PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a JSON array of engine entries.
    #[error("{} is not a list of engines (a JSON array of objects with name, command, protocol)", path.display())]
    Parse {
        /// The `engines.json` found.
        path: PathBuf,
        /// The JSON reader's reason.
        #[source]
        source: serde_json::Error,
    },
    /// No entry has the name `conf=` gave.
    #[error("{} has no engine named '{name}' (it has: {known})", path.display())]
    Unknown {
        /// The `engines.json` found.
        path: PathBuf,
        /// The name looked for.
        name: String,
        /// The entries' names, comma-separated.
        known: String,
    },
}

/// The engines of one `engines.json`.
#[derive(Clone, Debug)]
pub struct EnginesFile {
    /// Where the file was found.
    pub path: PathBuf,
    /// Its entries, in file order.
    pub engines: Vec<EngineEntry>,
}

/// cutechess's configuration directory.
fn config_dir() -> PathBuf {
    let base = match std::env::var_os("XDG_CONFIG_HOME") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => std::env::var_os("HOME")
            .map(|h| PathBuf::from(h).join(".config"))
            .unwrap_or_default(),
    };
    base.join("cutechess")
}

impl EnginesFile {
    /// `./engines.json`, else the one in cutechess's configuration directory.
    pub fn find() -> Result<EnginesFile, EnginesFileError> {
        let here = PathBuf::from("engines.json");
        if here.exists() {
            return EnginesFile::read(&here);
        }
        let config = config_dir();
        let there = config.join("engines.json");
        if there.exists() {
            return EnginesFile::read(&there);
        }
        Err(EnginesFileError::NotFound { config })
    }

    /// Reads `path`.
    pub fn read(path: &Path) -> Result<EnginesFile, EnginesFileError> {
        let text = std::fs::read_to_string(path).map_err(|source| EnginesFileError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let engines = serde_json::from_str(&text).map_err(|source| EnginesFileError::Parse {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(EnginesFile {
            path: path.to_path_buf(),
            engines,
        })
    }

    /// The entry named `name` (the first, as cutechess takes it).
    pub fn get(&self, name: &str) -> Result<&EngineEntry, EnginesFileError> {
        self.engines
            .iter()
            .find(|e| e.name == name)
            .ok_or_else(|| EnginesFileError::Unknown {
                path: self.path.clone(),
                name: name.into(),
                known: self.names().join(", "),
            })
    }

    /// Every engine name, in file order (what `-engines` prints).
    pub fn names(&self) -> Vec<&str> {
        self.engines.iter().map(|e| e.name.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cutechess_fields_and_ignores_the_others() {
        let json = r#"[
            {"name": "Sloppy", "command": "sloppy -x", "protocol": "xboard",
             "workingDirectory": "/opt/sloppy", "stderrFile": "err.txt",
             "initStrings": ["memory 32"], "whitepov": true, "ponder": true,
             "restart": "on", "validateClaims": false, "variants": ["standard", "rope"],
             "options": [{"name": "Hash", "type": "spin", "default": 16, "value": 64,
                          "min": 1, "max": 1024},
                         {"name": "OwnBook", "type": "check", "value": false},
                         {"name": "Clear", "type": "button"}]},
            {"name": "Minimal", "command": "m", "protocol": "uci"}
        ]"#;
        let dir = std::env::temp_dir().join(format!("escalade-ej-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("engines.json");
        std::fs::write(&path, json).unwrap();
        let f = EnginesFile::read(&path).unwrap();
        assert_eq!(f.names(), ["Sloppy", "Minimal"]);
        let s = f.get("Sloppy").unwrap();
        assert_eq!(s.working_directory, "/opt/sloppy");
        assert_eq!(s.init_strings, ["memory 32"]);
        assert!(s.whitepov && s.ponder);
        let values: Vec<Option<String>> = s.options.iter().map(|o| o.value_text()).collect();
        assert_eq!(values, [Some("64".into()), Some("false".into()), None]);
        assert!(f.get("Minimal").unwrap().options.is_empty());
        let e = f.get("Nope").unwrap_err().to_string();
        assert!(e.contains("no engine named 'Nope'") && e.contains("Sloppy, Minimal"));
        std::fs::write(&path, "{\"name\": 1}").unwrap();
        assert!(matches!(
            EnginesFile::read(&path),
            Err(EnginesFileError::Parse { .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
