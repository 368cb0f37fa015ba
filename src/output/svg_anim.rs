//! Animated SVG that plays without script: every frame is a group, shown in its turn by a SMIL
//! `<animate>` of `display` (discrete), all on one clock. A viewer without animation shows the
//! first frame. Numbers are written with fixed decimals, so the same frames give the same bytes.

use crate::draw::animation::Animation;
use crate::draw::scene::Scene;

/// A time or fraction with at most six decimals, without trailing zeros.
fn fixed(x: f64) -> String {
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() || s == "-0" { "0".into() } else { s.into() }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
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
    let dur = fixed(n as f64 * anim.delay_cs as f64 / 100.0);
    let repeat = if anim.plays == 0 { "indefinite".to_string() } else { anim.plays.to_string() };
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" class=\"animation\" data-frames=\"{n}\" data-delay-cs=\"{}\">\n<title>{}</title>\n<desc>{}</desc>\n",
        anim.delay_cs,
        escape(&first.title),
        escape(&first.desc)
    );
    for (k, scene) in anim.frames.iter().enumerate() {
        let shown = if k == 0 { "inline" } else { "none" };
        out += &format!("<g class=\"frame\" data-frame=\"{k}\" display=\"{shown}\">\n");
        if n > 1 {
            let (at, next) = (fixed(k as f64 / n as f64), fixed((k + 1) as f64 / n as f64));
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
