//! Sprig's `snakecase` and `kebabcase` (xstrings' `ToSnakeCase`/`ToKebabCase`): the text
//! read as words — runs of connectors (`-`, `_`, spaces), of punctuation, of digits, a
//! lower-case run, a capitalised word, an upper-case run (`HTTPServer` is `HTTP` and
//! `Server`) — lowered and joined by the connector where two words meet, a digit run
//! staying with a letter run it ends (`bld4`) and joining the letters after it when it
//! starts a new word (`http_2xx`).

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Word {
    End,
    Number,
    Upper,
    Alphabet,
    Connector,
    Punct,
    Other,
}

fn connector(c: char) -> bool {
    c == '-' || c == '_' || c.is_whitespace()
}

/// A letter that is not a CJK ideograph (those are words of their own kind).
fn alphabet(c: char) -> bool {
    c.is_alphabetic()
        && !matches!(c, '\u{4E00}'..='\u{9FCC}' | '\u{3400}'..='\u{4D85}' | '\u{20000}'..='\u{2B81D}')
}

/// The general punctuation blocks, as Go's `unicode.IsPunct` counts them beyond ASCII.
fn is_unicode_punct(c: char) -> bool {
    matches!(c, '\u{2010}'..='\u{2027}' | '\u{2030}'..='\u{205E}' | '\u{3001}'..='\u{3003}' | '\u{3008}'..='\u{3011}' | '\u{FF01}'..='\u{FF0F}')
}

/// Go's `unicode.IsPunct` of ASCII: `!"#%&'()*,-./:;?@[\]_{}`, not `$+<=>^`|~`.
fn ascii_punct(c: char) -> bool {
    "!\"#%&'()*,-./:;?@[\\]_{}".contains(c)
}

fn is_punct(c: char) -> bool {
    if c.is_ascii() {
        ascii_punct(c)
    } else {
        is_unicode_punct(c)
    }
}

/// The next word of `s` and what follows it.
fn next_word(s: &str) -> (Word, &str, &str) {
    let Some(first) = s.chars().next() else {
        return (Word::End, "", "");
    };
    let run = |pred: &dyn Fn(char) -> bool| -> usize {
        s.char_indices()
            .skip(1)
            .find(|(_, c)| !pred(*c))
            .map_or(s.len(), |(i, _)| i)
    };
    let (kind, end) = if connector(first) {
        (Word::Connector, run(&connector))
    } else if is_punct(first) {
        (Word::Punct, run(&is_punct))
    } else if first.is_uppercase() {
        let after = first.len_utf8();
        match s[after..].chars().next() {
            Some(c) if c.is_uppercase() => {
                let upper_end = run(&|c: char| c.is_uppercase());
                // `HTTPStatus`: the last capital starts the next word.
                let back = s[upper_end..]
                    .chars()
                    .next()
                    .filter(|c| alphabet(*c))
                    .and_then(|_| s[..upper_end].chars().last())
                    .map_or(0, char::len_utf8);
                (Word::Upper, upper_end - back)
            }
            Some(c) if alphabet(c) => {
                let lower_end = s[after..]
                    .char_indices()
                    .find(|(_, c)| !alphabet(*c) || c.is_uppercase())
                    .map_or(s.len(), |(i, _)| after + i);
                (Word::Upper, lower_end)
            }
            _ => (Word::Upper, after),
        }
    } else if alphabet(first) {
        (
            Word::Alphabet,
            run(&|c: char| alphabet(c) && !c.is_uppercase()),
        )
    } else if first.is_numeric() {
        (Word::Number, run(&char::is_numeric))
    } else {
        let other = |c: char| !(connector(c) || alphabet(c) || c.is_numeric() || is_punct(c));
        (Word::Other, run(&other))
    };
    (kind, &s[..end], &s[end..])
}

/// A word as written: an upper-case or connector word lowered, its connectors `sep`.
fn push_lower(out: &mut String, kind: Word, word: &str, sep: char) {
    if kind != Word::Upper && kind != Word::Connector {
        out.push_str(word);
        return;
    }
    for c in word.chars() {
        if connector(c) {
            out.push(sep);
        } else {
            out.extend(c.to_lowercase());
        }
    }
}

pub fn lower_words(s: &str, sep: char) -> String {
    let mut out = String::new();
    let (mut kind, mut word, mut rest) = next_word(s);
    let joins = |k: Word| !matches!(k, Word::End | Word::Punct | Word::Connector);
    while !rest.is_empty() {
        if kind != Word::Connector {
            push_lower(&mut out, kind, word, sep);
        }
        let (prev, last) = (kind, word);
        (kind, word, rest) = next_word(rest);
        match prev {
            Word::Number => {
                while matches!(kind, Word::Alphabet | Word::Number) {
                    push_lower(&mut out, kind, word, sep);
                    (kind, word, rest) = next_word(rest);
                }
                if joins(kind) {
                    out.push(sep);
                }
            }
            Word::Connector => push_lower(&mut out, prev, last, sep),
            Word::Punct => {}
            _ => {
                if kind != Word::Number {
                    if joins(kind) {
                        out.push(sep);
                    }
                    continue;
                }
                if rest.is_empty() {
                    continue;
                }
                let number = word;
                (kind, word, rest) = next_word(rest);
                if kind != Word::Alphabet {
                    push_lower(&mut out, Word::Number, number, sep);
                    if joins(kind) {
                        out.push(sep);
                    }
                    continue;
                }
                out.push(sep);
                push_lower(&mut out, Word::Number, number, sep);
                while matches!(kind, Word::Alphabet | Word::Number) {
                    push_lower(&mut out, kind, word, sep);
                    (kind, word, rest) = next_word(rest);
                }
                if joins(kind) {
                    out.push(sep);
                }
            }
        }
    }
    push_lower(&mut out, kind, word, sep);
    out
}

#[cfg(test)]
mod tests {
    use super::lower_words;

    #[test]
    fn words_split_and_joined_as_xstrings_does() {
        for (input, want) in [
            ("HTTPServer", "http_server"),
            ("_camelCase", "_camel_case"),
            ("NoHTTPS", "no_https"),
            ("Wi_thF", "wi_th_f"),
            ("_AnotherTES_TCaseP", "_another_tes_t_case_p"),
            ("ALL", "all"),
            ("_HELLO_WORLD_", "_hello_world_"),
            ("HELLO____WORLD", "hello____world"),
            ("TW", "tw"),
            ("_C", "_c"),
            ("http2xx", "http_2xx"),
            ("HTTP2XX", "http2_xx"),
            ("HTTP20xOK", "http_20x_ok"),
            ("HTTP20xStatus", "http_20x_status"),
            ("HTTP-20xStatus", "http_20x_status"),
            ("a", "a"),
            ("Duration2m3s", "duration_2m3s"),
            ("Bld4Floor3rd", "bld4_floor_3rd"),
            (" _-_ ", "_____"),
            ("a1b2c3d", "a_1b2c3d"),
            ("A//B%%2c", "a//b%%2c"),
            ("HTTP状态码404/502Error", "http_状态码404/502_error"),
            ("中文(字符)", "中文(字符)"),
            ("混合ABCWords与123数字456", "混合_abc_words_与123_数字456"),
            ("  sentence case  ", "__sentence_case__"),
            (
                " Mixed-hyphen case _and SENTENCE_case and UPPER-case",
                "_mixed_hyphen_case__and_sentence_case_and_upper_case",
            ),
            (
                "FROM CamelCase to snake/kebab-case",
                "from_camel_case_to_snake/kebab_case",
            ),
            ("", ""),
            ("abc_123_def", "abc_123_def"),
            ("FirstName", "first_name"),
        ] {
            assert_eq!(lower_words(input, '_'), want, "{input:?}");
        }
        assert_eq!(lower_words("FirstName", '-'), "first-name");
    }
}
