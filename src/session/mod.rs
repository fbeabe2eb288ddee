//! Server-side sessions. The browser holds only an opaque random id; the member's data and
//! tokens stay here, in one of two stores behind the `SessionStore` trait: in memory for one
//! instance, Redis for several behind a load balancer.

mod memory;
mod record;
mod redis;
mod seal;
mod store;

#[cfg(test)]
pub(crate) mod contract;

pub use memory::MemoryStore;
pub use record::{Acting, Listed, Session, Tokens, new_id};
pub use redis::RedisStore;
pub use seal::Keyring;
pub use store::{SessionStore, export_count};
