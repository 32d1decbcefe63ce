//! What the page may ask (`docs/gui-protocol.md`, client to server): one JSON object per
//! WebSocket text frame, read into a [`Request`] or refused with a [`RequestError`] that
//! says why. Reading checks types and ranges only; the game decides what is legal.

use serde_json::Value;
use thiserror::Error;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The page's user, through `move`.
    Human,
    /// The engine, which moves by itself when the side is to move.
    Engine,
}

impl Player {
    /// The name the messages use: `human` or `engine`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Engine => "engine",
        }
    }
}

/// One message from the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `new`: a new game; the clocks restart.
    New {
        /// The variant's name; `None`: the current one.
        variant: Option<String>,
    },
    /// `move`: play a move for the human to move.
    Move {
        /// The move in the variant's move text.
        text: String,
    },
    /// `undo`: take back turns, all or nothing.
    Undo {
        /// Turns to take back, 1 to 100,000 (1 when not sent).
        turns: usize,
    },
    /// `view`: the picture of an earlier position, answered by `view`.
    View {
        /// Turns into the game, 0 (the start) to 100,000.
        ply: usize,
    },
    /// `preview`: the picture after a line from the current position, answered by `view`.
    Preview {
        /// The line's moves in engine move text, at most 1,000.
        moves: Vec<String>,
    },
    /// `players`: who plays each side.
    Players {
        /// Who plays White.
        white: Player,
        /// Who plays Black.
        black: Player,
    },
    /// `clock`: the time control of this game and the next (clocks reset).
    Clock {
        /// Each side's starting time in ms, up to a day; `None`: no clocks.
        base_ms: Option<u64>,
        /// Increment per move in ms, up to a day (0 when not sent).
        inc_ms: u64,
    },
    /// `option`: set an engine option the board offers.
    Option {
        /// The option's name, as `hello` lists it.
        name: String,
        /// The value as text (a JSON number or boolean is turned into its text).
        value: String,
    },
    /// `analyze`: infinite analysis of the current position on or off.
    Analyze {
        /// Whether analysis should run.
        on: bool,
    },
    /// `stop`: the engine to move plays now; analysis stops.
    Stop,
    /// `fen`: set up a position of the current variant (clocks restart).
    Fen {
        /// The position as FEN.
        fen: String,
    },
    /// `pgn_import`: load a game from PGN.
    PgnImport {
        /// The PGN text.
        pgn: String,
    },
    /// `pgn_export`: the game as PGN, answered by `pgn`.
    PgnExport,
}

/// Why a message was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RequestError {
    /// The frame is not a JSON object (the parser's message).
    #[error("not a JSON object: {0}")]
    NotJson(String),
    /// The object has no string `type`.
    #[error("no \"type\" field")]
    NoType,
    /// The `type` is no message the page may send (its first 40 characters).
    #[error("unknown message type '{0}'")]
    UnknownType(String),
    /// A field the message needs is absent or of the wrong JSON type (the field's name).
    #[error("field \"{0}\" is missing or has the wrong type")]
    Field(&'static str),
    /// A number outside its range, or a list longer than allowed.
    #[error("field \"{field}\" is out of range ({range})")]
    Range {
        /// The field's name.
        field: &'static str,
        /// The range it takes, as text.
        range: &'static str,
    },
}

/// The longest game a clock or a turn count may describe: a day, and 100,000 turns.
const MAX_CLOCK_MS: u64 = 24 * 3600 * 1000;
const MAX_TURNS: u64 = 100_000;
/// The most moves a preview may play.
const MAX_PREVIEW: usize = 1000;

impl Request {
    /// The message's `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            Request::New { .. } => "new",
            Request::Move { .. } => "move",
            Request::Undo { .. } => "undo",
            Request::View { .. } => "view",
            Request::Preview { .. } => "preview",
            Request::Players { .. } => "players",
            Request::Clock { .. } => "clock",
            Request::Option { .. } => "option",
            Request::Analyze { .. } => "analyze",
            Request::Stop => "stop",
            Request::Fen { .. } => "fen",
            Request::PgnImport { .. } => "pgn_import",
            Request::PgnExport => "pgn_export",
        }
    }

    /// Reads one message.
    pub fn parse(text: &str) -> Result<Request, RequestError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| RequestError::NotJson(e.to_string()))?;
        let object = value
            .as_object()
            .ok_or_else(|| RequestError::NotJson("not an object".into()))?;
        let kind = object
            .get("type")
            .and_then(Value::as_str)
            .ok_or(RequestError::NoType)?;
        let get = |field: &'static str| object.get(field);
        let text_of = |field: &'static str| -> Result<String, RequestError> {
            get(field)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or(RequestError::Field(field))
        };
        Ok(match kind {
            "new" => Request::New {
                variant: optional_text(get("variant"), "variant")?,
            },
            "move" => Request::Move {
                text: text_of("text")?,
            },
            "undo" => Request::Undo {
                turns: optional_number(get("turns"), "turns", 1, MAX_TURNS)?.unwrap_or(1) as usize,
            },
            "view" => Request::View {
                ply: number(get("ply"), "ply", 0, MAX_TURNS)? as usize,
            },
            "preview" => Request::Preview {
                moves: texts(get("moves"), "moves")?,
            },
            "players" => Request::Players {
                white: player(get("white"), "white")?,
                black: player(get("black"), "black")?,
            },
            "clock" => Request::Clock {
                base_ms: optional_number(get("base_ms"), "base_ms", 1, MAX_CLOCK_MS)?,
                inc_ms: optional_number(get("inc_ms"), "inc_ms", 0, MAX_CLOCK_MS)?.unwrap_or(0),
            },
            "option" => Request::Option {
                name: text_of("name")?,
                value: option_value(get("value"))?,
            },
            "analyze" => Request::Analyze {
                on: get("on")
                    .and_then(Value::as_bool)
                    .ok_or(RequestError::Field("on"))?,
            },
            "stop" => Request::Stop,
            "fen" => Request::Fen {
                fen: text_of("fen")?,
            },
            "pgn_import" => Request::PgnImport {
                pgn: text_of("pgn")?,
            },
            "pgn_export" => Request::PgnExport,
            other => return Err(RequestError::UnknownType(excerpt(other))),
        })
    }
}

fn excerpt(text: &str) -> String {
    text.chars().take(40).collect()
}

fn optional_text(
    value: Option<&Value>,
    field: &'static str,
) -> Result<Option<String>, RequestError> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(RequestError::Field(field)),
    }
}

fn number(
    value: Option<&Value>,
    field: &'static str,
    min: u64,
    max: u64,
) -> Result<u64, RequestError> {
    optional_number(value, field, min, max)?.ok_or(RequestError::Field(field))
}

fn optional_number(
    value: Option<&Value>,
    field: &'static str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, RequestError> {
    let range = || RequestError::Range {
        field,
        range: "a whole number in its range",
    };
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => {
            let n = n.as_u64().ok_or_else(range)?;
            if n < min || n > max {
                return Err(range());
            }
            Ok(Some(n))
        }
        Some(_) => Err(RequestError::Field(field)),
    }
}

fn texts(value: Option<&Value>, field: &'static str) -> Result<Vec<String>, RequestError> {
    let list = value
        .and_then(Value::as_array)
        .ok_or(RequestError::Field(field))?;
    if list.len() > MAX_PREVIEW {
        return Err(RequestError::Range {
            field,
            range: "at most 1000 moves",
        });
    }
    list.iter()
        .map(|v| {
            v.as_str()
                .map(str::to_string)
                .ok_or(RequestError::Field(field))
        })
        .collect()
}

fn player(value: Option<&Value>, field: &'static str) -> Result<Player, RequestError> {
    match value.and_then(Value::as_str) {
        Some("human") => Ok(Player::Human),
        Some("engine") => Ok(Player::Engine),
        _ => Err(RequestError::Field(field)),
    }
}

fn option_value(value: Option<&Value>) -> Result<String, RequestError> {
    match value {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Number(n)) => Ok(n.to_string()),
        Some(Value::Bool(b)) => Ok(b.to_string()),
        _ => Err(RequestError::Field("value")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_messages_read() {
        assert_eq!(
            Request::parse(r#"{"type":"move","text":"e2e4"}"#),
            Ok(Request::Move {
                text: "e2e4".into()
            })
        );
        assert_eq!(
            Request::parse(r#"{"type":"undo"}"#),
            Ok(Request::Undo { turns: 1 })
        );
        assert_eq!(
            Request::parse(r#"{"type":"clock"}"#),
            Ok(Request::Clock {
                base_ms: None,
                inc_ms: 0
            })
        );
        assert_eq!(
            Request::parse(r#"{"type":"option","name":"Hash","value":64}"#),
            Ok(Request::Option {
                name: "Hash".into(),
                value: "64".into()
            })
        );
    }

    #[test]
    fn bad_messages_say_why() {
        assert!(matches!(Request::parse("{"), Err(RequestError::NotJson(_))));
        assert!(matches!(
            Request::parse("[1]"),
            Err(RequestError::NotJson(_))
        ));
        assert_eq!(Request::parse("{}"), Err(RequestError::NoType));
        assert!(matches!(
            Request::parse(r#"{"type":"fly"}"#),
            Err(RequestError::UnknownType(_))
        ));
        assert_eq!(
            Request::parse(r#"{"type":"move"}"#),
            Err(RequestError::Field("text"))
        );
        assert!(matches!(
            Request::parse(r#"{"type":"undo","turns":-3}"#),
            Err(RequestError::Range { .. })
        ));
        assert!(matches!(
            Request::parse(r#"{"type":"clock","base_ms":1e300}"#),
            Err(RequestError::Range { .. })
        ));
        assert!(matches!(
            Request::parse(r#"{"type":"players","white":"cat","black":"human"}"#),
            Err(RequestError::Field("white"))
        ));
    }
}
