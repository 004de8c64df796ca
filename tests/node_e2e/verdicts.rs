//! Same verdicts, live: every document of Istio's validation dataset (the corpus's
//! `istio-validate/dataset.yaml`) created as a server-side dry run twice, labelled for istiod's
//! revision (`istio.io/rev=canary`: istiod's validator is asked) and for needle's (`default`:
//! the chart's validator). The apiserver must answer both the same: both accepted, or both
//! refused with needle's message containing istiod's (the CRD schema refuses some before any
//! webhook is asked; those answers are the same by construction). Prints `istiod verdicts:
//! N/N same`.

use crate::Outcome;
use crate::common::dataset;
use crate::istiod::REVISION;
use crate::world::World;
use serde_json::{Value, json};
use std::sync::Arc;

pub async fn same_verdicts(world: Arc<World>) -> Outcome {
    let ns = world.namespace("verdicts", json!({})).await?;
    let entries = dataset::entries();
    let mut different = Vec::new();
    let mut refused = 0;
    for entry in &entries {
        let istiod = create(&world, &entry.doc, &ns, REVISION).await;
        let needle = create(&world, &entry.doc, &ns, "default").await;
        refused += usize::from(istiod.is_err());
        let why = match (&istiod, &needle) {
            (Ok(()), Ok(())) => None,
            // The CRD schema refused both before any webhook was asked; the apiserver lists
            // the schema's errors in no fixed order.
            (Err(want), Err(got)) if !by_webhook(want) && !by_webhook(got) => None,
            (Err(want), Err(got)) if got.contains(denial(want)) => None,
            (Err(want), Err(got)) => Some(format!("needle: {got}; istiod: {want}")),
            (Ok(()), Err(got)) => Some(format!("needle refused ({got}); istiod accepted")),
            (Err(want), Ok(())) => Some(format!("needle accepted; istiod refused ({want})")),
        };
        if let Some(why) = why {
            different.push(format!("{}: {why}", entry.case));
        }
    }
    let same = entries.len() - different.len();
    println!(
        "istiod verdicts: {same}/{} same ({refused} refused by istiod's side)",
        entries.len()
    );
    match different.is_empty() {
        true => Ok(()),
        false => Err(different.join("\n  ")),
    }
}

/// A dry-run create of `doc` labelled for `revision`'s validator.
async fn create(world: &World, doc: &Value, ns: &str, revision: &str) -> Result<(), String> {
    let mut doc = doc.clone();
    doc["metadata"]["namespace"] = json!(ns);
    doc["metadata"]["labels"]["istio.io/rev"] = json!(revision);
    crate::common::crds::create_resource(&world.client, &world.kinds, &doc, ns, true).await
}

/// Whether a webhook refused (else the apiserver itself: the CRD schema).
fn by_webhook(message: &str) -> bool {
    message.contains("denied the request")
}

/// The webhook's own words in the apiserver's refusal: after `denied the request: `, which
/// names the webhook entry (the rest of the message is the apiserver's).
fn denial(message: &str) -> &str {
    message
        .split_once("denied the request: ")
        .map_or(message, |(_, words)| words)
}
