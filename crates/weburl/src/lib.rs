//! weburl: URLs exactly as web browsers read them.
#![forbid(unsafe_code)]

pub mod host;
pub mod origin;
pub mod parser;
pub mod percent;
pub mod search_params;
#[cfg(feature = "serde")]
mod serde_impl;
mod setters;
mod url;

pub use host::{Host, HostError};
pub use origin::Origin;
pub use parser::ParseError;
pub use search_params::{SearchParams, SearchParamsMut};
pub use setters::SetterError;
pub use url::{Url, default_port};
