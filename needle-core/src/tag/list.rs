//! `tag list` and `tag remove` as istioctl shows and asks them: the tags of the cluster, its
//! table, JSON and YAML, and the confirmation prompt.

use serde_json::Value;

/// One row of `tag list`: a tag, its revision and the namespaces labelled with the tag.
/// Its fields in istioctl's JSON order.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TagDescription {
    pub tag: String,
    pub revision: String,
    pub namespaces: Vec<String>,
}

/// istioctl's `tag list`: the (tag, revision) pairs of the webhook configurations and Services
/// labelled `istio.io/rev` (a revision's own, untagged, only when it has no named tag), with
/// the namespaces labelled `istio.io/rev=<tag>`, sorted by revision, then tag.
pub fn describe_tags(
    webhook_configs: &[Value],
    services: &[Value],
    namespaces: &[Value],
) -> Vec<TagDescription> {
    let label = |o: &Value, key: &str| o["metadata"]["labels"][key].as_str().map(str::to_string);
    let mut pairs: Vec<(String, String)> = webhook_configs
        .iter()
        .chain(services)
        .filter_map(|o| {
            Some((
                label(o, "istio.io/rev")?,
                label(o, "istio.io/tag").unwrap_or_default(),
            ))
        })
        .collect();
    pairs.sort();
    pairs.dedup();
    let named: Vec<String> = pairs
        .iter()
        .filter(|(_, tag)| !tag.is_empty())
        .map(|(rev, _)| rev.clone())
        .collect();
    pairs.retain(|(rev, tag)| !tag.is_empty() || !named.contains(rev));
    pairs
        .into_iter()
        .map(|(revision, tag)| TagDescription {
            namespaces: namespaces
                .iter()
                .filter(|ns| label(ns, "istio.io/rev").as_deref() == Some(tag.as_str()))
                .filter_map(|ns| ns["metadata"]["name"].as_str().map(str::to_string))
                .collect(),
            revision,
            tag,
        })
        .collect()
}

/// The table of `tag list`, as Go's tabwriter (padding 1) aligns it.
pub fn tags_table(tags: &[TagDescription]) -> String {
    let rows: Vec<[String; 3]> =
        std::iter::once(["TAG".into(), "REVISION".into(), "NAMESPACES".into()])
            .chain(
                tags.iter()
                    .map(|t| [t.tag.clone(), t.revision.clone(), t.namespaces.join(",")]),
            )
            .collect();
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0) + 1;
    let (tag_width, rev_width) = (width(0), width(1));
    rows.iter()
        .map(|[tag, rev, ns]| format!("{tag:<tag_width$}{rev:<rev_width$}{ns}\n"))
        .collect()
}

/// `-o json` of `tag list`: Go's `MarshalIndent` with a tab.
pub fn tags_json(tags: &[TagDescription]) -> String {
    use serde::Serialize;
    let mut out = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(b"\t");
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, formatter);
    tags.serialize(&mut serializer).expect("JSON of strings");
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// `-o yaml` of `tag list`: that JSON as YAML, keys sorted, as sigs.k8s.io/yaml writes it.
pub fn tags_yaml(tags: &[TagDescription]) -> String {
    if tags.is_empty() {
        return "[]\n".into();
    }
    let mut out = String::new();
    for t in tags {
        if t.namespaces.is_empty() {
            out.push_str("- namespaces: []\n");
        } else {
            out.push_str("- namespaces:\n");
            for ns in &t.namespaces {
                out.push_str(&format!("  - {}\n", yaml_string(ns)));
            }
        }
        out.push_str(&format!("  revision: {}\n", yaml_string(&t.revision)));
        out.push_str(&format!("  tag: {}\n", yaml_string(&t.tag)));
    }
    out
}

/// A string as go-yaml writes it: plain unless it would read back as something else.
fn yaml_string(s: &str) -> String {
    let ambiguous = s.is_empty()
        || s.parse::<f64>().is_ok()
        || matches!(
            s.to_ascii_lowercase().as_str(),
            "true" | "false" | "null" | "~" | "yes" | "no" | "on" | "off" | "y" | "n"
        );
    if ambiguous {
        format!("{s:?}")
    } else {
        s.to_string()
    }
}

/// What `tag remove` asks before removing a tag that namespaces still use.
pub fn removal_prompt(tag: &str, namespaces: &[String]) -> String {
    let mut prompt = format!(
        "Caution, found {} namespace(s) still injected by tag {tag:?}:",
        namespaces.len()
    );
    for ns in namespaces {
        prompt.push(' ');
        prompt.push_str(ns);
    }
    prompt.push_str("\nProceed with operation? [y/N]");
    prompt
}

/// An answer to istioctl's `[y/N]` prompts: yes, no, or `None` to ask again. Only the first
/// word counts; an empty line is no, as Go's `Scanln` fails on it.
pub fn confirmation(line: &str) -> Option<bool> {
    match line
        .split_whitespace()
        .next()
        .map(str::to_ascii_uppercase)
        .as_deref()
    {
        None => Some(false),
        Some("Y" | "YES") => Some(true),
        Some("N" | "NO") => Some(false),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn tags_are_listed_as_istioctl_lists_them() {
        let obj = |name: &str, labels: Value| json!({"metadata": {"name": name, "labels": labels}});
        let webhooks = [
            obj("istio-sidecar-injector", json!({"istio.io/rev": "default"})),
            obj(
                "istio-sidecar-injector-canary",
                json!({"istio.io/rev": "canary"}),
            ),
            obj(
                "istio-revision-tag-prod",
                json!({"istio.io/rev": "canary", "istio.io/tag": "prod"}),
            ),
            obj("unrelated", json!({})),
        ];
        let services = [obj(
            "istiod-revision-tag-stable",
            json!({"istio.io/rev": "canary", "istio.io/tag": "stable"}),
        )];
        let namespaces = [
            obj("shop", json!({"istio.io/rev": "prod"})),
            obj("web", json!({"istio.io/rev": "prod"})),
            obj("other", json!({"istio.io/rev": "canary"})),
        ];
        let tags = describe_tags(&webhooks, &services, &namespaces);
        assert_eq!(
            tags_table(&tags),
            "TAG    REVISION NAMESPACES\nprod   canary   shop,web\nstable canary   \n       default  \n"
        );
        assert_eq!(
            tags_json(&tags[..1]),
            "[\n\t{\n\t\t\"tag\": \"prod\",\n\t\t\"revision\": \"canary\",\n\t\t\"namespaces\": [\n\t\t\t\"shop\",\n\t\t\t\"web\"\n\t\t]\n\t}\n]"
        );
        assert_eq!(
            tags_yaml(&tags[1..]),
            "- namespaces: []\n  revision: canary\n  tag: stable\n- namespaces: []\n  revision: default\n  tag: \"\"\n"
        );
    }

    #[test]
    fn removal_asks_as_istioctl_asks() {
        assert_eq!(
            removal_prompt("prod", &["shop".into(), "web".into()]),
            "Caution, found 2 namespace(s) still injected by tag \"prod\": shop web\nProceed with operation? [y/N]"
        );
        assert_eq!(confirmation("y\n"), Some(true));
        assert_eq!(confirmation("Yes"), Some(true));
        assert_eq!(confirmation("no"), Some(false));
        assert_eq!(confirmation("\n"), Some(false));
        assert_eq!(confirmation("maybe"), None);
    }
}
