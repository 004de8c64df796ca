//! `needle tag`: revision tags as `istioctl tag` makes them (spec H). `generate` prints a
//! tag's MutatingWebhookConfiguration, from the revision's canonical configuration read from
//! `--webhook-file` (offline; `kubectl get mutatingwebhookconfigurations -o yaml` will do) or
//! from the cluster; `set` applies it, `list` shows the cluster's tags and `remove` deletes
//! one, as istioctl's do.

use crate::core::compat::yaml;
use crate::core::tag::{
    TagError, TagSpec, canonical, check_new, check_not_a_revision, confirmation, created_message,
    deactivated, describe_tags, generate, removal_prompt, tags_json, tags_table, tags_yaml,
};
use crate::kube::ClusterArgs;
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use serde_json::Value;
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
    /// Accepted for istioctl's command lines; needle has no conflict analysis to confirm.
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
    /// instead of the cluster.
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
        TagCommand::Set(args) => set(&args.tag),
        TagCommand::Remove(args) => remove(args),
    }
}

/// istioctl's `tag set`: the tag generated from the cluster and applied; `default` also
/// deactivates the default revision's own configuration.
fn set(args: &GenerateArgs) -> Result<()> {
    if args.webhook_file.is_some() {
        anyhow::bail!("--webhook-file is for `tag generate`; `tag set` reads the cluster");
    }
    let runtime = runtime()?;
    let client = runtime.block_on(args.cluster.client())?;
    let objects = runtime
        .block_on(crate::kube::tag::tag_objects(
            &client,
            &args.istio_namespace,
        ))
        .context("failed to retrieve revision tags")?;
    if !args.overwrite {
        check_not_a_revision(&objects.webhook_configs, &objects.services, &args.tag)?;
    }
    let config = generated(args, &objects.webhook_configs)?;
    if args.tag == "default" {
        let default = canonical(&objects.webhook_configs, "default");
        match default {
            Ok(own) => runtime
                .block_on(crate::kube::tag::apply_mutating(&client, &deactivated(own)))
                .context("failed deactivating existing default revision")?,
            Err(TagError::NoCanonical(_)) => {}
            Err(_) => anyhow::bail!("expected a single webhook for default revision"),
        }
    }
    runtime
        .block_on(crate::kube::tag::apply_mutating(&client, &config))
        .context("failed to apply tag webhook MutatingWebhookConfiguration to cluster")?;
    print!("{}", created_message(&args.tag, &args.revision));
    Ok(())
}

/// istioctl's `tag remove`: refuse an unknown tag, ask when namespaces still use it.
fn remove(args: &RemoveArgs) -> Result<()> {
    let runtime = runtime()?;
    let client = runtime.block_on(args.cluster.client())?;
    let (tag, ns) = (&args.tag, &args.istio_namespace);
    let users = runtime.block_on(crate::kube::tag::tag_users(&client, ns, tag))?;
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
    let tags = describe_tags(
        &objects.webhook_configs,
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

fn generate_yaml(args: &GenerateArgs) -> Result<String> {
    let configs = match &args.webhook_file {
        Some(path) => read_configs(path)?,
        None => runtime()?.block_on(async {
            let client = args.cluster.client().await?;
            crate::kube::tag::mutating_webhook_configurations(&client)
                .await
                .context("cannot list MutatingWebhookConfigurations")
        })?,
    };
    Ok(yaml::to_yaml(&generated(args, &configs)?))
}

/// The tag's configuration from the revision's canonical one among `configs`.
fn generated(args: &GenerateArgs, configs: &[Value]) -> Result<Value> {
    let spec = TagSpec {
        tag: &args.tag,
        revision: &args.revision,
        auto_inject_namespaces: args.auto_inject_namespaces,
        webhook_name: args.webhook_name.as_deref(),
        istio_namespace: &args.istio_namespace,
    };
    let canonical = canonical(configs, &args.revision)?;
    if !args.overwrite {
        check_new(configs, &args.tag)?;
    }
    Ok(generate(canonical, &spec)?)
}

/// The MutatingWebhookConfigurations of a YAML file; the items of a `List` count one by one.
fn read_configs(path: &PathBuf) -> Result<Vec<Value>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut configs = Vec::new();
    for (index, doc) in yaml::split_documents(&text).iter().enumerate() {
        let value = yaml::parse_one(doc.text)
            .with_context(|| format!("{} (document {index})", path.display()))?;
        let items = match value["kind"].as_str() {
            Some("List") => value["items"].as_array().cloned().unwrap_or_default(),
            _ => vec![value],
        };
        configs.extend(
            items
                .into_iter()
                .filter(|v| v["kind"] == "MutatingWebhookConfiguration"),
        );
    }
    Ok(configs)
}
