//! `serde` support (feature `serde`): a [`Url`] serializes as its href and deserializes by
//! parsing, so an invalid URL is a deserialization error.
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! let url = weburl::Url::parse("https://example.com/a?b").unwrap();
//! let json = serde_json::to_string(&url).unwrap();
//! assert_eq!(json, r#""https://example.com/a?b""#);
//! let back: weburl::Url = serde_json::from_str(&json).unwrap();
//! assert_eq!(back, url);
//! assert!(serde_json::from_str::<weburl::Url>(r#""no scheme""#).is_err());
//! # }
//! ```

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};
use std::fmt;

use crate::Url;

impl Serialize for Url {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.href())
    }
}

impl<'de> Deserialize<'de> for Url {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        struct UrlVisitor;
        impl Visitor<'_> for UrlVisitor {
            type Value = Url;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a URL string")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Url, E> {
                Url::parse(s).map_err(|e| E::custom(format_args!("invalid URL {s:?}: {e}")))
            }
        }
        deserializer.deserialize_str(UrlVisitor)
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;

    #[test]
    fn round_trip_and_errors() {
        let url = Url::parse("http://EXAMPLE.com/a b").unwrap();
        let json = serde_json::to_string(&url).unwrap();
        assert_eq!(json, r#""http://example.com/a%20b""#);
        assert_eq!(serde_json::from_str::<Url>(&json).unwrap(), url);
        let err = serde_json::from_str::<Url>(r#""http://[::1""#).unwrap_err();
        assert!(err.to_string().contains("invalid URL"), "{err}");
    }
}
