//! What an uploaded file is, read from its first bytes, and the name it is kept under.
//!
//! The type is decided by a strict signature at the very start of the file, never by a marker
//! found further in: readers that look for `%PDF` anywhere in the first kilobyte accept an HTML
//! page or a script that merely mentions it, and the mutual's staff would then open it.

use super::validation;

/// A format members may send.
#[derive(Debug, PartialEq, Eq)]
pub struct Format {
    pub type_mime: &'static str,
    /// The extension the stored name is given, whatever the member's file was called.
    pub extension: &'static str,
}

pub const PDF: Format = Format { type_mime: "application/pdf", extension: "pdf" };
pub const JPEG: Format = Format { type_mime: "image/jpeg", extension: "jpg" };
pub const PNG: Format = Format { type_mime: "image/png", extension: "png" };

const SIGNATURE_JPEG: &[u8] = &[0xFF, 0xD8, 0xFF];
const SIGNATURE_PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
const BOM_UTF8: &[u8] = b"\xEF\xBB\xBF";

/// A stored name's length, extension included: what any file system and mail client keeps.
const NOM_MAX: usize = 120;
/// What reads as an extension after the last dot: a few letters or digits, one letter at
/// least ("html", "mp4"), so that "Dr. Martin" or "relevé v1.2" keep their dot.
const EXTENSION_MAX: usize = 10;

/// The format of `contenu`, or `None` for anything else.
pub fn detecter(contenu: &[u8]) -> Option<&'static Format> {
    if contenu.starts_with(SIGNATURE_PNG) {
        Some(&PNG)
    } else if contenu.starts_with(SIGNATURE_JPEG) {
        Some(&JPEG)
    } else if est_un_pdf(contenu) {
        Some(&PDF)
    } else {
        None
    }
}

/// `%PDF-` and a version digit, after at most what readers tolerate before the header and
/// cannot hide anything in: a UTF-8 byte order mark, then ASCII white space.
fn est_un_pdf(contenu: &[u8]) -> bool {
    let contenu = contenu.strip_prefix(BOM_UTF8).unwrap_or(contenu);
    let debut = contenu.iter().position(|octet| !octet.is_ascii_whitespace()).unwrap_or(contenu.len());
    matches!(contenu[debut..], [b'%', b'P', b'D', b'F', b'-', version, ..] if version.is_ascii_digit())
}

/// The name a browser sent, as messages may quote it: without folders, nor control or
/// bidirectional characters (a right-to-left override shows `facture\u{202e}lmth.pdf` as
/// `facturefdp.html`), nor excessive length.
pub fn nom_lisible(nom: &str) -> String {
    let base = nom.rsplit(['/', '\\']).next().unwrap_or_default();
    let visible: String = base.chars().filter(|&c| !validation::invisible(c)).take(NOM_MAX).collect();
    match visible.trim() {
        "" => "document".to_owned(),
        visible => visible.to_owned(),
    }
}

/// The name a file is kept under: its [readable name](nom_lisible) with the extension of what
/// its bytes are, so that `facture.html` holding a PDF is kept, and downloaded, as
/// `facture.pdf`.
pub fn nom_stocke(nom_lisible: &str, format: &Format) -> String {
    let radical = match nom_lisible.rsplit_once('.') {
        Some((radical, extension)) if est_une_extension(extension) => radical,
        _ => nom_lisible,
    };
    let radical: String = radical.chars().take(NOM_MAX - 1 - format.extension.len()).collect();
    match radical.trim_end_matches([' ', '.']).trim() {
        "" => format!("document.{}", format.extension),
        radical => format!("{radical}.{}", format.extension),
    }
}

fn est_une_extension(texte: &str) -> bool {
    (1..=EXTENSION_MAX).contains(&texte.len())
        && texte.bytes().all(|octet| octet.is_ascii_alphanumeric())
        && texte.bytes().any(|octet| octet.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pdf() -> Vec<u8> {
        include_bytes!("../seed/documents/rib.pdf").to_vec()
    }

    #[test]
    fn pdf_jpeg_and_png_are_recognised_by_their_first_bytes() {
        assert_eq!(detecter(&pdf()), Some(&PDF));
        assert_eq!(detecter(include_bytes!("../seed/documents/note-honoraires-osteopathe.png")), Some(&PNG));
        assert_eq!(detecter(b"\xFF\xD8\xFF\xE0\x00\x10JFIF\x00"), Some(&JPEG));
        assert_eq!(detecter(b"%PDF-2.0\n"), Some(&PDF));
    }

    #[test]
    fn a_pdf_may_follow_a_byte_order_mark_and_white_space_only() {
        for prefix in [&b"\xEF\xBB\xBF"[..], b"\r\n", b" \t\x0c", b"\xEF\xBB\xBF\n\n"] {
            assert_eq!(detecter(&[prefix, &pdf()[..]].concat()), Some(&PDF), "{prefix:?}");
        }
        for prefix in [&b"\x00"[..], b"<!-- ", b"// ", b"@echo off\r\n", b"\n\xEF\xBB\xBF", b"x"] {
            assert_eq!(detecter(&[prefix, &pdf()[..]].concat()), None, "{prefix:?}");
        }
    }

    #[test]
    fn a_pdf_header_needs_its_dash_and_version_digit() {
        for header in [&b"%PDF"[..], b"%PDF-", b"%PDF-x.7", b"%PDF 1.7", b"%pdf-1.7", b""] {
            assert_eq!(detecter(header), None, "{header:?}");
        }
    }

    #[test]
    fn truncated_image_signatures_are_not_images() {
        assert_eq!(detecter(b"\xFF\xD8"), None);
        assert_eq!(detecter(b"\x89PNG\r\n"), None);
        assert_eq!(detecter(b"GIF89a"), None);
    }

    fn stocke(nom: &str, format: &Format) -> String {
        nom_stocke(&nom_lisible(nom), format)
    }

    #[test]
    fn a_stored_name_takes_the_extension_of_its_format() {
        assert_eq!(stocke("facture.html", &PDF), "facture.pdf");
        assert_eq!(stocke("scan.PDF", &PDF), "scan.pdf");
        assert_eq!(stocke("photo.jpeg", &JPEG), "photo.jpg");
        assert_eq!(stocke("x.pdf.exe", &PNG), "x.pdf.png");
        assert_eq!(stocke("ordonnance", &PNG), "ordonnance.png");
        assert_eq!(stocke("Dr. Martin", &PDF), "Dr. Martin.pdf");
        assert_eq!(stocke("relevé v1.2", &PDF), "relevé v1.2.pdf");
        assert_eq!(stocke(".html", &PDF), "document.pdf");
    }

    #[test]
    fn a_stored_name_loses_folders_control_and_bidirectional_characters() {
        assert_eq!(stocke("C:\\Users\\marie\\facture\u{7}.pdf", &PDF), "facture.pdf");
        assert_eq!(stocke("../../etc/passwd", &PDF), "passwd.pdf");
        assert_eq!(stocke("facture\u{202e}lmth.pdf", &PDF), "facturelmth.pdf");
        assert_eq!(stocke("a\u{2066}b\u{2069}c\u{200e}d\u{200f}e\u{61c}f\u{202a}.pdf", &PDF), "abcdef.pdf");
        assert_eq!(stocke("  ", &PDF), "document.pdf");
        assert_eq!(nom_lisible("C:\\scans\\\u{202e}\u{0}"), "document");
        assert_eq!(stocke("\u{202e}\u{0}", &JPEG), "document.jpg");
    }

    #[test]
    fn a_long_name_is_shortened_before_its_extension() {
        let long = format!("{}.html", "é".repeat(300));
        let stored = stocke(&long, &PDF);
        assert_eq!(stored.chars().count(), NOM_MAX);
        assert!(stored.ends_with("éé.pdf"), "{stored}");
    }
}
