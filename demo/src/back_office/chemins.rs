//! Where the back office is, and the addresses of its pages.

/// Where the server mounts the back office.
pub const MOUNT: &str = "/_demo/back-office";

pub fn lien_adherent(numero: &str) -> String {
    format!("{MOUNT}/adherents/{}", percent_encoding::utf8_percent_encode(numero, SEGMENT))
}

pub fn lien_demande(numero: &str, id: i64) -> String {
    format!("{}/demandes/{id}", lien_adherent(numero))
}

/// What a path segment must encode: all but the unreserved characters.
const SEGMENT: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');
