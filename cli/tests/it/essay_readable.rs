//! The essay's figures as a reader sees them: every position could arise in play,
//! no route is painted over a dot, pieces on the ball stay inside it, rides through a live pole
//! pass its centre on the single board, and the labels (rank numbers, promotions, cell names)
//! stay readable.

use crate::essay::{data, draw, essay, panels_of, points, rect};
use dotchess::Scene;
use dotchess::draw::scene::{Element, Shape};

/// Every position the essay draws could arise in play: the side that has just moved has not left
/// its king attacked (SPEC §3, legality). A figure of a capture of the king, or of a side to move
/// that could take the enemy king, shows a position the rules never reach
/// (`12-small-knight` had Black in check with White to move).
#[test]
fn every_essay_position_is_legal() {
    let (mut checked, mut illegal) = (0, Vec::new());
    for (name, fig) in essay() {
        for (i, p) in fig.panels.iter().enumerate() {
            let pos = &p.position;
            let Some(king) = pos.king(pos.turn().other()) else { continue };
            checked += 1;
            if pos.attacked(king, pos.turn()) {
                let cell = pos.topology().name(king);
                illegal.push(format!("{name}, panel {}: the side not to move is in check on {cell}", i + 1));
            }
        }
    }
    assert!(illegal.is_empty(), "{}", illegal.join("\n"));
    assert!(checked >= 10, "only {checked} panels have both kings");
}

/// No route is painted over a dot: in every panel of every essay figure, every line a mark draws
/// (routes and their casings, loops, castling rooks' jumps, arrows, the last move, the ports
/// where they break) comes before every destination dot in the scene, so a dot is never hidden
/// by another piece's route ( the cannon's orange route round rank 3 ran through the
/// elephant's and the horse's dots on the xiangqi disc).
#[test]
fn routes_are_painted_under_every_dot() {
    const LINES: [&str; 7] = ["route", "route-casing", "loop", "castling-rook", "arrow", "lastmove", "port"];
    let mut over = Vec::new();
    let mut dots_seen = 0;
    for (name, fig) in essay() {
        for (i, p) in fig.panels.iter().enumerate() {
            let scene = draw(&fig, p);
            let elements = scene.elements();
            let is = |e: &Element, words: &[&str]| e.class.split_whitespace().any(|c| words.contains(&c));
            let Some(first_dot) = elements.iter().position(|e| is(e, &["dot"])) else { continue };
            dots_seen += 1;
            let late: Vec<String> = elements[first_dot..]
                .iter()
                .filter(|e| is(e, &LINES))
                .map(|e| format!("{} {}->{}", e.class, data(e, "from").unwrap_or("?"), data(e, "to").unwrap_or("?")))
                .collect();
            if !late.is_empty() {
                over.push(format!("{name}, panel {}: {} line(s) after a dot, first {}", i + 1, late.len(), late[0]));
            }
        }
    }
    assert!(over.is_empty(), "lines painted over dots:\n{}", over.join("\n"));
    assert!(dots_seen >= 40, "only {dots_seen} panels have dots");
}

/// The outline a scene draws round a ball (its `limb`): the globe's circle, or the silhouette
/// of the ball still forming in the wrap, as a polygon.
fn limb_polygon(scene: &Scene) -> Option<Vec<dotchess::draw::scene::Pt>> {
    use dotchess::draw::scene::{PathCmd, Pt};
    let limb = scene.find("limb").into_iter().next()?;
    Some(match &limb.shape {
        Shape::Circle { c, r } => {
            (0..720).map(|i| c.offset(r * (i as f64 / 360.0 * PI).cos(), r * (i as f64 / 360.0 * PI).sin())).collect()
        }
        Shape::Path(cmds) => cmds
            .iter()
            .filter_map(|c| match c {
                PathCmd::Move(p) | PathCmd::Line(p) => Some(*p),
                _ => None,
            })
            .collect::<Vec<Pt>>(),
        other => panic!("a limb is a circle or a path, not {other:?}"),
    })
}

use std::f64::consts::PI;

/// SPEC §5.5, the globe: the ball is seen from outside, so everything on it, pieces included,
/// lies within its outline ( on `01-globe`, in every frame of `02-globe-spin` and at the
/// end of `03-wrap` White's rank-1 pieces hung below the limb). Every corner of every piece's box
/// lies inside the limb, on every globe panel and every frame of the animations that show the
/// ball.
#[test]
fn pieces_on_the_ball_stay_inside_its_outline() {
    use dotchess::draw::Kind;
    let mut scenes: Vec<(String, Scene)> = Vec::new();
    for (name, fig) in essay() {
        match fig.animation {
            Some(spec) if matches!(spec.kind, Kind::Spin | Kind::Wrap) => {
                let a = dotchess::draw::animate(&spec, &fig.panels[0], fig.title.as_deref(), &fig.theme).unwrap();
                scenes.extend(a.frames.into_iter().enumerate().map(|(k, s)| (format!("{name}, frame {k}"), s)));
            }
            Some(_) => {}
            None => {
                for (i, p) in fig.panels.iter().enumerate() {
                    if matches!(p.view.kind, dotchess::draw::ViewKind::Globe { .. }) {
                        scenes.push((format!("{name}, panel {}", i + 1), draw(&fig, p)));
                    }
                }
            }
        }
    }
    let (mut balls, mut outside) = (0, Vec::new());
    for (what, scene) in &scenes {
        let Some(limb) = limb_polygon(scene) else { continue };
        balls += 1;
        let n = limb.len() as f64;
        let mid = limb.iter().fold(dotchess::draw::scene::Pt::default(), |m, p| m.offset(p.x / n, p.y / n));
        // Inside a convex polygon: on the middle's side of every edge (a hundredth of a unit's
        // tolerance).
        let inside = |q: dotchess::draw::scene::Pt| {
            limb.iter().zip(limb.iter().cycle().skip(1)).all(|(a, b)| {
                let side = |p: dotchess::draw::scene::Pt| (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
                side(q) * side(mid).signum() >= -0.01 * a.dist(*b)
            })
        };
        for e in scene.find("piece") {
            let Shape::Piece { at, size, .. } = e.shape else { continue };
            let h = size / 2.0;
            if [(-h, -h), (h, -h), (h, h), (-h, h)].iter().any(|&(dx, dy)| !inside(at.offset(dx, dy))) {
                outside.push(format!("{what}: the piece on {}", data(e, "cell").unwrap_or("?")));
            }
        }
    }
    assert!(outside.is_empty(), "pieces outside the ball's outline:\n{}", outside.join("\n"));
    // 01-globe, the two castling globes, the 48 frames of the spin, the wrap's frames on the ball.
    assert!(balls >= 55, "only {balls} pictures of the ball");
}

/// On the single board a live pole is a cell, drawn as a band with its piece and its dot in the
/// middle: a ride through the pole is drawn as one line through that centre (Mori's
/// Rb6-b7-b8-N-f8-f7, Be7-f8-N-c8-d7), not as two pieces ending in ports on the band with the
/// pole's dot floating between them. The poles' letters stand beside the
/// bands, so no route runs under them.
#[test]
fn rides_through_a_live_pole_pass_its_centre_on_the_board() {
    use dotchess::draw::scene::Pt;
    let (_, scenes) = panels_of("12-small8-examples");
    for (i, s) in scenes[..2].iter().enumerate() {
        let pole = s.find("dot").into_iter().find(|e| data(e, "cell") == Some("N")).expect("a dot on N");
        let Shape::Circle { c: centre, .. } = pole.shape else { panic!("a dot is a circle") };
        let loops = s.find("loop");
        assert!(!loops.is_empty());
        for e in loops {
            assert!(data(e, "part").is_none(), "panel {}: a ride through N drawn in parts", i + 1);
            assert!(points(e).iter().any(|p| p.dist(centre) < 1e-6), "panel {}: a ride misses N's centre", i + 1);
        }
        assert!(s.find("port").is_empty(), "panel {}: a ride through N breaks at the band", i + 1);
    }
    for name in ["12-small8-examples", "12-small-bishop", "12-small-king", "12-spherical-king"] {
        let (fig, scenes) = panels_of(name);
        for (p, s) in fig.panels.iter().zip(&scenes) {
            if !matches!(p.view.kind, dotchess::draw::ViewKind::Board { .. }) {
                continue;
            }
            let bands: Vec<(Pt, f64, f64)> = s
                .find("pole")
                .into_iter()
                .chain(s.find("cell").into_iter().filter(|e| matches!(data(e, "cell"), Some("N" | "S"))))
                .filter_map(|e| match e.shape {
                    Shape::Rect { at, w, h } => Some((at, w, h)),
                    _ => None,
                })
                .collect();
            assert!(!bands.is_empty(), "{name}: no pole band");
            for letter in s.find("pole-label") {
                let Shape::Text { at, .. } = letter.shape else { panic!("a letter is text") };
                for &(b, w, h) in &bands {
                    let inside = at.x > b.x && at.x < b.x + w && at.y > b.y && at.y < b.y + h;
                    assert!(!inside, "{name}: a pole's letter inside its band, where routes run");
                }
            }
        }
    }
}

/// Labels stay readable: on every panel of the essay no rank number's halo
/// lies on a piece, a dot or a port (`13-xiangqi-start` had "10" under a chariot, `12-queen` its
/// 5 and 4 under ports), no promotion label covers a rank number (`12-promotion`'s "Q R B N"
/// beside the 8), and where a chart names its cells, nothing drawn later covers a name
/// (`12-spherical-rook`: the route's dots and the rook over a2 a1 e1 e2 e3 e4 and a3).
#[test]
fn rank_numbers_promotion_labels_and_cell_names_stay_clear() {
    use dotchess::draw::scene::{PathCmd, Pt};
    let circle = |e: &Element| match e.shape {
        Shape::Circle { c, r } => Some((c, r)),
        Shape::Piece { at, size, .. } => Some((at, size / 2.0)),
        _ => None,
    };
    let (mut badges, mut crossed) = (0, 0);
    for (name, fig) in essay() {
        for (i, p) in fig.panels.iter().enumerate() {
            let s = draw(&fig, p);
            // Every element in drawing order: a number may lie on a piece, dot or port only when
            // it is drawn after it, over it (a full ring, docs/rules.md §5.1), never under it.
            let order = s.elements();
            let is = |e: &Element, c: &str| e.class.split_whitespace().any(|w| w == c);
            let halos: Vec<(usize, Pt, f64)> = order
                .iter()
                .enumerate()
                .filter(|(_, e)| is(e, "coordinate-halo"))
                .filter_map(|(k, e)| circle(e).map(|(c, r)| (k, c, r)))
                .collect();
            badges += halos.len();
            let drawn: Vec<(usize, &Element)> = order
                .iter()
                .enumerate()
                .filter(|(_, e)| ["piece", "dot", "port"].iter().any(|c| is(e, c)))
                .map(|(k, e)| (k, *e))
                .collect();
            for &(k, h, hr) in &halos {
                for &(j, e) in &drawn {
                    if j < k {
                        continue;
                    }
                    let Some((c, r)) = circle(e) else { continue };
                    assert!(
                        h.dist(c) >= hr + r - 0.5,
                        "{name}, panel {}: a rank number at {h:?} under the {} on {:?}",
                        i + 1,
                        e.class,
                        data(e, "cell")
                    );
                }
            }
            for b in s.find("promotion-backing") {
                let (at, w, hgt) = rect(b);
                for &(_, h, hr) in &halos {
                    let dx = (h.x - (at.x + w / 2.0)).abs() - w / 2.0;
                    let dy = (h.y - (at.y + hgt / 2.0)).abs() - hgt / 2.0;
                    assert!(
                        dx.max(0.0).hypot(dy.max(0.0)) >= hr,
                        "{name}, panel {}: a promotion label on a rank number",
                        i + 1
                    );
                }
            }
            // Cell names: nothing after a name in the scene overlaps it.
            let elements = s.elements();
            for (k, e) in elements.iter().enumerate().filter(|(_, e)| e.class.contains("cell-name")) {
                let Shape::Text { at, size, .. } = e.shape else { continue };
                for later in &elements[k + 1..] {
                    // A cross's strokes (`12-spherical-bishop-d3` had one through "c1").
                    if let (true, Shape::Path(cmds)) = (later.class.contains("cross"), &later.shape) {
                        let half = later.paint.stroke.map_or(0.0, |(_, w)| w / 2.0);
                        for pair in cmds.windows(2) {
                            let (PathCmd::Move(a), PathCmd::Line(b)) = (&pair[0], &pair[1]) else { continue };
                            assert!(
                                to_segment(at, *a, *b) >= half + size * 0.3,
                                "{name}, panel {}: the name {:?} crossed out",
                                i + 1,
                                data(e, "text")
                            );
                            crossed += 1;
                        }
                    }
                    let Some((c, r)) = circle(later) else { continue };
                    if later.class.contains("coordinate") {
                        continue;
                    }
                    assert!(
                        c.dist(at) >= r + size * 0.3,
                        "{name}, panel {}: the name {:?} covered by the {}",
                        i + 1,
                        data(e, "text"),
                        later.class
                    );
                }
            }
        }
    }
    assert!(badges >= 100, "only {badges} rank numbers");
    assert!(crossed > 0, "no cross drawn after a cell name");
}

/// The file letters stay clear of the routes and loops (docs/rules.md §5.5): on every panel of the
/// essay no route or loop passes under a file letter's halo (`09-rook-longitude-globe` had the
/// rook's route down the d file over its "d", on the equator in the middle of the file).
#[test]
fn file_letters_keep_clear_of_routes() {
    let (mut letters, mut near_routes, mut covered) = (0, 0, Vec::new());
    for (name, fig) in essay() {
        for (i, p) in fig.panels.iter().enumerate() {
            let s = draw(&fig, p);
            let lines: Vec<&Element> = s.find("route").into_iter().chain(s.find("loop")).collect();
            for letter in s.find("coordinate file") {
                let Shape::Text { at, size, ref text, .. } = letter.shape else { continue };
                letters += 1;
                // A badge's halo (the letter's own size where there is no halo).
                let r = size * 0.62;
                for line in &lines {
                    let half = line.paint.stroke.map_or(0.0, |(_, w)| w / 2.0);
                    let d = points(line).windows(2).map(|w| to_segment(at, w[0], w[1])).fold(f64::INFINITY, f64::min);
                    if d < 3.0 * r {
                        near_routes += 1;
                    }
                    if d < r + half - 0.25 {
                        covered.push(format!(
                            "{name}, panel {}: the {} {}'s line over the letter {text}",
                            i + 1,
                            line.class,
                            data(line, "from").unwrap_or("?")
                        ));
                    }
                }
            }
        }
    }
    assert!(covered.is_empty(), "{}", covered.join("\n"));
    assert!(letters >= 100 && near_routes >= 5, "only {letters} file letters, {near_routes} near a line");
}

/// The distance from `p` to the segment `a`–`b`.
fn to_segment(p: dotchess::draw::scene::Pt, a: dotchess::draw::scene::Pt, b: dotchess::draw::scene::Pt) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy).max(1e-12)).clamp(0.0, 1.0);
    p.dist(dotchess::draw::scene::Pt::new(a.x + dx * t, a.y + dy * t))
}
