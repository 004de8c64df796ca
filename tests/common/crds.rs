//! Istio's CRDs from the corpus (`istio-crds/crd-all.gen.yaml`), installed through the
//! apiserver by the cluster and node tests.
#![allow(dead_code)]

use super::golden_cases::corpus_dir;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{Api, DynamicObject, PostParams};
use kube::core::{ApiResource, GroupVersionKind};
use std::collections::BTreeMap;

/// Istio's CRDs (`istio-crds/crd-all.gen.yaml`), created and waited for until established;
/// the kinds they define.
pub async fn install_crds(client: &kube::Client) -> BTreeMap<String, ApiResource> {
    let path = corpus_dir().join("istio-crds/crd-all.gen.yaml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let api = Api::<CustomResourceDefinition>::all(client.clone());
    let mut kinds = BTreeMap::new();
    for doc in super::yaml_documents(&text) {
        let crd: CustomResourceDefinition = serde_json::from_value(doc.clone())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = crd.metadata.name.clone().unwrap();
        api.create(&PostParams::default(), &crd).await.unwrap();
        let spec = &doc["spec"];
        let storage = spec["versions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["storage"] == true)
            .unwrap()["name"]
            .as_str()
            .unwrap();
        let gvk = GroupVersionKind::gvk(
            spec["group"].as_str().unwrap(),
            storage,
            spec["names"]["kind"].as_str().unwrap(),
        );
        kinds.insert(
            gvk.kind.clone(),
            ApiResource::from_gvk_with_plural(&gvk, spec["names"]["plural"].as_str().unwrap()),
        );
        wait_established(&api, &name).await;
    }
    kinds
}

pub async fn wait_established(api: &Api<CustomResourceDefinition>, name: &str) {
    for _ in 0..100 {
        let crd = api.get(name).await.unwrap();
        let established = crd
            .status
            .and_then(|s| s.conditions)
            .unwrap_or_default()
            .iter()
            .any(|c| c.type_ == "Established" && c.status == "True");
        if established {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("CRD {name} not established in 10 s");
}

/// Create (or, with `dry_run`, try) an Istio resource (`doc`, its `apiVersion` naming the
/// version to post to) of one of `kinds` in `ns`.
pub async fn create_resource(
    client: &kube::Client,
    kinds: &BTreeMap<String, ApiResource>,
    doc: &serde_json::Value,
    ns: &str,
    dry_run: bool,
) -> Result<(), String> {
    let kind = doc["kind"].as_str().unwrap_or_default();
    let resource = kinds
        .get(kind)
        .ok_or_else(|| format!("no CRD for kind {kind}"))?;
    let mut resource = resource.clone();
    // Every version a CRD serves is served at its own path.
    if let Some((_, version)) = doc["apiVersion"].as_str().and_then(|v| v.split_once('/')) {
        resource.version = version.to_string();
        resource.api_version = format!("{}/{version}", resource.group);
    }
    let object: DynamicObject = serde_json::from_value(doc.clone()).map_err(|e| e.to_string())?;
    let params = PostParams {
        dry_run,
        ..Default::default()
    };
    Api::<DynamicObject>::namespaced_with(client.clone(), ns, &resource)
        .create(&params, &object)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}
