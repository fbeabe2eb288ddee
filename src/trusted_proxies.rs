//! The proxies in front of the portal whose forwarding headers it believes
//! (`server.trusted_proxies`): their `X-Forwarded-For` names the client, their `X-Request-Id`
//! and `traceparent` are kept. Registered on its own, so that what reads it needs no more.

use std::net::IpAddr;

use ipnet::IpNet;

/// `server.trusted_proxies`, as the request span reads it.
pub struct TrustedProxies(pub Vec<IpNet>);

pub fn is_trusted_proxy(trusted: &[IpNet], peer: Option<IpAddr>) -> bool {
    peer.is_some_and(|ip| trusted.iter().any(|net| net.contains(&ip)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_listed_proxies_are_trusted() {
        let trusted: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap()];
        assert!(is_trusted_proxy(&trusted, Some("10.1.2.3".parse().unwrap())));
        assert!(!is_trusted_proxy(&trusted, Some("192.168.1.1".parse().unwrap())));
        assert!(!is_trusted_proxy(&trusted, None));
    }
}
