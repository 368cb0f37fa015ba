//! Animated SVG that plays without script: every frame is a group, shown in its turn by a SMIL
//! `<animate>` of `display` (discrete), all on one clock. A viewer without animation shows the
//! first frame. Numbers are written with fixed decimals, so the same frames give the same bytes.

use super::markup::escape;
use crate::draw::animation::Animation;
use crate::draw::scene::Scene;

/// A time or fraction with at most six decimals, without trailing zeros.
fn fixed(x: f64) -> String {
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() || s == "-0" { "0".into() } else { s.into() }
}

/// A frame's drawing: the body of its SVG document (without the root element).
fn body(scene: &Scene) -> String {
    let mut s = scene.clone();
    s.title.clear();
    s.desc.clear();
    let svg = super::to_svg(&s);
    let start = svg.find("<svg").and_then(|i| svg[i..].find('>').map(|j| i + j + 1)).unwrap_or(0);
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    svg[start..end].trim().to_string()
}

/// The animation as an SVG document.
pub fn encode(anim: &Animation) -> String {
    let Some(first) = anim.frames.first() else { return String::new() };
    let n = anim.frames.len();
    let (w, h) = (fixed(first.width), fixed(first.height));
    // Each frame's start on the clock, in hundredths; the last entry is the whole length.
    let mut starts = vec![0u64];
    for k in 0..n {
        starts.push(starts[k] + u64::from(anim.delay(k)));
    }
    let total = starts[n].max(1) as f64;
    let dur = fixed(total / 100.0);
    let repeat = if anim.plays == 0 { "indefinite".to_string() } else { anim.plays.to_string() };
    // Frames of their own lengths (a game replay) list them all.
    let delays = if anim.delays.is_empty() {
        String::new()
    } else {
        let all: Vec<String> = (0..n).map(|k| anim.delay(k).to_string()).collect();
        format!(" data-delays-cs=\"{}\"", all.join(" "))
    };
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" class=\"animation\" data-frames=\"{n}\" data-delay-cs=\"{}\"{delays}>\n<title>{}</title>\n<desc>{}</desc>\n",
        anim.delay_cs,
        escape(&first.title),
        escape(&first.desc)
    );
    for (k, scene) in anim.frames.iter().enumerate() {
        let shown = if k == 0 { "inline" } else { "none" };
        out += &format!("<g class=\"frame\" data-frame=\"{k}\" display=\"{shown}\">\n");
        if n > 1 {
            let (at, next) = (fixed(starts[k] as f64 / total), fixed(starts[k + 1] as f64 / total));
            let (values, times) = if k == 0 {
                ("inline;none".to_string(), format!("0;{next}"))
            } else if k + 1 == n {
                ("none;inline".to_string(), format!("0;{at}"))
            } else {
                ("none;inline;none".to_string(), format!("0;{at};{next}"))
            };
            out += &format!(
                "<animate attributeName=\"display\" calcMode=\"discrete\" values=\"{values}\" keyTimes=\"{times}\" dur=\"{dur}s\" begin=\"0s\" repeatCount=\"{repeat}\" fill=\"freeze\"/>\n"
            );
        }
        out += &body(scene);
        out += "\n</g>\n";
    }
    out += "</svg>\n";
    out
}
