//! Redis, when sessions live there: reached with the store's own client (TLS, client
//! certificate, ACL user from the URL), then the kinds of command the store uses.

use std::time::Duration;

use super::report::Report;
use crate::config::{SessionStoreKind, Settings};

const UPSTREAM: &str = "redis";
/// Redis answers in milliseconds; past this it is not going to.
const TIMEOUT: Duration = Duration::from_secs(10);

pub async fn check(settings: &Settings, report: &mut Report) {
    let session = &settings.session;
    if session.store != SessionStoreKind::Redis {
        return report.skip(UPSTREAM, "sessions in memory (session.store = \"memory\"): no Redis to check");
    }
    let Some(target) = crate::redis_connection::Target::of(session) else {
        return report.fail(UPSTREAM, "session.redis_url is not set");
    };
    let described = describe(target.url);
    match tokio::time::timeout(TIMEOUT, crate::redis_connection::check(target)).await {
        Ok(Ok(())) => {
            report.ok(UPSTREAM, format!("{described}: PING, write, script, read and delete answered"))
        }
        Ok(Err(error)) => report.fail(UPSTREAM, format!("{described}: {error:#}")),
        Err(_) => report.fail(UPSTREAM, format!("{described}: no answer within {} s", TIMEOUT.as_secs())),
    }
}

/// Where Redis is and how it is reached, without the password the URL may hold.
fn describe(url: &str) -> String {
    let Ok(parsed) = url::Url::parse(url) else { return "session.redis_url".into() };
    let place = match (parsed.scheme(), parsed.host_str()) {
        ("redis+unix" | "unix", _) => format!("socket {}", parsed.path()),
        (_, Some(host)) => format!("{host}:{}", parsed.port().unwrap_or(6379)),
        _ => "session.redis_url".into(),
    };
    let tls = if parsed.scheme() == "rediss" { "TLS" } else { "no TLS" };
    // A socket's URL names its user and password in the query (`?user=…&pass=…`).
    let query =
        |name: &str| parsed.query_pairs().find(|(key, _)| key == name).map(|(_, value)| value.into_owned());
    let username = match parsed.username() {
        "" => query("user").unwrap_or_default(),
        user => user.to_owned(),
    };
    let user = match (username.as_str(), parsed.password().is_some() || query("pass").is_some()) {
        ("", true) => "the default user with a password".to_owned(),
        ("", false) => "the default user without a password".to_owned(),
        (user, _) => format!("ACL user {user}"),
    };
    format!("{place} ({tls}, {user})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_description_never_shows_the_password() {
        let shown = describe("rediss://portail:s3cret@redis.mutuelle.internal:6380/0");
        assert_eq!(shown, "redis.mutuelle.internal:6380 (TLS, ACL user portail)");
        assert_eq!(
            describe("redis://:s3cret@127.0.0.1/0"),
            "127.0.0.1:6379 (no TLS, the default user with a password)"
        );
        assert!(describe("redis+unix:///run/redis.sock").starts_with("socket /run/redis.sock"));
        assert_eq!(
            describe("redis+unix:///run/redis.sock?user=portail&pass=s3cret"),
            "socket /run/redis.sock (no TLS, ACL user portail)"
        );
    }
}
