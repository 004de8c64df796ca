//! One way to name a reason for metrics and logs.

/// A reason (a decision's, a failure's) with a short stable label: the metric label and the
/// `reason` field of the logs. Its words are its `Display`.
pub trait Labelled {
    fn label(&self) -> &'static str;
}
