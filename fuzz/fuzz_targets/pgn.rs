//! The PGN reader: any text, for every variant, as `dotchess render` and `batch` read a game file.
//! Reading never panics (an input it refuses is an `InputError`, located inside the text); a game
//! it accepts replays: its end position is drawn, and its stills are one per ply. The corpus is
//! seeded with games whose comments carry marks and clocks with characters of several bytes
//! (`[%cal Ré2e4]`), which the reader once cut inside a character.
#![no_main]

use dotchess::VariantId;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&v, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let variant = VariantId::ALL[v as usize % VariantId::ALL.len()];
    let games = match dotchess::input::read_games("fuzz.pgn", text, variant) {
        Ok(games) => games,
        Err(e) => {
            // Located in the text, or the file as a whole (as "holds no game").
            if let Some((line, column)) = e.line_column() {
                assert!(line <= text.lines().count() + 1 && column >= 1, "the error's place is in the text: {e}");
            }
            return;
        }
    };
    for game in games.iter().take(2) {
        let n = game.plies.len();
        assert_eq!(game.stills(0, n).len(), n + 1, "one still a ply and the start");
        let _ = game.caption();
        let spec = game.base();
        dotchess_fuzz::render_well_formed(&dotchess::input::plain_figure(&spec));
    }
});
