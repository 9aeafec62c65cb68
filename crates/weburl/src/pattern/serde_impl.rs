//! `serde` support for match results (features `serde` and `pattern`): a
//! [`UrlPatternResult`] serializes as JavaScript's `URLPatternResult` object, the shape
//! `JSON.stringify(pattern.exec(...))` gives and web-platform-tests' `expected_match` writes:
//!
//! ```text
//! {"inputs": [...], "protocol": {"input": "https", "groups": {"0": "https"}}, ..., "hash": {...}}
//! ```
//!
//! The eight components come in the spec's order ([`UrlPatternResult::components`]); groups
//! in the pattern's order, a group that did not participate as `null` (JavaScript's
//! `undefined`, which `JSON.stringify` drops: a reader sees the name with no value either
//! way); `inputs` are strings, or init objects with the members that were given (`baseURL` as
//! JavaScript spells it).
//!
//! ```
//! let p: weburl::pattern::UrlPattern = "https://*.example.com/books/:id".parse().unwrap();
//! let m = p.exec("https://a.example.com/books/7", None).unwrap();
//! let json = serde_json::to_value(&m).unwrap();
//! assert_eq!(json["inputs"], serde_json::json!(["https://a.example.com/books/7"]));
//! assert_eq!(json["pathname"], serde_json::json!({"input": "/books/7", "groups": {"id": "7"}}));
//! assert_eq!(json["hostname"]["groups"]["0"], "a");
//! ```

use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

use super::{Groups, UrlPatternComponentResult, UrlPatternInit, UrlPatternInput, UrlPatternResult};

impl Serialize for Groups {
    /// A map from group name to value (`null`: did not participate), in the pattern's order.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl Serialize for UrlPatternComponentResult {
    /// `{"input": string, "groups": {name: string or null}}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let input: &str = &self.input;
        let mut out = serializer.serialize_struct("URLPatternComponentResult", 2)?;
        out.serialize_field("input", input)?;
        out.serialize_field("groups", &self.groups)?;
        out.end()
    }
}

impl Serialize for UrlPatternInit {
    /// The members that are set, named as JavaScript's `URLPatternInit` names them.
    ///
    /// ```
    /// use weburl::pattern::UrlPatternInit;
    /// let init = UrlPatternInit { pathname: Some("/a".into()), base_url: Some("https://h/".into()), ..Default::default() };
    /// assert_eq!(serde_json::to_string(&init).unwrap(), r#"{"pathname":"/a","baseURL":"https://h/"}"#);
    /// ```
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let components = super::UrlPatternComponent::ALL.map(|c| (c.name(), self.get(c)));
        let members = components
            .into_iter()
            .chain([("baseURL", self.base_url.as_deref())])
            .filter_map(|(name, value)| Some((name, value?)));
        serializer.collect_map(members)
    }
}

impl Serialize for UrlPatternInput {
    /// A string, or an init object.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            UrlPatternInput::String(s) => serializer.serialize_str(s),
            UrlPatternInput::Init(init) => init.serialize(serializer),
        }
    }
}

impl Serialize for UrlPatternResult {
    /// JavaScript's `URLPatternResult`: `inputs`, then the eight components.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(9))?;
        map.serialize_entry("inputs", &self.inputs)?;
        self.component_entries(&mut map)?;
        map.end()
    }
}

impl UrlPatternResult {
    /// Serializes the result without `inputs`: the eight components only, as
    /// `{"protocol": {"input", "groups"}, ..., "hash": {...}}` (the `match` of
    /// `weburl batch`'s `pattern` op). For `#[serde(serialize_with = "...")]`.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://example.com/:id".parse().unwrap();
    /// let m = p.exec("https://example.com/7", None).unwrap();
    /// let json = m.serialize_components(serde_json::value::Serializer).unwrap();
    /// assert_eq!(json["pathname"], serde_json::json!({"input": "/7", "groups": {"id": "7"}}));
    /// assert!(json.get("inputs").is_none());
    /// ```
    pub fn serialize_components<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(8))?;
        self.component_entries(&mut map)?;
        map.end()
    }

    /// The eight `name: {"input", "groups"}` entries, in the spec's order.
    fn component_entries<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        for (component, result) in self.components() {
            map.serialize_entry(component.name(), result)?;
        }
        Ok(())
    }
}
