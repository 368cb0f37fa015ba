//! The theme reader: any text, a whole theme or a few keys over a `base`. An accepted theme
//! draws a figure with marks of every kind in each view to well-formed XML, with its badges in
//! their own colours and its transparency as it says; and two frames of an animation in it encode
//! as GIF and APNG (whose palette starts from the theme's colours).
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
[[panels]]
view = "globe"
ghost = true
[[panels]]
view = "disc"
[[panels]]
view = "north"
"#;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(theme) = dotchess::input::read_theme("theme.toml", text) else { return };
    let base = dotchess::input::PositionSpec { position: Position::start(VariantId::Dot), title: None };
    let mut figure = dotchess::input::read_overlay("theme.toml", OVERLAY, &base, &dotchess::input::no_files)
        .expect("the fixed overlay is valid");
    figure.theme = theme.clone();
    dotchess_fuzz::render_well_formed(&figure);
    if let Ok(scene) = dotchess::output::render_checked(&figure) {
        assert_eq!(scene.transparent, theme.transparent, "the theme's `background = \"none\"`");
        for e in scene.find("coordinate-halo") {
            assert_eq!(e.paint.fill, Some(theme.badge), "a badge in the theme's badge colour");
        }
    }
    // Two small frames of the gears in this theme, painted and encoded.
    let mut panel = figure.panels[0].clone();
    panel.view.width = 160.0;
    let small = dotchess::draw::FigureSpec {
        panels: vec![panel],
        animation: Some(dotchess::draw::AnimSpec { frames: 2, ..dotchess::draw::AnimSpec::new(dotchess::draw::Kind::Gear) }),
        ..figure
    };
    if let Ok(anim) = dotchess::output::build_animation(&small, true) {
        for format in [dotchess::output::Format::Gif, dotchess::output::Format::Apng] {
            anim.encode(format).expect("two small frames encode");
        }
    }
});
