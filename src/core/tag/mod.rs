//! Revision tags (spec H), as istioctl makes, lists and removes them: `generate` makes a
//! tag's MutatingWebhookConfiguration from its revision's; `list` describes the cluster's
//! tags and words the prompts.
mod generate;
mod list;

pub use generate::*;
pub use list::*;
