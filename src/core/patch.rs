//! The RFC 6902 JSON patch the webhook returns: original pod → injected pod.

use serde_json::Value;

/// Operations that turn `original` into `injected`.
pub fn create(original: &Value, injected: &Value) -> json_patch::Patch {
    json_patch::diff(original, injected)
}

/// Apply a patch to a copy of `original`.
pub fn apply(original: &Value, patch: &json_patch::Patch) -> Result<Value, String> {
    let mut doc = original.clone();
    json_patch::patch(&mut doc, patch).map_err(|e| e.to_string())?;
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn applied_patch_gives_the_injected_pod() {
        let a = json!({"metadata": {"annotations": {"a/b~c": "1"}}, "spec": {"containers": [{"name": "x"}]}});
        let b = json!({"metadata": {"annotations": {"a/b~c": "2", "n": "3"}}, "spec": {"containers": [{"name": "p"}, {"name": "x"}], "volumes": [{"name": "v"}]}});
        let p = create(&a, &b);
        assert_eq!(apply(&a, &p).unwrap(), b);
    }
}
