//! The demo's test material for the card in the phone's wallet (the portal's `wallet`): a test
//! authority « Autorité de test espace-assure — pas Apple » standing for Apple's WWDR, a Pass
//! Type ID certificate it issued, and a test RSA key standing for a Google Wallet issuer's
//! service account. Made on first start and kept in the data folder (keys 0600), as the
//! provider's signing key is (`provider::keys`). iPhones refuse a pass it signs, Google a link:
//! the demo's pass says so on its back.
//!
//! The certificates' keys are ECDSA P-256, made in a moment. Google takes RS256 only: the RSA key
//! (a fraction of a second to make, optimised) is made once per process and written to every
//! new data folder, so that the tests, which start the demo on a fresh folder each time, do not
//! each pay for it.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::Context;
use p256::pkcs8::{EncodePrivateKey, LineEnding};
use x509_cert::builder::{Builder, CertificateBuilder, Profile};
use x509_cert::der::EncodePem;
use x509_cert::name::Name;
use x509_cert::serial_number::SerialNumber;
use x509_cert::spki::{EncodePublicKey, SubjectPublicKeyInfoOwned};
use x509_cert::time::Validity;

/// The test pass type: Apple registers nothing under `example.org`.
pub const PASS_TYPE_IDENTIFIER: &str = "pass.org.example.espace-assure.demo";
/// A team identifier no Apple developer account has.
pub const TEAM_IDENTIFIER: &str = "DEMO000000";
/// A Google Wallet issuer number nobody holds.
pub const GOOGLE_ISSUER_ID: &str = "3388000000000000000";
pub const GOOGLE_SERVICE_ACCOUNT: &str = "carte-tp@espace-assure-demo.invalid";
pub const GOOGLE_CLASS_SUFFIX: &str = "carte_tp_demo";
/// The test authority's name, which says what it is to whoever reads the certificate.
pub const AUTHORITY: &str = "Autorité de test espace-assure — pas Apple";

/// Where the test material is, in the data folder.
pub struct TestWallet {
    /// The test authority's certificate: what stands for Apple's WWDR certificate, and the only
    /// one a pass signed here verifies against.
    pub authority: PathBuf,
    pub pass_certificate: PathBuf,
    pub pass_key: PathBuf,
    /// The Google service account's test key (PKCS #8 PEM).
    pub google_key: PathBuf,
}

impl TestWallet {
    /// The material of `data_dir`, made if missing.
    pub fn load_or_create(data_dir: &Path) -> anyhow::Result<Self> {
        let folder = data_dir.join("wallet");
        let material = Self {
            authority: folder.join("autorite-de-test.pem"),
            pass_certificate: folder.join("pass-certificat.pem"),
            pass_key: folder.join("pass-cle.pem"),
            google_key: folder.join("google-cle.pem"),
        };
        if !material.pass_key.is_file()
            || !material.pass_certificate.is_file()
            || !material.authority.is_file()
        {
            std::fs::create_dir_all(&folder)
                .with_context(|| format!("cannot create {}", folder.display()))?;
            let (authority, certificate, key) = certificates()?;
            write(&material.authority, &authority, false)?;
            write(&material.pass_certificate, &certificate, false)?;
            write(&material.pass_key, &key, true)?;
        }
        if !material.google_key.is_file() {
            std::fs::create_dir_all(&folder)
                .with_context(|| format!("cannot create {}", folder.display()))?;
            write(&material.google_key, google_key()?, true)?;
        }
        Ok(material)
    }
}

fn write(path: &Path, text: &str, secret: bool) -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use std::io::Write as _;
        use std::os::unix::fs::OpenOptionsExt as _;
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(if secret { 0o600 } else { 0o644 })
            .open(path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        file.write_all(text.as_bytes())?;
    }
    #[cfg(not(unix))]
    {
        let _ = secret;
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// The test authority's certificate, the pass certificate it issued and the latter's key, in PEM.
fn certificates() -> anyhow::Result<(String, String, String)> {
    let mut rng = p256::elliptic_curve::rand_core::OsRng;
    let authority_key = p256::ecdsa::SigningKey::random(&mut rng);
    let authority_name = Name::from_str(&format!("CN={AUTHORITY},O=espace-assure (démonstration),C=FR"))?;
    // Ten years: the demo's data folder outlives a year; nothing trusts this authority anyway.
    let validity = Validity::from_now(Duration::from_secs(10 * 365 * 24 * 3600))?;
    let authority = CertificateBuilder::new(
        Profile::Root,
        SerialNumber::new(&[1])?,
        validity,
        authority_name.clone(),
        SubjectPublicKeyInfoOwned::from_key(*authority_key.verifying_key())?,
        &authority_key,
    )?
    .build::<p256::ecdsa::DerSignature>()?;
    let pass_key = p256::ecdsa::SigningKey::random(&mut rng);
    // The subject as Apple writes a Pass Type ID certificate's.
    let subject = Name::from_str(&format!(
        "UID={PASS_TYPE_IDENTIFIER},CN=Pass Type ID: {PASS_TYPE_IDENTIFIER},OU={TEAM_IDENTIFIER},O=espace-assure (démonstration),C=FR"
    ))?;
    let certificate = CertificateBuilder::new(
        Profile::Leaf { issuer: authority_name, enable_key_agreement: false, enable_key_encipherment: false },
        SerialNumber::new(&[2])?,
        validity_of(&authority),
        subject,
        SubjectPublicKeyInfoOwned::from_key(*pass_key.verifying_key())?,
        &authority_key,
    )?
    .build::<p256::ecdsa::DerSignature>()?;
    let key = p256::SecretKey::from(pass_key).to_pkcs8_pem(LineEnding::LF)?;
    Ok((authority.to_pem(LineEnding::LF)?, certificate.to_pem(LineEnding::LF)?, key.to_string()))
}

fn validity_of(certificate: &x509_cert::Certificate) -> Validity {
    certificate.tbs_certificate.validity
}

/// The Google test key, made once per process.
fn google_key() -> anyhow::Result<&'static str> {
    static KEY: OnceLock<String> = OnceLock::new();
    if let Some(key) = KEY.get() {
        return Ok(key);
    }
    let key = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048)?;
    let pem = key.to_pkcs8_pem(LineEnding::LF)?.to_string();
    // Two threads may both have made one: the first kept is everyone's.
    Ok(KEY.get_or_init(|| pem))
}

/// The test public key of the Google link's signature, for whoever checks it (the tests).
pub fn google_public_key_pem(material: &TestWallet) -> anyhow::Result<String> {
    use rsa::pkcs8::DecodePrivateKey as _;
    let key = rsa::RsaPrivateKey::from_pkcs8_pem(&std::fs::read_to_string(&material.google_key)?)?;
    Ok(key.to_public_key().to_public_key_pem(LineEnding::LF)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use x509_cert::der::DecodePem;

    #[test]
    fn the_test_material_is_made_once_and_kept() {
        let folder = tempfile::tempdir().unwrap();
        let first = TestWallet::load_or_create(folder.path()).unwrap();
        let authority = std::fs::read_to_string(&first.authority).unwrap();
        let again = TestWallet::load_or_create(folder.path()).unwrap();
        assert_eq!(std::fs::read_to_string(&again.authority).unwrap(), authority);
        let authority = x509_cert::Certificate::from_pem(authority.as_bytes()).unwrap();
        let certificate =
            x509_cert::Certificate::from_pem(std::fs::read(&first.pass_certificate).unwrap()).unwrap();
        assert_eq!(certificate.tbs_certificate.issuer, authority.tbs_certificate.subject);
        assert!(authority.tbs_certificate.subject.to_string().contains("pas Apple"));
        assert!(google_public_key_pem(&first).unwrap().starts_with("-----BEGIN PUBLIC KEY-----"));
    }
}
