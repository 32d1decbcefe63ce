//! The folded 7x3 (5x3) GUI description: FEN and move text round trips through the grid,
//! the start positions as XBoard sees them, highlighting, and the layout's size limits.

use escalade_core::Color;
use escalade_core::SeededRng;
use escalade_core::{MoveNotation, Rules};
use escalade_grid::GuiBoard;
use escalade_rope::{form, Kind, Rope, Special, FORMS, RULES};
use rand::seq::SliceRandom;

/// A position of form `form` from a FEN that must be valid.
fn pos(form: usize, fen: &str) -> Rope {
    Rope::from_fen(form, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A base-game (21 squares) position.
fn rope(fen: &str) -> Rope {
    pos(form::ROPE, fen)
}

#[test]
fn start_positions_fold() {
    assert_eq!(
        Rope::startpos(form::ROPE).gui_fen(),
        "pcdtrgk/7/KGRTDCP w Kk - 0 1"
    );
    assert_eq!(
        Rope::startpos(form::MINI).gui_fen(),
        "pcdgk/5/KGDCP w Kk - 0 1"
    );
    assert_eq!(
        Rope::startpos(form::HOUSE).gui_fen(),
        "pcdtrgk/7/KGRTDCP[] w Kk - 0 1"
    );
    let p = rope("K8k6P2P1 w - 0 1");
    // 17 is c3 and 20 is f3; the black King on 10 is e2
    assert_eq!(p.gui_fen(), "2P2P1/4k2/K6 w - - 0 1");
}

#[test]
fn xboard_setboard_quirks() {
    // what XBoard 4.9.1 sends the second engine for the rope-house start position
    let p = Rope::from_gui_fen(form::HOUSE, "pcdtrgk/7/KGRTDCP[-] w K - 0 1").unwrap();
    assert_eq!(p.to_fen(), Rope::startpos(form::HOUSE).to_fen());
    let p = Rope::from_gui_fen(form::ROPE, "pcdtrgk/7/KGRTDCP w - - 0 1").unwrap();
    assert_eq!(p.to_fen(), Rope::startpos(form::ROPE).to_fen());
    // under the Shatranj parent XBoard writes no castling or en passant field
    let p = Rope::from_gui_fen(form::ROPE, "pcdtrgk/7/KGRTDCP w 0 1").unwrap();
    assert_eq!(p.to_fen(), Rope::startpos(form::ROPE).to_fen());
    let p = Rope::from_gui_fen(form::THREE_CHECK, "pcdtrgk/7/KGRTDCP w 0 1").unwrap();
    assert_eq!(p.to_fen(), Rope::startpos(form::THREE_CHECK).to_fen());
}

#[test]
fn pieces_ride_on_xboard_types_without_side_effects() {
    // XBoard's Pawn (0), Lance (18) and King (last) slots stay empty: their types castle,
    // take en passant or promote on the last rank in XBoard's ApplyMove
    for f in 0..FORMS.len() {
        let l = Rope::gui_layout(f);
        let table: Vec<char> = l.piece_to_char.chars().collect();
        for half in [&table[..22], &table[22..]] {
            assert_eq!(half[0], '.');
            assert_eq!(half[18], '.');
            assert_eq!(half[21], '.');
        }
        assert_eq!(
            l.parent, "shatranj",
            "no castling rights: the swap is an exchange"
        );
    }
    for f in [form::ROPE, form::MINI, form::THREE_CHECK] {
        assert_eq!(Rope::gui_limit(f), None, "{}", FORMS[f].name);
    }
    for f in [form::REGEN, form::HOUSE, form::DICE] {
        assert!(Rope::gui_limit(f).is_some(), "{}", FORMS[f].name);
    }
}

#[test]
fn layouts_fit_xboard() {
    for f in 0..FORMS.len() {
        let l = Rope::gui_layout(f);
        assert!(l.fits_xboard(), "{}", FORMS[f].name);
        assert_eq!(l.ranks, 3);
        assert_eq!(l.files, if f == form::MINI { 5 } else { 7 });
        assert_eq!(l.holdings > 0, RULES[f].special == Special::House);
        assert_eq!(l.piece_to_char.len(), 44);
    }
}

/// `back` equals `p`, except that with `xboard` a side with a Gold has its swap right.
fn same_but_swaps(back: &Rope, p: &Rope, xboard: bool, gui: &str) {
    if !xboard {
        assert_eq!(back.to_fen(), p.to_fen(), "{gui}");
        return;
    }
    let without_swaps = |fen: String| {
        let mut v: Vec<String> = fen.split(' ').map(str::to_string).collect();
        v.remove(2);
        v.join(" ")
    };
    assert_eq!(
        without_swaps(back.to_fen()),
        without_swaps(p.to_fen()),
        "{gui}"
    );
    for c in [Color::White, Color::Black] {
        let has_gold = back.pieces(c, Kind::Gold) != 0;
        assert_eq!(back.swap_right(c), p.swap_right(c) || has_gold, "{gui}");
    }
}

#[test]
fn moves_and_positions_round_trip_through_the_grid() {
    let mut rng = SeededRng::new(77);
    for (f, rules) in RULES.iter().enumerate() {
        for _ in 0..20 {
            let mut p = Rope::startpos(f);
            for _ in 0..60 {
                let gui = p.gui_fen();
                let board = gui.split_whitespace().next().unwrap();
                let fen = p.to_fen();
                let engine_tail = fen.split_once(' ').unwrap().1;
                // the dice form's own fields look like XBoard's when no roll is due
                let xboard_like = rules.special == Special::Dice && !p.is_chance();
                let back = Rope::from_gui_fen(f, &format!("{board} {engine_tail}")).unwrap();
                same_but_swaps(&back, &p, xboard_like, &gui);
                if matches!(rules.special, Special::None | Special::House) || xboard_like {
                    same_but_swaps(&Rope::from_gui_fen(f, &gui).unwrap(), &p, true, &gui);
                }
                let mut moves = Vec::new();
                p.generate_moves(&mut moves);
                for &m in &moves {
                    let text = p.gui_move_text(m);
                    assert_eq!(p.parse_gui_move(&text), Ok(m), "{text} in {}", p.to_fen());
                }
                let Some(&m) = moves.choose(&mut rng) else {
                    break;
                };
                p = p.play(m);
            }
        }
    }
}

#[test]
fn swap_promotion_drop_and_roll_in_grid_text() {
    let p = Rope::startpos(form::ROPE);
    assert_eq!(p.move_text(p.parse_gui_move("a1b1").unwrap()), "K1<->G2");
    assert_eq!(p.move_text(p.parse_gui_move("e1g2").unwrap()), "D5-8");
    assert!(p.parse_gui_move("a1h1").is_err());
    // the engine's own notation is understood as well
    assert_eq!(p.move_text(p.parse_gui_move("K1<->G2").unwrap()), "K1<->G2");
    assert_eq!(p.move_text(p.parse_gui_move("D5-8").unwrap()), "D5-8");
    assert!(p.parse_gui_move("a1").is_err());
    let e = rope("K8k6P2P1 w - 0 1");
    assert_eq!(e.move_text(e.parse_gui_move("c3d3c").unwrap()), "P17-18=C");
    assert_eq!(e.move_text(e.parse_gui_move("f3g3r").unwrap()), "P20-21=R");
    assert!(e.parse_gui_move("f3g3").is_err(), "must promote");
    let h = pos(form::HOUSE, "K8r10k[C] w - 0 1");
    assert_eq!(h.move_text(h.parse_gui_move("C@b1").unwrap()), "C@2");
    let d = Rope::startpos(form::DICE);
    let mv = d.parse_gui_move("g1g2/3").unwrap();
    assert_eq!(d.move_text(mv), "P7-8");
    let c = d.play(mv);
    assert_eq!(c.move_text(c.parse_move("g1g2/3").unwrap()), "survives");
}

#[test]
fn lifting_a_piece_highlights_its_targets() {
    let p = Rope::startpos(form::ROPE);
    assert_eq!(p.gui_targets("a1"), vec![("b1".to_string(), 'Y')]);
    let e = rope("K8k6P2P1 w - 0 1");
    assert_eq!(e.gui_targets("f3"), vec![("g3".to_string(), 'M')]);
}
