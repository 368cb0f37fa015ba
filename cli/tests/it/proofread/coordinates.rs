//! Every coordinate the view promises is there: with coordinates at the edge, the board, the
//! disc, the hemispheres and the chart name every file and number every rank (a hemisphere alone
//! its own half's ranks), and the board letters its poles; with every cell named, every square
//! drawn carries its name (`13-xiangqi-general-soldier-chariot-disc` had no rank "1").

use super::{Finding, Sheet, data, essay_sheets, generated_sheets, has_class, proofread};
use dotchess::draw::ViewKind;
use dotchess::{Coordinates, Pole, Poles};
use std::collections::BTreeSet;

fn texts<'a>(s: &'a Sheet, class: &'a str) -> BTreeSet<&'a str> {
    s.find(class).filter_map(|e| data(e, "text")).collect()
}

fn check(s: &Sheet) -> Option<Vec<Finding>> {
    let view = s.view?;
    let (w, h) = (s.topo.width(), s.topo.height());
    let mut out = Vec::new();
    let mut want = |what: &str, need: Vec<String>, have: &BTreeSet<&str>| {
        let missing: Vec<String> = need.into_iter().filter(|n| !have.contains(n.as_str())).collect();
        if !missing.is_empty() {
            out.push(format!("{what} missing: {}", missing.join(" ")));
        }
    };
    let files: Vec<String> = (0..w).map(|f| ((b'a' + f) as char).to_string()).collect();
    let ranks = |r: std::ops::Range<u8>| r.map(|r| (r + 1).to_string()).collect::<Vec<_>>();
    match view.coordinates {
        Coordinates::None => return None,
        Coordinates::Edge => {
            let (fs, rs) = (texts(s, "coordinate file"), texts(s, "coordinate rank"));
            let need_ranks = match view.kind {
                ViewKind::Globe { .. } => return None,
                ViewKind::Hemisphere { pole: Pole::North, .. } => ranks(h.div_ceil(2)..h),
                ViewKind::Hemisphere { pole: Pole::South, .. } => ranks(0..h / 2),
                _ => ranks(0..h),
            };
            want("file letters", files, &fs);
            want("rank numbers", need_ranks, &rs);
            if matches!(view.kind, ViewKind::Board { .. }) && s.topo.poles() != Poles::Edge {
                want("pole letters", vec!["N".into(), "S".into()], &texts(s, "pole-label"));
            }
        }
        Coordinates::Cells => {
            if matches!(view.kind, ViewKind::Globe { .. }) {
                return None;
            }
            let drawn: BTreeSet<String> = s
                .elements
                .iter()
                .filter(|e| has_class(e, "cell") && data(e, "pole").is_none())
                .filter_map(|e| data(e, "cell").map(String::from))
                .collect();
            want("cell names", drawn.into_iter().collect(), &texts(s, "coordinate cell-name"));
        }
    }
    Some(out)
}

#[test]
fn essay_views_show_every_coordinate_they_promise() {
    proofread("coordinates", essay_sheets(), 100, check);
}

#[test]
fn generated_views_show_every_coordinate_they_promise() {
    proofread("coordinates", generated_sheets(), 100, check);
}
