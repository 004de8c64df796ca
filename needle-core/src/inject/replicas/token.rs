//! The service account token volume: the one part of a pod's body that the apiserver makes
//! different for every replica before the webhooks see it. Its ServiceAccount admission plugin
//! adds a projected volume named `kube-api-access-` and five random characters, and mounts it
//! in each container. Left in the key, it would make every replica of every real workload a
//! miss.
//!
//! So the key holds the pod with that name masked, and a replica gets the earlier patch with
//! the earlier name swapped for its own. The swap is sound only if the name enters the patch
//! as that whole JSON string and in no other way (a template could put it into a longer text,
//! or order by it). The cache does not assume so: the first replica is worked out twice, the
//! second time under another name, and its patch is shared only when the two agree after the
//! swap (`admit`).

use serde_json::Value;

const PREFIX: &str = "kube-api-access-";
/// The characters of the random part (Kubernetes' `utilrand.String`: no vowels, no 0, 1, 3).
const ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
const RANDOM: usize = 5;
/// Where the name stands in the key: bytes that never occur in JSON text, which is UTF-8.
const MASK: [u8; RANDOM] = [0xff; RANDOM];

/// The pod's token volume name, as the ServiceAccount admission plugin makes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenVolume(Box<str>);

impl TokenVolume {
    /// The name of the pod's token volume: the only volume named as the plugin names it.
    pub fn of(pod: &Value) -> Option<Self> {
        let volumes = pod.get("spec")?.get("volumes")?.as_array()?;
        let mut names = volumes
            .iter()
            .filter_map(|v| v.get("name")?.as_str())
            .filter(|name| Self::shaped(name));
        let name = names.next()?;
        names.next().is_none().then(|| Self(name.into()))
    }

    fn shaped(name: &str) -> bool {
        name.strip_prefix(PREFIX).is_some_and(|random| {
            random.len() == RANDOM && random.bytes().all(|b| ALPHABET.contains(&b))
        })
    }

    /// Another name of the same shape: each random character the next in the alphabet.
    pub fn other(&self) -> Self {
        let next = |b: u8| {
            let at = ALPHABET.iter().position(|&a| a == b).unwrap_or(0);
            ALPHABET[(at + 1) % ALPHABET.len()] as char
        };
        let random: String = self.0[PREFIX.len()..].bytes().map(next).collect();
        Self(format!("{PREFIX}{random}").into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Each JSON string of `text` that is this name masked, so that replicas write one key.
    pub fn mask(&self, text: &mut [u8]) {
        let mut masked = [0; PREFIX.len() + RANDOM];
        masked[..PREFIX.len()].copy_from_slice(PREFIX.as_bytes());
        masked[PREFIX.len()..].copy_from_slice(&MASK);
        replace_strings(text, self.0.as_bytes(), &masked);
    }

    /// `text` (JSON) with each string that is this name written as `to`.
    pub fn swap(&self, text: &str, to: &Self) -> String {
        let mut bytes = text.as_bytes().to_vec();
        replace_strings(&mut bytes, self.0.as_bytes(), to.0.as_bytes());
        // Both names are ASCII of one length: the bytes stay UTF-8.
        String::from_utf8(bytes).expect("ASCII replaced by ASCII")
    }

    /// `value` with each string and object key that is this name written as `to`: the pod a
    /// replica with the name `to` would be.
    pub fn rename(&self, value: &Value, to: &Self) -> Value {
        match value {
            Value::String(s) if **s == *self.0 => Value::String(to.0.to_string()),
            Value::Array(items) => Value::Array(items.iter().map(|v| self.rename(v, to)).collect()),
            Value::Object(map) => Value::Object(
                map.iter()
                    .map(|(k, v)| {
                        let k = if **k == *self.0 {
                            to.0.to_string()
                        } else {
                            k.clone()
                        };
                        (k, self.rename(v, to))
                    })
                    .collect(),
            ),
            other => other.clone(),
        }
    }
}

/// Each `"from"` in `text` (a whole JSON string: quotes around it) written as `"to"`, in place.
fn replace_strings(text: &mut [u8], from: &[u8], to: &[u8]) {
    assert_eq!(from.len(), to.len(), "names of one shape");
    let n = from.len();
    let mut at = 0;
    while at + n + 2 <= text.len() {
        if text[at] == b'"' && &text[at + 1..at + 1 + n] == from && text[at + 1 + n] == b'"' {
            text[at + 1..at + 1 + n].copy_from_slice(to);
            at += n + 2;
        } else {
            at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod(volumes: Value) -> Value {
        json!({"spec": {"volumes": volumes}})
    }

    #[test]
    fn the_plugins_volume_is_found_and_nothing_else() {
        let token = |v| TokenVolume::of(&pod(v)).map(|t| t.as_str().to_string());
        let found = token(json!([{"name": "data"}, {"name": "kube-api-access-x7b2q"}]));
        assert_eq!(found.as_deref(), Some("kube-api-access-x7b2q"));
        for volumes in [
            json!([{"name": "kube-api-access-x7b2"}]),
            json!([{"name": "kube-api-access-x7b2qq"}]),
            json!([{"name": "kube-api-access-a7b2q"}]), // a vowel: not a random name
            json!([{"name": "kube-api-access-x7b2q"}, {"name": "kube-api-access-zzzzz"}]),
            json!([]),
        ] {
            assert_eq!(token(volumes.clone()), None, "{volumes}");
        }
    }

    #[test]
    fn another_name_has_the_same_shape_and_differs_in_every_random_character() {
        let token = TokenVolume("kube-api-access-bz9q2".into());
        let other = token.other();
        assert_eq!(other.as_str(), "kube-api-access-c2br4");
        assert!(TokenVolume::shaped(other.as_str()));
    }

    #[test]
    fn only_whole_strings_are_swapped() {
        let token = TokenVolume("kube-api-access-bz9q2".into());
        let text = r#"{"kube-api-access-bz9q2":["kube-api-access-bz9q2","x-kube-api-access-bz9q2","kube-api-access-bz9q2/x"]}"#;
        assert_eq!(
            token.swap(text, &token.other()),
            r#"{"kube-api-access-c2br4":["kube-api-access-c2br4","x-kube-api-access-bz9q2","kube-api-access-bz9q2/x"]}"#
        );
        let mut masked = text.as_bytes().to_vec();
        token.mask(&mut masked);
        assert!(
            std::str::from_utf8(&masked).is_err(),
            "the mask is no JSON text"
        );
        let mut again = token.swap(text, &token.other()).into_bytes();
        token.other().mask(&mut again);
        assert_eq!(masked, again, "two replicas, one key");
    }

    #[test]
    fn renaming_the_pod_renames_whole_strings_and_keys() {
        let token = TokenVolume("kube-api-access-bz9q2".into());
        let pod = json!({"spec": {"volumes": [{"name": "kube-api-access-bz9q2"}],
            "containers": [{"volumeMounts": [{"name": "kube-api-access-bz9q2"}],
                "env": [{"value": "kube-api-access-bz9q2 and more"}]}]},
            "kube-api-access-bz9q2": 1});
        let renamed = token.rename(&pod, &token.other());
        let want = json!({"spec": {"volumes": [{"name": "kube-api-access-c2br4"}],
            "containers": [{"volumeMounts": [{"name": "kube-api-access-c2br4"}],
                "env": [{"value": "kube-api-access-bz9q2 and more"}]}]},
            "kube-api-access-c2br4": 1});
        assert_eq!(renamed, want);
    }
}
