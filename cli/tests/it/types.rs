//! The rules half's types: cells that only name cells of their board, a plain `Setup` checked
//! into a `Position`, checked and unchecked play, and no panic on a move from elsewhere.

use dotchess::{Color, Move, Piece, Pole, Position, Role, Setup, SetupErrorKind, VariantId};

fn piece(letter: char) -> Piece {
    Piece::from_letter(letter).unwrap()
}

#[test]
fn a_cell_names_a_cell_of_its_board() {
    let dot = &VariantId::Dot.variant().topology;
    let small8 = &VariantId::Small8.variant().topology;
    // The Dot has 64 squares and dead poles: no 65th cell, and no pole cell.
    assert_eq!(dot.cells(), 64);
    assert!(dot.cell(63).is_some() && dot.cell(64).is_none());
    assert!(dot.pole_cell(Pole::South).is_none());
    // Mori's 8×8 board has S and N after its squares.
    let s = small8.cell(64).unwrap();
    assert_eq!(small8.name(s), "S");
    assert_eq!(small8.pole_of(s), Some(Pole::South));
    // That cell is not the Dot's: it is no square and no pole there, and has no name.
    assert!(!dot.contains(s));
    assert_eq!(dot.pole_of(s), None);
    assert_eq!(dot.coords(s), None);
    assert_eq!(dot.name(s), "");
    // Positions read it as empty and give it no moves.
    let pos = Position::start(VariantId::Dot);
    assert_eq!(pos.piece_at(s), None);
    assert!(dotchess::destinations(&pos, s, true).is_empty());
}

#[test]
fn setup_round_trips_and_checks_what_fen_checks() {
    for v in VariantId::ALL {
        let pos = Position::start(v);
        assert_eq!(Position::from_setup(v, &pos.setup()).unwrap(), pos, "{v}");
    }
    let t = &VariantId::Dot.variant().topology;
    let at = |name: &str| t.parse_cell(name).unwrap();
    let kind = |setup: &Setup| Position::from_setup(VariantId::Dot, setup).unwrap_err().kind;
    let base = Setup { pieces: vec![(at("e1"), piece('K')), (at("e8"), piece('k'))], ..Setup::default() };
    assert!(Position::from_setup(VariantId::Dot, &base).is_ok());

    let mut s = base.clone();
    s.pieces.push((at("e1"), piece('Q')));
    assert_eq!(kind(&s), SetupErrorKind::Occupied);
    let mut s = base.clone();
    s.pieces.push((VariantId::Small8.variant().topology.cell(65).unwrap(), piece('Q')));
    assert_eq!(kind(&s), SetupErrorKind::NotACell);
    let mut s = base.clone();
    s.pieces.push((at("d4"), Piece { color: Color::White, role: Role::Cannon }));
    assert_eq!(kind(&s), SetupErrorKind::Role);
    let mut s = base.clone();
    s.pieces.push((at("d4"), piece('K')));
    assert_eq!(kind(&s), SetupErrorKind::SecondKing);
    let mut s = base.clone();
    s.pieces.push((at("d8"), piece('P')));
    assert_eq!(kind(&s), SetupErrorKind::Placement);
    let mut s = base.clone();
    s.castling = 1; // K without a rook on h1
    let e = Position::from_setup(VariantId::Dot, &s).unwrap_err();
    assert_eq!((e.kind, e.right), (SetupErrorKind::Castling, Some(1)));
    let mut s = base.clone();
    s.ep = Some(at("d6"));
    assert_eq!(kind(&s), SetupErrorKind::EnPassant);
    // A pawn on a live pole can never be there.
    let small = &VariantId::Small.variant().topology;
    let s = Setup { pieces: vec![(small.pole_cell(Pole::North).unwrap(), piece('P'))], ..Setup::default() };
    assert_eq!(Position::from_setup(VariantId::Small, &s).unwrap_err().kind, SetupErrorKind::Placement);
    // FEN points at the piece at fault.
    let e = Position::from_fen(VariantId::Dot, "4k3/8/8/8/8/8/8/K3K3 w - - 0 1").unwrap_err();
    assert_eq!((e.field, e.column), (dotchess::FenField::Board, 19));
}

/// Every move of every variant's start and of a few middle positions.
fn foreign_moves() -> Vec<Move> {
    let mut out = Vec::new();
    for v in VariantId::ALL {
        let mut pos = Position::start(v);
        out.extend(pos.moves());
        // A few plies in, for castlings, captures and double steps.
        for _ in 0..6 {
            let Some(&m) = pos.moves().last() else { break };
            pos.play(m).unwrap();
            out.extend(pos.moves());
        }
    }
    out
}

#[test]
fn play_checks_and_nothing_panics_on_a_move_from_elsewhere() {
    let moves = foreign_moves();
    for v in VariantId::ALL {
        let mut later = Position::start(v);
        for _ in 0..5 {
            let Some(&m) = later.moves().first() else { break };
            later.play(m).unwrap();
        }
        for start in [Position::start(v), later] {
            let legal = start.moves();
            for &m in &moves {
                let mut pos = start.clone();
                match pos.play(m) {
                    Ok(()) => assert!(legal.contains(&m)),
                    Err(e) => {
                        assert_eq!(e.0, m);
                        assert!(!legal.contains(&m));
                        assert_eq!(pos, start, "a refused move changes nothing");
                    }
                }
                let mut pos = start.clone();
                pos.play_unchecked(m);
                let _ = pos.fen();
                let _ = pos.moves();
                let mut pos = start.clone();
                let undo = pos.make(m);
                pos.unmake(m, undo);
                if legal.contains(&m) {
                    assert_eq!(pos, start);
                }
            }
        }
    }
}
