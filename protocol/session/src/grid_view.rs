//! How a session's position is drawn on a GUI grid (XBoard/WinBoard): the grid, the piece
//! descriptions, lift highlights, and what XBoard cannot carry or must be told. Built on
//! `escalade_grid::GuiBoard`; the XBoard protocol is its only user.

use escalade_grid::GuiLayout;

/// How a session's position is drawn on a GUI grid (XBoard).
pub trait GuiView: Send {
    /// The GUI grid of this variant.
    fn gui_layout(&self) -> GuiLayout;
    /// Whether the GUI knows this variant under its own name.
    fn gui_builtin(&self) -> bool;
    /// The `piece` descriptions: (letter, Betza).
    fn gui_pieces(&self) -> Vec<(String, String)>;
    /// Squares to highlight when the piece on GUI square `from` is lifted.
    fn gui_targets(&self, from: &str) -> Vec<(String, char)>;
    /// Why XBoard 4.9.1 cannot carry this variant, if it cannot.
    fn gui_limit(&self) -> Option<&'static str>;
    /// What a player must know about how the grid shows this variant, if anything.
    fn gui_note(&self) -> Option<&'static str>;
    /// Whether the grid shows this variant with the colours exchanged.
    fn gui_swaps_colours(&self) -> bool;
}
