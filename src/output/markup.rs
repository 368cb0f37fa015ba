//! Text escaped for XML and HTML: the one place `&`, `<`, `>` and quotes become entities, for the
//! SVG writer, the animated SVG, the interactive page and the batch's contact sheet.

/// Which quotes become entities besides `&`, `<` and `>`.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Quotes {
    /// None: text content.
    None,
    /// `"`: HTML content and double-quoted attribute values.
    Double,
    /// `"` and `'`: an attribute value of the SVG writer.
    Both,
}

/// Appends `text` with `&`, `<`, `>` and `quotes` escaped.
pub(crate) fn push_escaped(s: &mut String, text: &str, quotes: Quotes) {
    let special = |b: u8| match b {
        b'&' | b'<' | b'>' => true,
        b'"' => quotes != Quotes::None,
        b'\'' => quotes == Quotes::Both,
        _ => false,
    };
    if !text.bytes().any(special) {
        s.push_str(text);
        return;
    }
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' if quotes != Quotes::None => s.push_str("&quot;"),
            '\'' if quotes == Quotes::Both => s.push_str("&apos;"),
            c => s.push(c),
        }
    }
}

/// `text` with `&`, `<`, `>` and `"` escaped: for HTML content and double-quoted attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    push_escaped(&mut s, text, Quotes::Double);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_text_escapes_its_own_characters() {
        let text = "a<b & \"c\" 'd' > é";
        let with = |quotes| {
            let mut s = String::new();
            push_escaped(&mut s, text, quotes);
            s
        };
        assert_eq!(with(Quotes::None), "a&lt;b &amp; \"c\" 'd' &gt; é");
        assert_eq!(escape(text), "a&lt;b &amp; &quot;c&quot; 'd' &gt; é");
        assert_eq!(with(Quotes::Both), "a&lt;b &amp; &quot;c&quot; &apos;d&apos; &gt; é");
        assert_eq!(escape("plain"), "plain");
    }
}
