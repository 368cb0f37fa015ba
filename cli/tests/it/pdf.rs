//! PDF output: one vector page the figure's size, no fonts, read back by poppler's `pdftoppm`
//! (installed on first use by `tools::pdftoppm`) and compared with the PNG of the same figure.

use crate::common;

use std::path::Path;
use std::process::Command;

fn temp_dir(name: &str) -> common::Scratch {
    common::Scratch::new(&format!("pdf-{name}"))
}

/// RGB pixels of a PNG, composited on white, with its size.
fn rgb(path: &Path) -> (u32, u32, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.bit_depth, png::BitDepth::Eight, "{}", path.display());
    let channels = info.color_type.samples();
    let px = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| match channels {
            4 => {
                let a = p[3] as u32;
                let over = |c: u8| ((c as u32 * a + 255 * (255 - a)) / 255) as u8;
                [over(p[0]), over(p[1]), over(p[2])]
            }
            3 => [p[0], p[1], p[2]],
            n => panic!("{n} channels in {}", path.display()),
        })
        .collect();
    (info.width, info.height, px)
}

fn render(dir: &Path, args: &[&str]) {
    let o = Command::new(env!("CARGO_BIN_EXE_dotchess")).current_dir(dir).args(args).output().unwrap();
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_pdf_page_draws_what_the_png_shows() {
    let d = temp_dir("page");
    let figures: [&[&str]; 3] = [
        &["--fen", "8/8/8/3R3r/8/8/8/8", "--square", "d5", "--loop", "d5:e", "--title", "Rook"],
        &["--view", "chart", "--fen", "8/8/8/8/8/8/3B4/8", "--loop", "d2:ne", "--tint"],
        &["--variant", "xiangqi", "--view", "board", "--square", "b3", "--coordinates", "cells"],
    ];
    for (i, args) in figures.iter().enumerate() {
        let (pdf, png) = (format!("f{i}.pdf"), format!("f{i}.png"));
        let mut full = vec!["render"];
        full.extend_from_slice(args);
        full.extend(["-o", &pdf, "-o", &png]);
        render(&d, &full);
        let bytes = std::fs::read(d.join(&pdf)).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with("%PDF-"), "{args:?}");
        // Vector, with text as outlines: no font and no picture inside.
        assert!(!text.contains("/Font"), "{args:?}: a font in the PDF");
        assert!(!text.contains("/Subtype /Image"), "{args:?}: an image in the PDF");
        // Same input, same bytes.
        render(&d, &[&full[..full.len() - 4], &["-o", "again.pdf"]].concat());
        assert_eq!(std::fs::read(d.join("again.pdf")).unwrap(), bytes, "{args:?}: PDF bytes differ");

        // Read it back at 96 dpi (a figure unit is a CSS pixel): the PNG's size and picture.
        let out = Command::new(crate::tools::pdftoppm())
            .current_dir(&d)
            .args(["-r", "96", "-png", "-singlefile", &pdf, &format!("back{i}")])
            .output()
            .expect("run pdftoppm");
        assert!(out.status.success(), "pdftoppm: {}", String::from_utf8_lossy(&out.stderr));
        let (w, h, back) = rgb(&d.join(format!("back{i}.png")));
        let (pw, ph, ours) = rgb(&d.join(&png));
        assert_eq!((w, h), (pw, ph), "{args:?}: page size");
        // Two rasterisers differ in anti-aliasing along edges only.
        let far =
            back.iter().zip(&ours).filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 64)).count();
        let share = far as f64 / back.len() as f64;
        assert!(share < 0.01, "{args:?}: {:.2}% of the pixels differ", share * 100.0);
        // And the picture is there: not a blank page.
        let inked = back.iter().filter(|p| p.iter().any(|&c| c < 200)).count();
        assert!(inked as f64 > back.len() as f64 * 0.1, "{args:?}: a nearly blank page");
    }
}

#[test]
fn the_page_is_the_figure_size() {
    let svg = dotchess::output::to_svg(&dotchess::render(
        &dotchess::Position::start(dotchess::VariantId::Dot),
        &dotchess::Overlay::default(),
        &dotchess::View::board(),
        &dotchess::Theme::essay(),
    ));
    let pdf = String::from_utf8_lossy(&dotchess::output::svg_to_pdf(&svg).unwrap()).into_owned();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let size = |a: &str| doc.root_element().attribute(a).unwrap().trim_end_matches("px").parse::<f64>().unwrap();
    let (w, h) = (size("width"), size("height"));
    let media = pdf.split("/MediaBox [").nth(1).expect("a MediaBox");
    let nums: Vec<f64> = media.split(']').next().unwrap().split_whitespace().map(|n| n.parse().unwrap()).collect();
    // Points are 1/72 inch, figure units 1/96.
    assert!((nums[2] - w * 0.75).abs() < 0.01 && (nums[3] - h * 0.75).abs() < 0.01, "{nums:?} for {w}×{h}");
    assert_eq!(pdf.matches("/Type /Page\n").count(), 1, "one page");
}

#[test]
fn a_pdf_goes_to_standard_output_and_into_batches() {
    let d = temp_dir("stdout");
    let o = Command::new(env!("CARGO_BIN_EXE_dotchess"))
        .current_dir(&d)
        .args(["render", "--format", "pdf", "-o", "-"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.starts_with(b"%PDF-"));
    std::fs::write(d.join("rook.fen"), "8/8/8/3R3r/8/8/8/8\n").unwrap();
    std::fs::write(d.join("m.toml"), "formats = [\"pdf\"]\n[[figure]]\nname = \"rook\"\nposition = \"rook.fen\"\n")
        .unwrap();
    render(&d, &["batch", "m.toml", "-o", "figs"]);
    assert!(std::fs::read(d.join("figs/rook.pdf")).unwrap().starts_with(b"%PDF-"));
}
