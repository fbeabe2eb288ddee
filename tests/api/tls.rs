//! Upstreams inside a mutual's network: certified by its own authority (`ca_file`), behind a
//! gateway that asks for a client certificate (`client_cert_file`, `client_key_file`). A test
//! authority is made for each test; the stand-ins answer over TLS with its certificates.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use serde_json::json;

use crate::fake_idp::{FakeIdp, member_api};
use crate::helpers::{TestApp, header, query, spawn_app_with, spawn_app_with_idp};

/// A certificate authority of the test's own, its files in a folder of their own.
struct Authority {
    params: rcgen::CertificateParams,
    key: rcgen::KeyPair,
    folder: tempfile::TempDir,
}

impl Authority {
    fn new() -> Self {
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        params.distinguished_name.push(rcgen::DnType::CommonName, "Autorité interne de la mutuelle");
        Self { params, key, folder: tempfile::tempdir().unwrap() }
    }

    fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.folder.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// The authority's own certificate, as a `ca_file`.
    fn ca_file(&self) -> PathBuf {
        self.file("ca.pem", &self.params.self_signed(&self.key).unwrap().pem())
    }

    /// A certificate for 127.0.0.1 (a server's, or a client's) and its key, as PEM.
    fn issue(&self) -> (String, String) {
        let key = rcgen::KeyPair::generate().unwrap();
        let params =
            rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()]).unwrap();
        let issuer = rcgen::Issuer::from_params(&self.params, &self.key);
        (params.signed_by(&key, &issuer).unwrap().pem(), key.serialize_pem())
    }

    /// A client certificate and key as the portal's `client_cert_file` and `client_key_file`.
    fn client_files(&self) -> (PathBuf, PathBuf) {
        let (cert, key) = self.issue();
        (self.file("client.pem", &cert), self.file("client-key.pem", &key))
    }
}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// A stand-in answering each path of `routes` (made knowing the stand-in's URL) with its JSON
/// over TLS, with a certificate of `authority`; it asks for a client certificate of `clients`
/// when given one.
async fn tls_stand_in(
    authority: &Authority,
    clients: Option<&Authority>,
    routes: impl FnOnce(&str) -> HashMap<String, serde_json::Value>,
) -> String {
    let (cert, key) = authority.issue();
    let chain = vec![CertificateDer::from_pem_slice(cert.as_bytes()).unwrap()];
    let key = PrivateKeyDer::from_pem_slice(key.as_bytes()).unwrap();
    let builder = rustls::ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .unwrap();
    let builder = match clients {
        None => builder.with_no_client_auth(),
        Some(clients) => {
            let mut roots = rustls::RootCertStore::empty();
            roots.add(CertificateDer::from_pem_file(clients.ca_file()).unwrap()).unwrap();
            let verifier =
                rustls::server::WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider())
                    .build()
                    .unwrap();
            builder.with_client_cert_verifier(verifier)
        }
    };
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(builder.with_single_cert(chain, key).unwrap()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("https://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let routes = Arc::new(routes(&url));
    tokio::spawn(async move {
        loop {
            let (tcp, _) = listener.accept().await.unwrap();
            let (acceptor, routes) = (acceptor.clone(), routes.clone());
            tokio::spawn(async move {
                // A client that does not trust us, or has no certificate, ends here.
                let Ok(tls) = acceptor.accept(tcp).await else { return };
                let service =
                    hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
                        let answer = routes.get(request.uri().path()).cloned();
                        async move {
                            let (status, body) = match answer {
                                Some(body) => (200, body.to_string()),
                                None => (404, "{}".to_owned()),
                            };
                            hyper::Response::builder()
                                .status(status)
                                .header("content-type", "application/json")
                                .body(http_body_util::Full::new(bytes::Bytes::from(body)))
                        }
                    });
                let io = hyper_util::rt::TokioIo::new(tls);
                let _ = hyper::server::conn::http1::Builder::new().serve_connection(io, service).await;
            });
        }
    });
    url
}

/// A provider whose discovery and keys are served over TLS by `authority`'s certificate;
/// its issuer.
async fn private_provider(authority: &Authority) -> String {
    let url = tls_stand_in(authority, None, |url| {
        let issuer = format!("{url}/realms/test");
        let document = json!({
            "issuer": issuer, "authorization_endpoint": format!("{issuer}/auth"),
            "token_endpoint": format!("{issuer}/token"), "jwks_uri": format!("{issuer}/jwks"),
            "response_types_supported": ["code"], "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
        });
        let jwks: serde_json::Value =
            serde_json::from_str(include_str!("../fixtures/test-jwks.json")).unwrap();
        HashMap::from([
            ("/realms/test/.well-known/openid-configuration".to_owned(), document),
            ("/realms/test/jwks".to_owned(), jwks),
        ])
    })
    .await;
    format!("{url}/realms/test")
}

/// Demo mode with the provider at `issuer`, trusting `ca_file` for it when given.
async fn portal_with_provider(issuer: String, ca_file: Option<PathBuf>) -> TestApp {
    spawn_app_with(move |settings| {
        settings.demo.idp = false;
        settings.oidc.issuer = Some(issuer.parse().unwrap());
        settings.oidc.client_secret = Some("secret".to_owned().into());
        settings.oidc.ca_file = ca_file;
    })
    .await
}

#[tokio::test]
async fn a_provider_certified_by_a_private_authority_is_trusted_only_with_its_ca_file() {
    let authority = Authority::new();
    let issuer = private_provider(&authority).await;

    let untrusting = portal_with_provider(issuer.clone(), None).await;
    let refused = untrusting.get("/auth/login", &[]).await;
    assert!(header(refused.headers(), "location").starts_with("/error?reason=keycloak-server-unreachable"));

    let trusting = portal_with_provider(issuer.clone(), Some(authority.ca_file())).await;
    let accepted = trusting.get("/auth/login", &[]).await;
    let location = header(accepted.headers(), "location");
    assert!(location.starts_with(&format!("{issuer}/auth?")), "{location}");
}

/// The member API behind a gateway asking for a client certificate of the mutual's authority.
#[tokio::test]
async fn a_member_api_asking_for_a_client_certificate_gets_the_configured_one() {
    let authority = Authority::new();
    let member =
        json!({"User": {"Nom": "DUPONT", "Prenom": "Marie"}, "VersionNum": "1", "smartCarteUrl": ""});
    let api = tls_stand_in(&authority, Some(&authority), |_| {
        HashMap::from([("/api/compte/auth".to_owned(), member)])
    })
    .await;
    let idp = FakeIdp::start().await;
    let cms = member_api(200).await;
    let (cert, key) = authority.client_files();
    let sign_in = |client_certificate: bool| {
        let api = api.clone();
        let (ca_file, cert, key) = (authority.ca_file(), cert.clone(), key.clone());
        // The stand-in provider and content service, the member API over TLS in their place.
        spawn_app_with_idp(&idp, &cms, move |settings| {
            settings.upstream.api.base_url = Some(format!("{api}/api/").parse().unwrap());
            settings.upstream.api.ca_file = Some(ca_file);
            if client_certificate {
                settings.upstream.api.client_cert_file = Some(cert);
                settings.upstream.api.client_key_file = Some(key);
            }
        })
    };
    for (client_certificate, expected) in
        [(false, "/error?reason=keycloak-server-unreachable"), (true, "/home")]
    {
        let app = sign_in(client_certificate).await;
        let authorize = app.start_login("/home").await;
        idp.token_answers(200, idp.tokens(&query(&authorize, "nonce"), 300)).await;
        let landed = app.callback(&format!("code=abc&state={}", query(&authorize, "state"))).await;
        assert!(landed.starts_with(expected), "client certificate {client_certificate}: {landed}");
    }
}

#[tokio::test]
async fn a_content_service_certified_by_a_private_authority_is_read_only_with_its_ca_file() {
    let authority = Authority::new();
    let menus = json!([{"Id": 1, "Titre": "Le tiers payant", "courtierChesneau": false}]);
    let cms = tls_stand_in(&authority, None, |_| HashMap::from([("/cms/menus".to_owned(), menus)])).await;
    for (ca_file, expected) in [(None, 502), (Some(authority.ca_file()), 200)] {
        let cms = cms.clone();
        let app = crate::cms::app_reading(&format!("{cms}/cms/"), None, move |settings| {
            settings.upstream.cms.ca_file = ca_file;
        })
        .await;
        assert_eq!(app.get("/api/strapi/menus", &[]).await.status(), expected);
    }
}

/// An egress proxy: tunnels each CONNECT to its destination and notes it.
async fn connect_proxy() -> (String, Arc<std::sync::Mutex<Vec<String>>>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let tunnelled = Arc::new(std::sync::Mutex::new(Vec::new()));
    let noted = tunnelled.clone();
    tokio::spawn(async move {
        loop {
            let (client, _) = listener.accept().await.unwrap();
            let noted = noted.clone();
            tokio::spawn(async move {
                let mut client = tokio::io::BufReader::new(client);
                let mut request = String::new();
                client.read_line(&mut request).await.unwrap();
                // The rest of the head, up to its empty line.
                let mut line = String::new();
                while client.read_line(&mut line).await.unwrap() > 2 {
                    line.clear();
                }
                let Some(destination) =
                    request.strip_prefix("CONNECT ").and_then(|rest| rest.split(' ').next())
                else {
                    let _ = client.write_all(b"HTTP/1.1 405 Method Not Allowed\r\n\r\n").await;
                    return;
                };
                noted.lock().unwrap().push(destination.to_owned());
                let mut upstream = tokio::net::TcpStream::connect(destination).await.unwrap();
                client.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n").await.unwrap();
                let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
            });
        }
    });
    (url, tunnelled)
}

/// Every client takes the one outbound rule: `https://` through `outbound.proxy` but the
/// hosts of `outbound.no_proxy`, `http://` directly.
#[tokio::test]
async fn every_https_upstream_is_reached_through_the_outbound_proxy_but_those_it_excludes() {
    let authority = Authority::new();
    let issuer = private_provider(&authority).await;
    let member =
        json!({"User": {"Nom": "DUPONT", "Prenom": "Marie"}, "VersionNum": "1", "smartCarteUrl": ""});
    let api =
        tls_stand_in(&authority, None, |_| HashMap::from([("/api/compte/auth".to_owned(), member)])).await;
    let menus = json!([{"Id": 1, "Titre": "Le tiers payant", "courtierChesneau": false}]);
    let cms = tls_stand_in(&authority, None, |_| HashMap::from([("/cms/menus".to_owned(), menus)])).await;
    let host_of = |url: &str| url.trim_start_matches("https://").split('/').next().unwrap().to_owned();
    let mut https_hosts = vec![host_of(&issuer), host_of(&api), host_of(&cms)];
    https_hosts.sort();
    let (proxy, tunnelled) = connect_proxy().await;
    let idp = FakeIdp::start().await;
    let plain = member_api(200).await;

    for no_proxy in [vec![], vec!["127.0.0.1".to_owned()]] {
        tunnelled.lock().unwrap().clear();
        let (ca_file, proxy, cms, api) = (authority.ca_file(), proxy.clone(), cms.clone(), api.clone());
        // The provider over TLS: its discovery is read through the proxy.
        let reading = crate::cms::app_reading(&format!("{cms}/cms/"), None, {
            let (issuer, ca_file, proxy, no_proxy) =
                (issuer.clone(), ca_file.clone(), proxy.clone(), no_proxy.clone());
            move |settings| {
                settings.oidc.issuer = Some(issuer.parse().unwrap());
                settings.oidc.ca_file = Some(ca_file.clone());
                settings.upstream.cms.ca_file = Some(ca_file);
                settings.outbound.proxy = Some(proxy.into());
                settings.outbound.no_proxy = no_proxy;
            }
        })
        .await;
        assert_eq!(reading.get("/api/strapi/menus", &[]).await.status(), 200);
        let location = header(reading.get("/auth/login", &[]).await.headers(), "location").to_owned();
        assert!(location.starts_with(&format!("{issuer}/auth?")), "{location}");
        // The member API over TLS, the stand-in provider over plain http.
        let signing_in = spawn_app_with_idp(&idp, &plain, {
            let no_proxy = no_proxy.clone();
            move |settings| {
                settings.upstream.api.base_url = Some(format!("{api}/api/").parse().unwrap());
                settings.upstream.api.ca_file = Some(ca_file);
                settings.outbound.proxy = Some(proxy.into());
                settings.outbound.no_proxy = no_proxy;
            }
        })
        .await;
        let authorize = signing_in.start_login("/home").await;
        idp.token_answers(200, idp.tokens(&query(&authorize, "nonce"), 300)).await;
        let landed = signing_in.callback(&format!("code=abc&state={}", query(&authorize, "state"))).await;
        assert_eq!(landed, "/home");

        let mut seen = tunnelled.lock().unwrap().clone();
        seen.sort();
        seen.dedup();
        let expected = if no_proxy.is_empty() { https_hosts.clone() } else { vec![] };
        assert_eq!(seen, expected, "no_proxy {no_proxy:?}");
    }
}
