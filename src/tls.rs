//! Outbound TLS, per upstream: whom the portal trusts and who it says it is. A mutual's
//! services are usually certified by its own authority and its API gateway may ask for a
//! client certificate: each upstream trusts the machine's roots and webpki's, plus the PEM
//! bundle of its `ca_file`, and may present `client_cert_file` with `client_key_file`.

use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use anyhow::Context;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::sign::{CertifiedKey, SingleCertAndKey};
use rustls::{ClientConfig, RootCertStore};

/// The TLS files of one upstream, as configured.
#[derive(Clone, Copy, Default)]
pub struct TlsFiles<'a> {
    pub ca_file: Option<&'a Path>,
    pub client_cert_file: Option<&'a Path>,
    pub client_key_file: Option<&'a Path>,
}

fn certificates(path: &Path) -> anyhow::Result<Vec<CertificateDer<'static>>> {
    let certificates = CertificateDer::pem_file_iter(path)
        .with_context(|| format!("cannot read {}", path.display()))?
        .collect::<Result<Vec<_>, _>>()
        .with_context(|| format!("{} is not a PEM certificate bundle", path.display()))?;
    anyhow::ensure!(!certificates.is_empty(), "{} holds no certificate", path.display());
    Ok(certificates)
}

fn private_key(path: &Path) -> anyhow::Result<PrivateKeyDer<'static>> {
    PrivateKeyDer::from_pem_file(path).with_context(|| format!("{} is not a PEM private key", path.display()))
}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The machine's roots (its CA bundle, `SSL_CERT_FILE`), webpki's, and those of `ca_file`.
fn roots(ca_file: Option<&Path>) -> anyhow::Result<RootCertStore> {
    let mut roots = RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    // A machine without a store of its own (a distroless image) still has webpki's roots.
    roots.add_parsable_certificates(rustls_native_certs::load_native_certs().certs);
    if let Some(ca_file) = ca_file {
        for certificate in certificates(ca_file)? {
            roots
                .add(certificate)
                .with_context(|| format!("{}: a certificate is not usable", ca_file.display()))?;
        }
    }
    Ok(roots)
}

/// The client TLS configuration of one upstream.
pub fn client_config(files: TlsFiles) -> anyhow::Result<ClientConfig> {
    let builder = ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .expect("ring supports the default versions")
        .with_root_certificates(roots(files.ca_file)?);
    Ok(match (files.client_cert_file, files.client_key_file) {
        (Some(cert), Some(key)) => {
            let certified =
                certified_key(certificates(cert)?, private_key(key)?).map_err(anyhow::Error::msg)?;
            builder.with_client_cert_resolver(Arc::new(SingleCertAndKey::from(certified)))
        }
        _ => builder.with_no_client_auth(),
    })
}

/// What is wrong with the TLS files of the upstream whose keys start with `prefix` (`oidc.`,
/// `session.redis_`), each problem naming its key: unreadable, not PEM, a certificate expired
/// or not yet valid, a key that is not the certificate's, one of the pair without the other.
pub fn problems(prefix: &str, files: TlsFiles, now: SystemTime) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    let mut add = |key: &str, problem: String| problems.push((format!("{prefix}{key}"), problem));
    if let Some(ca_file) = files.ca_file {
        match certificates(ca_file) {
            Ok(bundle) => {
                bundle.iter().filter_map(|der| out_of_date(der, now)).for_each(|p| add("ca_file", p))
            }
            Err(error) => add("ca_file", format!("{error:#}")),
        }
    }
    match (files.client_cert_file, files.client_key_file) {
        (Some(cert), Some(key)) => match (certificates(cert), private_key(key)) {
            (Err(error), _) => add("client_cert_file", format!("{error:#}")),
            (_, Err(error)) => add("client_key_file", format!("{error:#}")),
            (Ok(chain), Ok(key)) => {
                if let Some(problem) = out_of_date(&chain[0], now) {
                    add("client_cert_file", problem);
                }
                if let Err(error) = certified_key(chain, key) {
                    add("client_key_file", error);
                }
            }
        },
        (Some(_), None) => add("client_key_file", "required with client_cert_file".into()),
        (None, Some(_)) => add("client_cert_file", "required with client_key_file".into()),
        (None, None) => {}
    }
    problems
}

/// The client certificate with its key, once the key is known to be the certificate's. The
/// public keys are compared here, from the certificate as x509-cert reads it (every X.509
/// version), rather than by rustls, whose certificate parser refuses a version 1 certificate
/// (what `openssl x509 -req` makes without extensions, common in internal authorities): the
/// provider at the other end decides whether it accepts one.
fn certified_key(
    chain: Vec<CertificateDer<'static>>,
    key: PrivateKeyDer<'static>,
) -> Result<CertifiedKey, String> {
    use x509_cert::der::{Decode, Encode};
    let signing_key = provider().key_provider.load_private_key(key).map_err(|error| format!("{error}"))?;
    let certificate = x509_cert::Certificate::from_der(&chain[0])
        .map_err(|error| format!("client_cert_file's certificate does not parse: {error}"))?;
    let certified = certificate
        .tbs_certificate()
        .subject_public_key_info()
        .to_der()
        .map_err(|error| format!("client_cert_file's public key does not encode: {error}"))?;
    match signing_key.public_key() {
        Some(public_key) if public_key.as_ref() != certified.as_slice() => {
            Err("is not the key of client_cert_file's certificate".to_owned())
        }
        _ => Ok(CertifiedKey::new(chain, signing_key)),
    }
}

/// Why `der` cannot be used at `now`, if it cannot.
fn out_of_date(der: &CertificateDer, now: SystemTime) -> Option<String> {
    use x509_cert::der::Decode;
    let certificate = match x509_cert::Certificate::from_der(der) {
        Ok(certificate) => certificate,
        Err(error) => return Some(format!("a certificate does not parse: {error}")),
    };
    let validity = &certificate.tbs_certificate().validity();
    let subject = certificate.tbs_certificate().subject().to_string();
    if now > validity.not_after.to_system_time() {
        return Some(format!("the certificate of {subject} expired on {}", validity.not_after));
    }
    (now < validity.not_before.to_system_time())
        .then(|| format!("the certificate of {subject} is not valid before {}", validity.not_before))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    struct Files {
        directory: tempfile::TempDir,
    }

    impl Files {
        fn write(&self, name: &str, text: &str) -> std::path::PathBuf {
            let path = self.directory.path().join(name);
            std::fs::write(&path, text).unwrap();
            path
        }
    }

    /// A self-signed certificate for the host `name` and its key, valid for `days` from 2026-01-01.
    fn certificate(name: &str, days: i64) -> (String, String) {
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params = rcgen::CertificateParams::new(vec![name.to_owned()]).unwrap();
        params.not_before = rcgen::date_time_ymd(2026, 1, 1);
        params.not_after = params.not_before + Duration::from_secs(86_400 * days as u64);
        let certificate = params.self_signed(&key).unwrap();
        (certificate.pem(), key.serialize_pem())
    }

    fn at(year: i32, month: u8, day: u8) -> SystemTime {
        rcgen::date_time_ymd(year, month, day).into()
    }

    #[test]
    fn good_files_make_a_configuration_and_have_no_problem() {
        let files = Files { directory: tempfile::tempdir().unwrap() };
        let (cert, key) = certificate("portal.mutuelle.internal", 365);
        let (ca, _) = certificate("autorite-interne.mutuelle.internal", 3650);
        let paths =
            (files.write("ca.pem", &ca), files.write("cert.pem", &cert), files.write("key.pem", &key));
        let tls = TlsFiles {
            ca_file: Some(&paths.0),
            client_cert_file: Some(&paths.1),
            client_key_file: Some(&paths.2),
        };
        assert!(client_config(tls).is_ok());
        assert_eq!(problems("upstream.api.", tls, at(2026, 6, 1)), []);
    }

    /// A client certificate of X.509 version 1, as `openssl x509 -req` issues it without
    /// extensions (tests/fixtures/README.md), with its key, and with another key.
    #[test]
    fn a_version_1_client_certificate_is_taken_with_its_key_and_refused_with_another() {
        let fixture = |name: &str| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name);
        let (cert, key) = (fixture("client-v1-cert.pem"), fixture("client-v1-key.pem"));
        let tls =
            TlsFiles { client_cert_file: Some(&cert), client_key_file: Some(&key), ..Default::default() };
        assert!(client_config(tls).is_ok());
        assert_eq!(problems("upstream.api.", tls, SystemTime::now()), []);

        let files = Files { directory: tempfile::tempdir().unwrap() };
        let other_key = files.write("key.pem", &certificate("other", 30).1);
        let mismatched = TlsFiles { client_key_file: Some(&other_key), ..tls };
        let found = problems("upstream.api.", mismatched, SystemTime::now());
        assert_eq!(
            found,
            [(
                "upstream.api.client_key_file".to_owned(),
                "is not the key of client_cert_file's certificate".to_owned()
            )]
        );
        assert!(client_config(mismatched).is_err());
    }

    #[test]
    fn each_bad_file_is_named_by_its_key() {
        let files = Files { directory: tempfile::tempdir().unwrap() };
        let (cert, _) = certificate("portal", 30);
        let (_, other_key) = certificate("other", 30);
        let cert = files.write("cert.pem", &cert);
        let other_key = files.write("key.pem", &other_key);
        let garbage = files.write("garbage.pem", "not a certificate");
        let absent = files.directory.path().join("absent.pem");
        let named = |tls: TlsFiles, now| {
            problems("oidc.", tls, now)
                .into_iter()
                .map(|(key, problem)| format!("{key}: {problem}"))
                .collect::<Vec<_>>()
        };
        let mismatched = TlsFiles {
            client_cert_file: Some(&cert),
            client_key_file: Some(&other_key),
            ..Default::default()
        };
        let found = named(mismatched, at(2026, 1, 15));
        assert!(found.iter().any(|p| p.starts_with("oidc.client_key_file: is not the key")), "{found:?}");
        let found = named(mismatched, at(2027, 1, 1));
        assert!(
            found
                .iter()
                .any(|p| p.starts_with("oidc.client_cert_file: the certificate of") && p.contains("expired")),
            "{found:?}"
        );
        let found = named(TlsFiles { ca_file: Some(&garbage), ..Default::default() }, at(2026, 1, 15));
        assert!(
            found[0].starts_with("oidc.ca_file:") && found[0].contains("holds no certificate"),
            "{found:?}"
        );
        let found = named(TlsFiles { ca_file: Some(&absent), ..Default::default() }, at(2026, 1, 15));
        assert!(found[0].starts_with("oidc.ca_file: cannot read"), "{found:?}");
        let found = named(TlsFiles { client_cert_file: Some(&cert), ..Default::default() }, at(2026, 1, 15));
        assert_eq!(found, ["oidc.client_key_file: required with client_cert_file"]);
    }
}
