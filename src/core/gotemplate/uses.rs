//! Which functions a Go template calls: what `needle template check` reports, so a team sees
//! what its ConfigMap's templates rely on.

use super::TranslateError;
use super::parser::{self, Expr, Node, Pipeline};
use std::collections::BTreeSet;

/// The names of the functions `text` calls, sorted; a template that does not parse is the
/// parser's error.
pub fn functions_used(text: &str) -> Result<BTreeSet<String>, TranslateError> {
    let parsed = parser::parse(text)?;
    let mut names = BTreeSet::new();
    nodes(&parsed.nodes, &mut names);
    for (_, body) in &parsed.defines {
        nodes(body, &mut names);
    }
    Ok(names)
}

fn nodes(list: &[Node], names: &mut BTreeSet<String>) {
    for node in list {
        match node {
            Node::Text(_) => {}
            Node::Action(p, _) => pipeline(p, names),
            Node::Template(_, p, _) => p.iter().for_each(|p| pipeline(p, names)),
            Node::If(branches, otherwise) => {
                for (p, body) in branches {
                    pipeline(p, names);
                    nodes(body, names);
                }
                nodes(otherwise, names);
            }
            Node::Range(p, body, otherwise) | Node::With(p, body, otherwise) => {
                pipeline(p, names);
                nodes(body, names);
                nodes(otherwise, names);
            }
        }
    }
}

fn pipeline(p: &Pipeline, names: &mut BTreeSet<String>) {
    for expr in p.commands.iter().flatten() {
        match expr {
            Expr::Func(name) => {
                names.insert(name.clone());
            }
            Expr::Group(inner, _) => pipeline(inner, names),
            _ => {}
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
}
