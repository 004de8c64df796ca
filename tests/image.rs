//! The two ways to build needle's image agree: the image `scripts/image.sh` writes (its
//! `config` mode prints it without building; after building, the script checks the archive
//! against that) has the Dockerfile's runtime layout, and the chart's Deployment runs what both
//! promise (user, ports, the default image name).

use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each instruction of the Dockerfile's last stage with its arguments, in order.
fn runtime_stage() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(repo().join("Dockerfile")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let from = lines.iter().rposition(|l| l.starts_with("FROM ")).unwrap();
    lines[from..]
        .iter()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (op, args) = l.split_once(' ').unwrap();
            (op.to_string(), args.trim().to_string())
        })
        .collect()
}

fn instruction(stage: &[(String, String)], op: &str) -> String {
    let found: Vec<&String> = stage
        .iter()
        .filter(|(o, _)| o == op)
        .map(|(_, a)| a)
        .collect();
    assert_eq!(found.len(), 1, "one {op} in the runtime stage: {found:?}");
    found[0].clone()
}

fn script_images(which: &str) -> Value {
    let out = Command::new(repo().join("scripts/image.sh"))
        .args(["config", which])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn chart_file(path: &str) -> String {
    std::fs::read_to_string(repo().join("charts/needle").join(path)).unwrap()
}

fn app_version() -> String {
    let chart = chart_file("Chart.yaml");
    let line = chart
        .lines()
        .find(|l| l.starts_with("appVersion:"))
        .unwrap();
    line["appVersion:".len()..]
        .trim()
        .trim_matches('"')
        .to_string()
}

#[test]
fn image_script_writes_the_dockerfiles_runtime_layout() {
    let stage = runtime_stage();
    let copy = instruction(&stage, "COPY");
    let ports: serde_json::Map<String, Value> = instruction(&stage, "EXPOSE")
        .split_whitespace()
        .map(|p| (p.to_string(), json!({})))
        .collect();
    let entrypoint: Value = serde_json::from_str(&instruction(&stage, "ENTRYPOINT")).unwrap();
    let cmd: Value = serde_json::from_str(&instruction(&stage, "CMD")).unwrap();
    let images = script_images("needle");
    assert_eq!(images.as_array().unwrap().len(), 1);
    let image = &images[0];
    assert_eq!(
        image["ref"],
        format!("docker.io/library/needle:{}", app_version())
    );
    assert_eq!(image["binary"], copy.split_whitespace().last().unwrap());
    assert_eq!(image["config"]["User"], instruction(&stage, "USER"));
    assert_eq!(image["config"]["ExposedPorts"], Value::Object(ports));
    assert_eq!(image["config"]["Entrypoint"], entrypoint);
    assert_eq!(image["config"]["Cmd"], cmd);
    assert_eq!(image["config"]["Entrypoint"][0], image["binary"]);
}

#[test]
fn chart_runs_the_image_as_built() {
    let image = &script_images("needle")[0];
    let deployment = chart_file("templates/deployment.yaml");
    let values = chart_file("values.yaml");
    let (uid, gid) = image["config"]["User"]
        .as_str()
        .unwrap()
        .split_once(':')
        .unwrap();
    assert!(deployment.contains(&format!("runAsUser: {uid}\n")));
    assert!(deployment.contains(&format!("runAsGroup: {gid}\n")));
    let mut chart_ports: Vec<&str> = deployment
        .lines()
        .filter_map(|l| l.trim().strip_prefix("containerPort: "))
        .collect();
    let mut image_ports: Vec<&str> = image["config"]["ExposedPorts"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    chart_ports.sort();
    image_ports.sort();
    assert_eq!(chart_ports, image_ports);
    // The chart's default image, `needle:<appVersion>`, is the name containerd gives the archive.
    assert!(values.contains("  repository: needle\n"));
    assert_eq!(
        image["ref"],
        format!("docker.io/library/needle:{}", app_version())
    );
}

#[test]
fn stand_ins_are_the_names_injected_pods_use() {
    let images = script_images("stand-in");
    let refs: Vec<&str> = images
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["ref"].as_str().unwrap())
        .collect();
    // `<global.hub>/proxyv2:<global.tag>` with hub localhost/needle-test and tag stand-in (or
    // the release the canary upgrade's revisions name).
    assert_eq!(
        refs,
        [
            "localhost/needle-test/proxyv2:stand-in",
            "localhost/needle-test/pause:stand-in",
            "localhost/needle-test/app:stand-in",
            "localhost/needle-test/proxyv2:1.30.3",
            "localhost/needle-test/proxyv2:1.31"
        ]
    );
    for image in images.as_array().unwrap() {
        assert_eq!(image["config"]["Entrypoint"][0], image["binary"]);
    }
}
