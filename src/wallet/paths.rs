//! Where the browser asks for the pass and for the link, under `/api`: also what the audit trail
//! records as reads of health data (`audit::recorded`), so kept apart from the handlers.

pub const APPLE_PATH: &str = "/carte-tp/wallet/apple";
pub const GOOGLE_PATH: &str = "/carte-tp/wallet/google";
