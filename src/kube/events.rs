//! A Kubernetes Event on needle's own pod for each configuration it rejects: where a platform
//! team looks first (`kubectl describe pod`, `kubectl get events`) when a reload did not take.
//! The pod is named by the downward API (`POD_NAME`, `POD_NAMESPACE`, as istiod's chart sets
//! them). Repeats of the same rejection become one Event series (kube-runtime's recorder).

use k8s_openapi::api::core::v1::ObjectReference;
use kube::Client;
use kube::runtime::events::{Event, EventType, Recorder, Reporter};
use tokio::sync::mpsc;

/// needle's pod, as the downward API names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodRef {
    pub name: String,
    pub namespace: String,
}

/// An Event's note is at most 1 KiB.
const MAX_NOTE: usize = 1024;

/// Publish each rejection received as a Warning Event on `pod`, until the sender is gone.
/// A failed publish is logged once per failure: the rejection itself is in the log already.
pub async fn report_rejections(
    client: Client,
    pod: PodRef,
    mut rejected: mpsc::UnboundedReceiver<String>,
) {
    let reporter = Reporter {
        controller: "needle".into(),
        instance: Some(pod.name.clone()),
    };
    let recorder = Recorder::new(client, reporter);
    let regarding = ObjectReference {
        api_version: Some("v1".into()),
        kind: Some("Pod".into()),
        name: Some(pod.name),
        namespace: Some(pod.namespace),
        ..ObjectReference::default()
    };
    while let Some(why) = rejected.recv().await {
        let event = Event {
            type_: EventType::Warning,
            reason: "InjectorConfigRejected".into(),
            note: Some(truncate(&why, MAX_NOTE)),
            action: "Reload".into(),
            secondary: None,
        };
        if let Err(error) = recorder.publish(&event, &regarding).await {
            tracing::warn!(%error, "could not write the Event of a rejected configuration");
        }
    }
}

/// `text` cut to at most `max` bytes, on a character boundary.
fn truncate(text: &str, max: usize) -> String {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn notes_are_cut_on_a_character_boundary() {
        assert_eq!(super::truncate("abc", 10), "abc");
        assert_eq!(super::truncate("aé", 2), "a");
        assert_eq!(super::truncate(&"x".repeat(2000), 1024).len(), 1024);
    }
}
