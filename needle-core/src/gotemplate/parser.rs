//! Parsing the pieces of a Go template into a tree.

use super::TranslateError;
use super::lexer::{self, Piece, Pos, Tok};

/// An operand of a command.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// Fields of the dot (`.` itself when empty).
    Dot(Vec<String>),
    /// A variable (`$` is "") and fields on it.
    Var(String, Vec<String>),
    /// A function name.
    Func(String),
    Str(String),
    Num(String),
    Bool(bool),
    Nil,
    /// A parenthesised pipeline and fields on its value.
    Group(Box<Pipeline>, Vec<String>),
}

/// A command: a function with arguments, or a single operand.
pub type Command = Vec<Expr>;

/// A pipeline, possibly declaring (`:=`) or assigning (`=`) variables.
#[derive(Debug, Clone, PartialEq)]
pub struct Pipeline {
    pub vars: Vec<String>,
    pub declare: bool,
    pub commands: Vec<Command>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Text(String),
    /// An action printing (or, with variables, only setting) a pipeline.
    Action(Pipeline, Pos),
    /// `if`/`else if` branches and the final `else`.
    If(Vec<(Pipeline, Vec<Node>)>, Vec<Node>),
    Range(Pipeline, Vec<Node>, Vec<Node>),
    With(Pipeline, Vec<Node>, Vec<Node>),
    Template(String, Option<Pipeline>, Pos),
}

/// A parsed template: its nodes and the `define`d templates.
#[derive(Debug, Default)]
pub struct Parsed {
    pub nodes: Vec<Node>,
    pub defines: Vec<(String, Vec<Node>)>,
}

/// How a list of nodes ended.
enum Stop {
    Eof,
    End,
    Else(Option<(String, Pipeline)>),
}

struct Parser {
    pieces: Vec<Piece>,
    at: usize,
    defines: Vec<(String, Vec<Node>)>,
    last_pos: Pos,
}

pub fn parse(text: &str) -> Result<Parsed, TranslateError> {
    let mut p = Parser {
        pieces: lexer::split(text)?,
        at: 0,
        defines: Vec::new(),
        last_pos: Pos { line: 1, col: 1 },
    };
    let (nodes, end) = p.list(0)?;
    match end {
        Stop::Eof => Ok(Parsed {
            nodes,
            defines: p.defines,
        }),
        Stop::End => Err(TranslateError::new(p.last_pos, "unexpected {{end}}")),
        Stop::Else(_) => Err(TranslateError::new(p.last_pos, "unexpected {{else}}")),
    }
}

impl Parser {
    fn list(&mut self, depth: usize) -> Result<(Vec<Node>, Stop), TranslateError> {
        let mut nodes = Vec::new();
        while self.at < self.pieces.len() {
            let piece = self.pieces[self.at].clone();
            self.at += 1;
            let (body, pos) = match piece {
                Piece::Text(t) => {
                    nodes.push(Node::Text(t));
                    continue;
                }
                Piece::Action { body, pos } => (body, pos),
            };
            self.last_pos = pos;
            let toks = lexer::tokens(&body, pos)?;
            let err = |m: &str| TranslateError::new(pos, m.to_string());
            let keyword = match toks.first() {
                Some(Tok::Ident(k)) => k.as_str(),
                None => return Err(err("empty action")),
                _ => "",
            };
            let rest = &toks[toks.len().min(1)..];
            match keyword {
                "end" => return Ok((nodes, Stop::End)),
                "else" => {
                    let chained = match rest.first() {
                        Some(Tok::Ident(k)) if k == "if" || k == "with" => {
                            Some((k.clone(), pipeline(&rest[1..], pos, true)?))
                        }
                        None => None,
                        _ => return Err(err("unexpected tokens after else")),
                    };
                    return Ok((nodes, Stop::Else(chained)));
                }
                "if" => {
                    let mut branches = vec![];
                    let mut cond = pipeline(rest, pos, true)?;
                    let otherwise = loop {
                        let (body, end) = self.block(depth, pos)?;
                        branches.push((cond, body));
                        match end {
                            Stop::Else(Some((k, p))) if k == "if" => cond = p,
                            Stop::Else(Some(_)) => {
                                return Err(err("else with inside if is not supported"));
                            }
                            Stop::Else(None) => break self.block_end(depth, pos)?,
                            _ => break vec![],
                        }
                    };
                    nodes.push(Node::If(branches, otherwise));
                }
                "range" | "with" => {
                    let p = pipeline(rest, pos, true)?;
                    let (body, end) = self.block(depth, pos)?;
                    let otherwise = match end {
                        Stop::Else(None) => self.block_end(depth, pos)?,
                        Stop::Else(Some(_)) => {
                            return Err(err(
                                "else if/else with inside range or with is not supported",
                            ));
                        }
                        _ => vec![],
                    };
                    nodes.push(if keyword == "range" {
                        Node::Range(p, body, otherwise)
                    } else {
                        Node::With(p, body, otherwise)
                    });
                }
                "define" | "block" => {
                    let Some(Tok::Str(name)) = rest.first() else {
                        return Err(err("define needs a quoted template name"));
                    };
                    if depth > 0 && keyword == "define" {
                        return Err(err("define must be at the top level"));
                    }
                    let arg = if keyword == "block" {
                        Some(pipeline(&rest[1..], pos, false)?)
                    } else {
                        None
                    };
                    let (body, end) = self.block(depth, pos)?;
                    if !matches!(end, Stop::End) {
                        return Err(err("else inside define"));
                    }
                    self.defines.push((name.clone(), body));
                    if keyword == "block" {
                        nodes.push(Node::Template(name.clone(), arg, pos));
                    }
                }
                "template" => {
                    let Some(Tok::Str(name)) = rest.first() else {
                        return Err(err("template needs a quoted template name"));
                    };
                    let arg = if rest.len() > 1 {
                        Some(pipeline(&rest[1..], pos, false)?)
                    } else {
                        None
                    };
                    nodes.push(Node::Template(name.clone(), arg, pos));
                }
                "break" | "continue" => {
                    return Err(err(&format!("{{{{{keyword}}}}} is not supported")));
                }
                _ => nodes.push(Node::Action(pipeline(&toks, pos, true)?, pos)),
            }
        }
        Ok((nodes, Stop::Eof))
    }

    fn block(&mut self, depth: usize, pos: Pos) -> Result<(Vec<Node>, Stop), TranslateError> {
        let (nodes, end) = self.list(depth + 1)?;
        if matches!(end, Stop::Eof) {
            return Err(TranslateError::new(
                pos,
                "block is never closed with {{end}}",
            ));
        }
        Ok((nodes, end))
    }

    fn block_end(&mut self, depth: usize, pos: Pos) -> Result<Vec<Node>, TranslateError> {
        match self.block(depth, pos)? {
            (nodes, Stop::End) => Ok(nodes),
            _ => Err(TranslateError::new(self.last_pos, "unexpected {{else}}")),
        }
    }
}

/// Parse a pipeline from tokens; `allow_vars` permits a leading `$x :=`.
fn pipeline(toks: &[Tok], pos: Pos, allow_vars: bool) -> Result<Pipeline, TranslateError> {
    let err = |m: &str| TranslateError::new(pos, m.to_string());
    let mut vars = Vec::new();
    let mut declare = false;
    let mut start = 0;
    // `$x :=`, `$x =`, `$i, $v :=`
    let mut j = 0;
    let mut names = Vec::new();
    while let Some(Tok::Var(name, fields)) = toks.get(j) {
        if !fields.is_empty() {
            break;
        }
        names.push(name.clone());
        match toks.get(j + 1) {
            Some(Tok::Comma) => j += 2,
            Some(Tok::Declare) | Some(Tok::Assign) => {
                declare = toks[j + 1] == Tok::Declare;
                vars = names.clone();
                start = j + 2;
                break;
            }
            _ => break,
        }
    }
    if !vars.is_empty() && !allow_vars {
        return Err(err("variables cannot be declared here"));
    }
    if vars.len() > 2 {
        return Err(err("too many variables declared"));
    }
    let (p, used) = commands(&toks[start..], pos)?;
    if used != toks.len() - start {
        return Err(err("unexpected \")\""));
    }
    Ok(Pipeline {
        vars,
        declare,
        commands: p,
    })
}

/// Commands up to the end of the tokens or an unmatched `)`; returns how many tokens it used.
fn commands(toks: &[Tok], pos: Pos) -> Result<(Vec<Command>, usize), TranslateError> {
    let err = |m: &str| TranslateError::new(pos, m.to_string());
    let mut cmds: Vec<Command> = vec![vec![]];
    let mut i = 0;
    while i < toks.len() {
        let cur = cmds.last_mut().expect("a command");
        match &toks[i] {
            Tok::RParen => break,
            Tok::Pipe => {
                if cur.is_empty() {
                    return Err(err("missing command before \"|\""));
                }
                cmds.push(vec![]);
            }
            Tok::LParen => {
                let (inner, used) = commands(&toks[i + 1..], pos)?;
                i += used + 1;
                if toks.get(i) != Some(&Tok::RParen) {
                    return Err(err("unclosed left parenthesis"));
                }
                let mut fields = vec![];
                if let Some(Tok::Chain(fs)) = toks.get(i + 1) {
                    fields = fs.clone();
                    i += 1;
                }
                cur.push(Expr::Group(
                    Box::new(Pipeline {
                        vars: vec![],
                        declare: false,
                        commands: inner,
                    }),
                    fields,
                ));
            }
            Tok::Field(fs) => cur.push(Expr::Dot(fs.clone())),
            Tok::Var(n, fs) => cur.push(Expr::Var(n.clone(), fs.clone())),
            Tok::Str(s) => cur.push(Expr::Str(s.clone())),
            Tok::Num(n) => cur.push(Expr::Num(n.clone())),
            Tok::Ident(id) => cur.push(match id.as_str() {
                "true" => Expr::Bool(true),
                "false" => Expr::Bool(false),
                "nil" => Expr::Nil,
                _ => Expr::Func(id.clone()),
            }),
            Tok::Chain(_) | Tok::Declare | Tok::Assign | Tok::Comma => {
                return Err(err("unexpected token in pipeline"));
            }
        }
        i += 1;
    }
    if cmds.last().is_some_and(Vec::is_empty) {
        return Err(err("missing value in pipeline"));
    }
    Ok((cmds, i))
}
