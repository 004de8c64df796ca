//! Which functions a Go template calls: what `needle template check` reports, so a team sees
//! what its ConfigMap's templates rely on.

use super::TranslateError;
use super::parser::{self, Command, Expr, Node, Pipeline};
use std::collections::BTreeSet;

/// The names of the functions `text` calls, sorted; a template that does not parse is the
/// parser's error.
pub fn functions_used(text: &str) -> Result<BTreeSet<String>, TranslateError> {
    let mut names = BTreeSet::new();
    each_command(text, &mut |command| {
        for expr in command {
            if let Expr::Func(name) = expr {
                names.insert(name.clone());
            }
        }
    })?;
    Ok(names)
}

/// What a template can read of needle's environment, through Sprig's `env` and `expandenv`.
#[derive(Debug, PartialEq, Eq)]
pub enum EnvironmentRead {
    /// Only these variables, each named by a literal (`env "NAME"`).
    Names(BTreeSet<String>),
    /// Any variable: `expandenv`, or `env` of a name computed when rendering.
    Any,
}

/// The variables of the environment `text` reads; a template that does not parse is the
/// parser's error.
pub fn environment_read(text: &str) -> Result<EnvironmentRead, TranslateError> {
    let (mut names, mut any) = (BTreeSet::new(), false);
    each_command(text, &mut |command| match command.as_slice() {
        [Expr::Func(f), Expr::Str(name)] if f == "env" => {
            names.insert(name.clone());
        }
        _ => {
            let reads = |e: &Expr| matches!(e, Expr::Func(f) if f == "env" || f == "expandenv");
            any |= command.iter().any(reads);
        }
    })?;
    Ok(if any {
        EnvironmentRead::Any
    } else {
        EnvironmentRead::Names(names)
    })
}

/// Hand `visit` every command of `text`, in every construct and nested group.
fn each_command(text: &str, visit: &mut impl FnMut(&Command)) -> Result<(), TranslateError> {
    let parsed = parser::parse(text)?;
    nodes(&parsed.nodes, visit);
    for (_, body) in &parsed.defines {
        nodes(body, visit);
    }
    Ok(())
}

fn nodes(list: &[Node], visit: &mut impl FnMut(&Command)) {
    for node in list {
        match node {
            Node::Text(_) => {}
            Node::Action(p, _) => pipeline(p, visit),
            Node::Template(_, p, _) => p.iter().for_each(|p| pipeline(p, visit)),
            Node::If(branches, otherwise) => {
                for (p, body) in branches {
                    pipeline(p, visit);
                    nodes(body, visit);
                }
                nodes(otherwise, visit);
            }
            Node::Range(p, body, otherwise) | Node::With(p, body, otherwise) => {
                pipeline(p, visit);
                nodes(body, visit);
                nodes(otherwise, visit);
            }
        }
    }
}

fn pipeline(p: &Pipeline, visit: &mut impl FnMut(&Command)) {
    for command in &p.commands {
        visit(command);
        for expr in command {
            if let Expr::Group(inner, _) = expr {
                pipeline(inner, visit);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn calls_in_every_construct_are_found() {
        let text = r#"{{ define "x" }}{{ upper "a" }}{{ end }}{{ if eq .A "b" }}{{ range $i := (list 1 2) }}{{ $i | quote }}{{ end }}{{ end }}{{ with .B }}{{ template "x" (dict) }}{{ end }}"#;
        let used: Vec<String> = super::functions_used(text).unwrap().into_iter().collect();
        assert_eq!(used, ["dict", "eq", "list", "quote", "upper"]);
        assert!(super::functions_used("{{ if }}").is_err());
    }

    #[test]
    fn environment_read_by_literal_names_or_any() {
        use super::EnvironmentRead::{Any, Names};
        let read = |t| super::environment_read(t).unwrap();
        let names = |n: &[&str]| Names(n.iter().map(|s| s.to_string()).collect());
        assert_eq!(read("{{ .Values.env }} env: {{ 1 }}"), names(&[]));
        assert_eq!(
            read(r#"{{ if eq (env "A") "1" }}{{ env "B" | quote }}{{ end }}"#),
            names(&["A", "B"])
        );
        assert_eq!(read(r#"{{ env .Name }}"#), Any);
        assert_eq!(read(r#"{{ "A" | env }}"#), Any);
        assert_eq!(read(r#"{{ expandenv "$A" }}"#), Any);
    }
}
