//! Helpers shared by the integration tests' modules.

use dotchess::{Color, Position, VariantId};

/// Runs `dotchess` in `dir` with `args`, nothing on its standard input.
pub fn run_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_dotchess"))
        .current_dir(dir)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run dotchess")
}

/// A run's standard error as text.
pub fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A run's standard output as text.
pub fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A position with the given pieces (`"Rd5"`, `"kN"`, `"He2"` …: a letter, then a cell; uppercase
/// White or Gold) and a side to move.
pub fn setup_turn(v: VariantId, pieces: &[&str], turn: Color) -> Position {
    let t = &v.variant().topology;
    let mut rows: Vec<Vec<char>> = vec![vec!['.'; t.width() as usize]; t.height() as usize];
    let (mut north, mut south) = ('1', '1');
    for p in pieces {
        let (letter, sq) = p.split_at(1);
        let ch = letter.chars().next().unwrap();
        match sq {
            "N" => north = ch,
            "S" => south = ch,
            _ => {
                let c = t.parse_cell(sq).unwrap_or_else(|| panic!("{sq} is not a cell of {v}"));
                let (f, r) = t.coords(c).unwrap();
                rows[r as usize][f as usize] = ch;
            }
        }
    }
    let mut fields: Vec<String> =
        rows.iter().rev().map(|row| fen_rank(row.iter().map(|&ch| (ch != '.').then_some(ch)))).collect();
    if t.poles() == dotchess::Poles::Live {
        fields.insert(0, north.to_string());
        fields.push(south.to_string());
    }
    let side = if turn == Color::White { "w" } else { "b" };
    let fen = format!("{} {side} - - 0 1", fields.join("/"));
    Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// One rank of a FEN, west to east: each piece's letter, each run of empty squares as its length.
pub fn fen_rank(cells: impl IntoIterator<Item = Option<char>>) -> String {
    let mut s = String::new();
    let mut empty = 0;
    for cell in cells {
        match cell {
            None => empty += 1,
            Some(c) => {
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                s.push(c);
            }
        }
    }
    if empty > 0 {
        s += &empty.to_string();
    }
    s
}

/// Runs the program with `args` in the current folder.
pub fn dotchess(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_dotchess")).args(args).output().expect("dotchess runs")
}

/// A FEN written from a board's ranks (south to north, each west to east: a piece's letter or
/// none) and, on a board with live poles, what stands on the north and south pole cells.
pub fn fen_of_rows(rows: &[Vec<Option<char>>], poles: Option<(Option<char>, Option<char>)>, black: bool) -> String {
    let mut fields: Vec<String> = rows.iter().rev().map(|row| fen_rank(row.iter().copied())).collect();
    if let Some((north, south)) = poles {
        fields.insert(0, north.map_or("1".to_string(), String::from));
        fields.push(south.map_or("1".to_string(), String::from));
    }
    format!("{} {} - - 0 1", fields.join("/"), if black { "b" } else { "w" })
}

/// A scratch folder for one test: `dotchess-<name>-<process id>` in the system's temporary
/// folder, made empty, and removed with everything in it when dropped (also when the test fails
/// and unwinds), so that test runs leave nothing behind.
pub struct Scratch(std::path::PathBuf);

impl Scratch {
    /// An empty scratch folder.
    pub fn new(name: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!("dotchess-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What `dotchess essay -o DIR` wrote, run once per test process and shared by every test that
/// reads the essay's outputs (the run takes most of a minute in the test profile). The folder
/// (`dotchess-essay-<process id>` in the system's temporary folder, some 80 MB) is removed when
/// the test process exits ([`remove_at_exit`]).
pub struct EssayRun {
    /// The folder the essay was written into.
    pub dir: std::path::PathBuf,
    /// The command's exit status, standard output and standard error.
    pub output: std::process::Output,
}

/// The one essay run of this test process (started by the first test that asks; the others wait
/// for it). The tests assert its outcome themselves.
pub fn essay_outputs() -> &'static EssayRun {
    static RUN: std::sync::OnceLock<EssayRun> = std::sync::OnceLock::new();
    RUN.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("dotchess-essay-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        remove_at_exit(&dir);
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_dotchess"))
            .args(["essay", "-o"])
            .arg(&dir)
            .current_dir(crate::common::ROOT)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run dotchess essay");
        EssayRun { dir, output }
    })
}

/// Removes `dir` with everything in it once the test process has ended, however it ends (the
/// harness returning from `main`, `std::process::exit` after a failed test, an abort, a signal).
/// Statics are never dropped, so no destructor of ours can: a shell started here waits for the
/// end of a pipe that only this process holds open, which the system closes when the process
/// ends, and then removes the folder. (Rust opens its pipes close-on-exec, so the commands the
/// tests run do not hold it open.)
// The shell is never waited for: it ends after this process has, and the system reaps it then.
#[allow(clippy::zombie_processes)]
fn remove_at_exit(dir: &std::path::Path) {
    static PIPE: std::sync::OnceLock<std::sync::Mutex<std::process::ChildStdin>> = std::sync::OnceLock::new();
    if PIPE.get().is_some() {
        return;
    }
    let waiter = std::process::Command::new("sh")
        .args(["-c", "cat >/dev/null; rm -rf -- \"$1\"", "sh"])
        .arg(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start sh to remove the essay folder when the tests end");
    let pipe = waiter.stdin.expect("the shell's standard input is a pipe");
    let _ = PIPE.set(std::sync::Mutex::new(pipe));
}

/// A middle game on an 8 × 8 board: both sides castled neither way yet (White may castle short),
/// a pawn on the seventh rank that promotes by a push or a capture, an en passant capture (e5xd6),
/// knights, bishops and queens in play.
pub const CHESS_MIDDLE: &str = "r3k2r/pPp2ppp/2n2n2/3pP1B1/1bB5/2N2N2/P2P1PPP/R2QK2R w KQkq d6 0 10";

/// A middle game on Mori's 8 × 8 board with live poles: White's king on S, Black's on a square, a
/// queen, rook, bishop, knights and pawns.
pub const SMALL8_MIDDLE: &str = "1/3r3k/1p6/2n5/5N2/1Q6/B7/3P4/8/K w - - 0 1";

/// The position after `plies` moves from the variant's start, each the move at a fixed stride
/// through the sorted legal moves: a middle game reached by play, the same on every run.
pub fn played(v: VariantId, plies: usize) -> Position {
    let mut pos = Position::start(v);
    for k in 0..plies {
        let mut moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        moves.sort();
        pos.play(moves[(k * 37 + 11) % moves.len()]).expect("a legal move");
    }
    pos
}

/// One middle-game position in each of these variants: dot, boholy, spherical, small,
/// small8, flat, cylinder, xiangqi.
pub fn middle_games() -> Vec<Position> {
    use VariantId::*;
    let chess = |v| Position::from_fen(v, CHESS_MIDDLE).unwrap();
    vec![
        chess(Dot),
        chess(Boholy),
        chess(Spherical),
        played(Small, 14),
        Position::from_fen(Small8, SMALL8_MIDDLE).unwrap(),
        chess(Flat),
        chess(Cylinder),
        played(Xiangqi, 16),
    ]
}

/// The repository's root, where the files the tests read are (`tests/data`, `tests/golden`,
/// `examples/`, `templates/`, the library's `src/`): this package is its `cli/` folder.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
