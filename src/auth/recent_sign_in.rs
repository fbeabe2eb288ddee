//! Sign in again before what matters: the changes a session left open on a shared computer
//! must not allow (new bank details, a termination) need a sign-in at most
//! `oidc.recent_sign_in_secs` old. The portal asks the provider for one with `max_age` (and
//! `acr_values` when configured), then believes only what the ID token says of it, its
//! `auth_time` and `acr`: a provider that ignored the request, or a sign-in cookie of its own
//! that stood in for the member, shows there.

use std::time::Duration;

use openidconnect::core::{CoreAuthDisplay, CoreAuthPrompt, CoreResponseType};
use openidconnect::{AuthenticationContextClass, AuthorizationRequest};

use crate::clock::{self, WallClock};
use crate::config::OidcSettings;
use crate::error::ApiError;
use crate::session::Session;

/// How far ahead of this one the provider's clock may be (the ID token checks allow as much).
const CLOCK_SKEW_SECS: i64 = 60;

type CoreAuthorizationRequest<'a> =
    AuthorizationRequest<'a, CoreAuthDisplay, CoreAuthPrompt, CoreResponseType>;

pub struct RecentSignIn {
    /// `oidc.recent_sign_in_secs`: sent as `max_age`, and the most a sign-in's age may be.
    max_age: Duration,
    /// `oidc.acr_values`: asked for, and the ID token's `acr` must be one of them.
    acr_values: Vec<String>,
    clock: WallClock,
}

/// Why a sign-in again's ID token does not show a recent sign-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotRecent {
    /// No `auth_time`, which a provider must send when asked with `max_age` (OpenID Connect
    /// Core §3.1.2.1): without it, the sign-in's age is unknown.
    NoAuthTime,
    /// The provider authenticated the member longer ago than asked.
    TooOld { age_secs: i64 },
    /// `oidc.acr_values` are configured and the token's `acr` is none of them.
    OtherLevel,
}

impl RecentSignIn {
    pub fn new(settings: &OidcSettings) -> Self {
        Self::with_clock(settings, clock::system_wall())
    }

    pub fn with_clock(settings: &OidcSettings, clock: WallClock) -> Self {
        Self {
            max_age: Duration::from_secs(settings.recent_sign_in_secs),
            acr_values: settings.acr_values.clone(),
            clock,
        }
    }

    /// The 403 `reconnexion_requise` of a session whose sign-in is not recent, or unknown.
    pub fn require(&self, session: &Session) -> Result<(), ApiError> {
        match session.auth_time {
            Some(auth_time) if self.is_recent(auth_time) => Ok(()),
            _ => Err(ApiError::SignInAgain),
        }
    }

    /// The `auth_time` a new session keeps from its sign-in's ID token: none when levels are
    /// configured and the sign-in reached none of them, so that a sign-in with a password alone
    /// never stands in for the stronger one the changes that matter ask for.
    pub fn kept_at_sign_in(&self, auth_time: Option<i64>, acr: Option<&str>) -> Option<i64> {
        auth_time.filter(|_| self.level_reached(acr))
    }

    /// The authorization request of a sign-in again, through the client library's own
    /// parameters: `max_age` (which makes a provider authenticate the member anew when its
    /// own sign-in is older; `prompt=login` would ask even a member who has just signed in) and
    /// the configured levels.
    pub fn ask<'a>(&self, request: CoreAuthorizationRequest<'a>) -> CoreAuthorizationRequest<'a> {
        self.acr_values.iter().fold(request.set_max_age(self.max_age), |request, value| {
            request.add_auth_context_value(AuthenticationContextClass::new(value.clone()))
        })
    }

    /// The new `auth_time` of a sign-in again, from its verified ID token: present, no older
    /// than asked, and at one of the configured levels.
    pub fn check(&self, auth_time: Option<i64>, acr: Option<&str>) -> Result<i64, NotRecent> {
        let auth_time = auth_time.ok_or(NotRecent::NoAuthTime)?;
        if !self.is_recent(auth_time) {
            return Err(NotRecent::TooOld { age_secs: self.age_secs(auth_time) });
        }
        if !self.level_reached(acr) {
            return Err(NotRecent::OtherLevel);
        }
        Ok(auth_time)
    }

    fn level_reached(&self, acr: Option<&str>) -> bool {
        self.acr_values.is_empty() || acr.is_some_and(|acr| self.acr_values.iter().any(|v| v == acr))
    }

    /// No older than asked, and no further ahead than the provider's clock may be: a sign-in
    /// dated in the future would otherwise stay recent for as long as it is ahead.
    fn is_recent(&self, auth_time: i64) -> bool {
        (-CLOCK_SKEW_SECS..=self.max_age_secs()).contains(&self.age_secs(auth_time))
    }

    /// Seconds since `auth_time`; negative when the provider's clock is ahead of this one.
    fn age_secs(&self, auth_time: i64) -> i64 {
        (self.clock)() - auth_time
    }

    fn max_age_secs(&self) -> i64 {
        self.max_age.as_secs() as i64
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::clock::hand::HandClock;
    use crate::session::contract;

    fn rule(hand: &HandClock, acr_values: &[&str]) -> RecentSignIn {
        let settings = OidcSettings {
            acr_values: acr_values.iter().map(|value| (*value).to_owned()).collect(),
            ..OidcSettings::default()
        };
        RecentSignIn::with_clock(&settings, hand.wall())
    }

    fn signed_in_at(auth_time: Option<i64>) -> Session {
        Session { auth_time, ..contract::session("sid", "sub") }
    }

    #[test]
    fn a_sign_in_serves_five_minutes_then_the_change_needs_another() {
        let hand = HandClock::new();
        let rule = rule(&hand, &[]);
        let session = signed_in_at(Some(hand.unix_start()));
        assert!(rule.require(&session).is_ok());
        hand.advance(Duration::from_secs(300));
        assert!(rule.require(&session).is_ok(), "300 s old is still recent");
        hand.advance(Duration::from_secs(1));
        assert!(matches!(rule.require(&session), Err(ApiError::SignInAgain)));
    }

    #[test]
    fn a_session_without_its_sign_in_time_needs_a_sign_in_again() {
        let hand = HandClock::new();
        assert!(matches!(rule(&hand, &[]).require(&signed_in_at(None)), Err(ApiError::SignInAgain)));
    }

    #[test]
    fn a_sign_in_again_needs_its_auth_time_no_older_than_asked() {
        let hand = HandClock::new();
        let rule = rule(&hand, &[]);
        let now = hand.unix_start();
        assert_eq!(rule.check(Some(now - 12), None), Ok(now - 12));
        assert_eq!(rule.check(None, None), Err(NotRecent::NoAuthTime));
        assert_eq!(rule.check(Some(now - 301), None), Err(NotRecent::TooOld { age_secs: 301 }));
        assert_eq!(rule.check(Some(now + 5), None), Ok(now + 5), "the provider's clock a little ahead");
        assert_eq!(rule.check(Some(now + 61), None), Err(NotRecent::TooOld { age_secs: -61 }), "far ahead");
        hand.advance(Duration::from_secs(290));
        assert_eq!(rule.check(Some(now), None), Ok(now));
        hand.advance(Duration::from_secs(11));
        assert_eq!(rule.check(Some(now), None), Err(NotRecent::TooOld { age_secs: 301 }));
    }

    #[test]
    fn with_levels_configured_the_sign_in_again_must_reach_one() {
        let hand = HandClock::new();
        let now = hand.unix_start();
        let rule = rule(&hand, &["gold", "platinum"]);
        assert_eq!(rule.check(Some(now), Some("gold")), Ok(now));
        assert_eq!(rule.check(Some(now), Some("platinum")), Ok(now));
        assert_eq!(rule.check(Some(now), Some("silver")), Err(NotRecent::OtherLevel));
        assert_eq!(rule.check(Some(now), None), Err(NotRecent::OtherLevel));
        let without = RecentSignIn::with_clock(&OidcSettings::default(), hand.wall());
        assert_eq!(without.check(Some(now), Some("silver")), Ok(now), "no level configured, none checked");
    }

    #[test]
    fn with_levels_configured_a_sign_in_below_them_keeps_no_sign_in_time() {
        let hand = HandClock::new();
        let now = hand.unix_start();
        let rule = rule(&hand, &["gold"]);
        assert_eq!(rule.kept_at_sign_in(Some(now), Some("gold")), Some(now));
        assert_eq!(rule.kept_at_sign_in(Some(now), Some("silver")), None, "a password alone");
        assert_eq!(rule.kept_at_sign_in(Some(now), None), None);
        let without = RecentSignIn::with_clock(&OidcSettings::default(), hand.wall());
        assert_eq!(without.kept_at_sign_in(Some(now), None), Some(now));
    }

    #[test]
    fn a_session_signed_in_in_the_future_is_not_recent() {
        let hand = HandClock::new();
        let rule = rule(&hand, &[]);
        assert!(rule.require(&signed_in_at(Some(hand.unix_start() + 30))).is_ok(), "within the skew");
        assert!(matches!(
            rule.require(&signed_in_at(Some(hand.unix_start() + 3600))),
            Err(ApiError::SignInAgain)
        ));
    }
}
