//! Tera for rulebook sources: variables and loops in Markdown. Before tera sees the
//! text, every fence line gets an `@line=N` marker so that diagram errors name the
//! line of the source even when tera has added or removed lines above it.

use crate::refusal::{RulebookError, RulebookProblem};

use super::Source;

/// Adds `@line=N` to every opening fence that carries an info string.
pub fn mark_fence_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 256);
    let mut in_fence = false;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            let info = trimmed.trim_start_matches('`').trim();
            if !in_fence && !info.is_empty() {
                let body = line.trim_end_matches(['\n', '\r']);
                out.push_str(body);
                out.push_str(&format!(" @line={}", i + 1));
                out.push_str(&line[body.len()..]);
                in_fence = true;
                continue;
            }
            in_fence = !in_fence && info.is_empty() || (in_fence && !info.is_empty());
        }
        out.push_str(line);
    }
    out
}

/// Renders the source with tera. Errors name the file, the line and tera's message.
pub fn render(src: &Source, ctx: &tera::Context) -> Result<String, RulebookError> {
    let marked = mark_fence_lines(&src.text);
    let mut tera = tera::Tera::new();
    // Markdown is not HTML: nothing is escaped (the template name does not end in .html).
    tera.add_raw_template(&src.name, &marked).map_err(|e| tera_error(src, &e))?;
    tera.render(&src.name, ctx).map_err(|e| tera_error(src, &e))
}

/// A tera error as the file, the line (when tera names one) and tera's first line.
pub fn tera_error(src: &Source, e: &tera::Error) -> RulebookError {
    let problem = match e.kind() {
        tera::ErrorKind::SyntaxError(r) | tera::ErrorKind::RenderingError(r) => RulebookProblem::Template {
            line: Some(r.span().start_line),
            message: r.message().lines().next().unwrap_or("").to_string(),
        },
        other => RulebookProblem::Template {
            line: None,
            message: other.to_string().lines().next().unwrap_or("").to_string(),
        },
    };
    RulebookError { file: src.name.clone(), problem }
}

/// Splits a leading `---` … `---` block of `key: value` lines from the body.
pub fn front_matter(text: &str) -> (Vec<(String, String)>, &str) {
    let Some(rest) = text.strip_prefix("---\n") else {
        return (Vec::new(), text);
    };
    let Some(end) = rest.find("\n---\n") else {
        return (Vec::new(), text);
    };
    let pairs = rest[..end]
        .lines()
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    (pairs, &rest[end + 5..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_get_their_line_and_closing_fences_do_not() {
        let src = "# A\n\n```el\nid: x\n```\n\n```\nplain\n```\n```six\n```\n";
        let marked = mark_fence_lines(src);
        assert!(marked.contains("```el @line=3\n"), "{marked}");
        assert!(marked.contains("```six @line=10\n"), "{marked}");
        assert_eq!(marked.matches("@line=").count(), 2, "{marked}");
    }

    #[test]
    fn front_matter_is_split_off() {
        let (front, body) = front_matter("---\ntitle: EL\ncredit: by X\n---\n# Body\n");
        assert_eq!(front, vec![("title".into(), "EL".into()), ("credit".into(), "by X".into())]);
        assert_eq!(body, "# Body\n");
    }
}
