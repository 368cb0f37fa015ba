//! The shape of a board: its cells, and the one step function that knows geometry.
//!
//! Every move in the project (rides, leaps, pawn steps, castling, attacks, and the routes the
//! figures draw) is built from [`Topology::step`]. Nothing else computes where a square's
//! neighbour is.

use std::fmt;

/// Largest number of cells (squares plus live poles) a board may have; bitboards are `u128`.
pub const MAX_CELLS: usize = 128;

/// The most steps any walk along a ride takes before giving up. A ride repeats once it is back in
/// a state (cell, heading, and on a live pole its exit file) it was in, and a board has fewer than
/// `16 * MAX_CELLS` states; a walk that gets this far is a topology bug, and stops rather than
/// running on.
pub const RIDE_LIMIT: usize = 16 * MAX_CELLS;

/// A cell of a board: a square, or a live pole.
///
/// Squares are numbered rank by rank from `a1 = 0`; the live poles, when the board has them,
/// follow the squares: South is `W * H`, North is `W * H + 1`. A cell comes from its board
/// ([`Topology::square`], [`Topology::pole_cell`], [`Topology::cell`], [`Topology::parse_cell`],
/// [`Topology::all_cells`]), so it names a cell that board has; a cell of one board offered to
/// another is refused ([`Topology::contains`]) or reads as empty, never as some other cell.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Cell(u8);

impl Cell {
    /// The cell of an index below [`MAX_CELLS`], for the crate's own tables and sets.
    #[inline]
    pub(crate) const fn from_index(index: u8) -> Cell {
        Cell(index)
    }
    /// The cell's index, for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One of the two poles.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Pole {
    /// Beyond the last rank; Black's home.
    North,
    /// Below rank 1; White's home.
    South,
}

impl Pole {
    /// `'N'` or `'S'`.
    pub const fn letter(self) -> char {
        match self {
            Pole::North => 'N',
            Pole::South => 'S',
        }
    }
}

impl Pole {
    /// Both poles, north first.
    pub const ALL: [Pole; 2] = [Pole::North, Pole::South];
    /// Their names as options write them ([`Pole::name`]): `N`, `S`.
    pub const NAMES: [&'static str; 2] = crate::names::names_of!(Pole::ALL, Pole::name);

    /// `N` or `S`: the pole as a disc view's `pole` option names it.
    pub const fn name(self) -> &'static str {
        match self {
            Pole::North => "N",
            Pole::South => "S",
        }
    }
}

/// `N` or `S`, in either case.
impl std::str::FromStr for Pole {
    type Err = crate::names::UnknownName;
    fn from_str(s: &str) -> Result<Pole, Self::Err> {
        crate::names::parse(s, &Pole::ALL, &Pole::NAMES, Pole::name)
    }
}

impl fmt::Display for Pole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// What lies beyond the first and last rank.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Poles {
    /// The board ends (flat and cylindrical chess).
    Edge,
    /// A point that rides pass through but never stop on (Chess on the Dot).
    Dead,
    /// A cell of its own, adjacent to every square of the rank next to it (Small Spherical Chess).
    Live,
}

/// How a diagonal step that leaves the board over a pole lands (docs/rules.md §2).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DiagonalRule {
    /// Colour-bound: land on the antipodal square, both direction components reversed.
    Antipode,
    /// Colour-changing: land where the unrolled chart puts the next diagonal square.
    Chart,
}

/// A direction of one step: file and rank components, each -1, 0 or 1.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Dir {
    /// East is +1.
    pub df: i8,
    /// North is +1.
    pub dr: i8,
}

impl Dir {
    /// Builds a direction.
    pub const fn new(df: i8, dr: i8) -> Dir {
        Dir { df, dr }
    }
    /// No direction: a ride that cannot go on.
    pub const NONE: Dir = Dir::new(0, 0);
    /// The four rook directions: north, east, south, west.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::new(0, 1), Dir::new(1, 0), Dir::new(0, -1), Dir::new(-1, 0)];
    /// The four bishop directions: north-east, south-east, south-west, north-west.
    pub const DIAGONAL: [Dir; 4] = [Dir::new(1, 1), Dir::new(1, -1), Dir::new(-1, -1), Dir::new(-1, 1)];
    /// All eight king directions.
    pub const ALL: [Dir; 8] = [
        Dir::new(0, 1),
        Dir::new(1, 1),
        Dir::new(1, 0),
        Dir::new(1, -1),
        Dir::new(0, -1),
        Dir::new(-1, -1),
        Dir::new(-1, 0),
        Dir::new(-1, 1),
    ];
    /// True for a rook direction.
    pub const fn is_orthogonal(self) -> bool {
        (self.df == 0) != (self.dr == 0)
    }
    /// The opposite direction.
    pub const fn reverse(self) -> Dir {
        Dir::new(-self.df, -self.dr)
    }
    /// A short compass name (`n`, `ne`, …), as used on the command line.
    pub fn name(self) -> &'static str {
        match (self.df, self.dr) {
            (0, 1) => "n",
            (1, 1) => "ne",
            (1, 0) => "e",
            (1, -1) => "se",
            (0, -1) => "s",
            (-1, -1) => "sw",
            (-1, 0) => "w",
            (-1, 1) => "nw",
            _ => "-",
        }
    }
    /// Parses a compass name (`n`, `ne`, `e`, …; case-insensitive).
    pub fn from_name(s: &str) -> Option<Dir> {
        let lower = s.to_ascii_lowercase();
        Dir::ALL.into_iter().find(|d| d.name() == lower)
    }
}

/// A ride in progress: where it is and which way it goes next.
///
/// On a square, `dir` is the heading. On a live pole, a ride is between its entry and its exit,
/// so the cursor records the exit instead: the next step lands on the square of `exit_file` next
/// to the pole, heading `dir` (or nowhere, when `dir` is [`Dir::NONE`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cursor {
    /// The cell the ride stands on.
    pub cell: Cell,
    /// The heading of the next step.
    pub dir: Dir,
    /// On a live pole: the file of the square the next step lands on.
    pub exit_file: u8,
}

/// The result of one step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Step {
    /// Where the ride is after the step.
    pub to: Cursor,
    /// The dead pole the step passed over, if any.
    pub via: Option<Pole>,
    /// The step's displacement on the unrolled chart (docs/rules.md §5.2), in the frame of the board copy
    /// the step started in: `(columns east, rows north)`. A step onto or off a live pole counts
    /// one row (a live pole is a band one row high between copies).
    pub chart: (i8, i8),
    /// True when the step crossed into a north–south flipped copy of the board on the chart.
    pub flips: bool,
}

/// A board's shape: size, east–west wrap, what the poles are, and how diagonals cross them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Topology {
    width: u8,
    height: u8,
    wrap: bool,
    poles: Poles,
    diagonal: DiagonalRule,
}

/// Why a topology cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TopologyError {
    /// Too small or too big to index.
    #[error("a board must have 2 to 26 files and 2 to 26 ranks, with at most {MAX_CELLS} cells in all (got {0}×{1})")]
    Size(u8, u8),
    /// Poles need the files to wrap.
    #[error("a board with poles must wrap east–west")]
    PolesWithoutWrap,
}

impl Topology {
    /// Builds a topology after checking its size.
    pub fn new(
        width: u8,
        height: u8,
        wrap: bool,
        poles: Poles,
        diagonal: DiagonalRule,
    ) -> Result<Topology, TopologyError> {
        let cells = width as usize * height as usize + if poles == Poles::Live { 2 } else { 0 };
        if !(2..=26).contains(&width) || !(2..=26).contains(&height) || cells > MAX_CELLS {
            return Err(TopologyError::Size(width, height));
        }
        if poles != Poles::Edge && !wrap {
            return Err(TopologyError::PolesWithoutWrap);
        }
        Ok(Topology { width, height, wrap, poles, diagonal })
    }

    /// Number of files `W`.
    pub const fn width(&self) -> u8 {
        self.width
    }
    /// Number of ranks `H`.
    pub const fn height(&self) -> u8 {
        self.height
    }
    /// Whether the files wrap east–west.
    pub const fn wraps(&self) -> bool {
        self.wrap
    }
    /// What the poles are.
    pub const fn poles(&self) -> Poles {
        self.poles
    }
    /// The diagonal pole rule.
    pub const fn diagonal_rule(&self) -> DiagonalRule {
        self.diagonal
    }
    /// Number of squares, `W * H`.
    pub const fn squares(&self) -> usize {
        self.width as usize * self.height as usize
    }
    /// Number of cells: squares, plus two live poles.
    pub const fn cells(&self) -> usize {
        self.squares() + if matches!(self.poles, Poles::Live) { 2 } else { 0 }
    }
    /// Every cell, squares first (a1, b1, …), then S and N if live.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.cells() as u8).map(Cell)
    }
    /// The cell of an index (squares `0..W*H`, then S and N where the poles are live), if the
    /// board has it.
    pub fn cell(&self, index: usize) -> Option<Cell> {
        (index < self.cells()).then_some(Cell(index as u8))
    }
    /// Whether the board has this cell.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.index() < self.cells()
    }
    /// The square at 0-based file and rank, if on the board.
    pub fn square(&self, file: u8, rank: u8) -> Option<Cell> {
        (file < self.width && rank < self.height).then(|| Cell(rank * self.width + file))
    }
    /// The live pole cell, if poles are live.
    pub fn pole_cell(&self, pole: Pole) -> Option<Cell> {
        (self.poles == Poles::Live).then(|| {
            let s = self.squares() as u8;
            Cell(match pole {
                Pole::South => s,
                Pole::North => s + 1,
            })
        })
    }
    /// Which pole a cell is, if it is a live pole of this board.
    pub fn pole_of(&self, cell: Cell) -> Option<Pole> {
        if self.poles != Poles::Live {
            return None;
        }
        match cell.index().checked_sub(self.squares()) {
            Some(0) => Some(Pole::South),
            Some(1) => Some(Pole::North),
            _ => None,
        }
    }
    /// File and rank (0-based) of a square; `None` for a pole.
    pub fn coords(&self, cell: Cell) -> Option<(u8, u8)> {
        (cell.index() < self.squares()).then(|| (cell.0 % self.width, cell.0 / self.width))
    }
    /// Whether a cell is a dark square (`f + r` even; a1 is dark). Poles are neither.
    pub fn is_dark(&self, cell: Cell) -> Option<bool> {
        self.coords(cell).map(|(f, r)| (f + r) % 2 == 0)
    }
    /// The antipodal file, `(f + W/2) mod W`; only even `W` has one.
    pub fn antipode(&self, file: u8) -> Option<u8> {
        self.width.is_multiple_of(2).then(|| (file + self.width / 2) % self.width)
    }
    /// The rank next to a pole (0-based).
    pub const fn polar_rank(&self, pole: Pole) -> u8 {
        match pole {
            Pole::North => self.height - 1,
            Pole::South => 0,
        }
    }
    /// The name of a cell: `e4`, or `N` / `S` for a live pole.
    pub fn name(&self, cell: Cell) -> String {
        match self.coords(cell) {
            // Written by hand, not with `format!`: a large chart window names tens of thousands.
            Some((f, r)) => {
                let mut s = String::with_capacity(4);
                s.push((b'a' + f) as char);
                let n = u32::from(r) + 1;
                if n >= 100 {
                    s.push(char::from(b'0' + (n / 100) as u8));
                }
                if n >= 10 {
                    s.push(char::from(b'0' + (n / 10 % 10) as u8));
                }
                s.push(char::from(b'0' + (n % 10) as u8));
                s
            }
            None => self.pole_of(cell).map(|p| p.letter().to_string()).unwrap_or_default(),
        }
    }
    /// Parses a cell name (`e4`, or `N` / `S` where the poles are live).
    pub fn parse_cell(&self, s: &str) -> Option<Cell> {
        match s {
            "N" | "n" => return self.pole_cell(Pole::North),
            "S" | "s" => return self.pole_cell(Pole::South),
            _ => {}
        }
        let mut chars = s.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank: u8 = chars.as_str().parse().ok()?;
        if rank == 0 || chars.as_str().starts_with('0') || chars.as_str().starts_with('+') {
            return None;
        }
        self.square(file as u8 - b'a', rank - 1)
    }

    /// A cursor on a square, heading `dir`.
    pub fn cursor(&self, cell: Cell, dir: Dir) -> Cursor {
        Cursor { cell, dir, exit_file: self.coords(cell).map_or(0, |c| c.0) }
    }

    /// The cursors a ride leaving a live pole starts from, one per square of its polar circle
    /// and heading: `W` for orthogonal rides, `2W` for diagonal ones (each polar-circle square,
    /// leaving it in both diagonal senses). Empty for a square.
    pub fn pole_departures(&self, cell: Cell, diagonal: bool) -> Vec<Cursor> {
        let Some(pole) = self.pole_of(cell) else { return Vec::new() };
        let away: i8 = if pole == Pole::North { -1 } else { 1 };
        let dfs: &[i8] = if diagonal { &[1, -1] } else { &[0] };
        let mut out = Vec::new();
        for file in 0..self.width {
            for &df in dfs {
                out.push(Cursor { cell, dir: Dir::new(df, away), exit_file: file });
            }
        }
        out
    }

    /// Where a step over a pole from `(file, rank)` heading `dir` lands, with the new heading:
    /// the pole rule of docs/rules.md §2. `None` when no file is antipodal (odd `W`): nothing passes.
    fn over_pole(&self, file: u8, dir: Dir) -> Option<(u8, Dir)> {
        let w = self.width as i16;
        let anti = |f: i16| self.antipode(f.rem_euclid(w) as u8);
        if dir.df == 0 {
            return Some((anti(file as i16)?, Dir::new(0, -dir.dr)));
        }
        match self.diagonal {
            DiagonalRule::Antipode => Some((anti(file as i16)?, dir.reverse())),
            DiagonalRule::Chart => Some((anti(file as i16 + dir.df as i16)?, Dir::new(dir.df, -dir.dr))),
        }
    }

    /// The chart column offset of a pole crossing that lands on `landing` from `file`: the
    /// flipped copy beyond the pole holds `anti(x)` in column `x`, so the offset is the `x - file`
    /// in -1..=1 with `anti(x) = landing`.
    fn crossing_dx(&self, file: u8, landing: u8) -> i8 {
        let w = self.width as i16;
        let x = self.antipode(landing).unwrap_or(landing) as i16;
        let d = (x - file as i16).rem_euclid(w);
        if d == w - 1 { -1 } else { d as i8 }
    }

    /// One step of a ride (docs/rules.md §2). `None` when the ride cannot go on: off the edge of a board
    /// that has one, or on through a pole that nothing passes.
    pub fn step(&self, from: Cursor) -> Option<Step> {
        let dir = from.dir;
        if dir == Dir::NONE {
            return None;
        }
        let Some((file, rank)) = self.coords(from.cell) else {
            // On a live pole: step off to the recorded exit.
            let pole = self.pole_of(from.cell)?;
            let cell = self.square(from.exit_file, self.polar_rank(pole))?;
            return Some(Step {
                to: Cursor { cell, dir, exit_file: from.exit_file },
                via: None,
                chart: (0, dir.dr),
                flips: false,
            });
        };
        let (w, h) = (self.width as i16, self.height as i16);
        let nr = rank as i16 + dir.dr as i16;
        if (0..h).contains(&nr) {
            let mut nf = file as i16 + dir.df as i16;
            if self.wrap {
                nf = nf.rem_euclid(w);
            } else if !(0..w).contains(&nf) {
                return None;
            }
            let cell = self.square(nf as u8, nr as u8)?;
            return Some(Step {
                to: Cursor { cell, dir, exit_file: nf as u8 },
                via: None,
                chart: (dir.df, dir.dr),
                flips: false,
            });
        }
        let pole = if nr >= h { Pole::North } else { Pole::South };
        match self.poles {
            Poles::Edge => None,
            Poles::Dead => {
                let (landing, ndir) = self.over_pole(file, dir)?;
                let cell = self.square(landing, rank)?;
                Some(Step {
                    to: Cursor { cell, dir: ndir, exit_file: landing },
                    via: Some(pole),
                    chart: (self.crossing_dx(file, landing), dir.dr),
                    flips: true,
                })
            }
            Poles::Live => {
                // Onto the pole cell; the crossing's landing is recorded as the exit, and the
                // chart offset of the whole crossing is spent on this first half.
                let (exit_file, ndir, dx) = match self.over_pole(file, dir) {
                    Some((landing, ndir)) => (landing, ndir, self.crossing_dx(file, landing)),
                    None => (file, Dir::NONE, 0),
                };
                let cell = self.pole_cell(pole)?;
                Some(Step { to: Cursor { cell, dir: ndir, exit_file }, via: None, chart: (dx, dir.dr), flips: true })
            }
        }
    }

    /// Every cell a ride from `start` visits, in order, stopping before it re-enters the cell it
    /// started on or when it cannot go on. Blockers are not considered: this is the ride on an
    /// empty board.
    pub fn ride(&self, start: Cursor) -> Vec<Step> {
        let mut out = Vec::new();
        let mut cur = start;
        while let Some(step) = self.step(cur) {
            if step.to.cell == start.cell || out.len() >= RIDE_LIMIT {
                break;
            }
            out.push(step);
            cur = step.to;
        }
        out
    }
}
