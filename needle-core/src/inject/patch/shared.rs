//! A patch as answers share it: the webhook's response, the replica cache and every replica
//! it answers hold the one copy.

use base64::Engine;
use std::sync::OnceLock;

/// A JSON patch's text, and the base64 of that text that an AdmissionReview response carries,
/// written on first use and then kept: a rollout's replicas are answered with the same bytes,
/// so they are encoded once per workload rather than once per pod.
#[derive(Debug)]
pub struct Patch {
    text: Box<str>,
    base64: OnceLock<Box<str>>,
}

impl Patch {
    pub fn new(text: String) -> Self {
        Self {
            text: text.into_boxed_str(),
            base64: OnceLock::new(),
        }
    }

    /// The text in standard base64 with padding, as the response's `patch` field holds it.
    pub fn base64(&self) -> &str {
        self.base64.get_or_init(|| {
            base64::engine::general_purpose::STANDARD
                .encode(&*self.text)
                .into_boxed_str()
        })
    }

    /// The bytes the patch holds with its base64 written: what the replica cache counts.
    pub fn bytes(&self) -> usize {
        self.text.len() + self.text.len().div_ceil(3) * 4
    }
}

impl std::ops::Deref for Patch {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

/// Two patches are the same when their texts are (the base64 follows from the text).
impl PartialEq for Patch {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

#[cfg(test)]
mod tests {
    use super::Patch;
    use base64::Engine;

    #[test]
    fn base64_is_the_texts_and_counted_exactly() {
        for text in [
            "",
            "[",
            "[]",
            "[{}",
            r#"[{"op":"add","path":"/a","value":"é"}]"#,
        ] {
            let patch = Patch::new(text.to_string());
            let want = base64::engine::general_purpose::STANDARD.encode(text);
            assert_eq!(patch.base64(), want);
            assert_eq!(patch.bytes(), text.len() + want.len(), "{text:?}");
            assert_eq!(&*patch, text);
        }
    }
}
