//! The GUI grid's view ([`GuiView`]) of one game type's session, through the game's
//! `escalade_grid::GuiBoard`.

use escalade_core::Diagram;
use escalade_eval::Evaluate;
use escalade_grid::{GuiBoard, GuiLayout};

use crate::game::GameSession;
use crate::grid_view::GuiView;

impl<P: Evaluate + GuiBoard + Diagram> GuiView for GameSession<P> {
    fn gui_layout(&self) -> GuiLayout {
        P::gui_layout(self.form())
    }

    fn gui_builtin(&self) -> bool {
        P::gui_builtin(self.form())
    }

    fn gui_pieces(&self) -> Vec<(String, String)> {
        P::gui_pieces(self.form())
    }

    fn gui_targets(&self, from: &str) -> Vec<(String, char)> {
        self.game().position().gui_targets(from)
    }

    fn gui_limit(&self) -> Option<&'static str> {
        P::gui_limit(self.form())
    }

    fn gui_note(&self) -> Option<&'static str> {
        P::gui_note(self.form())
    }

    fn gui_swaps_colours(&self) -> bool {
        P::gui_swaps_colours(self.form())
    }
}
