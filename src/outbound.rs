//! `[outbound]`'s proxy, applied the same way by every HTTP client: reqwest's (the provider,
//! the content service, the captcha) and the member API's hyper client. Both decide with
//! hyper-util's matcher (reqwest uses it inside), so a destination goes through the proxy
//! for one exactly when it does for the other.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::http::Uri;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::connect::proxy::Tunnel;
use hyper_util::client::proxy::matcher::Matcher;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

use crate::config::{OutboundSettings, Settings};

/// How long a connection to an upstream stays open unused before the portal closes it: under
/// the shortest keep-alive of the servers it talks to (5 s for Node.js, so Strapi, and for
/// actix-web, so the demo's upstreams). Kept longer, a connection the server has just closed
/// is taken for a request, which fails (`IncompleteMessage`): seen as a member's failed
/// sign-in or a home part in error. Under load connections are reused long before that.
pub const UPSTREAM_IDLE_CONNECTION: Duration = Duration::from_secs(4);

/// A client trusting and presenting what `tls` names (see `tls`).
pub fn http_client(settings: &Settings, tls: crate::tls::TlsFiles) -> anyhow::Result<reqwest::Client> {
    let builder = apply(reqwest::Client::builder(), &settings.outbound)?;
    Ok(builder
        .use_preconfigured_tls(crate::tls::client_config(tls)?)
        .connect_timeout(Duration::from_millis(settings.upstream.api.connect_timeout_ms))
        .pool_idle_timeout(UPSTREAM_IDLE_CONNECTION)
        // Upstream redirects are never followed: a proxy must not wander to another host.
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("espace-assure/", env!("CARGO_PKG_VERSION")))
        .build()?)
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Tells reqwest's builder the rule: the proxy for `https://` but `no_proxy`, and never the
/// environment's proxy variables.
pub fn apply(
    builder: reqwest::ClientBuilder,
    settings: &OutboundSettings,
) -> anyhow::Result<reqwest::ClientBuilder> {
    let builder = builder.no_proxy();
    let Some(url) = settings.proxy_url() else { return Ok(builder) };
    let proxy =
        reqwest::Proxy::https(url)?.no_proxy(reqwest::NoProxy::from_string(&settings.no_proxy_list()));
    Ok(builder.proxy(proxy))
}

/// The connector of the portal's hyper clients (the member API's, the traces'): `https://` or
/// `http://`, through [`Connector`].
pub type HttpsConnector = hyper_rustls::HttpsConnector<Connector>;

pub fn https_connector(
    connect_timeout: std::time::Duration,
    tls: rustls::ClientConfig,
    settings: &OutboundSettings,
) -> anyhow::Result<HttpsConnector> {
    let mut connector = HttpConnector::new();
    connector.set_connect_timeout(Some(connect_timeout));
    connector.set_nodelay(true);
    // The TLS connector around it takes `https://` addresses.
    connector.enforce_http(false);
    Ok(hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(tls)
        .https_or_http()
        .enable_http1()
        .wrap_connector(Connector::new(connector, settings)?))
}

/// The hyper clients' connector: a TCP connection to the destination, or a tunnel to it
/// through the proxy.
#[derive(Clone)]
pub struct Connector {
    direct: HttpConnector,
    proxied: Option<(std::sync::Arc<Matcher>, Tunnel<HttpConnector>)>,
}

impl Connector {
    pub fn new(direct: HttpConnector, settings: &OutboundSettings) -> anyhow::Result<Self> {
        let Some(url) = settings.proxy_url() else { return Ok(Self { direct, proxied: None }) };
        let matcher = Matcher::builder().https(url).no(settings.no_proxy_list()).build();
        // The proxy's address and credentials, as the matcher reads them from its URL.
        let proxy = Matcher::builder()
            .https(url)
            .build()
            .intercept(&Uri::from_static("https://destination"))
            .ok_or_else(|| anyhow::anyhow!("outbound.proxy is not a proxy URL"))?;
        let mut tunnel = Tunnel::new(proxy.uri().clone(), direct.clone());
        if let Some(credentials) = proxy.basic_auth() {
            tunnel = tunnel.with_auth(credentials.clone());
        }
        Ok(Self { direct, proxied: Some((std::sync::Arc::new(matcher), tunnel)) })
    }
}

impl tower_service::Service<Uri> for Connector {
    type Response = TokioIo<TcpStream>;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, BoxError>> + Send>>;

    fn poll_ready(&mut self, context: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        if let Some((_, tunnel)) = &mut self.proxied {
            std::task::ready!(tunnel.poll_ready(context))?;
        }
        self.direct.poll_ready(context).map_err(Into::into)
    }

    fn call(&mut self, destination: Uri) -> Self::Future {
        match &mut self.proxied {
            Some((matcher, tunnel)) if matcher.intercept(&destination).is_some() => {
                let connecting = tunnel.call(destination);
                Box::pin(async move { connecting.await.map_err(Into::into) })
            }
            _ => {
                let connecting = self.direct.call(destination);
                Box::pin(async move { connecting.await.map_err(Into::into) })
            }
        }
    }
}
