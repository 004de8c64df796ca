//! `ProxyImage` and `ProxyInitImage`: the proxy's image from the values' hub, image name and
//! tag, with the image type (`distroless`, `debug`) a proxy config or the pod asks for.

use crate::compat::gofmt;
use crate::release::{Feature, Release};
use serde_json::Value;

/// The image type `ProxyImage` takes from the proxy config: its `image.imageType`, else
/// `global.variant`. Before 86c9f01 (`Feature::ProxyInitImage`) a proxy config that has an
/// `image` gives its type as written, empty included.
pub(super) fn proxy_image_type<'a>(
    proxy_config: &'a Value,
    values: &'a Value,
    release: Release,
) -> &'a str {
    let image = proxy_config.get("image").filter(|i| !i.is_null());
    let written = image
        .and_then(|i| i.get("imageType"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    if !written.is_empty() || image.is_some() && !release.has(Feature::ProxyInitImage) {
        return written;
    }
    variant(values)
}

pub(super) fn variant(values: &Value) -> &str {
    values["global"]["variant"].as_str().unwrap_or_default()
}

/// `ProxyImage` / `ProxyInitImage`: `<hub>/<name>:<tag>` with the image type (the
/// `sidecar.istio.io/proxyImageType` annotation's, else `image_type`) as a tag suffix.
pub fn image_url(
    values: &Value,
    component: &str,
    image_type: &str,
    annotation_type: Option<&str>,
) -> String {
    let global = &values["global"];
    let name = global[component]["image"]
        .as_str()
        .filter(|s| !s.is_empty())
        .unwrap_or("proxyv2");
    let tag = match &global["tag"] {
        Value::Null => String::new(),
        other => gofmt::sprint(other),
    };
    let image_type = annotation_type.unwrap_or(image_type);
    let hub = global["hub"].as_str().unwrap_or_default();
    format!("{hub}/{name}:{}", tag_with_type(&tag, image_type))
}

fn tag_with_type(tag: &str, image_type: &str) -> String {
    if image_type.is_empty() {
        return tag.to_string();
    }
    let base = ["distroless", "debug"]
        .iter()
        .find_map(|t| tag.strip_suffix(&format!("-{t}")))
        .unwrap_or(tag);
    if image_type == "default" {
        base.to_string()
    } else {
        format!("{base}-{image_type}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn image_urls_follow_istio() {
        let v =
            json!({"global": {"hub": "docker.io/istio", "tag": "1.12-distroless", "variant": ""}});
        assert_eq!(
            image_url(&v, "proxy", "", None),
            "docker.io/istio/proxyv2:1.12-distroless"
        );
        assert_eq!(
            image_url(&v, "proxy", "debug", None),
            "docker.io/istio/proxyv2:1.12-debug"
        );
        assert_eq!(
            image_url(&v, "proxy", "debug", Some("default")),
            "docker.io/istio/proxyv2:1.12"
        );
        let v = json!({"global": {"hub": "h", "tag": 11, "proxy_init": {"image": "init"}}});
        assert_eq!(image_url(&v, "proxy_init", "", None), "h/init:11");
    }

    #[test]
    fn an_empty_image_type_falls_back_to_the_variant_from_86c9f01() {
        let values = json!({"global": {"variant": "distroless"}});
        let r130 = Release::parse("1.30.3").unwrap();
        let no_image = json!({});
        let empty_type = json!({"image": {}});
        let typed = json!({"image": {"imageType": "debug"}});
        assert_eq!(proxy_image_type(&no_image, &values, r130), "distroless");
        assert_eq!(proxy_image_type(&empty_type, &values, r130), "");
        assert_eq!(proxy_image_type(&typed, &values, r130), "debug");
        let newest = Release::NEWEST;
        assert_eq!(proxy_image_type(&no_image, &values, newest), "distroless");
        assert_eq!(proxy_image_type(&empty_type, &values, newest), "distroless");
        assert_eq!(proxy_image_type(&typed, &values, newest), "debug");
    }
}
