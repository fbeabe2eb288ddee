//! Content is rendered as rich text in the members' pages: it is cleaned once, when it enters
//! the cache, so that no script, event handler or `javascript:` URL can reach a page.

use serde_json::Value;

/// Fields holding HTML rich text.
const RICH_TEXT: [&str; 1] = ["Contenu"];
/// Fields holding a link or an image source.
const LINKS: [&str; 3] = ["Lien", "URL", "content"];

pub fn content(mut value: Value) -> Value {
    walk(&mut value);
    value
}

fn walk(value: &mut Value) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(walk),
        Value::Object(fields) => {
            for (name, field) in fields.iter_mut() {
                match field {
                    Value::String(text) if RICH_TEXT.contains(&name.as_str()) => *text = ammonia::clean(text),
                    Value::String(text) if LINKS.contains(&name.as_str()) && !is_safe_link(text) => {
                        text.clear()
                    }
                    other => walk(other),
                }
            }
        }
        _ => {}
    }
}

/// Links are relative, http(s), `www.` (completed by the SPA) or inline images.
fn is_safe_link(link: &str) -> bool {
    let lowered = link.trim().to_ascii_lowercase();
    let scheme = lowered.split_once(':').map(|(scheme, _)| scheme);
    match scheme {
        None => true,
        Some("http" | "https" | "mailto" | "tel") => true,
        Some("data") => lowered.starts_with("data:image/") && !lowered.starts_with("data:image/svg+xml;utf8"),
        // A colon later in a relative path ("/home?x=a:b") is not a scheme.
        Some(candidate) => candidate.contains('/') || candidate.contains('?') || candidate.contains('#'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn scripts_handlers_and_javascript_urls_are_removed_from_rich_text() {
        let cleaned = content(
            json!({ "Contenu": "<p onclick=\"x()\">Bonjour <script>alert(1)</script><a href=\"javascript:alert(1)\">lien</a><img src=x onerror=alert(1)></p>" }),
        );
        let html = cleaned["Contenu"].as_str().unwrap();
        assert!(!html.contains("script") && !html.contains("onclick") && !html.contains("onerror"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
        assert!(html.contains("Bonjour"));
    }

    #[test]
    fn dangerous_links_are_emptied_and_good_ones_kept() {
        let cleaned = content(
            json!([{ "Lien": "javascript:alert(1)", "URL": "www.example.org", "Image": { "content": "data:image/png;base64,AAA" } },
                                     { "Lien": "/mutuelle/demandes/creation", "URL": "https://example.org", "Image": { "content": "vbscript:x" } }]),
        );
        assert_eq!(cleaned[0]["Lien"], "");
        assert_eq!(cleaned[0]["URL"], "www.example.org");
        assert_eq!(cleaned[0]["Image"]["content"], "data:image/png;base64,AAA");
        assert_eq!(cleaned[1]["Lien"], "/mutuelle/demandes/creation");
        assert_eq!(cleaned[1]["URL"], "https://example.org");
        assert_eq!(cleaned[1]["Image"]["content"], "");
    }
}
