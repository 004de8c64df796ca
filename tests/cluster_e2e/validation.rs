//! Istio's validation dataset through the apiserver: each document of the corpus's
//! `istio-validate/dataset.yaml` created with needle's ValidatingWebhookConfiguration in
//! front and Istio's CRDs behind. The apiserver checks the CRD schema first and then asks
//! needle, so a document is stored only when both accept it; a denial by needle reaches the
//! user with needle's message. A dry run answers the same and stores nothing.

use crate::common::dataset::{self, Entry};
use crate::env::Env;
use crate::{Outcome, Scenario, scenario};
use std::sync::Arc;

pub fn scenarios() -> Vec<Scenario> {
    vec![
        scenario!(
            "validation dataset through the apiserver (dry run)",
            dataset_dry_run
        ),
        scenario!(
            "validation dataset through the apiserver (stored)",
            dataset_stored
        ),
    ]
}

async fn dataset_dry_run(env: Arc<Env>) -> Outcome {
    dataset(&env, true).await
}

async fn dataset_stored(env: Arc<Env>) -> Outcome {
    dataset(&env, false).await
}

async fn dataset(env: &Env, dry_run: bool) -> Outcome {
    let mut problems = Vec::new();
    let entries = dataset::entries();
    for e in &entries {
        // A namespace each: the dataset repeats names.
        let ns = env.namespace("dataset", serde_json::json!({})).await;
        let mut doc = e.doc.clone();
        doc["metadata"]["namespace"] = serde_json::json!(ns);
        let result = env.create_resource(&doc, &ns, dry_run).await;
        let accepted = e.crd_valid && e.webhook_valid;
        let problem = match (&result, accepted) {
            (Ok(()), true) => stored_problem(env, e, &ns, dry_run).await,
            (Err(error), false) if e.crd_valid => match &e.message {
                Some(m) if !error.contains(m.as_str()) => {
                    Some(format!("refused without needle's message {m:?}: {error}"))
                }
                _ if !error.contains("denied the request") => {
                    Some(format!("refused, but not by needle's webhook: {error}"))
                }
                _ => None,
            },
            (Err(_), false) => None, // the CRD schema refused it; needle is not asked
            (Ok(()), false) => Some("accepted, want refused".into()),
            (Err(error), true) => Some(format!("refused, want accepted: {error}")),
        };
        if let Some(p) = problem {
            problems.push(format!("{}: {p}", e.case));
        }
    }
    if problems.is_empty() {
        println!(
            "     {} dataset documents {} as Istio's webhook and CRDs answer",
            entries.len(),
            if dry_run { "dry-run" } else { "created" }
        );
        Ok(())
    } else {
        Err(problems.join("\n  "))
    }
}

/// After an accepted create: stored, unless it was a dry run.
async fn stored_problem(env: &Env, e: &Entry, ns: &str, dry_run: bool) -> Option<String> {
    let kind = e.doc["kind"].as_str().unwrap_or_default();
    let name = e.doc["metadata"]["name"].as_str().unwrap_or_default();
    let resource = env.kinds.get(kind)?;
    let api =
        kube::Api::<kube::api::DynamicObject>::namespaced_with(env.client.clone(), ns, resource);
    match (api.get_opt(name).await, dry_run) {
        (Ok(Some(_)), true) => Some("a dry run stored it".into()),
        (Ok(None), false) => Some("accepted but not stored".into()),
        (Err(e), _) => Some(format!("cannot read it back: {e}")),
        _ => None,
    }
}
