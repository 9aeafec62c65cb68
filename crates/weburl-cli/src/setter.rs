//! The URL API's setters by name, as `--set` and `--iterate` take them.

use std::fmt;

use weburl::Url;

use crate::driver::Failure;

/// One of the URL API's setters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setter {
    /// `href`.
    Href,
    /// `protocol` (also named `scheme`).
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host`: the host and an optional port.
    Host,
    /// `hostname`: the host alone.
    Hostname,
    /// `port`.
    Port,
    /// `pathname` (also named `path`).
    Pathname,
    /// `search` (also named `query`).
    Search,
    /// `hash` (also named `fragment`).
    Hash,
}

/// Every name a setter goes by: the URL API's name, then the URL record's where it differs.
const NAMES: [(&str, Setter); 14] = [
    ("href", Setter::Href),
    ("protocol", Setter::Protocol),
    ("username", Setter::Username),
    ("password", Setter::Password),
    ("host", Setter::Host),
    ("hostname", Setter::Hostname),
    ("port", Setter::Port),
    ("pathname", Setter::Pathname),
    ("search", Setter::Search),
    ("hash", Setter::Hash),
    ("scheme", Setter::Protocol),
    ("path", Setter::Pathname),
    ("query", Setter::Search),
    ("fragment", Setter::Hash),
];

impl Setter {
    /// The setter called `name`.
    pub fn from_name(name: &str) -> Option<Setter> {
        NAMES.iter().find(|(n, _)| *n == name).map(|&(_, s)| s)
    }

    /// The URL API's name of the setter.
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(_, s)| *s == self)
            .map(|(n, _)| *n)
            .expect("every setter has a name")
    }

    /// Runs the setter on `url`. `Err` says why the URL API's setter ignored the value (or
    /// failed part way: the `host` setter may set the host, then stop at a bad port).
    pub fn apply(self, url: &mut Url, value: &str) -> Result<(), Failure> {
        let result = match self {
            Setter::Href => return url.set_href(value).map_err(Failure::from),
            Setter::Protocol => url.set_protocol(value),
            Setter::Username => url.set_username(value),
            Setter::Password => url.set_password(value),
            Setter::Host => url.set_host(value),
            Setter::Hostname => url.set_hostname(value),
            Setter::Port => url.set_port(value),
            Setter::Pathname => url.set_pathname(value),
            Setter::Search => {
                url.set_search(value);
                Ok(())
            }
            Setter::Hash => {
                url.set_hash(value);
                Ok(())
            }
        };
        result.map_err(Failure::from)
    }
}

/// The list of names, for error messages.
struct NameList;

impl fmt::Display for NameList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, _)) in NAMES.iter().enumerate() {
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
        self.setter
            .apply(url, &self.value)
            .map_err(|e| e.context(format_args!("{}={}", self.name, self.value)))
    }
}

/// Splits `COMPONENT=VALUE` (at the first `=`) and looks the component up.
pub fn parse_assignment(arg: &str) -> Result<Assignment, String> {
    let Some((name, value)) = arg.split_once('=') else {
        return Err("expected COMPONENT=VALUE".to_owned());
    };
    match Setter::from_name(name) {
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
    use super::{Setter, parse_assignment};
    use crate::driver::Failure;
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
        assert_eq!(Setter::from_name("scheme"), Some(Setter::Protocol));
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
        Setter::Port.apply(&mut url, "8080").unwrap();
        assert_eq!(url.href(), "http://a:8080/");
        assert!(Setter::Port.apply(&mut url, "99999").is_err());
        assert!(Setter::Protocol.apply(&mut url, "mailto").is_err());
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
