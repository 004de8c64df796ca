//! Revision tags (spec H), as istioctl makes, lists and removes them: `generate` makes a
//! tag's MutatingWebhookConfiguration from its revision's, `companions` its Service and the
//! `default` tag's validating configuration, `conflicts` what `set` checks before applying;
//! `list` describes the cluster's
//! tags and words the prompts.
mod companions;
mod conflicts;
mod generate;
mod list;

pub use companions::*;
pub use conflicts::*;
pub use generate::*;
pub use list::*;
