//! The URL API's setters by name, as `--set` and `--iterate` take them.

use std::fmt;

use weburl::Url;

use crate::failure::Failure;

/// One of the URL API's setters: a settable [`weburl::Component`] (all but `origin`).
pub use weburl::Component as Setter;

/// The URL record's names (and trurl's `user` and `url`) that the options take besides the
/// URL API's.
const ALIASES: [(&str, Setter); 6] = [
    ("scheme", Setter::Protocol),
    ("user", Setter::Username),
    ("path", Setter::Pathname),
    ("query", Setter::Search),
    ("fragment", Setter::Hash),
    ("url", Setter::Href),
];

/// The setter called `name`: a settable component's URL API name, or an alias.
pub fn from_name(name: &str) -> Option<Setter> {
    match name.parse::<Setter>() {
        Ok(setter) => Some(setter).filter(|s| s.is_settable()),
        Err(_) => ALIASES.iter().find(|(n, _)| *n == name).map(|&(_, s)| s),
    }
}

/// Runs `setter` on `url` ([`weburl::Url::set`]). `Err` says why the URL API's setter ignored
/// the value (or failed part way: the `host` setter may set the host, then stop at a bad
/// port).
pub fn apply(setter: Setter, url: &mut Url, value: &str) -> Result<(), Failure> {
    url.set(setter, value).map_err(Failure::from)
}

/// The list of names, for error messages.
struct NameList;

impl fmt::Display for NameList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = Setter::SETTABLE
            .iter()
            .map(|s| s.name())
            .chain(ALIASES.iter().map(|(n, _)| *n));
        for (i, name) in names.enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

/// `COMPONENT=VALUE`, as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    /// The setter.
    pub setter: Setter,
    /// COMPONENT as given (for messages).
    pub name: String,
    /// VALUE.
    pub value: String,
}

impl Assignment {
    /// Runs the setter on `url`; `Err` says `COMPONENT=VALUE: <why it was ignored>`.
    pub fn apply(&self, url: &mut Url) -> Result<(), Failure> {
        apply(self.setter, url, &self.value)
            .map_err(|e| e.context(format_args!("{}={}", self.name, self.value)))
    }
}

/// Splits `COMPONENT=VALUE` (at the first `=`) and looks the component up.
pub fn parse_assignment(arg: &str) -> Result<Assignment, String> {
    let Some((name, value)) = arg.split_once('=') else {
        return Err("expected COMPONENT=VALUE".to_owned());
    };
    match from_name(name) {
        Some(setter) => Ok(Assignment {
            setter,
            name: name.to_owned(),
            value: value.to_owned(),
        }),
        None => Err(format!(
            "unknown component '{name}' (expected one of {NameList})"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::{Setter, apply, from_name, parse_assignment};
    use crate::failure::Failure;
    use weburl::Url;

    #[test]
    fn names_and_aliases() {
        let query = parse_assignment("query=a=b").unwrap();
        assert_eq!(
            (query.setter, query.name.as_str(), query.value.as_str()),
            (Setter::Search, "query", "a=b")
        );
        let host = parse_assignment("host=").unwrap();
        assert_eq!((host.setter, host.value.as_str()), (Setter::Host, ""));
        assert_eq!(Setter::Search.name(), "search");
        assert_eq!(from_name("scheme"), Some(Setter::Protocol));
        assert_eq!(from_name("origin"), None);
        assert!(
            parse_assignment("nope=1")
                .unwrap_err()
                .starts_with("unknown component 'nope'")
        );
        assert_eq!(
            parse_assignment("host"),
            Err("expected COMPONENT=VALUE".to_owned())
        );
    }

    #[test]
    fn apply_reports_ignored_values() {
        let mut url = Url::parse("http://a/").unwrap();
        apply(Setter::Port, &mut url, "8080").unwrap();
        assert_eq!(url.href(), "http://a:8080/");
        assert!(apply(Setter::Port, &mut url, "99999").is_err());
        assert!(apply(Setter::Protocol, &mut url, "mailto").is_err());
        assert_eq!(url.href(), "http://a:8080/");
        assert_eq!(
            parse_assignment("scheme=mailto").unwrap().apply(&mut url),
            Err(Failure::new(
                "setter-ignored",
                "scheme=mailto: a special scheme cannot be changed to a non-special one, \
                 or the other way round"
            ))
        );
    }
}
