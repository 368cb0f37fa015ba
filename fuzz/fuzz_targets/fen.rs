//! The FEN parser: any text, for every variant. An accepted FEN writes back to a FEN that reads
//! to the same position, and its figure renders to well-formed XML.
#![no_main]

use dotchess::{Position, VariantId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&v, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let variant = VariantId::ALL[v as usize % VariantId::ALL.len()];
    let Ok(pos) = Position::from_fen(variant, text) else { return };
    let fen = pos.fen();
    let again = Position::from_fen(variant, &fen).expect("a written FEN reads back");
    assert_eq!(again.fen(), fen, "FEN round trip");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let spec = dotchess::input::PositionSpec { position: pos, title: None };
    dotchess_fuzz::render_well_formed(&dotchess::input::plain_figure(&spec));
});
