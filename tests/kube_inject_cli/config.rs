//! The injector's configuration: the mesh and values files, the config's templates, ProxyConfig files, the proxy image, the environment and the clock.

use super::*;

#[test]
fn native_sidecars_follow_the_environment() {
    let out = needle(
        &["kube-inject", "-f", "testdata/hello-deployment.yaml"],
        &[("ENABLE_NATIVE_SIDECARS", "true")],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let docs = yaml_documents(&stdout(&out));
    let spec = &docs[0]["spec"]["template"]["spec"];
    assert_eq!(names(&spec["containers"]), ["hello"]);
    assert_eq!(
        names(&spec["initContainers"]),
        ["istio-init", "istio-proxy"]
    );
    assert_eq!(spec["initContainers"][1]["restartPolicy"], "Always");
}

#[test]
fn mesh_and_values_files_change_the_output() {
    let (_dir, mesh) = scratch_file(
        "mesh",
        "mesh.yaml",
        "trustDomain: example.org\ndefaultConfig:\n  holdApplicationUntilProxyStarts: true\n",
    );
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "testdata/hello-deployment.yaml",
            "--meshConfigFile",
            mesh.to_str().unwrap(),
        ],
        &[],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let docs = yaml_documents(&stdout(&out));
    let containers = &docs[0]["spec"]["template"]["spec"]["containers"];
    assert_eq!(
        names(containers),
        ["istio-proxy", "hello"],
        "hold moves the proxy first"
    );
    assert_eq!(
        containers[0]["lifecycle"]["postStart"]["exec"]["command"],
        serde_json::json!(["pilot-agent", "wait"])
    );
    let env = containers[0]["env"].as_array().unwrap();
    assert!(
        env.iter()
            .any(|e| e["name"] == "TRUST_DOMAIN" && e["value"] == "example.org")
    );
    assert!(env.iter().any(|e| e["name"] == "PROXY_CONFIG"
        && e["value"] == "{\"holdApplicationUntilProxyStarts\":true}\n"));
}

#[test]
fn templates_config_uses_the_configs_own_sidecar_template() {
    // A ConfigMap whose `sidecar` template was changed: its proxy image and an extra env var.
    let (_dir, config) = scratch_file(
        "templates",
        "config.yaml",
        "policy: enabled\ndefaultTemplates: [sidecar]\ntemplates:\n  sidecar: |\n    spec:\n      containers:\n      - name: istio-proxy\n        image: example.com/custom-proxy:{{ .Values.global.tag }}\n        env:\n        - name: TEAM\n          value: {{ .DeploymentMeta.Name | quote }}\n",
    );
    let run = |templates: &str| {
        let out = needle(
            &[
                "kube-inject",
                "-f",
                "testdata/hello-deployment.yaml",
                "--injectConfigFile",
                config.to_str().unwrap(),
                "--templates",
                templates,
            ],
            &[],
            None,
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let docs = yaml_documents(&stdout(&out));
        docs[0]["spec"]["template"]["spec"]["containers"].clone()
    };
    let config_version = run("config");
    let proxy = named(&config_version, "istio-proxy");
    assert!(
        proxy["image"]
            .as_str()
            .unwrap()
            .starts_with("example.com/custom-proxy:"),
        "{proxy}"
    );
    // The template's env var, then what injection adds after rendering (the app's probes).
    assert_eq!(
        proxy["env"][0],
        serde_json::json!({"name": "TEAM", "value": "hello"})
    );
    let needle_version = run("needle");
    let proxy = named(&needle_version, "istio-proxy");
    assert!(
        proxy["image"].as_str().unwrap().contains("/proxyv2:"),
        "needle's own sidecar template: {proxy}"
    );
    let bad = needle(
        &[
            "kube-inject",
            "-f",
            "testdata/hello-deployment.yaml",
            "--templates",
            "go",
        ],
        &[],
        None,
    );
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("--templates"), "{}", stderr(&bad));
}

#[test]
fn a_key_the_config_template_writes_twice_takes_its_last_value_as_in_istio() {
    // The same shape as Istio's template, in a config of our own: `name` twice per mount.
    let (_dir, config) = scratch_file(
        "duplicate-keys",
        "config.yaml",
        "policy: enabled\ndefaultTemplates: [sidecar]\ntemplates:\n  sidecar: |\n    spec:\n      containers:\n      - name: istio-proxy\n        image: proxy\n        volumeMounts:\n        {{- range $index, $value := fromJSON (index .ObjectMeta.Annotations `sidecar.istio.io/userVolumeMount`) }}\n        - name: \"{{ $index }}\"\n          {{ toYaml $value | indent 6 }}\n        {{- end }}\n",
    );
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "-",
            "--templates",
            "config",
            "--injectConfigFile",
            config.to_str().unwrap(),
        ],
        &[],
        Some(USER_VOLUME_LIST_POD),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let spec = &yaml_documents(&stdout(&out))[0]["spec"];
    assert_eq!(
        named(&spec["containers"], "istio-proxy")["volumeMounts"],
        serde_json::json!([{"name": "istio-certs", "mountPath": "/etc/istio-certs", "readOnly": true}])
    );

    // Istio's own rendered injector config (the corpus: without it this fails, naming where
    // it looked): the mount and the volume are named after the user's item, and
    // `--templates config` agrees with needle's own templates.
    let settings = crate::common::golden_cases::corpus_dir().join("istio-inject/rendered/default");
    let run = |templates: &str| {
        let file = |name: &str| settings.join(name).to_str().unwrap().to_string();
        let (config, values, mesh) = (file("config.yaml"), file("values.json"), file("mesh.yaml"));
        let args = [
            "kube-inject",
            "-f",
            "-",
            "--templates",
            templates,
            "--injectConfigFile",
            &config,
            "--valuesFile",
            &values,
            "--meshConfigFile",
            &mesh,
        ];
        let out = needle(&args, &[], Some(USER_VOLUME_LIST_POD));
        assert!(
            out.status.success(),
            "--templates {templates}: {}",
            stderr(&out)
        );
        yaml_documents(&stdout(&out)).remove(0)
    };
    let pod = run("config");
    let spec = &pod["spec"];
    assert_eq!(
        named(
            &named(&spec["containers"], "istio-proxy")["volumeMounts"],
            "istio-certs"
        ),
        &serde_json::json!({"name": "istio-certs", "mountPath": "/etc/istio-certs", "readOnly": true})
    );
    assert_eq!(
        named(&spec["volumes"], "istio-certs"),
        &serde_json::json!({"name": "istio-certs", "emptyDir": {"medium": "Memory"}})
    );
    assert_eq!(pod, run("needle"));
}

#[test]
fn spire_template_is_built_in_and_offered_when_the_config_defines_it() {
    let pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations:\n    inject.istio.io/templates: sidecar,spire\nspec:\n  containers:\n  - name: app\n    image: app\n";
    // Istio's default profile has no `spire` template, so on the embedded defaults the pod
    // is refused as Istio refuses it.
    let out = needle(&["kube-inject", "-f", "-"], &[], Some(pod));
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains(
            r#"requested template "spire" not found; have gateway, grpc-agent, grpc-simple, sidecar"#
        ),
        "{}",
        stderr(&out)
    );
    // A SPIRE install adds a `spire` template to the injector config; with `--templates
    // needle` needle then uses its own version of it (as for `sidecar`), whatever the Go text
    // says (`auto` would render these texts, which are no Istio stock ones).
    let config = "defaultTemplates: [sidecar]\ntemplates:\n  sidecar: '{{ .Values }}'\n  spire: '{{ .Values }}'\n";
    let (_dir, file) = scratch_file("spire", "config.yaml", config);
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "-",
            "--templates",
            "needle",
            "--injectConfigFile",
            file.to_str().unwrap(),
        ],
        &[],
        Some(pod),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let docs = yaml_documents(&stdout(&out));
    let spec = &docs[0]["spec"];
    let socket = named(&spec["volumes"], "workload-socket");
    assert_eq!(
        socket["csi"],
        serde_json::json!({"driver": "csi.spiffe.io", "readOnly": true})
    );
    let proxy = named(&spec["containers"], "istio-proxy");
    let mount = named(&proxy["volumeMounts"], "workload-socket");
    assert_eq!(mount["readOnly"], true);
}

#[test]
fn proxy_config_files_apply_istiods_precedence() {
    let (dir, root) = scratch_file("pc-levels", "root.yaml", ROOT_PROXY_CONFIG);
    let matching = dir.join("matching.yaml");
    std::fs::write(&matching, namespace_proxy_configs("{app: hello}")).unwrap();
    let other = dir.join("other.yaml");
    std::fs::write(&other, namespace_proxy_configs("{app: other}")).unwrap();

    let proxy = inject_with_proxy_configs(&[&root]);
    let config: Value = serde_json::from_str(env_of(&proxy, "PROXY_CONFIG").unwrap()).unwrap();
    assert_eq!(config["concurrency"], 1);
    assert_eq!(
        config["proxyMetadata"],
        serde_json::json!({"LEVEL": "root", "ROOT_ONLY": "rt"})
    );
    assert_eq!(env_of(&proxy, "LEVEL"), Some("root"));

    // The namespace's resource wins over the root's; their environments merge.
    let proxy = inject_with_proxy_configs(&[&root, &other]);
    let config: Value = serde_json::from_str(env_of(&proxy, "PROXY_CONFIG").unwrap()).unwrap();
    assert_eq!(config["concurrency"], 2);
    assert_eq!(config["image"]["imageType"], "debug");
    assert_eq!(
        config["proxyMetadata"],
        serde_json::json!({"LEVEL": "namespace", "NS_ONLY": "ns", "ROOT_ONLY": "rt"})
    );
    let image = proxy["image"].as_str().unwrap();
    assert!(image.ends_with("-debug"), "{image}");

    // A resource selecting the pod's labels wins over both.
    let proxy = inject_with_proxy_configs(&[&root, &matching]);
    assert_eq!(env_of(&proxy, "LEVEL"), Some("workload"));
    assert_eq!(env_of(&proxy, "NS_ONLY"), Some("ns"));
}

#[test]
fn without_proxy_config_files_a_pod_gets_istioctls_proxy_config() {
    let proxy = inject_with_proxy_configs(&[]);
    assert_eq!(env_of(&proxy, "PROXY_CONFIG"), Some("{}\n"));
}

#[test]
fn a_bad_proxy_config_file_names_file_document_and_field() {
    let text = format!(
        "{ROOT_PROXY_CONFIG}---\n{}",
        namespace_proxy_configs("[app]")
    );
    let (_dir, file) = scratch_file("pc-bad", "bad.yaml", &text);
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "testdata/hello-deployment.yaml",
            "--proxyConfigFile",
            file.to_str().unwrap(),
        ],
        &[],
        None,
    );
    assert!(!out.status.success());
    assert_eq!(stdout(&out), "", "nothing is written on error");
    let err = stderr(&out);
    let want = format!(
        "{}: document 1 (starting at line 8): items[1]: ProxyConfig demo/hello-only: spec: ",
        file.display()
    );
    assert!(err.contains(&want), "{err}");
    assert!(err.contains("selector.matchLabels"), "{err}");
}

#[test]
fn the_proxy_image_is_a_pinned_release_unless_flags_or_values_say_otherwise() {
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut all = vec!["kube-inject", "-f", "testdata/hello-deployment.yaml"];
        all.extend_from_slice(args);
        images(&needle(&all, env, None))
    };
    let pinned = "docker.io/istio/proxyv2:1.30.3";
    assert_eq!(run(&[], &[]), [pinned, pinned]);
    let flagged = "registry.example/istio/proxyv2:1.30.3-distroless";
    assert_eq!(
        run(
            &[
                "--hub",
                "registry.example/istio",
                "--tag",
                "1.30.3-distroless"
            ],
            &[]
        ),
        [flagged, flagged]
    );
    assert_eq!(
        run(&["--tag", "1.30.2"], &[("NEEDLE_HUB", "mirror.example")]),
        [
            "mirror.example/proxyv2:1.30.2",
            "mirror.example/proxyv2:1.30.2"
        ]
    );
    // A values file keeps its own hub and tag over the embedded ones; a flag wins over both.
    let embedded = std::fs::read_to_string("defaults/values.json").unwrap();
    let theirs = embedded
        .replace("\"docker.io/istio\"", "\"gcr.io/istio-release\"")
        .replace("\"1.30.3\"", "\"1.28.10\"");
    let (_dir, values) = scratch_file("image-values", "values.json", &theirs);
    let file = values.to_str().unwrap();
    let from_file = "gcr.io/istio-release/proxyv2:1.28.10";
    assert_eq!(run(&["--valuesFile", file], &[]), [from_file, from_file]);
    assert_eq!(
        run(&["--valuesFile", file, "--tag", "1.30.3"], &[]),
        [
            "gcr.io/istio-release/proxyv2:1.30.3",
            "gcr.io/istio-release/proxyv2:1.30.3"
        ]
    );
}

/// Sprig's `now` reads the clock the command gives the core: the system's.
#[test]
fn templates_read_the_time_the_command_gives() {
    let (_dir, config) = scratch_file(
        "clock",
        "config.yaml",
        "policy: enabled\ndefaultTemplates: [sidecar]\ntemplates:\n  sidecar: |\n    metadata:\n      annotations:\n        rendered-in: \"{{ now | date `2006` }}\"\n",
    );
    let out = needle(
        &[
            "kube-inject",
            "-f",
            "testdata/hello-deployment.yaml",
            "--injectConfigFile",
            config.to_str().unwrap(),
        ],
        &[],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let doc = &yaml_documents(&stdout(&out))[0];
    let year: i32 = doc["spec"]["template"]["metadata"]["annotations"]["rendered-in"]
        .as_str()
        .and_then(|y| y.parse().ok())
        .unwrap_or_default();
    assert!(year >= 2026, "{doc}");
}
