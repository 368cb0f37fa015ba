//! dotchess: the rules and the figures of spherical chess — Chess on the Dot, where the board is
//! a ball and the ranks run round it to the poles, and its relatives (small spherical chess,
//! cylinder chess, xiangqi on a ball; [`VariantId`]).
//!
//! The crate has two halves. The **rules** ([`Position`], [`Move`], [`Topology`]) know each
//! variant's board, generate legal moves, read and write FEN and SAN, and answer, for a piece,
//! every destination together with every route that reaches it ([`destinations`]). They need
//! nothing but `thiserror`: build with `default-features = false` for the rules alone.
//!
//! The **figures** (feature `render`, on by default) draw positions on the hemispheres, the
//! chart, the board, the globe or the disc, with marks over them, and write them as SVG, PNG,
//! PDF or an interactive HTML page, or animate them as GIF, APNG or animated SVG: a [`Figure`]
//! is checked once from the same options the `dotchess` command takes, and a [`Renderer`] turns it
//! into bytes.
//!
//! # Rules
//!
//! ```
//! use dotchess::{Position, VariantId, destinations};
//!
//! let mut pos = Position::start(VariantId::Dot);
//! assert_eq!(pos.moves().len(), 20);
//! let m = pos.read_move("Nc3")?;
//! assert_eq!(pos.san(m), "Nc3");
//! pos.play(m)?;
//! assert_eq!(Position::from_fen(VariantId::Dot, &pos.fen())?.fen(), pos.fen());
//! // Every destination of the knight, each with the routes that reach it.
//! let c3 = pos.topology().parse_cell("c3").unwrap();
//! assert!(destinations(&pos, c3, false).iter().all(|d| !d.routes.is_empty()));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # A figure
//!
//! ```
//! # #[cfg(feature = "render")] {
//! use dotchess::{Figure, Format, Position, Renderer, VariantId};
//!
//! let pos = Position::start(VariantId::Dot);
//! // The options as `dotchess render` takes them, here written as a URL query.
//! let figure = Figure::with_query(&pos, "view=globe&square=b1&width=300")?;
//! let svg = Renderer::new().render(&figure, Format::Svg)?;
//! assert!(String::from_utf8(svg)?.contains(r#"data-cell="c3""#));
//! # }
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # The main types
//!
//! - [`Position`]: a position of a variant: its [`Topology`] (the board's cells and steps), pieces,
//!   side to move; legal [`Move`]s, SAN ([`Position::san`], [`Position::read_move`]), FEN
//!   ([`Position::from_fen`], [`Position::fen`]), check ([`Position::in_check`]).
//! - [`destinations`] and [`Route`]: where a piece goes and by which way round the ball.
//! - [`Figure`]: a checked figure — position files, an overlay file, options
//!   ([`input::FigureOptions`]) — with every error an [`input::InputError`] that names the file,
//!   line and column.
//! - [`Renderer`]: draws figures and animations into bytes ([`Format`]); it holds its own caches.
//! - [`input`] reads position files, overlays, themes and PGN games; [`draw`] holds what a
//!   checked figure is ([`draw::FigureSpec`]) and the [`draw::scene`] it is drawn into;
//!   [`output`] the formats; [`batch`] a manifest of figures. The `dotchess` command and its HTTP
//!   server are the `dotchess-cli` package, glue over this library.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "render")]
pub mod answers;
#[cfg(feature = "render")]
pub mod batch;
#[cfg(feature = "render")]
pub mod draw;
#[cfg(feature = "render")]
pub mod input;
mod names;
#[cfg(feature = "render")]
pub mod output;
pub mod panics;
#[cfg(feature = "render")]
mod renderer;
mod rules;
#[cfg(feature = "render")]
mod suggest;

#[cfg(feature = "render")]
pub use draw::scene::Scene;
#[cfg(feature = "render")]
pub use draw::{Coordinates, Overlay, Theme, View, ViewKind, render};
#[cfg(feature = "render")]
pub use output::Format;
#[cfg(feature = "render")]
pub use renderer::{Figure, RenderError, Renderer};

pub use names::UnknownName;
pub use rules::bitboard::Bitboard;
pub use rules::movegen::{IllegalMove, Undo, perft, perft_divide};
pub use rules::moves::{Castling, Move, MoveKind};
pub use rules::notation::{FenError, FenField, move_name};
pub use rules::piece::{Color, Piece, Role};
pub use rules::position::Position;
pub use rules::routes::{
    Destination, Loop, LoopKind, Route, RouteStep, arrow_route, arrow_route_in, destinations, loops, ride_to,
};
pub use rules::san::{Hint, MoveError, MoveErrorKind, San};
pub use rules::setup::{Setup, SetupError, SetupErrorKind};
pub use rules::topology::{Cell, Cursor, DiagonalRule, Dir, Pole, Poles, Step, Topology};
pub use rules::variant::{Family, Palace, Variant, VariantId};

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
