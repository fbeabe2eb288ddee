//! One line of the trail: what happened, to whose data, through which session and route, with
//! what outcome, from where. Never a name, a person number in clear, a token or a cookie.

use serde::Serialize;

/// Longest object id written: the proxy refuses longer ones before they reach the member API.
const MAX_OBJECT_CHARS: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    SignIn,
    SignInRefused,
    SignOut,
    /// Closed from « Mes connexions », by the provider (back-channel logout), or by a newer
    /// sign-in past the member's cap.
    SessionClosed,
    SignInAgain,
    /// A read of health data: reimbursements, payments, allowances used, certificates, the card,
    /// requests and their documents.
    Read,
    Write,
    /// A 403 or 429 of the portal, or a captcha refused.
    Refused,
    /// A delegate opened the space of a member they act for.
    ActingStarted,
    /// A delegate went back to their own space.
    ActingEnded,
}

#[derive(Debug, Clone, Serialize)]
pub struct Event {
    /// UTC, RFC 3339, set when recorded.
    pub time: String,
    pub event: Kind,
    /// The member's pseudonym (`Pseudonyms`), when known: whose data it is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
    /// Who acted, when not the member themselves: a delegate's pseudonym (their person number's,
    /// or their account's for someone who is no member).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actor: Option<String>,
    /// The session's one-way name, as « Mes connexions » names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    /// The route's pattern (`/api/demande/{id}`), never the path as sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub route: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub objects: Vec<String>,
    /// The HTTP status answered.
    pub outcome: u16,
    pub client: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace_id: Option<String>,
}

impl Event {
    pub fn new(event: Kind, outcome: u16, client: String) -> Self {
        Self {
            time: String::new(),
            event,
            member: None,
            actor: None,
            session: None,
            route: None,
            objects: Vec::new(),
            outcome,
            client,
            request_id: None,
            trace_id: None,
        }
    }

    /// The event as a line chained to `prev`, without its line break.
    pub fn line(&self, prev: &str) -> String {
        let json = serde_json::to_string(self).expect("an event serialises");
        format!("{},\"prev\":\"{prev}\"}}", &json[..json.len() - 1])
    }
}

/// An id from the address, cut to a bound (it is escaped with the rest of the line).
pub fn object(id: &str) -> String {
    id.chars().take(MAX_OBJECT_CHARS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_one_json_object_ending_with_the_previous_hash() {
        let mut event = Event::new(Kind::Read, 200, "192.0.2.1".into());
        event.route = Some("/api/demande/{id}".into());
        event.objects = vec![object("12\"\n"), object(&"9".repeat(1000))];
        let line = event.line("abc");
        assert!(!line.contains('\n'));
        let value: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(value["event"], "read");
        assert_eq!(value["objects"][0], "12\"\n");
        assert_eq!(value["objects"][1].as_str().unwrap().len(), MAX_OBJECT_CHARS);
        assert_eq!(value["prev"], "abc");
        assert!(value.get("member").is_none(), "unknown fields are left out");
    }
}
