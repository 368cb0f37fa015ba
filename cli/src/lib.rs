//! The front ends of dotchess that the library itself does not carry: the HTTP server
//! ([`serve`]), which `dotchess serve` runs. The `dotchess` command is this package's binary.
//! Both are glue over the `dotchess` library: a crate that depends on `dotchess` gets the rules
//! and the drawing, without a command line or a web server.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod serve;
