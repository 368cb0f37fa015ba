//! `/piece.svg?variant=&piece=Q[&theme=]`: one piece as the figures draw it (the theme's piece
//! set; xiangqi's discs), on no background — the pictures of the workbench's promotion choices
//! and piece palette. Cached as an image is: it depends on its query and the program only.

use super::App;
use super::cache::{self, Canonical};
use super::error::ApiError;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use dotchess::Piece;
use dotchess::VariantId;
use dotchess::draw::Theme;
use dotchess::input::query_pairs;

/// The side of a piece's picture, in pixels (an SVG: it scales).
const SIZE: f64 = 48.0;

/// `/piece.svg`.
pub async fn picture(State(app): State<App>, req: Request) -> Response {
    let pairs = match query_pairs(req.uri().query().unwrap_or("")) {
        Ok(p) => p,
        Err(e) => return super::query::input_error(&e).into_response(),
    };
    let mut c = Canonical::new(app.version(), req.uri().path());
    for (k, v) in &pairs {
        c.part(k.as_bytes());
        c.part(v.as_bytes());
    }
    let etag = c.etag();
    if cache::not_modified(req.headers(), &etag) {
        let mut r = StatusCode::NOT_MODIFIED.into_response();
        cache::immutable(r.headers_mut(), &etag);
        return r;
    }
    match svg(&pairs) {
        Ok(text) => {
            let mut r = text.into_response();
            let h = r.headers_mut();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
            h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
            h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
            cache::immutable(h, &etag);
            r
        }
        Err(e) => e.into_response(),
    }
}

/// The picture of the query's piece.
fn svg(pairs: &[(String, String)]) -> Result<String, ApiError> {
    let (mut variant, mut piece, mut theme) = (None, None, None);
    for (k, v) in pairs {
        let slot = match k.as_str() {
            "variant" => &mut variant,
            "piece" => &mut piece,
            "theme" => &mut theme,
            _ => return Err(ApiError::bad(format!("unknown key `{k}` (the keys are variant, piece, theme)")).at_key(k)),
        };
        if slot.replace(v.as_str()).is_some() {
            return Err(ApiError::bad(format!("`{k}` is given twice")).at_key(k));
        }
    }
    let id = match variant {
        None => VariantId::Dot,
        Some(v) => v.parse::<VariantId>().map_err(|e| ApiError::bad(e.to_string()).at_key("variant"))?,
    };
    let v = id.variant();
    let letter = piece.unwrap_or("");
    let piece = letter
        .chars()
        .next()
        .filter(|_| letter.chars().count() == 1)
        .and_then(Piece::from_letter)
        .filter(|p| v.roles.contains(&p.role))
        .ok_or_else(|| ApiError::bad(format!("`{letter}` is not a piece of {id} (a FEN letter)")).at_key("piece"))?;
    let theme = Theme::built_in(theme.unwrap_or("essay")).map_err(|e| ApiError::bad(e.to_string()).at_key("theme"))?;
    let scene = dotchess::draw::piece_picture(&theme, v.is_xiangqi(), piece, SIZE);
    Ok(dotchess::output::to_svg(&scene))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn a_piece_of_the_variant_is_drawn_and_others_are_refused() {
        let queen = svg(&q(&[("piece", "Q")])).unwrap();
        assert!(queen.contains("class=\"piece\"") && queen.contains("data-piece=\"Q\""), "{queen}");
        assert!(svg(&q(&[("variant", "xiangqi"), ("piece", "c")])).is_ok());
        // A cannon is not a chess piece, a queen not a xiangqi one.
        assert_eq!(svg(&q(&[("piece", "C")])).unwrap_err().key.as_deref(), Some("piece"));
        assert_eq!(svg(&q(&[("variant", "xiangqi"), ("piece", "Q")])).unwrap_err().key.as_deref(), Some("piece"));
        assert_eq!(svg(&q(&[("piece", "QQ")])).unwrap_err().key.as_deref(), Some("piece"));
        assert_eq!(svg(&q(&[("piece", "Q"), ("piece", "R")])).unwrap_err().key.as_deref(), Some("piece"));
        assert_eq!(svg(&q(&[("piece", "Q"), ("size", "3")])).unwrap_err().key.as_deref(), Some("size"));
        assert_eq!(svg(&q(&[("piece", "Q"), ("theme", "dark")])).unwrap_err().key.as_deref(), Some("theme"));
    }
}
