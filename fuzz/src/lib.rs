//! What every fuzz target asserts of an accepted input: the figure renders and its SVG is
//! well-formed XML.

use dotchess::draw::FigureSpec;

/// Renders a figure within the budget, as the program does, and parses its SVG; panics (a
/// finding) when the SVG is not XML. A figure over the budget is refused, not a finding.
pub fn render_well_formed(figure: &FigureSpec) {
    let Ok(scene) = dotchess::output::render_checked(figure) else { return };
    let svg = dotchess::output::to_svg(&scene);
    if let Err(e) = roxmltree::Document::parse(&svg) {
        panic!("the SVG of an accepted input is not XML: {e}");
    }
}

/// Position files the overlay and manifest targets may name: the essay's own, built in.
pub fn essay_file(name: &str) -> Result<(String, String), dotchess::input::LoadError> {
    use dotchess::batch::Files;
    dotchess::batch::Embedded(dotchess::batch::ESSAY_FILES).read(name)
}
