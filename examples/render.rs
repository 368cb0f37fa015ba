//! The library drawing a figure, without the command line: a rook on the Dot, its moves shown on
//! the two hemispheres and on the globe seen from above the north pole, written as SVG and PNG.
//!
//! ```text
//! cargo run --example render [FOLDER]      # default: out/library
//! ```
//!
//! Every dot and route comes from the rules core (`destinations`); the program only says which
//! piece to show and from where to look.

use dotchess::draw::Viewpoint;
use dotchess::output::{scene_png, to_svg};
use dotchess::{Overlay, Position, Theme, VariantId, View, ViewKind, destinations, render};
use std::error::Error;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn Error>> {
    let folder = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "out/library".into()));
    std::fs::create_dir_all(&folder)?;

    // A white rook on d5, a black rook on h5 and a black pawn on d2, White to move.
    let pos = Position::from_fen(VariantId::Dot, "8/8/8/3R3r/8/8/3p4/8 w - - 0 1")?;
    let d5 = pos.topology().parse_cell("d5").ok_or("no cell d5")?;

    // What the rules core answers: each destination with every route that reaches it.
    for d in destinations(&pos, d5, true) {
        println!("d5 → {}: {} route(s)", pos.topology().name(d.cell), d.routes.len());
    }

    let overlay = Overlay { title: Some("The rook on d5".into()), moves: vec![d5.into()], ..Overlay::default() };
    let above_north = Viewpoint { latitude: 60.0, ..Viewpoint::default() };
    let views = [
        ("rook-hemispheres", View::hemispheres()),
        ("rook-globe", View { kind: ViewKind::Globe { viewpoint: above_north, ghost: true }, ..View::globe() }),
    ];
    for (name, view) in views {
        let scene = render(&pos, &overlay, &view, &Theme::essay());
        let svg = folder.join(format!("{name}.svg"));
        let png = folder.join(format!("{name}.png"));
        std::fs::write(&svg, to_svg(&scene))?;
        // Two pixels a figure unit: a 480-unit view gives a 960-pixel-wide picture.
        std::fs::write(&png, scene_png(&scene, 2.0)?)?;
        println!("wrote {} and {}", svg.display(), png.display());
    }
    Ok(())
}
