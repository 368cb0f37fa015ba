//! The animation table and the options beside it: any text as an overlay over the start position
//! of the Dot (its `[animation]` table, panels, marks), and a URL query given beside it, as the
//! coming server gives one (`kind=spin&frames=3`). Split at the first line `---`: the query
//! before it, the overlay after. When both are accepted, the query's values win over the file's
//! (flags override the file), the frames are built within the memory budget, or refused by it
//! (not a finding), and the animated SVG is well-formed XML with the frames and delay asked for.
#![no_main]

use dotchess::input::{FigureOptions, Given, Key, Value};
use dotchess::{Position, VariantId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (query, overlay) = text.split_once("\n---\n").unwrap_or(("", text));
    let base = dotchess::input::PositionSpec { position: Position::start(VariantId::Dot), title: None };
    let Ok(draft) = dotchess::input::read_draft("fuzz.toml", overlay, &base, &dotchess_fuzz::essay_file) else {
        return;
    };
    let Ok(given) = FigureOptions::from_query(query) else { return };
    let Ok(checked) = dotchess::input::check_figure(&draft, &given) else { return };
    let Some(spec) = checked.figure.animation else { return };
    // The query's values are the figure's: flags and queries override the file.
    if let Some(Given { value: Value::Plays(p), .. }) = given.get(Key::Plays) {
        assert_eq!(spec.plays, *p, "the query's plays");
    }
    if let Some(Given { value: Value::Whole(n), .. }) = given.get(Key::Frames) {
        assert_eq!(spec.frames as i64, *n, "the query's frames");
    }
    // Small enough to build at fuzzing speed: a few frames, a small picture.
    let panel = &checked.figure.panels[0];
    let width = checked.figure.width.unwrap_or(panel.view.width);
    if spec.frames == 0 || spec.frames > 6 || width > 600.0 {
        return;
    }
    let anim = match dotchess::output::build_animation(&checked.figure, false) {
        Ok(anim) => anim,
        Err(e) => {
            // Refused: said at an option, never a panic.
            let located = dotchess::input::animation_error(&checked, &e);
            assert!(!located.message.is_empty());
            return;
        }
    };
    if spec.kind != dotchess::draw::Kind::Walk {
        assert_eq!(anim.frames.len(), spec.frames as usize, "the frames asked for");
    }
    let svg = String::from_utf8(anim.encode(dotchess::output::Format::AnimatedSvg).expect("SVG")).expect("UTF-8");
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("the animated SVG is not XML: {e}"));
    let delay = doc.root_element().attribute("data-delay-cs").and_then(|d| d.parse::<u16>().ok());
    assert_eq!(delay, Some(spec.delay_cs), "the delay asked for");
});
