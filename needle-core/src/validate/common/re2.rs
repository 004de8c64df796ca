//! Regular expressions as Istio checks them: RE2 syntax, as Go's `regexp` parses it, with
//! Go's error texts. The regex crate does the parsing; this adds what RE2 accepts and the
//! crate does not (`\Q...\E`) and what RE2 rejects and the crate accepts (repeat counts
//! over 1000, stacked repetitions, unknown POSIX classes).

/// `validateStringRegexp`: RE2 syntax, at most 1024 bytes.
pub fn validate_regex(re: &str, place: &str) -> Result<(), String> {
    if re.len() > 1024 {
        return Err(format!(
            "{place:?}: regex is too large, max length allowed is 1024"
        ));
    }
    go_compile(re).map_err(|e| {
        format!(
            "{place:?}: {e}; Istio uses RE2 style regex-based match (https://github.com/google/re2/wiki/Syntax)"
        )
    })
}

/// Go's `regexp.Compile`: `Err` is its error text (`error parsing regexp: ...`).
pub fn go_compile(re: &str) -> Result<(), String> {
    let detail = match regex::Regex::new(&expand_quotes(re)) {
        Ok(_) => match go_repetition_error(re) {
            None => return Ok(()),
            Some(d) => d,
        },
        Err(e) => go_regex_error(re, &e.to_string()),
    };
    Err(format!("error parsing regexp: {detail}"))
}

const POSIX_CLASSES: [&str; 14] = [
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

/// RE2's `\Q...\E` literal text, which the regex crate lacks, written as escaped text.
fn expand_quotes(re: &str) -> std::borrow::Cow<'_, str> {
    if !re.contains("\\Q") {
        return re.into();
    }
    let mut out = String::new();
    let mut rest = re;
    while let Some(pos) = rest.find('\\') {
        out.push_str(&rest[..pos]);
        let tail = &rest[pos..];
        if let Some(quoted) = tail.strip_prefix("\\Q") {
            let (lit, after) = quoted.split_once("\\E").unwrap_or((quoted, ""));
            out.push_str(&regex::escape(lit));
            rest = after;
        } else {
            let n = tail[1..].chars().next().map_or(1, |ch| 1 + ch.len_utf8());
            out.push_str(&tail[..n]);
            rest = &tail[n..];
        }
    }
    out.push_str(rest);
    out.into()
}

/// What Go's RE2 parser rejects and the regex crate accepts: repeat counts above 1000 and
/// stacked repetition operators (`a**`, `a++`, `a{2}{3}`).
fn go_repetition_error(re: &str) -> Option<String> {
    let c: Vec<(usize, char)> = re.char_indices().collect();
    let at = |i: usize| c.get(i).map(|p| p.1);
    let offset = |i: usize| c.get(i).map_or(re.len(), |p| p.0);
    let (mut i, mut last_repeat) = (0, None::<usize>);
    while i < c.len() {
        let mut repeat = None;
        match c[i].1 {
            '\\' => {
                i += 1;
                match at(i) {
                    Some('x' | 'p' | 'P') if at(i + 1) == Some('{') => {
                        while at(i).is_some_and(|ch| ch != '}') {
                            i += 1;
                        }
                    }
                    Some('Q') => {
                        while i < c.len() && !(at(i) == Some('\\') && at(i + 1) == Some('E')) {
                            i += 1;
                        }
                        i += 1;
                    }
                    _ => {}
                }
                i += 1;
            }
            '[' => {
                i += 1;
                if at(i) == Some('^') {
                    i += 1;
                }
                if at(i) == Some(']') {
                    i += 1;
                }
                while let Some(ch) = at(i) {
                    match ch {
                        ']' => break,
                        '\\' => i += 1,
                        '[' if at(i + 1) == Some(':') => {
                            let start = i;
                            while at(i).is_some_and(|ch| ch != ']') {
                                i += 1;
                            }
                            let class = &re[offset(start)..offset(i + 1).min(re.len())];
                            let name = class.trim_start_matches("[:").trim_start_matches('^');
                            let name = name.trim_end_matches(":]");
                            if class.ends_with(":]") && !POSIX_CLASSES.contains(&name) {
                                return Some(format!("invalid character class range: `{class}`"));
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
            }
            '(' if at(i + 1) == Some('?') => {
                let end = if matches!(at(i + 2), Some('P' | '<')) {
                    '>'
                } else {
                    ')'
                };
                i += 2;
                while at(i).is_some_and(|ch| ch != end && ch != ':') {
                    i += 1;
                }
                i += 1;
            }
            '*' | '+' | '?' => {
                repeat = Some(i);
                i += 1;
            }
            '{' => {
                let start = i;
                let mut j = i + 1;
                let mut numbers = vec![String::new()];
                while let Some(ch) = at(j) {
                    match ch {
                        '0'..='9' => numbers.last_mut()?.push(ch),
                        ',' if numbers.len() == 1 => numbers.push(String::new()),
                        _ => break,
                    }
                    j += 1;
                }
                if at(j) == Some('}') && !numbers[0].is_empty() {
                    i = j + 1;
                    let too_big = numbers
                        .iter()
                        .any(|n| !n.is_empty() && n.parse::<u64>().map_or(true, |v| v > 1000));
                    if too_big {
                        return Some(format!(
                            "invalid repeat count: `{}`",
                            &re[offset(start)..offset(i)]
                        ));
                    }
                    repeat = Some(start);
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
        if repeat.is_some() {
            if at(i) == Some('?') {
                i += 1;
            }
            if let Some(last) = last_repeat {
                return Some(format!(
                    "invalid nested repetition operator: `{}`",
                    &re[offset(last)..offset(i)]
                ));
            }
        }
        last_repeat = repeat;
    }
    None
}

/// Go's wording for the common regex syntax errors, from the regex crate's message (which
/// shows the pattern, a caret line under the culprit, then `error: ...`).
fn go_regex_error(re: &str, text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let detail = lines
        .iter()
        .rev()
        .find_map(|l| l.trim().strip_prefix("error: "))
        .unwrap_or(text);
    // The caret line is indented like the pattern line above it.
    let culprit = || -> Option<String> {
        if lines.len() < 4 || re.contains('\n') {
            return None;
        }
        let carets = lines[2];
        let start = carets.find('^')?.checked_sub(4)?;
        let end = carets.rfind('^')?.checked_sub(4)? + 1;
        Some(re.chars().skip(start).take(end - start).collect())
    };
    match detail {
        "repetition operator missing expression" => match culprit() {
            Some(op) => format!("missing argument to repetition operator: `{op}`"),
            None => detail.to_string(),
        },
        "unclosed group" => format!("missing closing ): `{re}`"),
        "unrecognized escape sequence" => match culprit() {
            Some(esc) => format!("invalid escape sequence: `{esc}`"),
            None => detail.to_string(),
        },
        "invalid character class range, the start must be <= the end" => match culprit() {
            Some(range) => format!("invalid character class range: `{range}`"),
            None => detail.to_string(),
        },
        "backreferences are not supported" => match culprit() {
            Some(esc) => format!("invalid escape sequence: `{esc}`"),
            None => detail.to_string(),
        },
        "invalid repetition count range, the start must be <= the end" => match culprit() {
            Some(count) => format!("invalid repeat count: `{count}`"),
            None => detail.to_string(),
        },
        "look-around, including look-ahead and look-behind, is not supported" => match culprit() {
            Some(group) => format!(
                "invalid or unsupported Perl syntax: `{}`",
                group.chars().take(3).collect::<String>()
            ),
            None => detail.to_string(),
        },
        "unclosed character class" => match culprit() {
            Some(class) => {
                let start = re.find(class.as_str()).unwrap_or(0);
                format!("missing closing ]: `{}`", &re[start..])
            }
            None => detail.to_string(),
        },
        "incomplete escape sequence, reached end of pattern prematurely" => {
            "trailing backslash at end of expression: ``".to_string()
        }
        "unopened group" => format!("unexpected ): `{re}`"),
        _ => detail.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regexes_compile_as_re2() {
        assert!(validate_regex("^/api/.*$", "uri").is_ok());
        assert!(validate_regex("(", "uri").is_err());
    }
}
