//! The rules half: boards and their topology, pieces, positions, move generation, the routes a
//! move takes, and the notations of positions and moves. Nothing here knows about drawing.

pub mod bitboard;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod position;
pub mod routes;
pub mod san;
pub mod setup;
pub mod topology;
pub mod variant;

#[cfg(test)]
mod tests;
