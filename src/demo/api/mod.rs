pub mod communes;
pub mod pdf;
