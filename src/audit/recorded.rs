//! What the trail records of a request, decided when its answer is ready (`edge`): what its
//! handler noted (a sign-in, a sign-out, a session closed, a captcha refused), else a refusal
//! (403, 429), else what the route's call is (a read of health data, a change).

use std::collections::HashMap;

use actix_web::{HttpMessage as _, HttpRequest};

use super::event::{Event, Kind};
use super::trail::event_of;
use crate::member_api::calls::{Audited, CALLS, Exposed};

/// Whose request it is: put in the request by `Auth::current` when the trail is on.
#[derive(Clone)]
pub struct Subject {
    pub member: Option<String>,
    /// A delegate acting for `member`.
    pub actor: Option<String>,
    /// The session's one-way name.
    pub session: String,
}

/// What a handler tells the trail of its request, beyond what its route says.
#[derive(Default)]
pub struct Note {
    pub kind: Option<Kind>,
    /// Whose, when not the session the request came with (a sign-in, a sign-out).
    pub member: Option<String>,
    pub session: Option<String>,
    pub objects: Vec<String>,
    /// The outcome to record instead of the answer's status (a refused sign-in's reason).
    pub outcome: Option<u16>,
}

impl Note {
    pub fn of(kind: Kind) -> Self {
        Self { kind: Some(kind), ..Self::default() }
    }
}

/// The notes of one request.
#[derive(Default)]
struct Notes(Vec<Note>);

/// Adds `note` to what the trail records of `request`; nothing is kept when the trail is off.
pub fn note(request: &HttpRequest, note: Note) {
    request.extensions_mut().get_or_insert_with(Notes::default).0.push(note);
}

/// The routes whose calls are recorded, by pattern (`/api/demande/{id}`).
pub struct Routes(HashMap<String, Kind>);

impl Default for Routes {
    fn default() -> Self {
        let calls = CALLS.iter().filter(|call| call.exposed != Exposed::Internal);
        let recorded = calls.filter_map(|call| {
            let kind = match call.audited {
                Audited::Nothing => return None,
                Audited::HealthRead => Kind::Read,
                Audited::Write => Kind::Write,
            };
            Some((format!("/api{}", call.path), kind))
        });
        // The dashboard's answer holds the latest reimbursements and requests; the archive of
        // the member's data holds everything; the wallet's pass and link hold the card.
        let own = [
            ("/api/home".to_owned(), Kind::Read),
            ("/api/mes-donnees".to_owned(), Kind::Read),
            (format!("/api{}", crate::wallet::paths::APPLE_PATH), Kind::Read),
            (format!("/api{}", crate::wallet::paths::GOOGLE_PATH), Kind::Read),
        ];
        Self(recorded.chain(own).collect())
    }
}

impl Routes {
    /// The events to record for `request`, answered `status`.
    pub fn events(&self, request: &HttpRequest, status: u16, trusted_proxies: &[ipnet::IpNet]) -> Vec<Event> {
        let subject = request.extensions().get::<Subject>().cloned();
        let notes = request.extensions_mut().remove::<Notes>().unwrap_or_default().0;
        let from_route = || {
            let kind = if matches!(status, 403 | 429) {
                Some(Kind::Refused)
            } else {
                request.match_pattern().and_then(|pattern| self.0.get(&pattern).copied())
            };
            kind.map(Note::of)
        };
        let notes = if notes.is_empty() { from_route().into_iter().collect() } else { notes };
        notes
            .into_iter()
            .filter_map(|note| {
                let mut event =
                    event_of(note.kind?, request, note.outcome.unwrap_or(status), trusted_proxies);
                event.member =
                    note.member.or_else(|| subject.as_ref().and_then(|subject| subject.member.clone()));
                event.actor = subject.as_ref().and_then(|subject| subject.actor.clone());
                event.session =
                    note.session.or_else(|| subject.as_ref().map(|subject| subject.session.clone()));
                if !note.objects.is_empty() {
                    event.objects = note.objects;
                }
                Some(event)
            })
            .collect()
    }
}
