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
//! An init object also deserializes ([`UrlPatternInit`], and [`UrlPatternInput`]: a string or
//! an init object), from the JSON form web-platform-tests' `urlpatterntestdata.json` and
//! JavaScript's `URLPatternInit` dictionary use: members named `protocol`, `username`,
//! `password`, `hostname`, `port`, `pathname`, `search`, `hash` and `baseURL`, each a string.
//! Other members are ignored, as JavaScript's dictionary conversion ignores them; a member
//! that is not a string is an error that names it and what it is
//! (`pathname must be a string, not a number`). The values are read with
//! `deserialize_any`, so the format must describe itself (JSON, TOML, YAML, CBOR, ...).
//!
//! ```
//! let p: weburl::pattern::UrlPattern = "https://*.example.com/books/:id".parse().unwrap();
//! let m = p.exec("https://a.example.com/books/7", None).unwrap();
//! let json = serde_json::to_value(&m).unwrap();
//! assert_eq!(json["inputs"], serde_json::json!(["https://a.example.com/books/7"]));
//! assert_eq!(json["pathname"], serde_json::json!({"input": "/books/7", "groups": {"id": "7"}}));
//! assert_eq!(json["hostname"]["groups"]["0"], "a");
//! ```

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

use super::{
    Groups, UrlPatternComponent, UrlPatternComponentResult, UrlPatternInit, UrlPatternInput,
    UrlPatternInputs, UrlPatternResult,
};

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
        let components = UrlPatternComponent::ALL.map(|c| (c.name(), self.get(c)));
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

impl Serialize for UrlPatternInputs {
    /// A list of inputs.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
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

impl<'de> Deserialize<'de> for UrlPatternInit {
    /// An object whose members, named as JavaScript's `URLPatternInit` names them, are
    /// strings; other members are ignored; a member that is not a string is an error that
    /// names it.
    ///
    /// ```
    /// use weburl::pattern::UrlPatternInit;
    /// let init: UrlPatternInit =
    ///     serde_json::from_str(r#"{"pathname": "/books/:id", "baseURL": "https://h/", "x": 1}"#).unwrap();
    /// assert_eq!(init.pathname.as_deref(), Some("/books/:id"));
    /// assert_eq!(init.base_url.as_deref(), Some("https://h/"));
    /// let e = serde_json::from_str::<UrlPatternInit>(r#"{"port": 8080}"#).unwrap_err();
    /// assert_eq!(e.to_string(), "port must be a string, not a number at line 1 column 13");
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(InitVisitor)
    }
}

impl<'de> Deserialize<'de> for UrlPatternInput {
    /// A string, or an init object as [`UrlPatternInit`] reads it.
    ///
    /// ```
    /// use weburl::pattern::{UrlPatternInit, UrlPatternInput};
    /// let s: UrlPatternInput = serde_json::from_str(r#""https://example.com/*""#).unwrap();
    /// assert_eq!(s, UrlPatternInput::String("https://example.com/*".into()));
    /// let i: UrlPatternInput = serde_json::from_str(r#"{"hostname": "example.com"}"#).unwrap();
    /// let init = UrlPatternInit { hostname: Some("example.com".into()), ..Default::default() };
    /// assert_eq!(i, UrlPatternInput::from(init));
    /// assert!(serde_json::from_str::<UrlPatternInput>("[]").is_err());
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct InputVisitor;
        impl<'de> Visitor<'de> for InputVisitor {
            type Value = UrlPatternInput;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string or a URLPatternInit object")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<UrlPatternInput, E> {
                Ok(UrlPatternInput::String(s.to_owned()))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<UrlPatternInput, E> {
                Ok(UrlPatternInput::String(s))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<UrlPatternInput, A::Error> {
                InitVisitor.visit_map(map).map(UrlPatternInput::from)
            }
        }
        deserializer.deserialize_any(InputVisitor)
    }
}

/// Reads an init object's members.
struct InitVisitor;

impl<'de> Visitor<'de> for InitVisitor {
    type Value = UrlPatternInit;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a URLPatternInit object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UrlPatternInit, A::Error> {
        let mut init = UrlPatternInit::default();
        while let Some(Key(name)) = map.next_key()? {
            match init.member_mut(&name) {
                Some(slot) => *slot = Some(map.next_value_seed(StringMember(&name))?),
                None => {
                    map.next_value::<de::IgnoredAny>()?;
                }
            }
        }
        Ok(init)
    }
}

/// A member's name, borrowed from the input where the format allows.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a member name")
            }
            fn visit_borrowed_str<E: de::Error>(self, name: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(name)))
            }
            fn visit_str<E: de::Error>(self, name: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(name.to_owned())))
            }
            fn visit_string<E: de::Error>(self, name: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(name)))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// The value of the member named `.0`: a string, or an error that says which member is not
/// one and what it is instead (in JSON's words).
struct StringMember<'a>(&'a str);

impl StringMember<'_> {
    fn not_a_string<E: de::Error>(&self, what: &str) -> E {
        E::custom(format_args!("{} must be a string, not {what}", self.0))
    }
}

impl<'de> DeserializeSeed<'de> for StringMember<'_> {
    type Value = String;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for StringMember<'_> {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a string ({})", self.0)
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<String, E> {
        Ok(s.to_owned())
    }
    fn visit_string<E: de::Error>(self, s: String) -> Result<String, E> {
        Ok(s)
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<String, E> {
        Err(self.not_a_string("a boolean"))
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<String, E> {
        Err(self.not_a_string("a number"))
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<String, E> {
        Err(self.not_a_string("a number"))
    }
    fn visit_i128<E: de::Error>(self, _: i128) -> Result<String, E> {
        Err(self.not_a_string("a number"))
    }
    fn visit_u128<E: de::Error>(self, _: u128) -> Result<String, E> {
        Err(self.not_a_string("a number"))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<String, E> {
        Err(self.not_a_string("a number"))
    }
    fn visit_unit<E: de::Error>(self) -> Result<String, E> {
        Err(self.not_a_string("null"))
    }
    fn visit_none<E: de::Error>(self) -> Result<String, E> {
        Err(self.not_a_string("null"))
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, _: A) -> Result<String, A::Error> {
        Err(self.not_a_string("an array"))
    }
    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<String, A::Error> {
        Err(self.not_a_string("an object"))
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::{Value, json};

    use super::{UrlPatternInit, UrlPatternInput};

    fn init(v: &Value) -> Result<UrlPatternInit, String> {
        UrlPatternInit::deserialize(v).map_err(|e| e.to_string())
    }

    #[test]
    fn every_member_by_its_javascript_name() {
        let all = json!({
            "protocol": "a", "username": "b", "password": "c", "hostname": "d", "port": "e",
            "pathname": "f", "search": "g", "hash": "h", "baseURL": "i",
        });
        let got = init(&all).unwrap();
        assert_eq!(
            got,
            UrlPatternInit {
                protocol: Some("a".into()),
                username: Some("b".into()),
                password: Some("c".into()),
                hostname: Some("d".into()),
                port: Some("e".into()),
                pathname: Some("f".into()),
                search: Some("g".into()),
                hash: Some("h".into()),
                base_url: Some("i".into()),
            }
        );
        // Serialize and deserialize are each other's inverse.
        assert_eq!(serde_json::to_value(&got).unwrap(), all);
        assert_eq!(init(&json!({})).unwrap(), UrlPatternInit::default());
        // Rust's field name is not a member; neither is a name in another case.
        assert_eq!(
            init(&json!({"base_url": "x", "Pathname": "/", "baseUrl": "y"})).unwrap(),
            UrlPatternInit::default()
        );
    }

    #[test]
    fn other_members_are_ignored_whatever_they_hold() {
        let got = init(&json!({"x": [1, {"y": null}], "pathname": "/a", "ignoreCase": true}));
        assert_eq!(got.unwrap().pathname.as_deref(), Some("/a"));
    }

    #[test]
    fn a_member_that_is_not_a_string_is_named() {
        for (value, what) in [
            (json!(1), "a number"),
            (json!(-1), "a number"),
            (json!(1.5), "a number"),
            (json!(true), "a boolean"),
            (json!(null), "null"),
            (json!(["/a"]), "an array"),
            (json!({"a": "b"}), "an object"),
        ] {
            assert_eq!(
                init(&json!({"hash": "ok", "search": value})),
                Err(format!("search must be a string, not {what}"))
            );
        }
        assert_eq!(
            init(&json!({"baseURL": 1})),
            Err("baseURL must be a string, not a number".to_owned())
        );
        // From text too, where the error says where.
        let e = serde_json::from_str::<UrlPatternInit>(r#"{"hostname": null}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            "hostname must be a string, not null at line 1 column 17"
        );
    }

    #[test]
    fn not_an_object() {
        assert!(init(&json!("/a")).is_err());
        assert!(init(&json!(["/a"])).is_err());
        assert!(UrlPatternInput::deserialize(&json!(1)).is_err());
        assert!(UrlPatternInput::deserialize(&json!(null)).is_err());
    }

    #[test]
    fn input_round_trips() {
        for v in [
            json!("https://a/*"),
            json!({"pathname": "/x", "baseURL": "https://b/"}),
        ] {
            let input = UrlPatternInput::deserialize(&v).unwrap();
            assert_eq!(serde_json::to_value(&input).unwrap(), v);
        }
    }
}
