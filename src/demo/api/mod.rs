pub mod communes;
