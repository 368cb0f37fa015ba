//! dotchess: the rules and figures of spherical chess.
//!
//! The rules core knows each variant's board ([`topology`]), generates moves ([`rules`]) and
//! answers, for a piece, every destination with every route that reaches it ([`routes`]).
//!
//! ```
//! use dotchess::{Position, VariantId, perft};
//! let start = Position::start(VariantId::Dot);
//! assert_eq!(perft(&start, 1), start.moves().len() as u64);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod animation;
pub mod batch;
pub mod bitboard;
pub mod budget;
pub mod colour;
pub mod figure;
mod font;
pub mod geometry;
pub mod grid;
pub mod moves;
pub mod notation;
pub mod options;
pub mod output;
pub mod piece;
pub mod position;
pub mod prefix;
pub mod routes;
pub mod rules;
pub mod scene;
pub mod setup;
pub mod spec;
pub mod theme;
pub mod topology;
pub mod variant;

pub use bitboard::Bitboard;
pub use figure::{Coordinates, Overlay, View, ViewKind, panels, render};
pub use moves::{Castling, Move, MoveKind};
pub use notation::{FenError, FenField, move_name};
pub use piece::{Color, Piece, Role};
pub use position::Position;
pub use routes::{Destination, Loop, LoopKind, Route, RouteStep, arrow_route, arrow_route_in, destinations, loops};
pub use rules::{IllegalMove, perft, perft_divide};
pub use scene::Scene;
pub use setup::{Setup, SetupError, SetupErrorKind};
pub use theme::Theme;
pub use topology::{Cell, Cursor, DiagonalRule, Dir, Pole, Poles, Step, Topology};
pub use variant::{Family, Palace, Variant, VariantId};

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
