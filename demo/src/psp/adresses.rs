//! Where the stand-in lives, under the server that mounts the demo.

pub const MOUNT: &str = "/_demo/psp";
/// The page a shop posts its form to, under the public address.
pub const PAGE: &str = "_demo/psp/vads-payment/";
