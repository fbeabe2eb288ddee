//! The token of an alert's unsubscribe link: the `courriels` row it came with, and an
//! HMAC-SHA256 of that row's number under a key only the member API holds, so that the link
//! works signed out (a mail client follows it with no session) and names no member. The key is
//! made on first start and kept in the data folder (mode 0600), so links sent before a restart
//! still work.

use std::io::{ErrorKind, Write};
use std::path::Path;

use anyhow::Context as _;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// Where the link points, under the server's root.
pub const CHEMIN: &str = "/_demo/desabonnement";

/// Name of the key's file in the demo data folder.
const FICHIER: &str = "member-api-unsubscribe.key";
const LONGUEUR: usize = 32;
/// What the signature covers besides the number: a key ever used for another purpose could not
/// sign a token.
const CONTEXTE: &[u8] = b"espace-assure desabonnement ";

#[derive(Clone)]
pub struct CleDesabonnement([u8; LONGUEUR]);

impl CleDesabonnement {
    /// The key of `data_dir`, made and written there on first start.
    pub fn charger_ou_creer(data_dir: &Path) -> anyhow::Result<Self> {
        let path = data_dir.join(FICHIER);
        let octets = match std::fs::read(&path) {
            Ok(octets) => octets,
            Err(error) if error.kind() == ErrorKind::NotFound => creer(&path)?,
            Err(error) => {
                return Err(error)
                    .with_context(|| format!("cannot read the unsubscribe key {}", path.display()));
            }
        };
        let cle = octets
            .try_into()
            .map_err(|_| anyhow::anyhow!("{} does not hold a key of {LONGUEUR} bytes", path.display()))?;
        Ok(Self(cle))
    }

    /// The token of the email `courriel`: its number in decimal, a dot, the signature in
    /// base64url without padding. That text is the only one accepted for this email.
    pub fn jeton(&self, courriel: i64) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes any key length");
        mac.update(CONTEXTE);
        mac.update(courriel.to_string().as_bytes());
        format!("{courriel}.{}", URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes()))
    }

    /// The email a token names, when this key signed it. The token is compared, in constant
    /// time, with the one this key makes for the number it names: a number written another way
    /// (`007`, `+7`), a signature in hexadecimal, padded or in the other base64 alphabet, or
    /// anything around it, is refused like a forged one.
    pub fn verifier(&self, jeton: &str) -> Option<i64> {
        let (numero, _) = jeton.split_once('.')?;
        if numero.is_empty() || !numero.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let courriel: i64 = numero.parse().ok()?;
        bool::from(self.jeton(courriel).as_bytes().ct_eq(jeton.as_bytes())).then_some(courriel)
    }
}

/// Makes a key and writes it for the portal's user alone; its bytes are returned.
fn creer(path: &Path) -> anyhow::Result<Vec<u8>> {
    let cle: [u8; LONGUEUR] = rand::random();
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = match options.open(path) {
        Ok(file) => file,
        // Another process made it meanwhile: links it signed must keep working.
        Err(error) if error.kind() == ErrorKind::AlreadyExists => {
            return std::fs::read(path)
                .with_context(|| format!("cannot read the unsubscribe key {}", path.display()));
        }
        Err(error) => {
            return Err(error)
                .with_context(|| format!("cannot create the unsubscribe key {}", path.display()));
        }
    };
    file.write_all(&cle)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write the unsubscribe key {}", path.display()))?;
    Ok(cle.to_vec())
}

#[cfg(test)]
mod tests {
    use base64::engine::general_purpose::{STANDARD, URL_SAFE};

    use super::*;

    fn nouvelle_cle() -> (tempfile::TempDir, CleDesabonnement) {
        let dir = tempfile::tempdir().unwrap();
        let cle = CleDesabonnement::charger_ou_creer(dir.path()).unwrap();
        (dir, cle)
    }

    #[test]
    fn the_key_is_made_once_for_its_owner_alone_and_then_kept() {
        let (dir, first) = nouvelle_cle();
        let second = CleDesabonnement::charger_ou_creer(dir.path()).unwrap();
        assert_eq!(first.jeton(7), second.jeton(7));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(FICHIER)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn a_damaged_key_stops_start_up_naming_its_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FICHIER), b"short").unwrap();
        let error = CleDesabonnement::charger_ou_creer(dir.path()).err().expect("refused");
        assert!(error.to_string().contains(FICHIER), "{error}");
    }

    #[test]
    fn a_token_names_its_email() {
        let (_dir, cle) = nouvelle_cle();
        let jeton = cle.jeton(42);
        assert!(jeton.starts_with("42.") && jeton.len() == 3 + 43, "{jeton}");
        assert_eq!(cle.verifier(&jeton), Some(42));
    }

    #[test]
    fn a_token_of_another_key_or_another_email_is_refused() {
        let (_dir, cle) = nouvelle_cle();
        let (_other_dir, autre) = nouvelle_cle();
        assert_eq!(cle.verifier(&autre.jeton(42)), None, "another key's");
        let (_, signature) =
            cle.jeton(42).split_once('.').map(|(n, s)| (n.to_owned(), s.to_owned())).unwrap();
        assert_eq!(cle.verifier(&format!("43.{signature}")), None, "another email's number");
    }

    #[test]
    fn a_tampered_or_malformed_token_is_refused() {
        let (_dir, cle) = nouvelle_cle();
        let jeton = cle.jeton(42);
        let mut altere = jeton.clone().into_bytes();
        let last = altere.len() - 1;
        altere[last] = if altere[last] == b'A' { b'B' } else { b'A' };
        for refused in [
            String::from_utf8(altere).unwrap(),
            jeton[..jeton.len() - 1].to_owned(),
            format!("{jeton}A"),
            format!(" {jeton}"),
            String::new(),
            ".".to_owned(),
            "42".to_owned(),
            "42.".to_owned(),
            "-42.x".to_owned(),
            "99999999999999999999.x".to_owned(),
        ] {
            assert_eq!(cle.verifier(&refused), None, "{refused:?}");
        }
    }

    #[test]
    fn the_same_signature_written_another_way_is_refused() {
        let (_dir, cle) = nouvelle_cle();
        let jeton = cle.jeton(42);
        let signature = URL_SAFE_NO_PAD.decode(jeton.split_once('.').unwrap().1).unwrap();
        for autrement in [
            format!("042.{}", URL_SAFE_NO_PAD.encode(&signature)),
            format!("+42.{}", URL_SAFE_NO_PAD.encode(&signature)),
            format!("42.{}", URL_SAFE.encode(&signature)),
            format!("42.{}", STANDARD.encode(&signature)),
            format!("42.{}", signature.iter().map(|b| format!("{b:02x}")).collect::<String>()),
        ] {
            assert_ne!(autrement, jeton);
            assert_eq!(cle.verifier(&autrement), None, "{autrement}");
        }
    }
}
