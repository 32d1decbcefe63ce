//! This game in a grid GUI (XBoard): the default rectangular description for now; the
//! "GUI mapping" section of `docs/rules/rope.md` says what a full mapping needs.

use escalade_core::GuiBoard;

use crate::Rope;

impl GuiBoard for Rope {}
