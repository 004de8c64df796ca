//! `needle tag`: revision tags as `istioctl tag` makes them (spec H). `generate` prints a
//! tag's MutatingWebhookConfiguration, the `default` tag's `istiod-default-validator` and the
//! tag's Service, from the revision's canonical configuration read from `--webhook-file`
//! (offline; `kubectl get mutatingwebhookconfigurations -o yaml` will do) or from the cluster;
//! `set` applies them, `list` shows the cluster's tags and `remove` deletes one, as
//! istioctl's do.

use crate::core::compat::selector::{Labels, string_map};
use crate::core::compat::yaml;
use crate::core::tag::{
    DEFAULT_VALIDATOR, TagError, TagSpec, canonical, check_new, check_not_a_revision,
    check_not_in_chart, confirmation, conflicts, created_message, deactivated, default_validator,
    describe_tags, generate, overlaps, removal_prompt, tag_service, tags_json, tags_table,
    tags_yaml,
};
use crate::kube::ClusterArgs;
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct TagArgs {
    #[command(subcommand)]
    pub command: TagCommand,
}

#[derive(Debug, Subcommand)]
pub enum TagCommand {
    /// Print the MutatingWebhookConfiguration of a revision tag.
    Generate(GenerateArgs),
    /// Create or move a revision tag in the cluster.
    Set(SetArgs),
    /// List the revision tags of the cluster and the namespaces that use them.
    #[command(visible_alias = "show")]
    List(ListArgs),
    /// Remove a revision tag: its webhook configurations and Services.
    #[command(visible_alias = "delete")]
    Remove(RemoveArgs),
}

#[derive(Debug, Args)]
pub struct SetArgs {
    #[command(flatten)]
    pub tag: GenerateArgs,
    /// Apply without asking when the tag would overlap other injection webhooks.
    #[arg(short = 'y', long = "skip-confirmation")]
    pub skip_confirmation: bool,
}

#[derive(Debug, Args)]
pub struct RemoveArgs {
    /// The tag's name.
    pub tag: String,
    /// Do not ask, even when namespaces still use the tag.
    #[arg(short = 'y', long = "skip-confirmation")]
    pub skip_confirmation: bool,
    /// The control plane's namespace (where tag Services are).
    #[arg(short = 'i', long = "istioNamespace", default_value = "istio-system")]
    pub istio_namespace: String,
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[arg(short = 'o', long = "output", value_enum, default_value = "table")]
    pub output: Output,
    /// The control plane's namespace (where tag Services are).
    #[arg(short = 'i', long = "istioNamespace", default_value = "istio-system")]
    pub istio_namespace: String,
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Output {
    Table,
    Json,
    Yaml,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The tag's name.
    pub tag: String,
    /// The control plane revision the tag points at.
    #[arg(short = 'r', long = "revision")]
    pub revision: String,
    /// The default tag also injects namespaces without injection labels.
    #[arg(long = "auto-inject-namespaces")]
    pub auto_inject_namespaces: bool,
    /// Generate the tag even if a configuration already carries it.
    #[arg(long = "overwrite")]
    pub overwrite: bool,
    /// The name of the generated configuration (default `istio-revision-tag-<tag>`).
    #[arg(long = "webhook-name")]
    pub webhook_name: Option<String>,
    /// The control plane's namespace.
    #[arg(short = 'i', long = "istioNamespace", default_value = "istio-system")]
    pub istio_namespace: String,
    /// Read the revision's webhook configuration from this YAML file (documents or a `List`)
    /// instead of the cluster; tag Services and an `istiod-default-validator` in it count as
    /// the cluster's would.
    #[arg(long = "webhook-file")]
    pub webhook_file: Option<PathBuf>,
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

pub fn run(args: &TagArgs) -> Result<()> {
    match &args.command {
        TagCommand::Generate(args) => {
            print!("{}", generate_yaml(args)?);
            Ok(())
        }
        TagCommand::List(args) => {
            print!("{}", list(args)?);
            Ok(())
        }
        TagCommand::Set(args) => set(&args.tag, args.skip_confirmation),
        TagCommand::Remove(args) => remove(args),
    }
}

/// istioctl's `tag set`: the tag generated from the cluster and applied; `default` also
/// deactivates the default revision's own configuration.
fn set(args: &GenerateArgs, skip_confirmation: bool) -> Result<()> {
    if args.webhook_file.is_some() {
        anyhow::bail!("--webhook-file is for `tag generate`; `tag set` reads the cluster");
    }
    let runtime = runtime()?;
    let client = runtime.block_on(args.cluster.client())?;
    let sources = runtime.block_on(cluster_sources(&client, args))?;
    check_not_in_chart(&sources.configs, &args.tag)?;
    if !args.overwrite {
        check_not_a_revision(&sources.configs, &sources.services, &args.tag)?;
    }
    let documents = generated(args, &sources)?;
    // What the analysis sees: the cluster after the default revision is deactivated.
    let mut live = sources.configs.clone();
    if args.tag == "default" {
        let default = canonical(&sources.configs, "default");
        match default {
            Ok(own) => {
                let off = deactivated(own);
                runtime
                    .block_on(crate::kube::tag::apply_mutating(&client, &off))
                    .context("failed deactivating existing default revision")?;
                live.retain(|c| c["metadata"]["name"] != off["metadata"]["name"]);
                live.push(off);
            }
            Err(TagError::NoCanonical(_)) => {}
            Err(_) => anyhow::bail!("expected a single webhook for default revision"),
        }
    }
    if !skip_confirmation {
        let mut services = runtime.block_on(crate::kube::tag::service_names(&client))?;
        let sources = Sources {
            configs: live,
            referable: std::mem::take(&mut services),
            ..sources
        };
        if let Some(found) = conflict_report(&sources, &documents, &args.revision) {
            eprint!("{found}");
            if !confirm("Apply anyways? [y/N]")? {
                return Ok(());
            }
        }
    }
    runtime
        .block_on(async {
            for document in &documents {
                match document["kind"].as_str() {
                    Some("MutatingWebhookConfiguration") => {
                        crate::kube::tag::apply_mutating(&client, document).await
                    }
                    Some("ValidatingWebhookConfiguration") => {
                        crate::kube::tag::apply_validating(&client, document).await
                    }
                    _ => crate::kube::tag::apply_service(&client, document).await,
                }?;
            }
            Ok::<_, kube::Error>(())
        })
        .context("failed to apply tag webhook MutatingWebhookConfiguration to cluster")?;
    print!("{}", created_message(&args.tag, &args.revision));
    Ok(())
}

/// What a tag is made from: the webhook configurations labelled `istio.io/rev`, the Services
/// so labelled in the control plane's namespace, and the live `istiod-default-validator`
/// (read for the `default` tag only).
struct Sources {
    configs: Vec<Value>,
    services: Vec<Value>,
    validator: Option<Value>,
    /// `namespace/name` of the Services webhooks may point at (for the conflict analysis;
    /// the cluster's are read by `set` only, when it will ask).
    referable: BTreeSet<String>,
}

/// istioctl's conflict analysis of the generated tag against these sources: the MWCs of
/// `sources` and the Services there plus the tag's own.
fn conflict_report(sources: &Sources, documents: &[Value], revision: &str) -> Option<String> {
    let mut services = sources.referable.clone();
    for doc in documents.iter().filter(|d| d["kind"] == "Service") {
        let m = &doc["metadata"];
        services.insert(format!(
            "{}/{}",
            m["namespace"].as_str().unwrap_or(""),
            m["name"].as_str().unwrap_or("")
        ));
    }
    conflicts(&sources.configs, &documents[0], revision, &services)
}

async fn cluster_sources(client: &kube::Client, args: &GenerateArgs) -> Result<Sources> {
    let objects = crate::kube::tag::tag_objects(client, &args.istio_namespace)
        .await
        .context("failed to retrieve revision tags")?;
    let validator = match args.tag.as_str() {
        "default" => crate::kube::tag::validating_webhook_configuration(client, DEFAULT_VALIDATOR)
            .await
            .context("failed to create validating webhook config")?,
        _ => None,
    };
    Ok(Sources {
        configs: objects.webhook_configs(),
        services: objects.services,
        validator,
        referable: BTreeSet::new(),
    })
}

/// istioctl's `tag remove`: refuse an unknown tag, ask when namespaces still use it.
fn remove(args: &RemoveArgs) -> Result<()> {
    let runtime = runtime()?;
    let client = runtime.block_on(args.cluster.client())?;
    let (tag, ns) = (&args.tag, &args.istio_namespace);
    let users = runtime.block_on(crate::kube::tag::tag_users(&client, ns, tag))?;
    check_not_in_chart(&users.webhook_configs, tag)?;
    if users.webhook_configs.is_empty() && users.services.is_empty() {
        anyhow::bail!(
            "cannot remove tag {tag:?}: cannot find MutatingWebhookConfiguration or Service for tag"
        );
    }
    if !users.namespaces.is_empty()
        && !args.skip_confirmation
        && !confirm(&removal_prompt(tag, &users.namespaces))?
    {
        println!("Aborting operation.");
        return Ok(());
    }
    runtime.block_on(crate::kube::tag::delete_tag(&client, ns, tag))?;
    println!("Revision tag {tag} removed");
    Ok(())
}

/// Ask on stdout, read the answer from stdin, ask again until it is yes or no; end of input
/// is no.
fn confirm(prompt: &str) -> Result<bool> {
    use std::io::Write;
    loop {
        print!("{prompt} ");
        std::io::stdout().flush()?;
        let mut line = String::new();
        if std::io::stdin().read_line(&mut line)? == 0 {
            return Ok(false);
        }
        if let Some(answer) = confirmation(&line) {
            return Ok(answer);
        }
    }
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?)
}

/// istioctl's `tag list` output.
fn list(args: &ListArgs) -> Result<String> {
    let objects = runtime()?.block_on(async {
        let client = args.cluster.client().await?;
        crate::kube::tag::tag_objects(&client, &args.istio_namespace)
            .await
            .context("failed to retrieve revision tags")
    })?;
    warn_of_overlaps(&objects);
    let tags = describe_tags(
        &objects.webhook_configs(),
        &objects.services,
        &objects.namespaces,
    );
    if tags.is_empty() {
        return Ok("No Istio revision tags found.\n".into());
    }
    // istioctl prints JSON and YAML with a newline after them.
    Ok(match args.output {
        Output::Table => tags_table(&tags),
        Output::Json => format!("{}\n", tags_json(&tags)),
        Output::Yaml => format!("{}\n", tags_yaml(&tags)),
    })
}

/// On stderr, beside istioctl's output: each namespace where two injection webhooks of the
/// cluster would both inject one pod (a tag and a revision, or two revisions, selecting it).
fn warn_of_overlaps(objects: &crate::kube::tag::TagObjects) {
    let namespaces: Vec<(String, Labels)> = objects
        .namespaces
        .iter()
        .map(|ns| {
            let name = ns["metadata"]["name"].as_str().unwrap_or_default();
            (name.to_string(), string_map(ns["metadata"].get("labels")))
        })
        .collect();
    for overlap in overlaps(&objects.all_webhook_configs, &namespaces) {
        eprintln!("warning: injected twice: {overlap}");
    }
}

fn generate_yaml(args: &GenerateArgs) -> Result<String> {
    let sources = match &args.webhook_file {
        Some(path) => file_sources(path, &args.istio_namespace)?,
        None => runtime()?.block_on(async {
            let client = args.cluster.client().await?;
            cluster_sources(&client, args).await
        })?,
    };
    let documents = generated(args, &sources)?;
    // As istioctl's generate: the conflicts on stderr, no question, the documents printed.
    if let Some(found) = conflict_report(&sources, &documents, &args.revision) {
        eprint!("{found}");
    }
    Ok(documents
        .iter()
        .map(yaml::to_yaml)
        .collect::<Vec<_>>()
        .join("---\n"))
}

/// The tag's documents, in istioctl's order: its MutatingWebhookConfiguration, for `default`
/// the `istiod-default-validator`, and its Service.
fn generated(args: &GenerateArgs, sources: &Sources) -> Result<Vec<Value>> {
    let spec = TagSpec {
        tag: &args.tag,
        revision: &args.revision,
        auto_inject_namespaces: args.auto_inject_namespaces,
        webhook_name: args.webhook_name.as_deref(),
        istio_namespace: &args.istio_namespace,
    };
    let canonical = canonical(&sources.configs, &args.revision)?;
    if !args.overwrite {
        check_new(&sources.configs, &sources.services, &args.tag)?;
    }
    let mut documents = vec![generate(canonical, &spec)?];
    if args.tag == "default" {
        documents.push(default_validator(
            canonical,
            &spec,
            sources.validator.as_ref(),
        )?);
    }
    documents.push(tag_service(&spec));
    Ok(documents)
}

/// The sources in a YAML file: its MutatingWebhookConfigurations, the Services of the control
/// plane's namespace labelled `istio.io/rev`, and an `istiod-default-validator`.
fn file_sources(path: &PathBuf, istio_namespace: &str) -> Result<Sources> {
    let objects = read_objects(path)?;
    let of_kind = |kind: &'static str| objects.iter().filter(move |o| o["kind"] == kind).cloned();
    Ok(Sources {
        configs: of_kind("MutatingWebhookConfiguration").collect(),
        services: of_kind("Service")
            .filter(|s| {
                s["metadata"]["namespace"] == istio_namespace
                    && s["metadata"]["labels"].get("istio.io/rev").is_some()
            })
            .collect(),
        validator: of_kind("ValidatingWebhookConfiguration")
            .find(|v| v["metadata"]["name"] == DEFAULT_VALIDATOR),
        referable: of_kind("Service")
            .map(|s| {
                let m = &s["metadata"];
                let ns = m["namespace"].as_str().unwrap_or(istio_namespace);
                format!("{ns}/{}", m["name"].as_str().unwrap_or(""))
            })
            .collect(),
    })
}

/// The objects of a YAML file; the items of a `List` count one by one.
fn read_objects(path: &PathBuf) -> Result<Vec<Value>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut objects = Vec::new();
    for (index, doc) in yaml::split_documents(&text).iter().enumerate() {
        let value = yaml::parse_one(doc.text)
            .with_context(|| format!("{} (document {index})", path.display()))?;
        match value["kind"].as_str() {
            Some("List") => objects.extend(value["items"].as_array().cloned().unwrap_or_default()),
            _ => objects.push(value),
        }
    }
    Ok(objects)
}
