//! Batches: a manifest's figures written as `dotchess batch` writes them, all at once on this
//! machine, or a job at a time (a task on a worker of a cluster) and the contact sheet after.

use crate::error;
use dotchess::batch::{Disk, FigureError, Manifest, Outcome, index_html, read_manifest, render_job, run};
use dotchess::output::{Target, write_bytes};
use pyo3::prelude::*;
use std::path::{Path, PathBuf};

/// One job's outcome as it crosses processes: its name, caption, the files written, and the
/// message of its failure (then no file was written).
type Reported = (String, String, Vec<String>, Option<String>);

fn manifest(path: &str) -> PyResult<(Manifest, Disk)> {
    let p = Path::new(path);
    let text = dotchess::input::read_input(p).map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))?;
    let m = error::guarded(|| read_manifest(path, &text).map_err(|e| error::input(&e)))?;
    let folder = p.parent().filter(|f| !f.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    Ok((m, Disk(folder)))
}

fn out_folder(out: &str) -> PyResult<PathBuf> {
    let dir = PathBuf::from(out);
    if std::fs::metadata(&dir).is_ok_and(|m| !m.is_dir()) {
        return Err(error::plain(format!("{out} is not a folder: the figures and their index.html go into a folder")));
    }
    std::fs::create_dir_all(&dir).map_err(|e| {
        error::plain(format!("cannot create the folder {out}: {}", dotchess::input::plain_os_error(&e)))
    })?;
    Ok(dir)
}

fn reported(o: Outcome) -> Reported {
    match o.result {
        Ok(ps) => (o.name, o.caption, ps.iter().map(|p| p.display().to_string()).collect(), None),
        Err(e) => (o.name, o.caption, Vec::new(), Some(e.to_string())),
    }
}

/// The paths written, or the failures as one error naming each figure.
fn finish(outcomes: &[Reported], index: Result<PathBuf, String>) -> PyResult<Vec<String>> {
    let failed: Vec<String> =
        outcomes.iter().filter_map(|(name, _, _, e)| e.as_ref().map(|e| format!("figure `{name}`: {e}"))).collect();
    if !failed.is_empty() {
        return Err(error::plain(format!(
            "{} of {} figures failed\n{}",
            failed.len(),
            outcomes.len(),
            failed.join("\n")
        )));
    }
    let index = index.map_err(error::plain)?;
    let mut all: Vec<String> = outcomes.iter().flat_map(|(_, _, files, _)| files.clone()).collect();
    all.push(index.display().to_string());
    Ok(all)
}

/// Every figure of the manifest at `path`, in parallel on this machine, into `out`.
#[pyfunction]
pub fn render_manifest_local(py: Python<'_>, path: &str, out: &str) -> PyResult<Vec<String>> {
    let (m, files) = manifest(path)?;
    let dir = out_folder(out)?;
    // A figure that panics fails alone (`run` reports it); anything else that does is raised.
    let report = py
        .allow_threads(|| dotchess::panics::caught(|| run(&m, &files, &dir, &|_| {})))
        .map_err(|message| error::panicked(&message))?;
    let index = report.index.map_err(|e| e.to_string());
    let outcomes: Vec<Reported> = report.outcomes.into_iter().map(reported).collect();
    finish(&outcomes, index)
}

/// How many jobs the manifest at `path` holds.
#[pyfunction]
pub fn manifest_jobs(path: &str) -> PyResult<usize> {
    Ok(manifest(path)?.0.jobs.len())
}

/// Job `index` of the manifest at `path`, written into `out`: `(name, caption, files or message)`.
#[pyfunction]
pub fn render_manifest_job(py: Python<'_>, path: &str, out: &str, index: usize) -> PyResult<Reported> {
    let (m, files) = manifest(path)?;
    if index >= m.jobs.len() {
        return Err(pyo3::exceptions::PyIndexError::new_err(format!("the manifest has {} jobs", m.jobs.len())));
    }
    let dir = out_folder(out)?;
    let job = &m.jobs[index];
    let written = py.allow_threads(|| -> Result<Vec<PathBuf>, FigureError> {
        // A panic (a bug) is this figure's failure, reported as any other: the client's batch
        // goes on and says "1 of N figures failed".
        let encoded = dotchess::panics::caught(|| render_job(&m, job, &files, &crate::figure::RENDERER))
            .unwrap_or_else(|message| Err(FigureError::Panicked(message)))?;
        let targets: Vec<(Target, &[u8])> =
            encoded.iter().map(|(name, bytes)| (Target::File(dir.join(name)), bytes.as_slice())).collect();
        // All of the figure's files, or none.
        write_bytes(&targets, &mut std::io::sink())?;
        Ok(targets.into_iter().filter_map(|(t, _)| if let Target::File(p) = t { Some(p) } else { None }).collect())
    });
    let caption = job.caption.clone().unwrap_or_else(|| job.name.clone());
    Ok(reported(Outcome { name: job.name.clone(), caption, result: written }))
}

/// Writes `index.html` for the jobs' outcomes (in manifest order) and returns every path written.
#[pyfunction]
pub fn write_manifest_index(path: &str, out: &str, outcomes: Vec<Reported>) -> PyResult<Vec<String>> {
    let (m, _) = manifest(path)?;
    let dir = out_folder(out)?;
    let rebuilt: Vec<Outcome> = outcomes
        .iter()
        .map(|(name, caption, files, failure)| Outcome {
            name: name.clone(),
            caption: caption.clone(),
            result: match failure {
                None => Ok(files.iter().map(PathBuf::from).collect()),
                Some(m) => Err(FigureError::Reported(m.clone())),
            },
        })
        .collect();
    let index_path = dir.join("index.html");
    let index = dotchess::output::write_file(&index_path, index_html(&rebuilt, &m.formats).as_bytes())
        .map(|()| index_path)
        .map_err(|e| e.to_string());
    finish(&outcomes, index)
}
