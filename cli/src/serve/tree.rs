//! `POST /pgn.json?variant=`: a game file's text (PGN) read as the command reads a game file
//! ([`dotchess::input::read_games`], the file named `body`), its first game answered as the
//! workbench keeps moves — a tree: every move of the main line and of each variation, in the
//! file's order, each naming its parent (`-1`: the start), with its SAN, the position after it
//! and its comment's words. The page pastes a PGN through it, so that its move list is the tree
//! `dotchess` reads from that PGN.

use super::error::ApiError;
use super::game::{answer, move_json};
use axum::extract::Request;
use axum::http::Method;
use axum::response::Response;
use dotchess::input::{Ply, read_games};
use dotchess::{Position, VariantId};
use serde_json::{Value, json};

/// `/pgn.json`.
pub async fn pgn(req: Request) -> Response {
    let (parts, body) = req.into_parts();
    let text = match super::api::body_text(&parts.method, parts.uri.path(), body).await {
        Ok(t) => t,
        Err(e) => return answer(Err(e)),
    };
    answer(read(parts.uri.query().unwrap_or(""), &parts.method, text))
}

fn read(query: &str, method: &Method, body: Option<String>) -> Result<Value, ApiError> {
    let mut variant = VariantId::Dot;
    for (k, v) in dotchess::input::query_pairs(query).map_err(|e| super::query::input_error(&e))? {
        match k.as_str() {
            "variant" => {
                variant = v.parse::<VariantId>().map_err(|e| ApiError::bad(e.to_string()).at_key("variant"))?;
            }
            _ => return Err(ApiError::bad(format!("unknown key `{k}` (the key is variant)")).at_key(&k)),
        }
    }
    let text = body
        .filter(|b| !b.trim().is_empty() && method == Method::POST)
        .ok_or_else(|| ApiError::bad("POST the game, a game file's text (PGN), as the body".into()).at_key("body"))?;
    let games = read_games("body", &text, variant).map_err(|e| super::query::input_error(&e))?;
    let game = games.into_iter().next().ok_or_else(|| ApiError::bad("the body has no game".into()).at_key("body"))?;
    let mut nodes = Vec::new();
    // The lines still to write: their first move's position, its parent node, the plies.
    let mut todo: Vec<(Position, i64, &[Ply])> = vec![(game.start.clone(), -1, &game.plies)];
    while let Some((mut pos, mut parent, plies)) = todo.pop() {
        let mut later = Vec::new();
        for p in plies {
            let mut node = move_json(&pos, p.mv);
            node["parent"] = parent.into();
            node["comment"] = p.note.text.clone().into();
            let before = pos.clone();
            nodes.push(node);
            let me = nodes.len() as i64 - 1;
            // Its variations start from the position before it, after its own line's next moves
            // are written (a position's first move stays its main line).
            for v in &p.variations {
                later.push((before.clone(), parent, v.as_slice()));
            }
            pos.play_unchecked(p.mv);
            parent = me;
        }
        // In the file's order: the first variation is written first.
        todo.extend(later.into_iter().rev());
    }
    let variant = game.variant.name();
    Ok(json!({ "variant": variant, "fen": game.start.fen(), "result": game.result, "nodes": nodes }))
}
