//! Every pole a globe shows carries its letter: `01-globe`'s caption names "the N cap in sight",
//! and the cap had none in it and in all 48 frames of `02-globe-spin` (the letter was only drawn
//! where the pole faced the reader well enough to hold it). A live pole with a piece, or a circle
//! or cross of the overlay, on it is named by what stands there and may go without (docs/rules.md
//! §5.8).

use super::{Finding, Sheet, data, describe, essay_sheets, generated_sheets, has_class, proofread};
use dotchess::draw::ViewKind;

fn check(s: &Sheet) -> Option<Vec<Finding>> {
    if !matches!(s.view.map(|v| v.kind), Some(ViewKind::Globe { .. })) {
        return None;
    }
    // The caps drawn: a dead pole's (`class="pole"`) or a live pole's cell.
    let caps: Vec<_> = s.elements.iter().filter(|e| has_class(e, "pole") && data(e, "pole").is_some()).collect();
    if caps.is_empty() {
        return None;
    }
    let held = |cell: &str| {
        let piece = s.find("piece").any(|p| data(p, "cell") == Some(cell));
        let markup = s.find("mark").any(|m| data(m, "cell") == Some(cell));
        piece || markup
    };
    let mut out = Vec::new();
    for cap in caps {
        let pole = data(cap, "pole");
        if data(cap, "cell").is_some_and(held) {
            continue;
        }
        let lettered = s.find("pole-label").any(|l| data(l, "pole") == pole);
        if !lettered && !out.iter().any(|f: &String| f.contains(&describe(cap))) {
            out.push(format!("{} is drawn without its letter", describe(cap)));
        }
    }
    Some(out)
}

#[test]
fn essay_globes_letter_every_pole_in_sight() {
    proofread("poles without their letter", essay_sheets(), 40, check);
}

#[test]
fn generated_globes_letter_every_pole_in_sight() {
    proofread("poles without their letter", generated_sheets(), 10, check);
}
