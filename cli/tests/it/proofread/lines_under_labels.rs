//! No route or mark crosses a label: a rank number's or file letter's halo, a cell name's plate, a
//! promotion's plate, or the letters themselves where they have no halo (`12-promotion`'s "QRBN"
//! over the b7→c8 capture route, the xiangqi horse's route over rank label "1"). Pole letters are
//! drawn over what passes the pole on purpose (docs/rules.md §5.8) and are not counted.
//!
//! One way of crossing is how print does it and reads: a line that runs *under* a label's opaque
//! halo, the halo drawn after the line, so that the line stops at the rim and the letters read
//! whole (a map's name on a knock-out over a road) — as long as the halo hides no more than half
//! of that line, and the line is a line (a route, loop, arrow, river), not a dot or port, which a
//! halo would hide. A cell name's plate made opaque is the same knock-out in a box and passes on
//! the same terms. A halo or plate that lets the line show through (any opacity under 1), a label
//! drawn before the line, or a label with no halo or plate is still a finding.

use super::geom::{Box2, text_box, to_line};
use super::{
    Finding, Sheet, data, describe, essay_sheets, generated_sheets, half_stroke, has_class, line_points, proofread,
};
use dotchess::Position;
use dotchess::draw::scene::{Element, Pt, Shape};

/// How far a line or mark may reach into a label's room before a reader sees it there: the rim
/// of a halo, under a unit, reads as touching, not crossing.
const GRAZE: f64 = 1.0;

/// A label's room: a halo (circle) or a box.
#[derive(Clone, Copy)]
pub enum Room {
    Halo(Pt, f64),
    Plate(Box2),
}

impl Room {
    /// Whether a point lies inside the room.
    fn holds(&self, p: Pt) -> bool {
        match *self {
            Room::Halo(c, r) => p.dist(c) < r,
            Room::Plate(b) => p.x > b.l && p.x < b.r && p.y > b.t && p.y < b.b,
        }
    }

    /// How far a line of points, `half` wide either side, reaches into the room (negative: apart).
    fn reach(&self, line: &[Pt], half: f64) -> f64 {
        match *self {
            Room::Halo(c, r) => r + half - to_line(c, line),
            Room::Plate(b) => {
                let mut best = f64::NEG_INFINITY;
                for w in line.windows(2) {
                    let n = (w[0].dist(w[1]) / 0.5).ceil().max(1.0) as usize;
                    for i in 0..=n {
                        let p = w[0].lerp(w[1], i as f64 / n as f64);
                        let dx = (b.l - p.x).max(p.x - b.r).max(0.0);
                        let dy = (b.t - p.y).max(p.y - b.b).max(0.0);
                        let inside = (p.x - b.l).min(b.r - p.x).min(p.y - b.t).min(b.b - p.y);
                        let d = if dx == 0.0 && dy == 0.0 { -inside } else { dx.hypot(dy) };
                        best = best.max(half - d);
                    }
                }
                best
            }
        }
    }
}

/// The labels of a sheet, each with its room: coordinate letters and numbers (their halo where
/// they stand on one), cell names (their plate), promotion labels (their backing).
pub fn labels(s: &Sheet) -> Vec<(&Element, Room)> {
    let halos: Vec<(Pt, f64)> = s
        .find("coordinate-halo")
        .filter_map(|e| match e.shape {
            Shape::Circle { c, r } => Some((c, r)),
            _ => None,
        })
        .collect();
    let plates: Vec<Box2> = s
        .elements
        .iter()
        .filter(|e| has_class(e, "cell-name-plate") || has_class(e, "promotion-backing"))
        .filter_map(|e| match e.shape {
            Shape::Rect { at, w, h } => Some(Box2 { l: at.x, t: at.y, r: at.x + w, b: at.y + h }),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for e in s.elements.iter().filter(|e| has_class(e, "coordinate") || has_class(e, "promotion")) {
        let Shape::Text { at, .. } = e.shape else { continue };
        if let Some(&(c, r)) = halos.iter().find(|h| h.0.dist(at) < 1e-6) {
            out.push((e, Room::Halo(c, r)));
        } else if let Some(&b) = plates.iter().find(|b| at.x > b.l && at.x < b.r && at.y > b.t && at.y < b.b) {
            out.push((e, Room::Plate(b)));
        } else if let Some(b) = text_box(e) {
            out.push((e, Room::Plate(b)));
        }
    }
    out
}

/// The lines a reader follows: routes, loops, arrows, the last move, castling rooks' jumps, and
/// the xiangqi board's river and palaces.
const LINES: [&str; 7] = ["route", "loop", "arrow", "lastmove", "castling-rook", "river", "palace"];
/// The marks on cells: dots, ports, the overlay's circles and crosses.
const MARKS: [&str; 3] = ["dot", "port", "mark"];

/// Where a label stands on a knock-out, an opaque halo (a rank number's) or plate (a cell
/// name's): the knock-out's place in the drawing order and its room.
fn knockout(s: &Sheet, label: &Element) -> Option<(usize, Room)> {
    let Shape::Text { at, .. } = label.shape else { return None };
    let opaque = |e: &Element| e.paint.fill.is_some() && e.paint.opacity.is_none_or(|o| o >= 1.0);
    s.elements.iter().enumerate().find_map(|(i, e)| match e.shape {
        Shape::Circle { c, r } if has_class(e, "coordinate-halo") && c.dist(at) < 1e-6 && opaque(e) => {
            Some((i, Room::Halo(c, r)))
        }
        Shape::Rect { at: o, w, h } if has_class(e, "cell-name-plate") && opaque(e) => {
            let b = Box2 { l: o.x, t: o.y, r: o.x + w, b: o.y + h };
            Room::Plate(b).holds(at).then_some((i, Room::Plate(b)))
        }
        _ => None,
    })
}

/// A line as a reader follows it: an element, and where it continues another route's drawing
/// (`data-continues="i1"`: the route to h1 drawn on from where the route to i1 ends), that
/// route's too, back to the piece.
fn whole_route(s: &Sheet, e: &Element) -> Vec<Vec<Pt>> {
    let mut out = line_points(e);
    let (mut from, mut next) = (data(e, "from"), data(e, "continues"));
    let mut seen = 0;
    while let (Some(f), Some(to)) = (from, next) {
        seen += 1;
        let Some(prev) = s
            .elements
            .iter()
            .find(|x| has_class(x, "route") && data(x, "from") == Some(f) && data(x, "to") == Some(to))
        else {
            break;
        };
        if seen > 64 {
            break;
        }
        out.extend(line_points(prev));
        (from, next) = (data(prev, "from"), data(prev, "continues"));
    }
    if out.is_empty() {
        match e.shape {
            Shape::Circle { c, .. } => vec![vec![c]],
            _ => out,
        }
    } else {
        out
    }
}

/// How much of a line lies inside a room, as a share of the line's length.
fn share_inside(lines: &[Vec<Pt>], room: &Room) -> f64 {
    let (mut inside, mut all) = (0.0, 0.0);
    for line in lines {
        for w in line.windows(2) {
            let len = w[0].dist(w[1]);
            let n = (len / 0.25).ceil().max(1.0) as usize;
            for i in 0..n {
                let p = w[0].lerp(w[1], (i as f64 + 0.5) / n as f64);
                all += len / n as f64;
                if room.holds(p) {
                    inside += len / n as f64;
                }
            }
        }
    }
    if all > 0.0 { inside / all } else { 1.0 }
}

fn check(s: &Sheet) -> Option<Vec<Finding>> {
    let labels = labels(s);
    if labels.is_empty() {
        return None;
    }
    let knockouts: Vec<Option<(usize, Room)>> = labels.iter().map(|(l, _)| knockout(s, l)).collect();
    let mut out = Vec::new();
    for (i, e) in s.elements.iter().enumerate() {
        let line = LINES.iter().any(|c| has_class(e, c));
        let mark = MARKS.iter().any(|c| has_class(e, c)) && data(e, "legend").is_none();
        // A cell tinted for the last move is ground, not a line.
        let ground = has_class(e, "cell") || has_class(e, "pole");
        if !(line || mark) || ground || data(e, "far").is_some() {
            continue;
        }
        let (lines, half): (Vec<Vec<Pt>>, f64) = match e.shape {
            Shape::Circle { c, r } => (vec![vec![c]], r + half_stroke(e)),
            _ => (line_points(e), half_stroke(e)),
        };
        for ((label, room), knock) in labels.iter().zip(&knockouts) {
            // Under an opaque halo or plate drawn after it, hiding at most half of it: a line, not
            // a mark.
            if let Some((k, knocked)) = knock
                && line
                && *k > i
                && share_inside(&whole_route(s, e), knocked) <= 0.5
            {
                continue;
            }
            let reach = lines.iter().map(|l| room.reach(l, half)).fold(f64::NEG_INFINITY, f64::max);
            if reach > GRAZE {
                out.push(format!(
                    "{} crosses the label {:?} ({}) by {reach:.1} units",
                    describe(e),
                    data(label, "text").unwrap_or("?"),
                    label.class
                ));
            }
        }
    }
    Some(out)
}

#[test]
fn essay_routes_and_marks_keep_off_labels() {
    proofread("routes and marks over labels", essay_sheets(), 100, check);
}

#[test]
fn generated_routes_and_marks_keep_off_labels() {
    proofread("routes and marks over labels", generated_sheets(), 100, check);
}

/// A made-up route from `from` to `to` along y = 50, 3 units wide.
fn made_up_route(from: f64, to: f64) -> Element {
    use dotchess::draw::scene::{Paint, Rgb};
    Element::new(
        Shape::Polyline(vec![Pt::new(from, 50.0), Pt::new(to, 50.0)]),
        Paint::stroke(Rgb(200, 0, 200), 3.0),
        "route",
    )
}

/// A made-up label's letters at (50, 50).
fn made_up_label(text: &str, size: f64, class: &str) -> Element {
    use dotchess::draw::scene::{Anchor, FontWeight, Paint, Rgb};
    let letters = Shape::Text {
        text: text.into(),
        at: Pt::new(50.0, 50.0),
        size,
        anchor: Anchor::Middle,
        weight: FontWeight::Regular,
    };
    Element::new(letters, Paint::fill(Rgb(0, 0, 0)), class).with("text", text)
}

/// How many findings the check makes on a made-up sheet of `elements`, drawn in that order.
fn findings_on(elements: Vec<Element>) -> usize {
    let topo = *Position::start(dotchess::VariantId::Dot).topology();
    let sheet = Sheet { figure: "made up".into(), part: "panel 1".into(), elements, topo, view: None, animation: None };
    check(&sheet).map_or(0, |f| f.len())
}

/// The check on four made-up sheets, a route running straight through a rank number's halo: the
/// halo opaque and drawn after the route passes; translucent, drawn before the route, or hiding
/// the whole route, it is a finding.
#[test]
fn a_line_passes_under_an_opaque_halo_drawn_after_it_only() {
    use dotchess::draw::scene::{Paint, Rgb};
    let halo = |opacity: Option<f64>| {
        let mut e = Element::new(
            Shape::Circle { c: Pt::new(50.0, 50.0), r: 7.0 },
            Paint::fill(Rgb(255, 255, 255)),
            "coordinate-halo",
        );
        e.paint.opacity = opacity;
        e
    };
    let number = made_up_label("1", 11.0, "coordinate rank");
    let route = made_up_route(0.0, 100.0);
    let found = findings_on;
    assert_eq!(found(vec![route.clone(), halo(None), number.clone()]), 0, "an opaque halo drawn over the route");
    assert_eq!(found(vec![route.clone(), halo(Some(0.85)), number.clone()]), 1, "a translucent halo");
    assert_eq!(found(vec![halo(None), number.clone(), route]), 1, "the route drawn over the label");
    assert_eq!(found(vec![made_up_route(46.0, 54.0), halo(None), number]), 1, "the whole route under the halo");
}

/// The same rule for a cell name's plate, on made-up sheets: a route through the plate passes
/// when the plate is opaque and drawn after it and hides at most half of it; a translucent plate
/// (the 0.85 of a name with nothing under it), a plate drawn before the route, a plate hiding the
/// whole route, or a mark (a cross's arm) under an opaque plate are findings.
#[test]
fn a_line_passes_under_an_opaque_cell_name_plate_drawn_after_it_only() {
    use dotchess::draw::scene::{Paint, PathCmd, Rgb};
    let plate = |opacity: Option<f64>| {
        let mut e = Element::new(
            Shape::Rect { at: Pt::new(42.0, 44.0), w: 16.0, h: 12.0 },
            Paint::fill(Rgb(240, 217, 181)),
            "cell-name-plate",
        );
        e.paint.opacity = opacity;
        e
    };
    let name = made_up_label("e4", 9.0, "coordinate cell-name");
    let cross = Element::new(
        Shape::Path(vec![PathCmd::Move(Pt::new(44.0, 44.0)), PathCmd::Line(Pt::new(56.0, 56.0))]),
        Paint::stroke(Rgb(0, 0, 200), 2.0),
        "mark cross",
    );
    let (found, route) = (findings_on, made_up_route);
    assert_eq!(found(vec![route(0.0, 100.0), plate(None), name.clone()]), 0, "an opaque plate over the route");
    assert_eq!(found(vec![route(0.0, 100.0), plate(Some(0.85)), name.clone()]), 1, "a translucent plate");
    assert_eq!(found(vec![plate(None), name.clone(), route(0.0, 100.0)]), 1, "the route drawn over the name");
    assert_eq!(found(vec![route(44.0, 56.0), plate(None), name.clone()]), 1, "the whole route under the plate");
    assert_eq!(found(vec![cross, plate(None), name]), 1, "a cross's arm under an opaque plate");
}

/// Item 5 of the print-grade pass: on a xiangqi globe the river runs along the equator, where the
/// file letters stand; d, e and f were written on its line. Every file letter the globe shows,
/// from above and below the equator and all round, keeps off the river (and every other line).
#[test]
fn xiangqi_globe_file_letters_keep_off_the_river() {
    use dotchess::draw::{ViewKind, Viewpoint};
    use dotchess::{Overlay, Theme, VariantId, View};
    let mut sheets = Vec::new();
    for v in [VariantId::Xiangqi, VariantId::XiangqiFlat] {
        let pos = Position::start(v);
        for latitude in [-30.0, -10.0, 10.0, 30.0] {
            for longitude in [0.0, 50.0, 120.0, 200.0, 290.0] {
                let mut view = View::globe();
                view.kind = ViewKind::Globe { viewpoint: Viewpoint { latitude, longitude, roll: 0.0 }, ghost: false };
                let scene = dotchess::render(&pos, &Overlay::default(), &view, &Theme::essay());
                let name = format!("{v} globe from {latitude}° {longitude}°");
                sheets.push(Sheet::new(name, "panel 1".into(), &scene, *pos.topology(), Some(view)));
            }
        }
    }
    let files =
        |s: &Sheet| check(s).map(|f| f.into_iter().filter(|x| x.contains("(coordinate file)")).collect::<Vec<_>>());
    proofread("file letters on the xiangqi globe", &sheets, 40, files);
}
