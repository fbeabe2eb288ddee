//! What the portal's instances agree on besides sessions: single-use claims (a captcha
//! solution spent once) and short locks (one refresh per session at a time). In memory for one
//! instance, in Redis beside the sessions for several, behind the `Coordination` trait; both
//! keep every entry for a bounded time only.

mod memory;
mod redis;
mod store;

#[cfg(test)]
mod contract;

pub use memory::MemoryCoordination;
pub use redis::RedisCoordination;
pub use store::Coordination;
