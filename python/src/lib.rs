//! The native half of the `dotchess` Python package: glue over the library, as the command line
//! is. Positions and moves ([`position`]), figures and animations drawn through the one options
//! table the command's flags go through ([`figure`]), batches ([`manifest`]), and the input
//! errors raised as `dotchess.InputError` ([`error`]). The drawing runs with the GIL released.
#![forbid(unsafe_code)]

mod ending;
mod error;
mod figure;
mod manifest;
mod moves;
mod options;
mod position;
mod questions;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InputError", m.py().get_type::<error::InputError>())?;
    // The one version: the package's, which is the library's (a house test compares them).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<position::Position>()?;
    m.add_class::<moves::Move>()?;
    m.add_class::<moves::LegalMoves>()?;
    m.add_function(wrap_pyfunction!(options::option_table, m)?)?;
    m.add_function(wrap_pyfunction!(figure::draw, m)?)?;
    m.add_function(wrap_pyfunction!(figure::time_draw, m)?)?;
    m.add_class::<figure::Game>()?;
    m.add_function(wrap_pyfunction!(figure::read_games_text, m)?)?;
    m.add_function(wrap_pyfunction!(manifest::render_manifest_local, m)?)?;
    m.add_function(wrap_pyfunction!(manifest::manifest_jobs, m)?)?;
    m.add_function(wrap_pyfunction!(manifest::render_manifest_job, m)?)?;
    m.add_function(wrap_pyfunction!(manifest::write_manifest_index, m)?)?;
    m.add("VARIANTS", dotchess::VariantId::ALL.iter().map(|v| v.name()).collect::<Vec<_>>())?;
    Ok(())
}
