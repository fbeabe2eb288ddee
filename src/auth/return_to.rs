//! Where to send the member after sign-in: only a path of this portal. Everything else (other
//! hosts, schemes, protocol-relative and backslash tricks, encoded slashes, control
//! characters) falls back to `/home`, so `/auth/login` cannot be used as an open redirect.

use url::Url;

pub const DEFAULT: &str = "/home";
/// Where someone who acts for several members chooses whom for, after signing in.
pub const CHOOSE_WHOM: &str = "/agir-pour";
const MAX_LENGTH: usize = 2048;

pub fn sanitise(requested: Option<&str>) -> String {
    requested.and_then(same_origin_path).unwrap_or_else(|| DEFAULT.to_owned())
}

fn same_origin_path(candidate: &str) -> Option<String> {
    let lowered = candidate.to_ascii_lowercase();
    let suspicious = candidate.len() > MAX_LENGTH
        || !candidate.starts_with('/')
        || candidate.starts_with("//")
        || candidate.contains('\\')
        || candidate.chars().any(char::is_control)
        // Encoded slashes and backslashes would become `//` or `\` once decoded again.
        || ["%2f", "%5c", "%09", "%0a", "%0d"].iter().any(|encoded| lowered.contains(encoded));
    if suspicious {
        return None;
    }
    // Resolving against a fixed origin normalises dot segments and proves the host is ours.
    let base = Url::parse("http://portal.invalid/").expect("static URL");
    let resolved = base.join(candidate).ok()?;
    if resolved.origin() != base.origin() {
        return None;
    }
    let mut path = resolved.path().to_owned();
    if path.starts_with("//") {
        return None;
    }
    if let Some(query) = resolved.query() {
        path.push('?');
        path.push_str(query);
    }
    if let Some(fragment) = resolved.fragment() {
        path.push('#');
        path.push_str(fragment);
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_paths_are_kept() {
        assert_eq!(
            sanitise(Some("/mutuelle/remboursements/2026-01-15")),
            "/mutuelle/remboursements/2026-01-15"
        );
        assert_eq!(
            sanitise(Some("/mutuelle/contrats-garanties#cotisations")),
            "/mutuelle/contrats-garanties#cotisations"
        );
        assert_eq!(sanitise(Some("/fallback?reason=x")), "/fallback?reason=x");
        assert_eq!(
            sanitise(Some("/home/../compte/informations-personnelles")),
            "/compte/informations-personnelles"
        );
    }

    #[test]
    fn open_redirect_attempts_fall_back_to_home() {
        for attack in [
            "//evil.example",
            "/\\evil.example",
            "/\t/evil.example",
            "/./\\evil.example",
            "https://evil.example",
            "/%2F%2Fevil.example",
            "/%2f%2fevil.example",
            "/%5Cevil.example",
            "javascript:alert(1)",
            "/home\r\nSet-Cookie: x=1",
            "/home\u{0}",
            "/\u{7f}evil",
            "",
            "home",
            "/./../..//evil.example",
        ] {
            assert_eq!(sanitise(Some(attack)), DEFAULT, "{attack:?}");
        }
        assert_eq!(sanitise(None), DEFAULT);
        assert_eq!(sanitise(Some(&format!("/{}", "a".repeat(MAX_LENGTH)))), DEFAULT);
    }
}
