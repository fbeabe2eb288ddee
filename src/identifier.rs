//! Identifiers taken from a browser's path (`{id}` of `/api/demande/{id}`, of a content page)
//! before they are put in an upstream's path: nothing that could change which path is asked.

/// Letters, digits, `-` and `_`, at most 64: no `.`, `/`, `%` or space can reach an upstream.
pub fn is_plain_identifier(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 64
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}
