//! The rules half: boards and their topology, pieces, positions, move generation, the routes a
//! move takes, and the notations of positions and moves. Nothing here knows about drawing.

pub(crate) mod bitboard;
pub(crate) mod movegen;
pub(crate) mod moves;
pub(crate) mod notation;
pub(crate) mod piece;
pub(crate) mod position;
pub(crate) mod routes;
pub(crate) mod san;
pub(crate) mod setup;
pub(crate) mod topology;
pub(crate) mod variant;

#[cfg(test)]
mod tests;
