//! This game in a grid GUI (XBoard): the default rectangular description for now; the
//! "GUI mapping" section of `docs/rules/laddershogi.md` says what a full mapping needs.

use escalade_core::GuiBoard;

use crate::LadderShogi;

impl GuiBoard for LadderShogi {}
