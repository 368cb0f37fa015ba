//! The two PNGs of the server's load benchmark (`benches/serve-load.sh` cases a and b), each
//! drawn and painted N times in one thread, for counting instructions with callgrind: unlike
//! time, the count is the same from run to run whatever else the machine is doing.
//!
//! ```text
//! cargo bench --bench paint_count --no-run
//! valgrind --tool=callgrind target/release/deps/paint_count-* board 20
//! valgrind --tool=callgrind target/release/deps/paint_count-* hemispheres 20
//! valgrind --tool=callgrind target/release/deps/paint_count-* turning 20
//! ```
//!
//! `turning` is case c: the hemispheres figure with its rotation stepped by 0.008 of a file
//! from one figure to the next, as the load benchmark's 1000 distinct queries ask for it.
//!
//! Without valgrind it prints the mean time a figure (a rough number; criterion's `render` bench
//! times the stages properly).

use dotchess::output::scene_png;
use dotchess::{Overlay, Position, Theme, VariantId, View, render};

fn main() {
    // `cargo bench` runs every bench target with `--bench`: then it only checks that both draw.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let which = args.first().map_or("board", String::as_str);
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let (pos, overlay, mut view) = match which {
        // Case a: 1. e4, the last move marked, on the single board.
        "board" => {
            let pos = Position::from_fen(VariantId::Dot, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
                .expect("FEN");
            let t = pos.topology();
            let lastmove = t.parse_cell("e2").zip(t.parse_cell("e4"));
            (pos, Overlay { lastmove, ..Overlay::default() }, View::board())
        }
        // Case b: a rook's moves on the two hemispheres (case c: turning a little each time).
        "hemispheres" | "turning" => {
            let pos = Position::from_fen(VariantId::Dot, "8/8/8/3R3r/8/8/3p4/8 w - - 0 1").expect("FEN");
            let d5 = pos.topology().parse_cell("d5").expect("d5");
            (pos, Overlay { moves: vec![d5.into()], ..Overlay::default() }, View::hemispheres())
        }
        other => panic!("{other}: board, hemispheres or turning"),
    };
    view.width = 480.0;
    let theme = Theme::essay();
    let start = std::time::Instant::now();
    let mut bytes = 0;
    for i in 0..n {
        if which == "turning" {
            view.kind = dotchess::ViewKind::Hemispheres { rotation: i as f64 * 0.008 };
        }
        let scene = render(&pos, &overlay, &view, &theme);
        bytes += scene_png(&scene, 1.0).expect("PNG").len();
    }
    let each = start.elapsed().as_secs_f64() * 1000.0 / n as f64;
    println!("{which}: {n} PNGs, {each:.2} ms each, {} bytes each", bytes / n);
}
