//! Demo mode: embedded upstreams (an OpenID provider, a member API, a content service) mounted
//! under `/_demo`. The portal reaches them over HTTP through its production clients; only the
//! start-up wiring in `lib.rs` knows they exist.

pub mod api;
pub mod personas;
