//! The overlay reader: any text over the start position of the Dot (panels may name the essay's
//! position files). An accepted overlay renders to well-formed XML.
#![no_main]

use dotchess::{Position, VariantId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let base = dotchess::input::PositionSpec { position: Position::start(VariantId::Dot), title: None };
    if let Ok(figure) = dotchess::input::read_overlay("fuzz.toml", text, &base, &dotchess_fuzz::essay_file) {
        dotchess_fuzz::render_well_formed(&figure);
    }
});
