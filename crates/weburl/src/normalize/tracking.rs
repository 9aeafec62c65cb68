//! The tracking parameters [`Options::strip_tracking`](super::Options::strip_tracking) drops.

/// The query parameter names [`Options::strip_tracking`](super::Options::strip_tracking)
/// drops (compared ASCII case-insensitively with the name percent-decoded, `+` read as a
/// space), besides every name starting with [`TRACKING_PREFIX`].
///
/// The list is Brave's default query filter (the click and e-mail identifiers the Brave
/// browser strips from every navigation, `brave-core`,
/// `browser/net/brave_site_hacks_network_delegate_helper.cc`, as of 2023), plus Google Ads'
/// `gbraid` and `wbraid` (its click identifiers for iOS traffic, documented with `gclid` in
/// Google Ads' help on auto-tagging). Parameter names only: no value is looked at.
///
/// ```
/// use weburl::normalize::TRACKING_PARAMETERS;
/// assert!(TRACKING_PARAMETERS.contains(&"fbclid"));
/// assert!(TRACKING_PARAMETERS.contains(&"gclid"));
/// assert!(TRACKING_PARAMETERS.contains(&"msclkid"));
/// ```
pub const TRACKING_PARAMETERS: [&str; 25] = [
    "__hsfp",
    "__hssc",
    "__hstc",
    "__s",
    "_hsenc",
    "_openstat",
    "dclid",
    "fbclid",
    "gbraid",
    "gclid",
    "hsCtaTracking",
    "mc_eid",
    "mkt_tok",
    "ml_subscriber",
    "ml_subscriber_hash",
    "msclkid",
    "oly_anon_id",
    "oly_enc_id",
    "rb_clickid",
    "s_cid",
    "vero_conv",
    "vero_id",
    "wbraid",
    "wickedid",
    "yclid",
];

/// The name prefix of Google Analytics' campaign parameters (`utm_source`, `utm_medium`,
/// `utm_campaign`, `utm_term`, `utm_content`, `utm_id`, ...), all of which
/// [`Options::strip_tracking`](super::Options::strip_tracking) drops (ASCII
/// case-insensitively).
///
/// ```
/// assert_eq!(weburl::normalize::TRACKING_PREFIX, "utm_");
/// ```
pub const TRACKING_PREFIX: &str = "utm_";

/// Whether `name` (a decoded query parameter name) is a tracking parameter.
pub(crate) fn is_tracking(name: &[u8]) -> bool {
    let prefix = TRACKING_PREFIX.as_bytes();
    (name.len() >= prefix.len() && name[..prefix.len()].eq_ignore_ascii_case(prefix))
        || TRACKING_PARAMETERS
            .iter()
            .any(|p| p.as_bytes().eq_ignore_ascii_case(name))
}

/// Whether the raw `&`-separated parameter `param` (percent-encoded, `+` for space) names a
/// tracking parameter.
pub(crate) fn is_tracking_raw(param: &str) -> bool {
    let name = param.split_once('=').map_or(param, |(name, _)| name);
    if !name.contains(['%', '+']) {
        return is_tracking(name.as_bytes());
    }
    let mut decoded = Vec::with_capacity(name.len());
    super::bytes::unquote_plus_into(name.as_bytes(), &mut decoded);
    is_tracking(&decoded)
}

/// `query` (without `?`) with its tracking parameters dropped; the other parameters (empty
/// ones included) are kept as they are, in order.
pub(crate) fn strip(query: &str) -> String {
    let kept: Vec<&str> = query.split('&').filter(|p| !is_tracking_raw(p)).collect();
    kept.join("&")
}

#[cfg(test)]
mod tests {
    use super::{is_tracking, is_tracking_raw};

    #[test]
    fn names() {
        assert!(is_tracking(b"utm_source"));
        assert!(is_tracking(b"UTM_Medium"));
        assert!(is_tracking(b"utm_"));
        assert!(is_tracking(b"HSCTATRACKING"));
        assert!(!is_tracking(b"utm"));
        assert!(!is_tracking(b"gclid2"));
        assert!(is_tracking_raw("utm%5Fsource=x"));
        assert!(is_tracking_raw("fbclid"));
        assert!(!is_tracking_raw("q=fbclid"));
    }
}
