//! The integration tests: one crate, so that the test code is compiled and linked once, with a
//! module per subject. `cargo test --test it MODULE::` runs one subject (`cargo test --test it
//! golden::`), `cargo test --test it NAME` one test.
//!
//! Work that several tests need and that is the same for each — the whole `dotchess essay` run —
//! is done once per test process ([`common::essay_outputs`]).
//!
//! The tests measure figures natively, within tolerances, and write no bytes: std's sines and
//! arc tangents are allowed here (clippy.toml sends the library's drawing to `libm`).
#![allow(clippy::disallowed_methods)]

mod common;
#[path = "../../../tests/support/resvg_png.rs"]
mod resvg_png;

mod animation;
mod api;
mod browser;
mod chess_model;
mod cli;
mod controls;
mod essay;
mod essay_readable;
mod fen;
mod formats;
mod games;
mod gif_colours;
mod golden;
mod harden;
mod house;
mod http;
mod inputs;
mod marks_order;
mod options;
mod page_js;
mod pdf;
mod perft_flat;
mod pieces;
mod proofread;
mod properties;
mod render;
mod replay;
mod rules;
mod san;
mod seed_figures;
mod serve;
mod serve_deadlines;
mod serve_limits;
mod serve_reads;
mod serve_workbench;
mod split;
mod tools;
mod touch;
mod types;
mod typst;
mod unbroken;
mod views;
mod write;
mod xiangqi;
mod xiangqi_model;
