//! A reader's marks over the figure: the overlay's arrows and circles are drawn after every move
//! route and dot, in every view; an arrowhead ends at the edge of the piece it points at, not
//! under it.

use crate::common;

/// The image API's own example (docs/serve.md): the rook's moves marked, a green arrow along its
/// capture on h5 and a yellow circle round the pawn on d2, as `render` flags.
const EXAMPLE: [&str; 8] =
    ["--fen", "8/8/8/3R3r/8/8/3p4/8", "--square", "d5", "--arrow", "d5:h5:#15781b", "--circle", "d2:#e68f00"];

const VIEWS: [&str; 7] = ["board", "hemispheres", "north", "south", "chart", "globe", "disc"];

/// The example drawn in a view, as SVG.
fn svg(view: &str) -> String {
    let mut args = vec!["render", "--view", view, "--format", "svg", "-o", "-"];
    args.extend(EXAMPLE);
    let o = common::run_in(std::path::Path::new(crate::common::ROOT), &args);
    assert!(o.status.success(), "{view}: {}", common::stderr(&o));
    common::stdout(&o)
}

fn classes<'a>(n: &roxmltree::Node<'a, '_>) -> Vec<&'a str> {
    n.attribute("class").map(|c| c.split_whitespace().collect()).unwrap_or_default()
}

#[test]
fn arrows_and_circles_are_drawn_after_every_route_and_dot_in_every_view() {
    for view in VIEWS {
        let text = svg(view);
        let doc = roxmltree::Document::parse(&text).unwrap();
        // Document order: the order of painting.
        let order: Vec<Vec<&str>> = doc.descendants().filter(|n| n.is_element()).map(|n| classes(&n)).collect();
        let is = |c: &Vec<&str>, names: &[&str]| c.iter().any(|w| names.contains(w));
        let last_move_mark = order.iter().rposition(|c| is(c, &["route", "dot", "capture"]));
        let first_reader_mark = order.iter().position(|c| is(c, &["arrow", "arrow-head", "circle"]));
        let (Some(moves), Some(marks)) = (last_move_mark, first_reader_mark) else {
            panic!("{view}: the rook's moves and the arrow and circle are drawn")
        };
        assert!(
            moves < marks,
            "{view}: a route or dot (element {moves}) is drawn over an arrow or circle (element {marks})"
        );
        // The arrow runs over the N pole: the southern hemisphere alone shows none of it.
        assert!(view == "south" || order.iter().any(|c| is(c, &["arrow"])), "{view}: the arrow is drawn");
    }
}

/// The box of an SVG piece's outlines: every point of its paths (their control points too; an
/// arc's end point widened by its radii, a box the arc cannot leave).
fn piece_box(piece: &roxmltree::Node) -> (f64, f64, f64, f64) {
    let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    let mut add = |x: f64, y: f64, rx: f64, ry: f64| {
        b = (b.0.min(x - rx), b.1.min(y - ry), b.2.max(x + rx), b.3.max(y + ry));
    };
    for path in piece.descendants().filter(|n| n.has_tag_name("path")) {
        let d = path.attribute("d").unwrap();
        assert!(!d.contains(|c: char| c.is_ascii_lowercase()), "outlines in absolute commands: {d}");
        let mut cmd = ' ';
        let mut nums: Vec<f64> = Vec::new();
        let mut flush = |cmd: char, nums: &mut Vec<f64>| {
            match cmd {
                'A' => nums.chunks_exact(7).for_each(|a| add(a[5], a[6], a[0], a[1])),
                _ => nums.chunks_exact(2).for_each(|p| add(p[0], p[1], 0.0, 0.0)),
            }
            nums.clear();
        };
        let mut token = String::new();
        for c in d.chars().chain([' ']) {
            if c.is_ascii_digit() || c == '.' || (c == '-' && token.is_empty()) {
                token.push(c);
                continue;
            }
            if !token.is_empty() {
                nums.push(token.parse().unwrap());
                token.clear();
            }
            if c == '-' {
                token.push(c);
            } else if c.is_ascii_alphabetic() {
                flush(cmd, &mut nums);
                cmd = c;
            }
        }
        flush(cmd, &mut nums);
    }
    b
}

#[test]
fn an_arrowhead_ends_outside_the_piece_it_points_at() {
    for view in ["board", "hemispheres", "chart", "disc"] {
        let text = svg(view);
        let doc = roxmltree::Document::parse(&text).unwrap();
        let head = doc.descendants().find(|n| classes(n).contains(&"arrow-head")).expect("an arrowhead");
        assert_eq!(head.attribute("data-to"), Some("h5"));
        // The head is drawn from its tip: `M x,y L … Z`.
        let d = head.attribute("d").unwrap();
        let tip: Vec<f64> = d[1..].split(['L', ' ']).next().unwrap().split(',').map(|s| s.parse().unwrap()).collect();
        let target = doc
            .descendants()
            .filter(|n| classes(n).contains(&"piece") && n.attribute("data-cell") == Some("h5"))
            .map(|n| piece_box(&n))
            .min_by(|a, b| {
                let d = |b: &(f64, f64, f64, f64)| ((b.0 + b.2) / 2.0 - tip[0]).hypot((b.1 + b.3) / 2.0 - tip[1]);
                d(a).total_cmp(&d(b))
            })
            .expect("the rook on h5");
        let (x0, y0, x1, y1) = target;
        let inside = tip[0] > x0 + 0.01 && tip[0] < x1 - 0.01 && tip[1] > y0 + 0.01 && tip[1] < y1 - 0.01;
        assert!(!inside, "{view}: the tip {tip:?} lies inside the rook's box {target:?}");
        // And it reaches the piece: no further from its box than a tenth of the box.
        let gap = (x0 - tip[0]).max(tip[0] - x1).max(y0 - tip[1]).max(tip[1] - y1);
        assert!(gap <= 0.1 * (x1 - x0).max(y1 - y0), "{view}: the tip {tip:?} stops {gap:.1} short of {target:?}");
    }
}
