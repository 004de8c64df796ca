//! The report of one resource's checks: its errors and warnings, how Istio joins the errors,
//! and the decoding problems the checks find.

/// Errors and warnings collected for one resource.
///
/// Istio joins errors in two ways, and its message shows which: `AppendErrors` keeps a lone
/// error as it is (`configuration is invalid: port must be ...`), while `multierror.Append`
/// makes a list even of one (`1 error occurred:\n\t* ...`). `listed` records that some error
/// was gathered the second way, so the message can be printed as Istio prints it.
///
/// The checks also find problems Istio's decoder rejects before any rule runs (two members
/// of a oneof set, malformed bytes) that needle's decoder lets through; the first one is kept
/// apart, and the kind's `validate` returns it as its `Err` (see `take_decode_error`).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
    pub listed: bool,
    decode_error: Option<String>,
}

impl Report {
    pub fn error(&mut self, message: impl Into<String>) {
        self.errors.push(message.into());
    }

    pub fn warning(&mut self, message: impl Into<String>) {
        self.warnings.push(message.into());
    }

    /// Record the error of a check, if any.
    pub fn check(&mut self, result: Result<(), String>) {
        if let Err(e) = result {
            self.errors.push(e);
        }
    }

    /// Run checks whose errors Istio gathers with `multierror.Append`: any error they record
    /// makes the whole message a list.
    pub fn listed<R>(&mut self, checks: impl FnOnce(&mut Report) -> R) -> R {
        let before = self.errors.len();
        let out = checks(self);
        if self.errors.len() > before {
            self.listed = true;
        }
        out
    }

    /// An error Istio adds with `multierror.Append`.
    pub fn listed_error(&mut self, message: impl Into<String>) {
        self.listed(|r| r.error(message));
    }

    /// The errors of a check that returns a `multierror` (Istio's IP and port list checks).
    pub fn listed_errors(&mut self, errors: impl IntoIterator<Item = String>) {
        self.listed(|r| r.errors.extend(errors));
    }

    /// Take over the errors and warnings of checks run on their own report.
    pub fn merge(&mut self, other: Report) {
        self.listed |= other.listed && !other.errors.is_empty();
        self.errors.extend(other.errors);
        self.warnings.extend(other.warnings);
        if self.decode_error.is_none() {
            self.decode_error = other.decode_error;
        }
    }

    /// Run checks whose warnings Istio drops (it merges their result as a plain error).
    pub fn errors_only(&mut self, checks: impl FnOnce(&mut Report)) {
        let kept = self.warnings.len();
        checks(self);
        self.warnings.truncate(kept);
    }

    /// A protobuf oneof: at most one member may be present, or the spec does not decode.
    pub fn oneof(&mut self, oneof: &str, members: &[(&str, bool)]) {
        let set: Vec<&str> = members.iter().filter(|m| m.1).map(|m| m.0).collect();
        if set.len() > 1 {
            self.decode_error(format!(
                "oneof {oneof} has more than one field set: {}",
                set.join(", ")
            ));
        }
    }

    /// A value that is malformed for its protobuf type; only the first one is kept.
    pub fn decode_error(&mut self, message: impl Into<String>) {
        if self.decode_error.is_none() {
            self.decode_error = Some(message.into());
        }
    }

    /// `Err` with the decoding problem the checks found, if any, which leaves the report.
    pub fn take_decode_error(&mut self) -> Result<(), String> {
        match self.decode_error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
}

/// The text of an error Istio built from `errors`: a lone error that was never put in a
/// list prints as itself, anything else as `multierror` prints it.
pub fn go_error_text(errors: &[String], listed: bool) -> String {
    match errors {
        [one] if !listed => one.clone(),
        _ => multierror(errors),
    }
}

/// A list of errors as Go's `multierror` prints it.
pub fn multierror(errors: &[String]) -> String {
    match errors {
        [] => String::new(),
        [one] => format!("1 error occurred:\n\t* {one}\n\n"),
        many => {
            let items: String = many.iter().map(|e| format!("\t* {e}\n")).collect();
            format!("{} errors occurred:\n{items}\n", many.len())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(r: &Report) -> String {
        go_error_text(&r.errors, r.listed)
    }

    #[test]
    fn a_lone_error_prints_as_itself_unless_istio_listed_it() {
        let mut r = Report::default();
        r.error("a");
        assert_eq!(text(&r), "a");
        r.listed(|_| {});
        assert_eq!(text(&r), "a", "a listed check that found nothing");
        r.listed_error("b");
        assert_eq!(text(&r), "2 errors occurred:\n\t* a\n\t* b\n\n");
        let mut listed = Report::default();
        listed.listed_error("c");
        assert_eq!(text(&listed), "1 error occurred:\n\t* c\n\n");
        let mut merged = Report::default();
        merged.merge(listed);
        assert_eq!(text(&merged), "1 error occurred:\n\t* c\n\n");
    }

    #[test]
    fn the_first_decoding_problem_is_kept_apart_from_the_errors() {
        let mut r = Report::default();
        r.oneof("m", &[("a", true), ("b", false)]);
        assert_eq!(r.take_decode_error(), Ok(()));
        r.oneof("m", &[("a", true), ("b", true)]);
        r.decode_error("later");
        assert!(r.errors.is_empty());
        let mut merged = Report::default();
        merged.merge(r);
        assert_eq!(
            merged.take_decode_error(),
            Err("oneof m has more than one field set: a, b".to_string())
        );
        assert_eq!(merged.take_decode_error(), Ok(()));
    }

    #[test]
    fn multierror_text() {
        assert_eq!(multierror(&["a".into()]), "1 error occurred:\n\t* a\n\n");
        assert_eq!(
            multierror(&["a".into(), "b".into()]),
            "2 errors occurred:\n\t* a\n\t* b\n\n"
        );
    }
}
