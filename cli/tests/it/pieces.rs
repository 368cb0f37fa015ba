//! The chess pieces as a reader sees them: the diagram set is every chess variant's default, and
//! at a 24-pixel cell each piece's silhouette is its own; a white piece is white inside a black
//! outline, a black piece black with white lines inside.

use dotchess::draw::scene::{Element, Node, Paint, PieceSet, Pt, Rgb, Shape};
use dotchess::draw::{Overlay, View};
use dotchess::output::to_pixmap;
use dotchess::{Color, Piece, Position, Role, Scene, Theme, VariantId, render};

const CHESS: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

#[test]
fn every_chess_variant_draws_diagram_pieces_and_xiangqi_its_discs() {
    for theme in [Theme::essay(), Theme::built_in("print").unwrap()] {
        assert_eq!(theme.piece_set, PieceSet::Diagram, "{}", theme.name);
        for v in VariantId::ALL {
            // Small8 starts empty: a bishop on its S pole.
            let pos = match v {
                VariantId::Small8 => Position::from_fen(v, "1/8/8/8/8/8/8/8/8/B").unwrap(),
                _ => Position::start(v),
            };
            let scene = render(&pos, &Overlay::default(), &View::board(), &theme);
            let want = if v.variant().is_xiangqi() { PieceSet::Disc } else { PieceSet::Diagram };
            let pieces = scene.find("piece");
            assert!(!pieces.is_empty(), "{v}");
            for e in pieces {
                assert!(matches!(e.shape, Shape::Piece { set, .. } if set == want), "{v}: {:?}", e.shape);
            }
        }
    }
}

#[test]
fn the_glyph_set_is_still_drawn_when_a_theme_names_it() {
    let theme = Theme { piece_set: PieceSet::Glyph, ..Theme::essay() };
    let scene = render(&Position::start(VariantId::Flat), &Overlay::default(), &View::board(), &theme);
    assert!(scene.find("piece").iter().all(|e| matches!(e.shape, Shape::Piece { set: PieceSet::Glyph, .. })));
}

/// One piece painted alone on a white cell `cell` pixels square, as a board draws it (0.84 of
/// the cell, white bodies, black ink; a black piece's inner lines white).
fn painted(set: PieceSet, piece: Piece, cell: f64) -> Vec<bool> {
    let size = cell * 0.84;
    let (body, ink) = match piece.color {
        Color::White => (Rgb::WHITE, Rgb::BLACK),
        Color::Black => (Rgb::BLACK, Rgb::WHITE),
    };
    let ink = if set == PieceSet::Glyph { Rgb::BLACK } else { ink };
    let paint = Paint { fill: Some(body), stroke: Some((ink, (size * 0.045).max(0.8))), ..Paint::default() };
    let at = Pt::new(cell / 2.0, cell / 2.0);
    let mut scene = Scene::new(cell, cell, Rgb::WHITE);
    scene.nodes.push(Node::Element(Element::new(Shape::Piece { piece, at, size, set }, paint, "piece")));
    let pix = to_pixmap(&scene, 1.0).unwrap();
    // Dark: the ink or a black body, by its luminance.
    pix.pixels().iter().map(|p| (p.red() as u32 + p.green() as u32 + p.blue() as u32) < 3 * 128).collect()
}

fn differing(a: &[bool], b: &[bool]) -> usize {
    a.iter().zip(b).filter(|(x, y)| x != y).count()
}

#[test]
fn at_a_24_pixel_cell_every_black_piece_differs_from_every_other_in_a_quarter_of_its_pixels() {
    // A black piece is its silhouette at this size: two pieces read apart when their silhouettes
    // differ in at least a quarter of the larger one's dark pixels.
    let black = |set, role| painted(set, Piece { color: Color::Black, role }, 24.0);
    for (i, &a) in CHESS.iter().enumerate() {
        for &b in &CHESS[i + 1..] {
            let (pa, pb) = (black(PieceSet::Diagram, a), black(PieceSet::Diagram, b));
            let larger = pa.iter().filter(|&&d| d).count().max(pb.iter().filter(|&&d| d).count());
            let diff = differing(&pa, &pb);
            assert!(diff * 4 >= larger, "{a:?} and {b:?} differ in {diff} of {larger} pixels");
        }
    }
}

/// Light pixels enclosed by dark ones in their row and in their column: lines and spots inside a
/// black piece, or the white body inside a white piece's outline.
fn light_inside(img: &[bool], cell: usize) -> usize {
    let dark = |x: usize, y: usize| img[y * cell + x];
    (0..cell)
        .flat_map(|y| (0..cell).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            !dark(x, y)
                && (0..x).any(|i| dark(i, y))
                && (x + 1..cell).any(|i| dark(i, y))
                && (0..y).any(|j| dark(x, j))
                && (y + 1..cell).any(|j| dark(x, j))
        })
        .count()
}

#[test]
fn black_diagram_pieces_show_white_lines_inside_and_white_ones_a_white_body() {
    for role in CHESS {
        for cell in [24usize, 48] {
            let black = painted(PieceSet::Diagram, Piece { color: Color::Black, role }, cell as f64);
            let white = painted(PieceSet::Diagram, Piece { color: Color::White, role }, cell as f64);
            let (inner, body) = (light_inside(&black, cell), light_inside(&white, cell));
            // At least a line across the piece (its base's top), a few pixels long.
            assert!(inner >= cell / 6, "black {role:?} at {cell} px: {inner} light pixels inside");
            // A white body shows inside its outline: at 48 px at least half as many light pixels
            // as dark (the queen's points are mostly outline), at 24 px a quarter (the outlines
            // and lines take most of a small piece).
            let ink = white.iter().filter(|&&d| d).count();
            let share = if cell == 48 { 2 } else { 4 };
            assert!(body * share > ink && ink > 0, "white {role:?} at {cell} px: {body} light inside, {ink} dark");
        }
    }
}

#[test]
fn a_diagram_piece_stays_inside_its_cell() {
    for role in CHESS {
        for color in Color::ALL {
            let img = painted(PieceSet::Diagram, Piece { color, role }, 48.0);
            let edge = (0..48).any(|i| img[i] || img[47 * 48 + i] || img[i * 48] || img[i * 48 + 47]);
            assert!(!edge, "{color:?} {role:?} touches its cell's edge");
        }
    }
}
