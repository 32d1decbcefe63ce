//! What the engine tells XBoard about itself and its variants: the `feature` list, the
//! `setup` and `piece` commands that describe an engine-defined variant's board, and the
//! `highlight` answer to `lift`.

use super::XBoard;
use escalade_session::options::{self, OPTIONS};
use escalade_session::registry;

/// XBoard 4.9.1's own variant names that it finds anywhere inside a name given to
/// `-variant` (backend.c, `StringToVariant`: the names before `shogi` in `VARIANT_NAMES`
/// match as substrings), so a name containing one is taken for XBoard's own variant.
const XBOARD_SUBSTRING_NAMES: [&str; 20] = [
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "shatranj",
    "wild29",
    "wild30",
    "wild31",
    "wild32",
    "wild33",
    "wild34",
    "wild35",
];

/// The names for the `variants` feature: every canonical name, and for a name XBoard would
/// take for one of its own variants (`rope-3check` holds `3check`) its aliases as well, so
/// that `-variant ALIAS` reaches the engine's game.
fn xboard_variant_names() -> Vec<&'static str> {
    let mut out = Vec::new();
    for form in registry::forms() {
        out.push(form.name);
        if XBOARD_SUBSTRING_NAMES
            .iter()
            .any(|own| form.name != "normal" && form.name.contains(own))
        {
            out.extend(
                form.aliases
                    .iter()
                    .filter(|a| !XBOARD_SUBSTRING_NAMES.iter().any(|own| a.contains(own))),
            );
        }
    }
    out
}

impl XBoard {
    /// The answer to `protover`: every feature, `done=1` last.
    pub(super) fn features(&self) {
        let variants = xboard_variant_names().join(",");
        self.line(&format!(
            "feature myname=\"Escalade {}\" variants=\"{variants}\"",
            env!("CARGO_PKG_VERSION")
        ));
        self.line(
            "feature setboard=1 ping=1 usermove=1 analyze=1 colors=0 sigint=0 sigterm=0 \
             reuse=1 memory=1 smp=1 san=0 time=1 draw=0 highlight=1 exclude=1 debug=1",
        );
        for option in OPTIONS.iter().filter(|o| o.xboard) {
            self.line(&options::xboard_line(option));
        }
        self.line("feature done=1");
    }

    /// After `variant NAME`: `setup` and `piece` commands for a variant XBoard does not
    /// know, or a message when XBoard cannot draw it.
    pub(super) fn describe_variant(&self) {
        if self.session.gui_builtin() {
            return;
        }
        let name = self.session.variant();
        let layout = self.session.gui_layout();
        if !layout.fits_xboard() {
            self.line(&format!(
                "telluser {name} needs a {}x{} board, more than XBoard can draw; \
                 play it with: escalade play --variant {name}",
                layout.files, layout.ranks
            ));
            return;
        }
        self.line(&format!(
            "setup ({}) {}x{}+{}_{} {}",
            layout.piece_to_char,
            layout.files,
            layout.ranks,
            layout.holdings,
            layout.parent,
            self.session.fen(escalade_session::session::Notation::Gui)
        ));
        for (letter, betza) in self.session.gui_pieces() {
            self.line(&format!("piece {letter} {betza}"));
        }
        if let Some(note) = self.session.gui_note() {
            self.line(&format!("telluser {note}"));
        }
    }

    /// `lift SQUARE`: mark where the lifted piece can go.
    pub(super) fn lift(&self, square: &str) {
        let layout = self.session.gui_layout();
        let marks = self.session.gui_targets(square.trim());
        self.line(&format!("highlight {}", layout.color_fen(&marks)));
    }
}
