//! The theme reader: any text. An accepted theme draws a figure with marks of every kind in
//! each view to well-formed XML.
#![no_main]

use dotchess::{Position, VariantId};
use libfuzzer_sys::fuzz_target;

const OVERLAY: &str = r#"
title = "Theme <&> test"
[[panels]]
view = "hemispheres"
moves = ["d1"]
loops = ["a2:ne"]
arrows = ["b1:c3"]
highlights = ["e4"]
labels = ["e5:x"]
[[panels]]
view = "chart"
tint = true
moves = ["b1"]
[[panels]]
view = "board"
edges = true
tint = true
"#;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(theme) = dotchess::input::theme::read_theme("theme.toml", text) else { return };
    let base = dotchess::input::position::PositionSpec { position: Position::start(VariantId::Dot), title: None };
    let mut figure = dotchess::input::overlay::read_overlay("theme.toml", OVERLAY, &base, &|_| Err("no files".into()))
        .expect("the fixed overlay is valid");
    figure.theme = theme;
    dotchess_fuzz::render_well_formed(&figure);
});
