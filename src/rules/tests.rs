//! The rules core on its own (`cargo test --no-default-features --lib`): facts from the project's
//! rules (docs/rules.md), checked without the drawing half. The integration tests (`tests/it`)
//! check far more, through the command; these are the core's own smoke alarm.

use super::movegen::perft;
use super::position::Position;
use super::routes::destinations;
use super::topology::Cell;
use super::variant::VariantId;
use std::collections::BTreeSet;

fn at(pos: &Position, name: &str) -> super::topology::Cell {
    pos.topology().parse_cell(name).unwrap_or_else(|| panic!("no cell {name}"))
}

/// Ordinary chess (`flat`) gives the published perft numbers of the start position and of
/// "Kiwipete": check, pins, castling, en passant and promotion are right in the shared machinery.
#[test]
fn flat_gives_the_published_perft_numbers() {
    let start = Position::start(VariantId::Flat);
    assert_eq!([1, 2, 3].map(|d| perft(&start, d)), [20, 400, 8902]);
    let kiwipete =
        Position::from_fen(VariantId::Flat, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    assert_eq!([1, 2].map(|d| perft(&kiwipete, d)), [48, 2039]);
}

/// On the Dot a rook on d5 reaches h5 (the antipodal file, same rank) four ways: east and west
/// round the rank, and over each pole along the d–h great circle.
#[test]
fn a_rook_reaches_the_antipodal_file_four_ways() {
    let pos = Position::from_fen(VariantId::Dot, "8/8/8/3R4/8/8/8/8 w - - 0 1").unwrap();
    let (d5, h5) = (at(&pos, "d5"), at(&pos, "h5"));
    let to_h5 = destinations(&pos, d5, true).into_iter().find(|d| d.cell == h5).expect("d5 reaches h5");
    assert_eq!(to_h5.routes.len(), 4);
}

/// A knight under the chart rule always has 8 moves on the Dot (W = 8), even beside a pole.
#[test]
fn a_chart_knight_always_has_eight_moves_on_the_dot() {
    for (square, board) in [
        ("a1", "8/8/8/8/8/8/8/N7"),
        ("d8", "3N4/8/8/8/8/8/8/8"),
        ("h4", "8/8/8/8/7N/8/8/8"),
        ("e5", "8/8/8/4N3/8/8/8/8"),
    ] {
        let pos = Position::from_fen(VariantId::Dot, &format!("{board} w - - 0 1")).unwrap();
        assert_eq!(destinations(&pos, at(&pos, square), true).len(), 8, "knight on {square}");
    }
}

/// Spherical Chinese Chess: a general on its pole lies on every file, so the enemy cannons pin
/// both horses at the start and Gold has 28 moves.
#[test]
fn xiangqi_gold_has_28_moves_at_the_start() {
    assert_eq!(Position::start(VariantId::Xiangqi).moves().len(), 28);
}

/// Positions from every variant to test properties on.
fn sample_positions() -> Vec<Position> {
    let mut v: Vec<Position> = VariantId::ALL.iter().map(|&id| Position::start(id)).collect();
    for (id, fen) in [
        (VariantId::Dot, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        (VariantId::Spherical, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        (VariantId::Boholy, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1"),
        (VariantId::Cylinder, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        (VariantId::Small, "k/r1n1br/pp1ppp/2b3/3P2/PPP1PP/RBNN1R/K w - - 0 1"),
        (VariantId::Small8, "q/3k4/8/2n5/8/4B3/8/2Q1K3/1R6/1 w - - 0 1"),
    ] {
        v.push(Position::from_fen(id, fen).unwrap());
    }
    v
}

/// Every route of every destination is a chain of steps of the board (a step from each cell to
/// the next), starts on the piece and ends on the destination, and a rider passes only empty
/// cells; the destinations are the legal moves' (a property over positions of every variant).
#[test]
fn every_route_is_a_chain_of_steps_to_its_destination() {
    for pos in sample_positions() {
        let t = pos.topology();
        let neighbours = |c: Cell| -> BTreeSet<Cell> {
            let starts =
                super::movegen::ride_starts(t, c, false).into_iter().chain(super::movegen::ride_starts(t, c, true));
            starts.filter_map(|s| t.step(s)).map(|s| s.to.cell).collect()
        };
        for (from, _) in pos.pieces() {
            if pos.piece_at(from).unwrap().color != pos.turn() {
                continue;
            }
            let legal = pos.moves();
            let want: BTreeSet<Cell> = legal.iter().filter(|m| m.from == from).map(|m| m.to).collect();
            let got = destinations(&pos, from, true);
            assert_eq!(got.iter().map(|d| d.cell).collect::<BTreeSet<_>>(), want, "{pos:?} {}", t.name(from));
            for d in &got {
                assert!(!d.routes.is_empty(), "{pos:?}: no route to {}", t.name(d.cell));
                for r in &d.routes {
                    assert_eq!(r.from, from);
                    assert_eq!(r.to(), d.cell);
                    let cells = r.cells();
                    for w in cells.windows(2) {
                        assert!(
                            neighbours(w[0]).contains(&w[1]),
                            "{pos:?}: {} to {} is not a step",
                            t.name(w[0]),
                            t.name(w[1])
                        );
                    }
                    // Riders pass only empty cells.
                    let role = pos.piece_at(from).unwrap().role;
                    if matches!(role, super::piece::Role::Rook | super::piece::Role::Bishop | super::piece::Role::Queen)
                    {
                        for &c in &cells[1..cells.len() - 1] {
                            assert!(pos.piece_at(c).is_none(), "{pos:?}: route passes a piece on {}", t.name(c));
                        }
                    }
                }
            }
        }
    }
}
