//! The essay's figure set against the rules core: every panel marks exactly the cells the core
//! gives for what it shows, a panel that drops moves the pieces have says why, and the figures
//! that illustrate a fact of SPEC.md show that fact.

use dotchess::batch::{ESSAY_FILES, Embedded, essay_manifest, figure};
use dotchess::scene::Element;
use dotchess::spec::{FigureSpec, PanelSpec};
use dotchess::{Cell, Position, Scene, destinations, render};
use std::collections::BTreeSet;

fn data<'a>(e: &'a Element, key: &str) -> Option<&'a str> {
    e.data.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
}

/// Every figure of the essay, read from the built-in files.
fn essay() -> Vec<(String, FigureSpec)> {
    let files = Embedded(ESSAY_FILES);
    let manifest = essay_manifest();
    manifest
        .jobs
        .iter()
        .map(|j| (j.name.clone(), figure(j, &files, manifest.variant).unwrap_or_else(|e| panic!("{}: {e}", j.name))))
        .collect()
}

fn draw(fig: &FigureSpec, p: &PanelSpec) -> Scene {
    render(&p.position, &p.overlay, &p.view, &fig.theme)
}

fn names(pos: &Position, cells: impl IntoIterator<Item = Cell>) -> BTreeSet<String> {
    cells.into_iter().map(|c| pos.topology().name(c)).collect()
}

/// The cells a panel marks with a destination dot (move dots of every kind).
fn dotted(scene: &Scene) -> BTreeSet<String> {
    scene
        .find("dot")
        .iter()
        .filter(|e| data(e, "legend").is_none())
        .filter_map(|e| data(e, "cell"))
        .map(String::from)
        .collect()
}

/// What the core says a panel must mark: each marked piece's destinations (legal, or
/// pseudo-legal when the overlay asks).
fn core_marks(p: &PanelSpec) -> BTreeSet<String> {
    let legal = !p.overlay.pseudo;
    let mut out = BTreeSet::new();
    for &from in &p.overlay.moves {
        out.extend(names(&p.position, destinations(&p.position, from, legal).into_iter().map(|d| d.cell)));
    }
    out
}

#[test]
fn every_panel_marks_what_the_core_gives() {
    let mut checked = 0;
    for (name, fig) in essay() {
        for (i, p) in fig.panels.iter().enumerate() {
            let want = core_marks(p);
            let got = dotted(&draw(&fig, p));
            assert_eq!(got, want, "{name}, panel {}: marked cells differ from the rules core", i + 1);
            checked += usize::from(!want.is_empty());
        }
    }
    assert!(checked >= 40, "only {checked} panels mark moves");
}

#[test]
fn a_panel_that_drops_moves_says_why() {
    let mut silent = Vec::new();
    let mut explained = 0;
    for (name, fig) in essay() {
        for (i, p) in fig.panels.iter().enumerate() {
            if p.overlay.pseudo {
                continue;
            }
            for &from in &p.overlay.moves {
                let legal = names(&p.position, destinations(&p.position, from, true).into_iter().map(|d| d.cell));
                let pseudo = names(&p.position, destinations(&p.position, from, false).into_iter().map(|d| d.cell));
                let dropped: Vec<&String> = pseudo.difference(&legal).collect();
                if dropped.is_empty() {
                    continue;
                }
                if p.why_fewer.is_some() {
                    explained += 1;
                } else {
                    let cell = p.position.topology().name(from);
                    silent.push(format!("{name}, panel {}: the piece on {cell} loses {dropped:?}", i + 1));
                }
            }
        }
    }
    assert!(
        silent.is_empty(),
        "figures that show fewer moves than the pieces have, without `why_fewer`:\n{}",
        silent.join("\n")
    );
    // The xiangqi general kept off its pole by the facing rule is one that says why.
    assert!(explained >= 1);
}

/// The panels of a figure, by name.
fn panels_of(name: &str) -> (FigureSpec, Vec<Scene>) {
    let (_, fig) = essay().into_iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no figure {name}"));
    let scenes = fig.panels.iter().map(|p| draw(&fig, p)).collect();
    (fig, scenes)
}

fn set(cells: &[&str]) -> BTreeSet<String> {
    cells.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_king_next_to_the_pole_shows_its_six_moves() {
    // SPEC §2: king on d8: c8 e8 c7 d7 e7 h8, the three steps over the pole all landing on h8.
    let (_, scenes) = panels_of("12-king");
    for s in &scenes {
        assert_eq!(dotted(s), set(&["c8", "e8", "c7", "d7", "e7", "h8"]));
        assert_eq!(s.find("dot capture").len(), 1, "the king's capture is shown");
    }
}

#[test]
fn knights_in_the_figures_have_the_counts_of_the_rules() {
    // SPEC §3: Boholy's strict knight has 6 moves on the second ring from a pole, 4 on the polar circle.
    let (fig, scenes) = panels_of("12-boholy-knight");
    for (p, s) in fig.panels.iter().zip(&scenes) {
        let from = p.position.topology().name(p.overlay.moves[0]);
        let want = match from.as_str() {
            "d2" => set(&["b1", "b3", "c4", "e4", "f1", "f3"]),
            "d1" => set(&["b2", "f2", "c3", "e3"]),
            other => panic!("unexpected knight on {other}"),
        };
        assert_eq!(dotted(s), want);
    }
    // A knight on a live pole reaches every square of the two nearest ranks: 12 on 6 x 6.
    let (_, scenes) = panels_of("12-small-knight-pole");
    let ranks: Vec<String> =
        (b'a'..=b'f').flat_map(|f| [format!("{}5", f as char), format!("{}6", f as char)]).collect();
    for s in &scenes {
        assert_eq!(dotted(s), ranks.iter().cloned().collect::<BTreeSet<_>>());
    }
}

#[test]
fn the_small_pawn_promotes_in_a_legal_position_by_one_route() {
    let (fig, scenes) = panels_of("12-small-pawn");
    for (p, s) in fig.panels.iter().zip(&scenes) {
        let pos = &p.position;
        // A legal position: the side not to move has its king, and it is not in check.
        let king = pos.king(pos.turn().other()).expect("both kings on the board");
        assert!(!pos.attacked(king, pos.turn()), "the side not to move is in check");
        assert_eq!(dotted(s), set(&["N"]));
        // One route: the pawn's step onto the pole (drawn in parts where it leaves the board).
        let starts = s.find("route").into_iter().filter(|e| data(e, "part").is_none_or(|p| p.starts_with("1/")));
        assert_eq!(starts.count(), 1, "one route");
    }
}
