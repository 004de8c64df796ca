//! Kubernetes-style labels as Istio's `labels.Instance.Validate` checks them.

use std::collections::BTreeMap;

use super::Report;

/// `labels.Instance.Validate` (Istio's tag labels): each key must be an optional DNS prefix
/// and `/` then a qualified name, each value empty or a qualified name.
pub fn validate_tag_labels(labels: &BTreeMap<String, String>, report: &mut Report) {
    // `labels.Instance.Validate` gathers with `multierror.Append`.
    report.listed(|report| {
        for (k, v) in labels {
            report.check(validate_tag_key(k));
            if !(v.is_empty() || is_qualified_name(v)) {
                report.error(format!("invalid tag value: {v:?}"));
            }
        }
    });
}

fn validate_tag_key(k: &str) -> Result<(), String> {
    let invalid = || format!("invalid tag key: {k:?}");
    let (prefix, name) = match k.split_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, k),
    };
    if let Some(p) = prefix
        && !p.split('.').all(is_label_chars)
    {
        return Err(invalid());
    }
    if !is_qualified_name(name) {
        return Err(invalid());
    }
    if prefix.is_some_and(|p| p.len() > 253) {
        return Err(format!("invalid tag key: {k:?} (DNS prefix is too long)"));
    }
    if name.len() > 63 {
        return Err(format!("invalid tag key: {k:?} (name is too long)"));
    }
    Ok(())
}

fn is_qualified_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

/// A DNS-1123 label's characters, without its length limit (tag-key prefixes check length
/// as a whole).
fn is_label_chars(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
        && b[0] != b'-'
        && b[b.len() - 1] != b'-'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_keys() {
        assert!(validate_tag_key("app").is_ok());
        assert!(validate_tag_key("example.com/app").is_ok());
        assert!(validate_tag_key("-app").is_err());
    }

    #[test]
    fn label_errors_are_gathered_into_a_list() {
        let mut labels = Report::default();
        validate_tag_labels(&[("-x".to_string(), "v".to_string())].into(), &mut labels);
        assert_eq!(
            super::super::go_error_text(&labels.errors, labels.listed),
            "1 error occurred:\n\t* invalid tag key: \"-x\"\n\n"
        );
    }
}
