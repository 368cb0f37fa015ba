//! The manifest reader: any text. For an accepted manifest, every figure whose files exist (the
//! essay's, built in) renders to well-formed XML, and the contact sheet is well-formed too.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(manifest) = dotchess::batch::read_manifest("fuzz.toml", text) else { return };
    let files = dotchess::batch::Embedded(dotchess::batch::ESSAY_FILES);
    let mut outcomes = Vec::new();
    for job in manifest.jobs.iter().take(4) {
        let result = match dotchess::batch::figure(job, &files, manifest.variant) {
            Ok(figure) => {
                dotchess_fuzz::render_well_formed(&figure);
                Ok(Vec::new())
            }
            Err(e) => Err(e.into()),
        };
        let caption = job.caption.clone().unwrap_or_else(|| job.name.clone());
        outcomes.push(dotchess::batch::Outcome { name: job.name.clone(), caption, result });
    }
    let index = dotchess::batch::index_html(&outcomes, &manifest.formats);
    assert!(!index.contains('\0'));
});
