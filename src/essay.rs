//! The built-in figure set: the figures of the essay (`../seeds/000`, sections 04–12) drawn from
//! built-in positions, so that `dotchess essay` works with no input files.

use crate::figure::{Coordinates, Overlay, View, ViewKind, panels, render};
use crate::geometry::Window;
use crate::position::Position;
use crate::routes::loops;
use crate::scene::Scene;
use crate::theme::Theme;
use crate::topology::{Cell, Dir};
use crate::variant::VariantId;

/// One figure of the set.
pub struct Figure {
    /// File stem, by essay section and subject (`12-knight`).
    pub name: &'static str,
    /// Caption for the contact sheet.
    pub caption: &'static str,
    /// The drawing.
    pub scene: Scene,
}

fn dot(fen: &str) -> Position {
    Position::from_fen(VariantId::Dot, fen).expect("built-in FEN")
}

fn cell(pos: &Position, name: &str) -> Cell {
    pos.topology().parse_cell(name).expect("built-in cell name")
}

fn hemi() -> View {
    View::hemispheres()
}

fn board() -> View {
    View::board()
}

fn chart(window: Option<Window>) -> View {
    View { kind: ViewKind::Chart { window, edges: true, tint: false }, ..View::chart() }
}

fn with_coords(mut v: View, c: Coordinates) -> View {
    v.coordinates = c;
    v
}

fn moves_of(pos: &Position, sq: &str) -> Overlay {
    Overlay { moves: vec![cell(pos, sq)], ..Overlay::default() }
}

fn loop_of(pos: &Position, sq: &str, dir: Dir) -> Overlay {
    Overlay { loops: vec![(cell(pos, sq), dir)], ..Overlay::default() }
}

/// Every figure of the built-in set, in essay order.
pub fn figures(theme: &Theme) -> Vec<Figure> {
    let mut out = Vec::new();
    let mut add = |name, caption, scene| out.push(Figure { name, caption, scene });
    let empty = Position::empty(VariantId::Dot);
    let start = Position::start(VariantId::Dot);
    let none = Overlay::default();

    add(
        "04-hemispheres",
        "The Dot as two hemispheres: north above, south below, touching at one point",
        render(&empty, &none, &with_coords(hemi(), Coordinates::Cells), theme),
    );
    add(
        "05-notation",
        "Notation of the squares on the chessboard and on the Dot",
        panels(
            vec![
                (render(&empty, &none, &with_coords(board(), Coordinates::Cells), theme), "Chessboard".into()),
                (render(&empty, &none, &with_coords(hemi(), Coordinates::Cells), theme), "The Dot".into()),
            ],
            2,
            None,
            theme,
        ),
    );
    add(
        "05-initial-position",
        "The initial position on the chessboard and on the Dot",
        panels(
            vec![
                (render(&start, &none, &board(), theme), "Chessboard".into()),
                (render(&start, &none, &hemi(), theme), "The Dot".into()),
            ],
            2,
            None,
            theme,
        ),
    );
    let coloured_board = View { kind: ViewKind::Board { tint: true, edges: true }, ..board() };
    add(
        "07-coloured-board",
        "The coloured chessboard: N red, S blue, W green, E purple",
        render(&empty, &none, &coloured_board, theme),
    );
    let coloured_chart = View {
        kind: ViewKind::Chart { window: Some(Window { x0: -8, y0: -8, cols: 24, rows: 24 }), edges: true, tint: true },
        width: 720.0,
        coordinates: Coordinates::None,
    };
    add(
        "07-coloured-chart",
        "A coloured 2DFARCSOD: copies flipped north–south and shifted by four files",
        render(&empty, &none, &coloured_chart, theme),
    );

    let rook5 = dot("8/8/8/3R4/8/8/8/8");
    let lat = loop_of(&rook5, "d5", Dir::new(1, 0));
    add(
        "08-rook-latitude-hemispheres",
        "Rook on d5 along its latitude, on the hemispheres",
        render(&rook5, &lat, &hemi(), theme),
    );
    add(
        "08-rook-latitude-chart",
        "Rook on d5 along its latitude, on the chart",
        render(&rook5, &lat, &chart(None), theme),
    );
    add(
        "08-rook-latitude-board",
        "Rook on d5 along its latitude, on a single board",
        render(&rook5, &lat, &board(), theme),
    );

    let rook7 = dot("8/3R4/8/8/8/8/8/8");
    let lon = loop_of(&rook7, "d7", Dir::new(0, 1));
    add(
        "09-rook-longitude-hemispheres",
        "Rook on d7 along its longitude, over both poles",
        render(&rook7, &lon, &hemi(), theme),
    );
    add(
        "09-rook-longitude-chart",
        "Rook on d7 along its longitude, on the chart",
        render(&rook7, &lon, &chart(None), theme),
    );
    add(
        "09-rook-longitude-board",
        "Rook on d7 along its longitude, on a single board",
        render(&rook7, &lon, &board(), theme),
    );

    let bishop = dot("8/8/8/8/8/8/3B4/8");
    let diag = loop_of(&bishop, "d2", Dir::new(1, 1));
    add(
        "10-bishop-diagonal-chart",
        "Bishop on d2 along its diagonal loop, on the chart",
        render(&bishop, &diag, &chart(None), theme),
    );
    add(
        "10-bishop-diagonal-board",
        "Bishop on d2 along its diagonal loop, on a single board",
        render(&bishop, &diag, &board(), theme),
    );
    add(
        "10-bishop-diagonal-hemispheres",
        "Bishop on d2: the diagonal loop is a spiral on the hemispheres",
        render(&bishop, &diag, &hemi(), theme),
    );

    let topo = &VariantId::Dot.variant().topology;
    let small_board = View { width: 200.0, coordinates: Coordinates::None, ..board() };
    let twenty: Vec<(Scene, String)> = loops(topo)
        .into_iter()
        .map(|l| {
            let ov = Overlay { loops: vec![(l.route.from, l.dir)], ..Overlay::default() };
            let caption =
                format!("{} from {}, heading {}", l.kind.name(), topo.name(l.route.from), l.dir.name().to_uppercase());
            (render(&empty, &ov, &small_board, theme), caption)
        })
        .collect();
    add(
        "11-twenty-loops",
        "The 20 loops on the Dot in single-board view",
        panels(twenty, 5, Some("The 20 loops of the Dot"), theme),
    );

    for (name, caption, fen, sq) in [
        ("12-rook", "Rook: move and capture", "8/8/8/3R3r/8/8/3p4/8", "d5"),
        ("12-bishop", "Bishop: move and capture", "8/8/8/8/6p1/8/3B4/8", "d2"),
        ("12-queen", "Queen: move and capture", "8/8/8/3Q4/8/6p1/8/8", "d5"),
        ("12-king", "King: move and capture near the pole", "3k4/8/8/8/8/8/8/8", "d8"),
        ("12-knight", "Knight: move and capture over the pole", "8/8/8/8/8/8/8/1n1N4", "d1"),
    ] {
        let pos = dot(fen);
        add(name, caption, render(&pos, &moves_of(&pos, sq), &hemi(), theme));
    }
    out
}
