//! dotchess: the rules and figures of spherical chess.
//!
//! The rules core knows each variant's board ([`rules::topology`]), generates moves ([`rules::movegen`]) and
//! answers, for a piece, every destination with every route that reaches it ([`rules::routes`]).
//!
//! ```
//! use dotchess::{Position, VariantId, perft};
//! let start = Position::start(VariantId::Dot);
//! assert_eq!(perft(&start, 1), start.moves().len() as u64);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "render")]
pub mod batch;
#[cfg(feature = "render")]
pub mod draw;
#[cfg(feature = "render")]
pub mod input;
#[cfg(feature = "render")]
pub mod output;
pub mod rules;
#[cfg(feature = "serve")]
pub mod serve;
#[cfg(feature = "render")]
mod suggest;

#[cfg(feature = "render")]
pub use draw::figure::{Coordinates, Overlay, View, ViewKind, panels, render};
#[cfg(feature = "render")]
pub use draw::scene::Scene;
#[cfg(feature = "render")]
pub use draw::theme::Theme;
pub use rules::bitboard::Bitboard;
pub use rules::movegen::{IllegalMove, perft, perft_divide};
pub use rules::moves::{Castling, Move, MoveKind};
pub use rules::notation::{FenError, FenField, move_name};
pub use rules::piece::{Color, Piece, Role};
pub use rules::position::Position;
pub use rules::routes::{
    Destination, Loop, LoopKind, Route, RouteStep, arrow_route, arrow_route_in, destinations, loops,
};
pub use rules::san::{MoveError, San};
pub use rules::setup::{Setup, SetupError, SetupErrorKind};
pub use rules::topology::{Cell, Cursor, DiagonalRule, Dir, Pole, Poles, Step, Topology};
pub use rules::variant::{Family, Palace, Variant, VariantId};

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
