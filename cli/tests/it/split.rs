//! The split animation (essay §04, docs/rules.md §5.7): the ball split at the equator, the halves
//! turned pole to the reader and flattened, ending exactly on the hemispheres view.

use dotchess::batch::{ESSAY_FILES, Embedded, essay_manifest, figure as essay_figure};
use dotchess::draw::Animation;
use dotchess::draw::FigureSpec;
use dotchess::draw::geometry::{Split, Viewpoint};
use dotchess::draw::scene::{PathCmd, Pt, Scene, Shape};
use dotchess::draw::{Overlay, View, ViewKind, render, render_split};
use dotchess::input::read_overlay;
use dotchess::input::read_position;
use dotchess::{Position, Theme, VariantId};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const HEMI: &str = "[[panels]]\nview = \"hemispheres\"\ncoordinates = \"cells\"\n";

fn figure(fen: &str, overlay: &str) -> FigureSpec {
    let base = read_position("test.fen", fen, VariantId::Dot).expect("position");
    read_overlay("test.toml", overlay, &base, &dotchess::input::no_files).expect("overlay")
}

fn animation(fen: &str, overlay: &str) -> Animation {
    figure(fen, overlay).animate().expect("an [animation] table").expect("frames")
}

fn data<'a>(e: &'a dotchess::draw::scene::Element, key: &str) -> Option<&'a str> {
    e.data.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
}

/// Every piece's cell and place on paper, by cell.
fn piece_places(s: &Scene) -> Vec<(String, Pt)> {
    let mut out: Vec<(String, Pt)> = s
        .find("piece")
        .into_iter()
        .filter_map(|e| match e.shape {
            Shape::Piece { at, .. } => Some((data(e, "cell")?.to_string(), at)),
            _ => None,
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The centres of the hemispheres' two pole caps: (north, south).
fn disc_centres(s: &Scene) -> (Pt, Pt) {
    let cap = |p: &str| {
        s.find("pole")
            .into_iter()
            .find_map(|e| match e.shape {
                Shape::Circle { c, .. } if data(e, "pole") == Some(p) => Some(c),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no {p} cap"))
    };
    (cap("N"), cap("S"))
}

#[test]
fn split_starts_on_the_ball_and_ends_exactly_on_the_hemispheres() {
    let a = animation(START, &format!("{HEMI}[animation]\nkind = \"split\"\nframes = 30\n"));
    assert_eq!(a.frames.len(), 30);
    let hemi = figure(START, HEMI);
    let p = &hemi.panels[0];
    let still = render(&p.position, &p.overlay, &p.view, &hemi.theme);
    // The last frame is the still itself (every element, so every pixel).
    assert_eq!(a.frames.last(), Some(&still), "the last frame is not the hemispheres view");
    for f in &a.frames {
        assert_eq!((f.width, f.height), (still.width, still.height), "frames of one size");
    }
    // The first frame is the whole ball: its limb a circle of the discs' radius round the point
    // where the discs touch, the pieces of its near half inside it.
    let (n, s) = disc_centres(&still);
    let (touch, radius) = (n.lerp(s, 0.5), n.dist(s) / 2.0);
    let limb = a.frames[0].find("limb");
    let Some(Shape::Circle { c, r }) = limb.first().map(|e| &e.shape) else { panic!("no limb on the first frame") };
    assert!(
        c.dist(touch) < 1e-6 && (r - radius).abs() < 1e-6,
        "ball at {c:?} r {r}, discs touch at {touch:?} r {radius}"
    );
    let near = piece_places(&a.frames[0]);
    assert!(near.len() >= 8 && near.len() < 32, "{} pieces on the near half of the ball", near.len());
    for (cell, at) in near {
        assert!(at.dist(touch) < radius, "{cell} at {at:?} outside the ball");
    }
}

/// The split geometry at its end ([`Split::DISCS`], seen from latitude 0 facing the rotation)
/// puts every piece where the hemispheres view does, for any rotation: the halves are turned and
/// flattened into the discs, not swapped for them.
#[test]
fn the_split_ball_lands_on_the_discs_for_any_rotation() {
    let pos = Position::from_fen(VariantId::Dot, START).unwrap();
    let theme = Theme::essay();
    for rotation in [4.0, 2.5, 7.0] {
        let view = View { kind: ViewKind::Hemispheres { rotation }, ..View::hemispheres() };
        let facing = Viewpoint { latitude: 0.0, longitude: rotation * 45.0, roll: 0.0 };
        let split = render_split(&pos, &Overlay::default(), &view, &theme, Split::DISCS, facing);
        let discs = render(&pos, &Overlay::default(), &view, &theme);
        let (a, b) = (piece_places(&split), piece_places(&discs));
        assert_eq!(a.len(), 32);
        assert_eq!(a.iter().map(|p| &p.0).collect::<Vec<_>>(), b.iter().map(|p| &p.0).collect::<Vec<_>>());
        for (x, y) in a.iter().zip(&b) {
            assert!(x.1.dist(y.1) < 1e-6, "rotation {rotation}, {}: {:?} split, {:?} on the discs", x.0, x.1, y.1);
        }
    }
}

/// Once split, the northern half's squares (ranks 5–8) stay above the touching point and the
/// southern half's below: the halves draw apart before they turn, and never pass through each
/// other.
#[test]
fn the_halves_stay_apart_north_above_south_below() {
    let a = animation(
        "8/8/8/8/8/8/8/8",
        "[[panels]]\nview = \"hemispheres\"\n[animation]\nkind = \"split\"\nframes = 40\n",
    );
    let still = a.frames.last().unwrap();
    let (n, s) = disc_centres(still);
    let touch = n.lerp(s, 0.5);
    let mut split_frames = 0;
    for (k, f) in a.frames.iter().enumerate() {
        let surface = f.nodes.iter().find_map(|node| match node {
            dotchess::draw::scene::Node::Group(g) if g.class == "surface" => Some(g),
            _ => None,
        });
        let apart =
            surface.and_then(|g| g.data.iter().find(|(k, _)| *k == "apart")).map(|(_, v)| v.parse::<f64>().unwrap());
        if apart.is_none_or(|x| x <= 0.0) {
            continue;
        }
        split_frames += 1;
        for e in f.find("cell") {
            let Some(rank) = data(e, "cell").and_then(|c| c[1..].parse::<u8>().ok()) else { continue };
            let Shape::Path(cmds) = &e.shape else { continue };
            for c in cmds {
                if let PathCmd::Move(p) | PathCmd::Line(p) = c {
                    let above = p.y <= touch.y + 0.5;
                    let below = p.y >= touch.y - 0.5;
                    assert!(
                        if rank >= 5 { above } else { below },
                        "frame {k}: rank {rank} at {p:?}, touching {touch:?}"
                    );
                }
            }
        }
    }
    assert!(split_frames >= 10, "only {split_frames} frames show the ball split");
}

#[test]
fn the_essay_split_ends_on_its_hemispheres_still() {
    let files = Embedded(ESSAY_FILES);
    let manifest = essay_manifest();
    let fig = |name: &str| {
        let job = manifest.jobs.iter().find(|j| j.name == name).unwrap_or_else(|| panic!("no figure {name}"));
        essay_figure(job, &files, manifest.variant).expect("the essay's figure reads")
    };
    let split = fig("04-split").animate().expect("an animation").expect("frames");
    let hemi = fig("04-hemispheres");
    let p = &hemi.panels[0];
    assert_eq!(split.frames.len(), 84);
    // Held for about a second on the still, after about a second on the ball.
    let still = render(&p.position, &p.overlay, &p.view, &hemi.theme);
    let held = split.frames.iter().rev().take_while(|f| **f == still).count();
    let ball = split.frames.iter().take_while(|f| **f == split.frames[0]).count();
    let seconds = |n: usize| n as f64 * split.delay_cs as f64 / 100.0;
    assert!(seconds(held) >= 1.0, "the still holds {} s", seconds(held));
    assert!(seconds(ball) >= 0.9, "the ball holds {} s", seconds(ball));
}

#[test]
fn animate_takes_the_split_kind_by_flag() {
    let dir = std::env::temp_dir().join(format!("dotchess-split-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("split.gif");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_dotchess"))
        .current_dir(crate::common::ROOT)
        .args(["animate", "examples/essay/empty.fen", "--kind", "split", "--frames", "4", "--width", "160", "-o"])
        .arg(&out)
        .output()
        .expect("run dotchess");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::metadata(&out).unwrap().len() > 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A URL query names the split as a flag or a file does (one options table): the animation it
/// checks into is the split's, frames and all.
#[test]
fn a_query_takes_the_split_kind() {
    use dotchess::input::FigureOptions;
    let base = dotchess::input::read_position("empty.fen", "8/8/8/8/8/8/8/8", VariantId::Dot).unwrap();
    let options = FigureOptions::from_query("kind=split&frames=5&width=160").expect("the query reads");
    let draft = dotchess::input::Draft::plain(&base);
    let checked = dotchess::input::check_figure(&draft, &options).expect("the figure checks");
    let spec = checked.figure.animation.expect("an animation");
    assert_eq!(spec.kind, dotchess::draw::Kind::Split);
    let a = checked.figure.animate().expect("an animation").expect("frames");
    assert_eq!(a.frames.len(), 5);
    assert!(a.frames[0].find("limb").len() == 1, "the first frame is the ball");
    assert!(!a.frames[4].find("pole").is_empty() && a.frames[4].find("limb").is_empty(), "the last the discs");
}
