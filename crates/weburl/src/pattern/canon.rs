//! [Canonicalization](https://urlpattern.spec.whatwg.org/#canon): the encoding callbacks,
//! which run weburl's own URL parser states and percent-encode sets on a dummy URL, and
//! [processing a `URLPatternInit`](https://urlpattern.spec.whatwg.org/#canon-processing-for-init).

use std::sync::LazyLock;

use super::UrlPatternInit;
use super::error::{UrlPatternComponent, UrlPatternError};
use super::parser::escape_a_pattern_string;
use crate::lex::remove_tab_and_newline;
use crate::parser::{parse_host_for_setter, parse_path_for_setter, parse_port_for_setter};
use crate::percent::{EncodeSet, Stop, encode_into, encode_until};
use crate::url::{SchemeType, Url};

/// <https://urlpattern.spec.whatwg.org/#create-a-dummy-url>
fn create_a_dummy_url() -> Url {
    static DUMMY: LazyLock<Url> =
        LazyLock::new(|| Url::parse("https://dummy.invalid/").expect("the dummy URL parses"));
    DUMMY.clone()
}

fn invalid(component: UrlPatternComponent, value: &str) -> UrlPatternError {
    UrlPatternError::InvalidComponent {
        component,
        value: value.to_owned(),
    }
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol>
pub(crate) fn canonicalize_a_protocol(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut input = String::with_capacity(value.len() + 18);
    input.push_str(value);
    input.push_str("://dummy.invalid/");
    match Url::parse(&input) {
        Ok(url) => Ok(url.scheme().to_owned()),
        Err(_) => Err(invalid(UrlPatternComponent::Protocol, value)),
    }
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-a-username>
pub(crate) fn canonicalize_a_username(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy = create_a_dummy_url();
    dummy
        .set_username(value)
        .map_err(|_| invalid(UrlPatternComponent::Username, value))?;
    Ok(dummy.username().to_owned())
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-a-password>
pub(crate) fn canonicalize_a_password(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy = create_a_dummy_url();
    dummy
        .set_password(value)
        .map_err(|_| invalid(UrlPatternComponent::Password, value))?;
    Ok(dummy.password().to_owned())
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname>: the basic URL parser
/// with the hostname state as state override, on the dummy URL.
pub(crate) fn canonicalize_a_hostname(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let dummy = create_a_dummy_url();
    let input = remove_tab_and_newline(value);
    let mut out = String::new();
    match parse_host_for_setter(&mut out, &input, &dummy, true) {
        Ok(parsed) => {
            out.truncate(parsed.host_len);
            Ok(out)
        }
        Err(_) => Err(invalid(UrlPatternComponent::Hostname, value)),
    }
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-an-ipv6-hostname>
pub(crate) fn canonicalize_an_ipv6_hostname(value: &str) -> Result<String, UrlPatternError> {
    let mut result = String::with_capacity(value.len());
    for c in value.chars() {
        if !c.is_ascii_hexdigit() && !matches!(c, '[' | ']' | ':') {
            return Err(invalid(UrlPatternComponent::Hostname, value));
        }
        result.push(c.to_ascii_lowercase());
    }
    Ok(result)
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-a-port>: the basic URL parser with the
/// port state as state override, on the dummy URL (whose scheme is `protocol` if given).
pub(crate) fn canonicalize_a_port(
    port_value: &str,
    protocol_value: Option<&str>,
) -> Result<String, UrlPatternError> {
    if port_value.is_empty() {
        return Ok(String::new());
    }
    let mut dummy = create_a_dummy_url();
    // Only the scheme's kind matters to the port state (its default port). Without a
    // protocol no port is a default port: browsers and the web-platform-tests keep "443" in
    // the port pattern `443*` of an https pattern, which the dummy URL's own scheme (https)
    // would drop.
    dummy.scheme_type = SchemeType::from_scheme(protocol_value.unwrap_or(""));
    let input = remove_tab_and_newline(port_value);
    let mut out = String::new();
    match parse_port_for_setter(&mut out, &input, &dummy) {
        Ok(Some(port)) => Ok(port.to_string()),
        Ok(None) => Ok(String::new()),
        Err(_) => Err(invalid(UrlPatternComponent::Port, port_value)),
    }
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname>: the path start state with
/// a state override on the dummy URL (a special URL with a host).
pub(crate) fn canonicalize_a_pathname(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let leading_slash = value.starts_with('/');
    let mut modified_value = String::with_capacity(value.len() + 2);
    if !leading_slash {
        modified_value.push_str("/-");
    }
    modified_value.push_str(value);
    let input = remove_tab_and_newline(&modified_value);
    let mut result = String::new();
    parse_path_for_setter(&mut result, &input, SchemeType::from_scheme("https"), true);
    if !leading_slash {
        // The first two code points are the "/-" added above.
        let cut = result
            .char_indices()
            .nth(2)
            .map_or(result.len(), |(i, _)| i);
        result.drain(..cut);
    }
    Ok(result)
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname>: the opaque path
/// state (its scanner and encode set) with a state override; the path ends where the state
/// would start a query or fragment.
pub(crate) fn canonicalize_an_opaque_pathname(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let input = remove_tab_and_newline(value);
    let mut result = String::with_capacity(input.len());
    let end = encode_until(
        &mut result,
        &input,
        0,
        EncodeSet::C0_CONTROL,
        Stop::OPAQUE_PATH,
    );
    if end < input.len() && result.ends_with(' ') {
        // A space right before '?' or '#' is written as "%20".
        result.pop();
        result.push_str("%20");
    }
    Ok(result)
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-a-search>: the query state with a state
/// override on the dummy (special) URL.
pub(crate) fn canonicalize_a_search(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let input = remove_tab_and_newline(value);
    let mut result = String::with_capacity(input.len());
    encode_into(&mut result, &input, EncodeSet::SPECIAL_QUERY);
    Ok(result)
}

/// <https://urlpattern.spec.whatwg.org/#canonicalize-a-hash>: the fragment state with a
/// state override.
pub(crate) fn canonicalize_a_hash(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let input = remove_tab_and_newline(value);
    let mut result = String::with_capacity(input.len());
    encode_into(&mut result, &input, EncodeSet::FRAGMENT);
    Ok(result)
}

/// The `type` argument of [process a URLPatternInit](https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InitType {
    Pattern,
    Url,
}

/// <https://urlpattern.spec.whatwg.org/#process-a-base-url-string>
fn process_a_base_url_string(input: &str, kind: InitType) -> String {
    match kind {
        InitType::Pattern => escape_a_pattern_string(input),
        InitType::Url => input.to_owned(),
    }
}

/// <https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname>
fn is_an_absolute_pathname(input: &str, kind: InitType) -> bool {
    let b = input.as_bytes();
    if b.is_empty() {
        return false;
    }
    if b[0] == b'/' {
        return true;
    }
    if kind == InitType::Url || b.len() < 2 {
        return false;
    }
    (b[0] == b'\\' || b[0] == b'{') && b[1] == b'/'
}

/// <https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit>. `start` holds the initial
/// values (the spec's protocol ... hash arguments): all `None` for "pattern", all `""` for
/// "url".
pub(crate) fn process_a_urlpatterninit(
    init: &UrlPatternInit,
    kind: InitType,
) -> Result<UrlPatternInit, UrlPatternError> {
    let mut result = match kind {
        InitType::Pattern => UrlPatternInit::default(),
        InitType::Url => {
            let e = || Some(String::new());
            UrlPatternInit {
                protocol: e(),
                username: e(),
                password: e(),
                hostname: e(),
                port: e(),
                pathname: e(),
                search: e(),
                hash: e(),
                base_url: None,
            }
        }
    };
    let mut base_url = None;
    if let Some(base) = &init.base_url {
        let parsed =
            Url::parse(base).map_err(|_| UrlPatternError::InvalidBaseUrl { base: base.clone() })?;
        let has = |c: &Option<String>| c.is_some();
        if !has(&init.protocol) {
            result.protocol = Some(process_a_base_url_string(parsed.scheme(), kind));
        }
        if kind != InitType::Pattern
            && !has(&init.protocol)
            && !has(&init.hostname)
            && !has(&init.port)
            && !has(&init.username)
        {
            result.username = Some(process_a_base_url_string(parsed.username(), kind));
        }
        if kind != InitType::Pattern
            && !has(&init.protocol)
            && !has(&init.hostname)
            && !has(&init.port)
            && !has(&init.username)
            && !has(&init.password)
        {
            result.password = Some(process_a_base_url_string(parsed.password(), kind));
        }
        if !has(&init.protocol) && !has(&init.hostname) {
            result.hostname = Some(process_a_base_url_string(parsed.hostname(), kind));
        }
        if !has(&init.protocol) && !has(&init.hostname) && !has(&init.port) {
            result.port = Some(parsed.port().to_owned());
        }
        if !has(&init.protocol) && !has(&init.hostname) && !has(&init.port) && !has(&init.pathname)
        {
            result.pathname = Some(process_a_base_url_string(parsed.pathname(), kind));
        }
        if !has(&init.protocol)
            && !has(&init.hostname)
            && !has(&init.port)
            && !has(&init.pathname)
            && !has(&init.search)
        {
            result.search = Some(process_a_base_url_string(
                parsed.query().unwrap_or(""),
                kind,
            ));
        }
        if !has(&init.protocol)
            && !has(&init.hostname)
            && !has(&init.port)
            && !has(&init.pathname)
            && !has(&init.search)
            && !has(&init.hash)
        {
            result.hash = Some(process_a_base_url_string(
                parsed.fragment().unwrap_or(""),
                kind,
            ));
        }
        base_url = Some(parsed);
    }
    let pattern = kind == InitType::Pattern;
    if let Some(protocol) = &init.protocol {
        // https://urlpattern.spec.whatwg.org/#process-protocol-for-init
        let stripped = protocol.strip_suffix(':').unwrap_or(protocol);
        result.protocol = Some(if pattern {
            stripped.to_owned()
        } else {
            canonicalize_a_protocol(stripped)?
        });
    }
    if let Some(username) = &init.username {
        // https://urlpattern.spec.whatwg.org/#process-username-for-init
        result.username = Some(if pattern {
            username.clone()
        } else {
            canonicalize_a_username(username)?
        });
    }
    if let Some(password) = &init.password {
        // https://urlpattern.spec.whatwg.org/#process-password-for-init
        result.password = Some(if pattern {
            password.clone()
        } else {
            canonicalize_a_password(password)?
        });
    }
    if let Some(hostname) = &init.hostname {
        // https://urlpattern.spec.whatwg.org/#process-hostname-for-init
        result.hostname = Some(if pattern {
            hostname.clone()
        } else {
            canonicalize_a_hostname(hostname)?
        });
    }
    let result_protocol_string = result.protocol.clone().unwrap_or_default();
    if let Some(port) = &init.port {
        // https://urlpattern.spec.whatwg.org/#process-port-for-init
        result.port = Some(if pattern {
            port.clone()
        } else {
            canonicalize_a_port(port, Some(&result_protocol_string))?
        });
    }
    if let Some(pathname) = &init.pathname {
        let mut value = pathname.clone();
        if let Some(base) = &base_url
            && !base.has_opaque_path()
            && !is_an_absolute_pathname(&value, kind)
        {
            let base_url_path = process_a_base_url_string(base.pathname(), kind);
            if let Some(slash_index) = base_url_path.rfind('/') {
                let mut new_pathname = base_url_path[..=slash_index].to_owned();
                new_pathname.push_str(&value);
                value = new_pathname;
            }
        }
        // https://urlpattern.spec.whatwg.org/#process-pathname-for-init
        result.pathname = Some(if pattern {
            value
        } else if result_protocol_string.is_empty()
            || SchemeType::from_scheme(&result_protocol_string).is_special()
        {
            canonicalize_a_pathname(&value)?
        } else {
            canonicalize_an_opaque_pathname(&value)?
        });
    }
    if let Some(search) = &init.search {
        // https://urlpattern.spec.whatwg.org/#process-search-for-init
        let stripped = search.strip_prefix('?').unwrap_or(search);
        result.search = Some(if pattern {
            stripped.to_owned()
        } else {
            canonicalize_a_search(stripped)?
        });
    }
    if let Some(hash) = &init.hash {
        // https://urlpattern.spec.whatwg.org/#process-hash-for-init
        let stripped = hash.strip_prefix('#').unwrap_or(hash);
        result.hash = Some(if pattern {
            stripped.to_owned()
        } else {
            canonicalize_a_hash(stripped)?
        });
    }
    Ok(result)
}
