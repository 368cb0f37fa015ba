//! The Typst plugin of dotchess: what `typst/lib.typ` calls. Glue over the library's public API,
//! as the command is: a request (JSON written by lib.typ) is read into the same options, files
//! and games the command reads, checked once by the library, and answered with the bytes the
//! command writes (a figure's SVG) or with data (a game's moves, a piece's destinations) as JSON.
//!
//! Every function answers `Ok(bytes)` or `Err(message)`: the message is the command's own, with
//! its place (the option, or the file, line and column), and Typst stops the compile with it at
//! the call. The library refuses bad input with errors, never with a panic; a panic in the plugin
//! would be a bug, which Typst reports as the plugin having trapped.
//!
//! The functions are plain Rust (tested natively, `cargo test -p dotchess-typst`); on
//! `wasm32` the protocol's macro exports each under its name (module `exports`).

mod answers;
mod request;

pub use answers::{destinations, game};
pub use request::svg;

/// The functions Typst calls, exported by the protocol's macro (`wasm32` only).
#[cfg(target_arch = "wasm32")]
#[allow(unsafe_code)]
mod exports {
    use wasm_minimal_protocol::{initiate_protocol, wasm_func};

    initiate_protocol!();

    /// A figure's SVG bytes (`request::svg`).
    #[wasm_func]
    fn svg(request: &[u8]) -> Result<Vec<u8>, String> {
        super::svg(request)
    }

    /// A game's tags and moves as JSON (`answers::game`).
    #[wasm_func]
    fn game(request: &[u8]) -> Result<Vec<u8>, String> {
        super::game(request)
    }

    /// A piece's destinations as JSON (`answers::destinations`).
    #[wasm_func]
    fn destinations(request: &[u8]) -> Result<Vec<u8>, String> {
        super::destinations(request)
    }
}
