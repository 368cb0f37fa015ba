//! The tokens of a PGN-shaped game file, each with its byte offset for located errors.

use crate::input::diagnostics::{InputError, Source};

/// One token of the file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Tok {
    /// `[Name "value"]`: the name, the value (unescaped), and the value's offset (after the quote).
    Tag(String, String, usize),
    /// `{…}` or `; …` to the end of the line: the text and the offset of its first character.
    Comment(String, usize),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `$n` or a glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`) as its NAG number.
    Nag(u8),
    /// `12.` or `12...`.
    Number(u32),
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    Result(String),
    /// Anything else: a move, as written (without glyphs).
    Move(String),
}

/// Longest comment kept, in bytes.
pub(crate) const MAX_COMMENT: usize = 4096;
/// Longest tag value, in characters.
pub(crate) const MAX_TAG_VALUE: usize = 255;

/// The NAG of a glyph written after a move.
pub fn glyph_nag(s: &str) -> Option<u8> {
    Some(match s {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// The glyph shown for a NAG, for the six move glyphs.
pub fn nag_glyph(nag: u8) -> Option<&'static str> {
    Some(match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        _ => return None,
    })
}

fn is_move_char(c: char) -> bool {
    !(c.is_whitespace() || "{}()[];$\"".contains(c))
}

/// Splits a text into tokens.
pub(super) fn tokens(src: &Source, text: &str) -> Result<Vec<(Tok, usize)>, InputError> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < text.len() {
        let c = text[i..].chars().next().expect("in the text");
        let start = i;
        if c == '\n' {
            line_start = true;
            i += 1;
            continue;
        }
        // `%` in the first column escapes the line.
        if line_start && c == '%' {
            i = text[i..].find('\n').map_or(text.len(), |n| i + n);
            continue;
        }
        line_start = false;
        if c.is_whitespace() {
            i += c.len_utf8();
            continue;
        }
        match c {
            '[' => {
                let (tok, end) = tag(src, text, i)?;
                out.push((tok, start));
                i = end;
            }
            '{' => {
                let Some(n) = text[i + 1..].find('}') else {
                    return Err(src.error_at(i, "this comment is not closed: `{` without its `}`"));
                };
                let body = &text[i + 1..i + 1 + n];
                if body.len() > MAX_COMMENT {
                    return Err(src.error_at(i, format!("a comment longer than {MAX_COMMENT} bytes")));
                }
                out.push((Tok::Comment(body.to_string(), i + 1), start));
                i += n + 2;
            }
            '}' => return Err(src.error_at(i, "`}` without a `{` before it")),
            ';' => {
                let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
                out.push((Tok::Comment(text[i + 1..end].to_string(), i + 1), start));
                i = end;
            }
            '(' => {
                out.push((Tok::Open, start));
                i += 1;
            }
            ')' => {
                out.push((Tok::Close, start));
                i += 1;
            }
            '$' => {
                let digits = text[i + 1..].len() - text[i + 1..].trim_start_matches(|c: char| c.is_ascii_digit()).len();
                let n: Option<u8> = text[i + 1..i + 1 + digits].parse().ok();
                let Some(n) = n else {
                    return Err(src.error_at(i, "a NAG is `$` and a number from 0 to 255, as `$1`"));
                };
                out.push((Tok::Nag(n), start));
                i += 1 + digits;
            }
            ']' | '"' => return Err(src.error_at(i, format!("`{c}` outside a tag pair"))),
            _ => {
                let len = text[i..].find(|c: char| !is_move_char(c)).unwrap_or(text.len() - i);
                let word = &text[i..i + len];
                word_tokens(src, word, i, &mut out)?;
                i += len;
            }
        }
    }
    Ok(out)
}

/// A word of movetext: a result, a move number (maybe run into its move, `12.e4`), a glyph, or a
/// move with glyphs after it (`Nf3!?`).
fn word_tokens(src: &Source, word: &str, at: usize, out: &mut Vec<(Tok, usize)>) -> Result<(), InputError> {
    // `1. ... e5`: the dots stand for White's move.
    if word.bytes().all(|b| b == b'.') {
        return Ok(());
    }
    if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
        out.push((Tok::Result(word.to_string()), at));
        return Ok(());
    }
    // Castling written with zeros (`0-0`, `0-0-0+`) is a move, not a move number.
    let bare = word.trim_end_matches(['!', '?', '+', '#']);
    let castling = matches!(bare, "0-0" | "0-0-0");
    // A null move (a side passing) has no place in a game of chess.
    if matches!(bare, "--" | "Z0" | "0000") {
        return Err(src.error_at(
            at,
            format!("`{word}` is a null move (a side passing its turn), which the rules do not allow: a game file holds only moves"),
        ));
    }
    let digits = if castling { 0 } else { word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len() };
    let mut rest = word;
    let mut at = at;
    if digits > 0 {
        let dots = word[digits..].len() - word[digits..].trim_start_matches('.').len();
        let n: u32 = word[..digits].parse().unwrap_or(u32::MAX);
        if dots == 0 && digits < word.len() {
            return Err(src.error_at(at, format!("`{word}` is not a move: a move number is written `12.` or `12...`")));
        }
        out.push((Tok::Number(n), at));
        rest = &word[digits + dots..];
        at += digits + dots;
        if rest.is_empty() {
            return Ok(());
        }
    }
    let name = rest.trim_end_matches(['!', '?']);
    let glyph = &rest[name.len()..];
    if !name.is_empty() {
        out.push((Tok::Move(name.to_string()), at));
    }
    if !glyph.is_empty() {
        match glyph_nag(glyph) {
            Some(n) => out.push((Tok::Nag(n), at + name.len())),
            None => {
                return Err(src.error_at(at + name.len(), format!("`{glyph}` is not a glyph (!, ?, !!, ??, !?, ?!)")));
            }
        }
    }
    Ok(())
}

/// A tag pair from `[`: the token and the offset after its `]`.
fn tag(src: &Source, text: &str, open: usize) -> Result<(Tok, usize), InputError> {
    let mut i = open + 1;
    let skip_space = |i: &mut usize| {
        while text[*i..].starts_with([' ', '\t']) {
            *i += 1;
        }
    };
    skip_space(&mut i);
    let name_len = text[i..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(text.len() - i);
    if name_len == 0 {
        return Err(src.error_at(i, "a tag pair is `[Name \"value\"]`: the name is missing"));
    }
    let name = &text[i..i + name_len];
    i += name_len;
    skip_space(&mut i);
    if !text[i..].starts_with('"') {
        return Err(src.error_at(i, format!("the tag `{name}` needs its value in double quotes: [{name} \"…\"]")));
    }
    let value_at = i + 1;
    let mut value = String::new();
    let mut j = value_at;
    loop {
        let Some(c) = text[j..].chars().next() else {
            return Err(src.error_at(i, format!("the value of `{name}` is not closed: `\"` without its `\"`")));
        };
        match c {
            '"' => break,
            '\n' => return Err(src.error_at(i, format!("the value of `{name}` is not closed on its line"))),
            '\\' if text[j + 1..].starts_with(['"', '\\']) => {
                value.push(text[j + 1..].chars().next().expect("checked"));
                j += 2;
            }
            c => {
                value.push(c);
                j += c.len_utf8();
            }
        }
    }
    if value.chars().count() > MAX_TAG_VALUE {
        return Err(src.error_at(value_at, format!("the value of `{name}` is longer than {MAX_TAG_VALUE} characters")));
    }
    i = j + 1;
    skip_space(&mut i);
    if !text[i..].starts_with(']') {
        return Err(src.error_at(i, format!("the tag pair `{name}` is not closed: expected `]`")));
    }
    Ok((Tok::Tag(name.to_string(), value, value_at), i + 1))
}
