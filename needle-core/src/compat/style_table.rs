//! istioctl's coloured table (`istioctl/pkg/writer/table`), byte for byte: each column is as
//! wide as its widest cell *with* its colour codes, while a cell is padded by the length of its
//! text *without* them, plus two spaces. So a column with a coloured cell comes out wider than
//! its text needs; check-inject's output has that shape, and scripts match it.

/// A foreground colour, always written (istioctl forces colour even when not on a terminal).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Color {
    Red,
    Green,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    pub text: String,
    pub color: Option<Color>,
}

impl Cell {
    pub fn plain(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            color: None,
        }
    }

    pub fn colored(text: impl Into<String>, color: Color) -> Self {
        Self {
            text: text.into(),
            color: Some(color),
        }
    }

    /// The cell as printed: the text between an SGR colour code and the reset code.
    fn rendered(&self) -> String {
        match self.color {
            None => self.text.clone(),
            Some(c) => {
                let code = match c {
                    Color::Red => 31,
                    Color::Green => 32,
                };
                format!("\x1b[{code}m{}\x1b[0m", self.text)
            }
        }
    }
}

/// The header and rows as istioctl's writer flushes them; every row ends with a newline.
pub fn render(rows: &[Vec<Cell>]) -> String {
    let Some(first) = rows.first() else {
        return String::new();
    };
    let mut widths = vec![0; first.len()];
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            if let Some(w) = widths.get_mut(i) {
                *w = (*w).max(cell.rendered().len());
            }
        }
    }
    let mut out = String::new();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            out.push_str(&cell.rendered());
            if i == row.len() - 1 {
                out.push('\n');
            } else {
                let width = widths.get(i).copied().unwrap_or_default();
                let pad = (width + 2).saturating_sub(cell.text.chars().count());
                out.push_str(&" ".repeat(pad));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The case of istioctl's own writer test.
    #[test]
    fn colored_columns_are_padded_by_their_coded_width() {
        let row = |a: &str, b: &str, c: &str| {
            vec![
                Cell::plain(a),
                Cell::colored(b, Color::Green),
                Cell::plain(c),
            ]
        };
        let header = vec![
            Cell::plain("NAME"),
            Cell::plain("NAMESPACE"),
            Cell::plain("VERSION"),
        ];
        let out = render(&[
            header,
            row("foo", "bar", "1.0"),
            row("baz", "qux", "2.0"),
            row("qux", "quux", "3"),
        ]);
        assert_eq!(
            out,
            "NAME  NAMESPACE      VERSION\n\
             foo   \x1b[32mbar\x1b[0m            1.0\n\
             baz   \x1b[32mqux\x1b[0m            2.0\n\
             qux   \x1b[32mquux\x1b[0m           3\n"
        );
    }
}
