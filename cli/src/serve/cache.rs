//! Caching: every answer depends only on its request and the program, so an image carries a
//! strong `ETag` — a 128-bit SipHash of the program's version and the canonical request (route,
//! the decoded query pairs in order, the body) — with `Cache-Control: public, max-age=31536000,
//! immutable`; a request whose `If-None-Match` names that tag gets `304` before anything is read
//! or drawn.
//!
//! The program's version is the package version and a fingerprint of the executable itself (its
//! bytes, hashed once), so a rebuilt program whose figures may differ never matches an old tag,
//! while replicas running one build agree.

use axum::http::{HeaderMap, HeaderValue, header};
use siphasher::sip128::{Hasher128, SipHasher13};
use std::hash::Hasher;
use std::sync::OnceLock;

/// `Cache-Control` of an image: the URL says everything, so it never changes.
pub(crate) const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The program's version as the tags count it: `0.1.0+` and a fingerprint of the executable.
pub(crate) fn program_version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let exe = std::env::current_exe().and_then(std::fs::read);
        let print = match exe {
            Ok(bytes) => {
                let mut h = SipHasher13::new();
                h.write(&bytes);
                format!("{:016x}", h.finish128().h1)
            }
            Err(_) => "unknown-build".to_string(),
        };
        format!("{}+{print}", env!("CARGO_PKG_VERSION"))
    })
}

/// A request in canonical form: the route, each decoded query pair in order, and the body.
pub(crate) struct Canonical {
    hasher: SipHasher13,
}

impl Canonical {
    /// Starts a canonical request for a route.
    pub fn new(version: &str, route: &str) -> Canonical {
        let mut c = Canonical { hasher: SipHasher13::new() };
        c.part(version.as_bytes());
        c.part(route.as_bytes());
        c
    }
    /// Adds one part, length first so that parts cannot run into each other.
    pub fn part(&mut self, bytes: &[u8]) {
        self.hasher.write_u64(bytes.len() as u64);
        self.hasher.write(bytes);
    }
    /// The strong tag, quoted: `"…32 hex digits…"`.
    pub fn etag(&self) -> String {
        let h = self.hasher.finish128();
        format!("\"{:016x}{:016x}\"", h.h1, h.h2)
    }
}

/// Whether `If-None-Match` names `etag` (or is `*`). The comparison is the weak one RFC 9110
/// asks for here: `W/"x"` matches `"x"`.
pub(crate) fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.split(',').map(str::trim).any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == etag))
}

/// Whether `If-None-Match` is `*` ("any answer there is"): an image route answers `304` to it
/// only once the request has read (an invalid request has no answer to match, RFC 9110 §13.1.2).
pub(crate) fn star(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.split(',').map(str::trim).any(|t| t == "*"))
}

/// Sets the caching headers of an image answer.
pub fn immutable(headers: &mut HeaderMap, etag: &str) {
    if let Ok(v) = HeaderValue::from_str(etag) {
        headers.insert(header::ETAG, v);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_differ_by_every_part_and_not_by_how_parts_are_cut() {
        let tag = |parts: &[&str]| {
            let mut c = Canonical::new("v", "/figure.svg");
            for p in parts {
                c.part(p.as_bytes());
            }
            c.etag()
        };
        assert_eq!(tag(&["fen", "8/8"]), tag(&["fen", "8/8"]));
        assert_ne!(tag(&["fen", "8/8"]), tag(&["fe", "n8/8"]));
        assert_ne!(tag(&["a", "b"]), tag(&["b", "a"]));
        assert_ne!(Canonical::new("v1", "/x").etag(), Canonical::new("v2", "/x").etag());
        assert_eq!(tag(&[]).len(), 34);
    }

    #[test]
    fn if_none_match_lists_and_weak_tags() {
        let mut h = HeaderMap::new();
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_static("\"a\", W/\"b\""));
        assert!(not_modified(&h, "\"a\""));
        assert!(not_modified(&h, "\"b\""));
        assert!(!not_modified(&h, "\"c\""));
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_static("*"));
        assert!(not_modified(&h, "\"c\"") && star(&h));
        assert!(!not_modified(&HeaderMap::new(), "\"a\"") && !star(&HeaderMap::new()));
    }
}
