//! [Canonicalization](https://urlpattern.spec.whatwg.org/#canon): the encoding callbacks,
//! which run weburl's own URL parser states and percent-encode sets on a dummy URL, and
//! [processing a `URLPatternInit`](https://urlpattern.spec.whatwg.org/#canon-processing-for-init).

use std::sync::LazyLock;

use super::UrlPatternInit;
use super::error::{UrlPatternComponent, UrlPatternError};
use super::parser::{Modifier, Options, PartType, escape_a_pattern_string, parse_a_pattern_string};
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

/// Refuses a pathname pattern whose canonical form would match URLs that the pattern as
/// written does not, because a dot segment (`.`, `..`, or either with `%2e`) in one piece of
/// its fixed text would be resolved against the parts around it.
///
/// [Compiling a component](https://urlpattern.spec.whatwg.org/#compile-a-component) runs
/// [canonicalize a pathname](https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname) on
/// each piece of fixed text separately (the encoding callback of
/// [maybe add a part from the pending fixed value](https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value)
/// and of [add a part](https://urlpattern.spec.whatwg.org/#add-a-part), for fixed text,
/// prefixes and suffixes). That algorithm's step 3 prepends `/-` to a piece that does not
/// start with `/`, and its step 9 cuts two code points from the result: a `..` that removes
/// the segment holding that `-` (`-b/../c` after `/:a`) makes the cut take the piece's own
/// text instead (`/:a-b/../c` would become `/:a`, every one-segment path), and Chromium
/// throws a `TypeError` for it. weburl refuses that, and every other piece whose dot segment
/// does not resolve within the piece:
///
/// - a `..` that would remove a segment the piece does not hold: the segment a group,
///   wildcard or earlier text supplies (`/:a/../b` would become `/:a/b`), or the start of a
///   piece that continues the segment before it (`-b` in `-b/../c`). At the very start of
///   the pathname a `..` removes nothing, as the URL parser's does (`/../b` is `/b`);
/// - a dot segment that ends a piece which something follows, or a piece that repeats
///   (`/a/..` before `:b`: the URL parser would resolve `/a/../x` to `/x`, the piece alone
///   becomes `/`, and `/a/../:b` would become `//:b`).
///
/// Fixed text such as `/a/../b` resolves within itself and stays `/b`. Only the pathname of a
/// special scheme's pattern is read this way (the only one canonicalize a pathname runs on).
pub(crate) fn check_pathname_dot_segments(pattern: &str) -> Result<(), UrlPatternError> {
    let percent_dot = |w: &[u8]| w.eq_ignore_ascii_case(b"%2e");
    if !pattern.contains('.') && !pattern.as_bytes().windows(3).any(percent_dot) {
        return Ok(());
    }
    // The parts as written: the same parser with an encoding callback that keeps the text.
    // A pattern that does not parse is left to the compile that follows, which says why.
    let Ok(parts) =
        parse_a_pattern_string(pattern, &Options::PATHNAME, &|s: &str| Ok(s.to_owned()))
    else {
        return Ok(());
    };
    // The pieces of fixed text in order, `None` for a group or wildcard; each with whether
    // it repeats (a modifier that can take it more than once).
    let mut pieces: Vec<Option<(&str, bool)>> = Vec::with_capacity(parts.len() * 3);
    for part in &parts {
        let repeats = matches!(part.modifier, Modifier::ZeroOrMore | Modifier::OneOrMore);
        if part.kind == PartType::FixedText {
            pieces.push(Some((&part.value, repeats)));
            continue;
        }
        if !part.prefix.is_empty() {
            pieces.push(Some((&part.prefix, repeats)));
        }
        pieces.push(None);
        if !part.suffix.is_empty() {
            pieces.push(Some((&part.suffix, repeats)));
        }
    }
    let count = pieces.len();
    for (i, piece) in pieces.into_iter().enumerate() {
        let Some((text, repeats)) = piece else {
            continue;
        };
        let at_start = i == 0 && !repeats;
        let at_end = i + 1 == count && !repeats;
        if let Err((segment, reason)) = check_a_piece(text, at_start, at_end) {
            return Err(UrlPatternError::DotSegment {
                component: UrlPatternComponent::Pathname,
                text: text.to_owned(),
                segment: segment.to_owned(),
                reason,
            });
        }
    }
    Ok(())
}

/// One piece of fixed text for [`check_pathname_dot_segments`]: `Err` holds the dot segment
/// that does not resolve within the piece, and why.
fn check_a_piece(text: &str, at_start: bool, at_end: bool) -> Result<(), (&str, &'static str)> {
    // Special schemes' paths take `\` as `/`.
    let mut segments = text.split(['/', '\\']);
    // The text before the first separator continues the segment before the piece (it is
    // empty when the piece starts with one): it is never a dot segment, and `..` cannot
    // remove it.
    let continues = !segments.next().unwrap_or("").is_empty();
    let segments: Vec<&str> = segments.collect();
    let mut removable = 0usize;
    for (j, segment) in segments.iter().enumerate() {
        let single = crate::lex::is_single_dot(segment.as_bytes());
        let double = crate::lex::is_double_dot(segment.as_bytes());
        if !single && !double {
            removable += 1;
            continue;
        }
        if j + 1 == segments.len() && !at_end {
            return Err((
                segment,
                "ends fixed text that a group, wildcard, more text or a repetition follows, \
                 so it would be resolved before the segment it belongs to is complete",
            ));
        }
        if double {
            if removable > 0 {
                removable -= 1;
            } else if continues || !at_start {
                return Err((
                    segment,
                    "would remove a path segment that lies outside its fixed text \
                     (one that a group, a wildcard or other text supplies)",
                ));
            }
        }
    }
    Ok(())
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
