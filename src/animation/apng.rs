//! Animated PNG: full colour; the first frame whole, each later frame the rectangle that changed,
//! with unchanged pixels inside it transparent and blended over the frame before.

use super::raster::{Image, Rect, changed_rect};
use super::{AnimError, Animation};

/// The animation as APNG bytes.
pub fn encode(images: &[Image], anim: &Animation) -> Result<Vec<u8>, AnimError> {
    let first = images.first().ok_or_else(|| AnimError::Encode("no frames".into()))?;
    let (w, h) = (first.width, first.height);
    let err = |e: png::EncodingError| AnimError::Encode(e.to_string());
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        enc.set_animated(images.len() as u32, anim.plays).map_err(err)?;
        enc.set_frame_delay(anim.delay_cs, 100).map_err(err)?;
        let mut writer = enc.write_header().map_err(err)?;
        for (k, img) in images.iter().enumerate() {
            let (rect, data) = if k == 0 {
                (Rect { x: 0, y: 0, w, h }, img.rgba.clone())
            } else {
                let prev = &images[k - 1].rgba;
                let cur = &img.rgba;
                let same = |i: usize| prev[4 * i..4 * i + 4] == cur[4 * i..4 * i + 4];
                match changed_rect(w, h, prev, cur) {
                    None => (Rect { x: 0, y: 0, w: 1, h: 1 }, vec![0; 4]),
                    Some(r) => {
                        let mut buf = Vec::with_capacity((4 * r.w * r.h) as usize);
                        for y in r.y..r.y + r.h {
                            for x in r.x..r.x + r.w {
                                let i = (y * w + x) as usize;
                                if same(i) {
                                    buf.extend_from_slice(&[0, 0, 0, 0]);
                                } else {
                                    buf.extend_from_slice(&cur[4 * i..4 * i + 4]);
                                }
                            }
                        }
                        (r, buf)
                    }
                }
            };
            // Position first at the origin, so that the new size always fits, then move.
            writer.set_frame_position(0, 0).map_err(err)?;
            writer.set_frame_dimension(rect.w, rect.h).map_err(err)?;
            writer.set_frame_position(rect.x, rect.y).map_err(err)?;
            writer.set_frame_delay(anim.delay_cs, 100).map_err(err)?;
            writer.set_dispose_op(png::DisposeOp::None).map_err(err)?;
            writer.set_blend_op(if k == 0 { png::BlendOp::Source } else { png::BlendOp::Over }).map_err(err)?;
            writer.write_image_data(&data).map_err(err)?;
        }
        writer.finish().map_err(err)?;
    }
    Ok(out)
}
