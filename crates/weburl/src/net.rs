//! Where a URL points: the address space of its host, and the special-purpose address block
//! it falls in.
//!
//! A server that fetches URLs for its users (webhooks, link previews, importers, proxies)
//! must not be turned against its own network: server-side request forgery. The host of a
//! URL is where that is decided, and the host is exactly what attackers spell in ways a
//! filter does not recognize: `http://0x7f.1/`, `http://2130706433/`, `http://0300.0250.1.1/`,
//! `http://[::ffff:127.0.0.1]/`, `http://１２７.０.０.１/`. The URL parser has already turned
//! every such spelling into one address, so the question "where does this point" is asked
//! of the address, not of the text.
//!
//! # Address spaces
//!
//! [`AddressSpace`] follows browsers' local-network rules (WICG *Local Network Access*,
//! formerly *Private Network Access*), which sort every IP address into one of three spaces:
//!
//! - **loopback**: the machine itself: `127.0.0.0/8`, `::1`, and the names `localhost` and
//!   `*.localhost` (RFC 6761 reserves them for loopback; browsers never send them to DNS);
//! - **local**: addresses whose meaning depends on where you stand: private-use
//!   (`10/8`, `172.16/12`, `192.168/16`), shared (`100.64/10`), link-local (`169.254/16`,
//!   `fe80::/10`, where cloud metadata services live), unique-local (`fc00::/7`), and every
//!   other block of the IANA special-purpose registries that is not globally reachable
//!   (this network `0/8`, benchmarking, documentation, reserved, broadcast, multicast, ...);
//! - **public**: everything else.
//!
//! This is stricter than the Local Network Access table (which lists only the first blocks
//! above): every address it calls loopback or local is loopback or local here too, and the
//! other non-globally-reachable blocks are local as well, since no public server lives there.
//! `0.0.0.0/8` is *local*, yet on Linux and macOS a connection to `0.0.0.0` reaches the
//! machine itself: deny `local` together with `loopback`.
//!
//! An IPv6 address that carries an IPv4 address takes the space of that IPv4 address when it
//! is IPv4-mapped (`::ffff:0:0/96`), IPv4-compatible (`::/96`, deprecated) or in the NAT64
//! well-known prefix (`64:ff9b::/96`, which a NAT64 gateway forwards to the IPv4 address): so
//! `[::ffff:127.0.0.1]`, `[::127.0.0.1]` and `[64:ff9b::7f00:1]` are loopback.
//!
//! A domain other than a localhost name has no address space: only resolving it can tell,
//! and the answer can change between the check and the connection. See `docs/SECURITY.md`
//! for what a caller must do after the URL check (resolve, check each address with
//! [`ip_address_space`], pin it for the connection, check redirects again).
//!
//! ```
//! use weburl::Url;
//! use weburl::net::AddressSpace;
//! for spelling in ["http://0x7f.1/", "http://2130706433/", "http://[::ffff:127.0.0.1]/",
//!                  "http://１２７.０.０.１/", "http://127.1/", "http://app.localhost/"] {
//!     assert_eq!(Url::parse(spelling)?.address_space(), Some(AddressSpace::Loopback), "{spelling}");
//! }
//! let metadata = Url::parse("http://0xa9fea9fe/latest/meta-data/")?;
//! assert_eq!(metadata.hostname(), "169.254.169.254");
//! assert_eq!(metadata.address_space(), Some(AddressSpace::Local));
//! assert_eq!(metadata.special_block().unwrap().name, "Link Local");
//! assert_eq!(Url::parse("https://example.com/")?.address_space(), None);
//! assert_eq!(Url::parse("https://93.184.215.14/")?.address_space(), Some(AddressSpace::Public));
//! # Ok::<(), weburl::ParseError>(())
//! ```

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

use crate::Url;
use crate::host::{Host, HostKind};

/// The address space of an IP address, as browsers' local-network rules define it (see the
/// [module documentation](self)). Ordered from most to least private, as browsers order them.
///
/// ```
/// use weburl::net::AddressSpace;
/// assert_eq!(AddressSpace::Local.to_string(), "local");
/// assert_eq!("loopback".parse::<AddressSpace>(), Ok(AddressSpace::Loopback));
/// assert!(AddressSpace::Loopback < AddressSpace::Public);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddressSpace {
    /// The machine itself.
    Loopback,
    /// A network whose addresses mean something only from where you stand.
    Local,
    /// The public Internet.
    Public,
}

impl AddressSpace {
    /// Every space, most private first.
    ///
    /// ```
    /// assert_eq!(weburl::net::AddressSpace::ALL.len(), 3);
    /// ```
    pub const ALL: [AddressSpace; 3] = [
        AddressSpace::Loopback,
        AddressSpace::Local,
        AddressSpace::Public,
    ];

    /// The space's name: `loopback`, `local` or `public`.
    ///
    /// ```
    /// assert_eq!(weburl::net::AddressSpace::Public.name(), "public");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            AddressSpace::Loopback => "loopback",
            AddressSpace::Local => "local",
            AddressSpace::Public => "public",
        }
    }
}

impl fmt::Display for AddressSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an [`AddressSpace`] name.
///
/// ```
/// let e = "private".parse::<weburl::net::AddressSpace>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown address space \"private\" (expected loopback, local or public)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAddressSpace(String);

impl fmt::Display for UnknownAddressSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown address space {:?} (expected loopback, local or public)",
            self.0
        )
    }
}

impl std::error::Error for UnknownAddressSpace {}

impl FromStr for AddressSpace {
    type Err = UnknownAddressSpace;

    fn from_str(s: &str) -> Result<AddressSpace, UnknownAddressSpace> {
        AddressSpace::ALL
            .into_iter()
            .find(|space| space.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownAddressSpace(s.to_owned()))
    }
}

/// A block of the IANA special-purpose address registries (IPv4: RFC 6890's registry; IPv6:
/// likewise), or one of the multicast ranges, with the registry's facts about it.
///
/// ```
/// let block = weburl::net::ipv4_special_block("192.0.2.7".parse().unwrap()).unwrap();
/// assert_eq!((block.prefix, block.name, block.reference), ("192.0.2.0/24", "Documentation (TEST-NET-1)", "RFC 5737"));
/// assert_eq!(block.globally_reachable, Some(false));
/// assert_eq!(block.to_string(), "192.0.2.0/24 (Documentation (TEST-NET-1), RFC 5737)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpecialBlock {
    /// The block in CIDR notation.
    pub prefix: &'static str,
    /// The registry's name for it.
    pub name: &'static str,
    /// The document that defines it.
    pub reference: &'static str,
    /// The registry's "Globally Reachable" column: `None` where it says N/A (and for
    /// multicast, which has its own registry).
    pub globally_reachable: Option<bool>,
    /// The address space of the addresses in it (for IPv6 blocks that embed an IPv4
    /// address, the address's own space is used instead: see [`ip_address_space`]).
    pub space: AddressSpace,
    /// First address and prefix length, for matching.
    bits: u128,
    len: u8,
}

impl fmt::Display for SpecialBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}, {})", self.prefix, self.name, self.reference)
    }
}

const fn v4(
    a: [u8; 4],
    len: u8,
    prefix: &'static str,
    name: &'static str,
    reference: &'static str,
    globally_reachable: Option<bool>,
) -> SpecialBlock {
    SpecialBlock {
        prefix,
        name,
        reference,
        globally_reachable,
        space: space_of(name, globally_reachable),
        bits: u32::from_be_bytes(a) as u128,
        len,
    }
}

const fn v6(
    segments: [u16; 8],
    len: u8,
    prefix: &'static str,
    name: &'static str,
    reference: &'static str,
    globally_reachable: Option<bool>,
) -> SpecialBlock {
    let mut bits = 0u128;
    let mut i = 0;
    while i < 8 {
        bits = (bits << 16) | segments[i] as u128;
        i += 1;
    }
    SpecialBlock {
        prefix,
        name,
        reference,
        globally_reachable,
        space: space_of(name, globally_reachable),
        bits,
        len,
    }
}

/// Loopback blocks are loopback; a globally reachable block is public; every other block
/// (not globally reachable, or N/A) is local.
const fn space_of(name: &str, globally_reachable: Option<bool>) -> AddressSpace {
    let b = name.as_bytes();
    if b.len() >= 8
        && b[0] == b'L'
        && b[1] == b'o'
        && b[2] == b'o'
        && b[3] == b'p'
        && b[4] == b'b'
        && b[5] == b'a'
        && b[6] == b'c'
        && b[7] == b'k'
    {
        return AddressSpace::Loopback;
    }
    match globally_reachable {
        Some(true) => AddressSpace::Public,
        _ => AddressSpace::Local,
    }
}

/// The IPv4 special-purpose address registry (IANA, as of 2025), plus the multicast range.
/// A more specific block comes before the block that contains it.
#[rustfmt::skip]
static IPV4_BLOCKS: &[SpecialBlock] = &[
    v4([0, 0, 0, 0], 32, "0.0.0.0/32", "This host on this network", "RFC 1122", Some(false)),
    v4([0, 0, 0, 0], 8, "0.0.0.0/8", "This network", "RFC 791", Some(false)),
    v4([10, 0, 0, 0], 8, "10.0.0.0/8", "Private-Use", "RFC 1918", Some(false)),
    v4([100, 64, 0, 0], 10, "100.64.0.0/10", "Shared Address Space", "RFC 6598", Some(false)),
    v4([127, 0, 0, 0], 8, "127.0.0.0/8", "Loopback", "RFC 1122", Some(false)),
    v4([169, 254, 0, 0], 16, "169.254.0.0/16", "Link Local", "RFC 3927", Some(false)),
    v4([172, 16, 0, 0], 12, "172.16.0.0/12", "Private-Use", "RFC 1918", Some(false)),
    v4([192, 0, 0, 0], 29, "192.0.0.0/29", "IPv4 Service Continuity Prefix", "RFC 7335", Some(false)),
    v4([192, 0, 0, 8], 32, "192.0.0.8/32", "IPv4 dummy address", "RFC 7600", Some(false)),
    v4([192, 0, 0, 9], 32, "192.0.0.9/32", "Port Control Protocol Anycast", "RFC 7723", Some(true)),
    v4([192, 0, 0, 10], 32, "192.0.0.10/32", "Traversal Using Relays around NAT Anycast", "RFC 8155", Some(true)),
    v4([192, 0, 0, 170], 32, "192.0.0.170/32", "NAT64/DNS64 Discovery", "RFC 8880", Some(false)),
    v4([192, 0, 0, 171], 32, "192.0.0.171/32", "NAT64/DNS64 Discovery", "RFC 8880", Some(false)),
    v4([192, 0, 0, 0], 24, "192.0.0.0/24", "IETF Protocol Assignments", "RFC 6890", Some(false)),
    v4([192, 0, 2, 0], 24, "192.0.2.0/24", "Documentation (TEST-NET-1)", "RFC 5737", Some(false)),
    v4([192, 31, 196, 0], 24, "192.31.196.0/24", "AS112-v4", "RFC 7535", Some(true)),
    v4([192, 52, 193, 0], 24, "192.52.193.0/24", "AMT", "RFC 7450", Some(true)),
    v4([192, 88, 99, 0], 24, "192.88.99.0/24", "Deprecated (6to4 Relay Anycast)", "RFC 7526", None),
    v4([192, 168, 0, 0], 16, "192.168.0.0/16", "Private-Use", "RFC 1918", Some(false)),
    v4([192, 175, 48, 0], 24, "192.175.48.0/24", "Direct Delegation AS112 Service", "RFC 7534", Some(true)),
    v4([198, 18, 0, 0], 15, "198.18.0.0/15", "Benchmarking", "RFC 2544", Some(false)),
    v4([198, 51, 100, 0], 24, "198.51.100.0/24", "Documentation (TEST-NET-2)", "RFC 5737", Some(false)),
    v4([203, 0, 113, 0], 24, "203.0.113.0/24", "Documentation (TEST-NET-3)", "RFC 5737", Some(false)),
    v4([224, 0, 0, 0], 4, "224.0.0.0/4", "Multicast", "RFC 5771", None),
    v4([255, 255, 255, 255], 32, "255.255.255.255/32", "Limited Broadcast", "RFC 919", Some(false)),
    v4([240, 0, 0, 0], 4, "240.0.0.0/4", "Reserved", "RFC 1112", Some(false)),
];

/// The IPv6 special-purpose address registry (IANA, as of 2025), plus the multicast range.
#[rustfmt::skip]
static IPV6_BLOCKS: &[SpecialBlock] = &[
    v6([0, 0, 0, 0, 0, 0, 0, 1], 128, "::1/128", "Loopback Address", "RFC 4291", Some(false)),
    v6([0; 8], 128, "::/128", "Unspecified Address", "RFC 4291", Some(false)),
    v6([0, 0, 0, 0, 0, 0xffff, 0, 0], 96, "::ffff:0:0/96", "IPv4-mapped Address", "RFC 4291", Some(false)),
    v6([0; 8], 96, "::/96", "Deprecated (IPv4-compatible Address)", "RFC 4291", Some(false)),
    v6([0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 96, "64:ff9b::/96", "IPv4-IPv6 Translat.", "RFC 6052", Some(true)),
    v6([0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48, "64:ff9b:1::/48", "IPv4-IPv6 Translat.", "RFC 8215", Some(false)),
    v6([0x100, 0, 0, 0, 0, 0, 0, 0], 64, "100::/64", "Discard-Only Address Block", "RFC 6666", Some(false)),
    v6([0x100, 0, 0, 1, 0, 0, 0, 0], 64, "100:0:0:1::/64", "Dummy IPv6 Prefix", "RFC 9780", Some(false)),
    v6([0x2001, 1, 0, 0, 0, 0, 0, 1], 128, "2001:1::1/128", "Port Control Protocol Anycast", "RFC 7723", Some(true)),
    v6([0x2001, 1, 0, 0, 0, 0, 0, 2], 128, "2001:1::2/128", "Traversal Using Relays around NAT Anycast", "RFC 8155", Some(true)),
    v6([0x2001, 1, 0, 0, 0, 0, 0, 3], 128, "2001:1::3/128", "DNS-SD Service Registration Protocol Anycast", "RFC 9665", Some(true)),
    v6([0x2001, 2, 0, 0, 0, 0, 0, 0], 48, "2001:2::/48", "Benchmarking", "RFC 5180", Some(false)),
    v6([0x2001, 3, 0, 0, 0, 0, 0, 0], 32, "2001:3::/32", "AMT", "RFC 7450", Some(true)),
    v6([0x2001, 4, 0x112, 0, 0, 0, 0, 0], 48, "2001:4:112::/48", "AS112-v6", "RFC 7535", Some(true)),
    v6([0x2001, 0x10, 0, 0, 0, 0, 0, 0], 28, "2001:10::/28", "Deprecated (previously ORCHID)", "RFC 4843", None),
    v6([0x2001, 0x20, 0, 0, 0, 0, 0, 0], 28, "2001:20::/28", "ORCHIDv2", "RFC 7343", Some(true)),
    v6([0x2001, 0x30, 0, 0, 0, 0, 0, 0], 28, "2001:30::/28", "Drone Remote ID Protocol Entity Tags (DETs) Prefix", "RFC 9374", Some(true)),
    v6([0x2001, 0, 0, 0, 0, 0, 0, 0], 32, "2001::/32", "TEREDO", "RFC 4380", None),
    v6([0x2001, 0, 0, 0, 0, 0, 0, 0], 23, "2001::/23", "IETF Protocol Assignments", "RFC 2928", Some(false)),
    v6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], 32, "2001:db8::/32", "Documentation", "RFC 3849", Some(false)),
    v6([0x2002, 0, 0, 0, 0, 0, 0, 0], 16, "2002::/16", "6to4", "RFC 3056", None),
    v6([0x2620, 0x4f, 0x8000, 0, 0, 0, 0, 0], 48, "2620:4f:8000::/48", "Direct Delegation AS112 Service", "RFC 7534", Some(true)),
    v6([0x3fff, 0, 0, 0, 0, 0, 0, 0], 20, "3fff::/20", "Documentation", "RFC 9637", Some(false)),
    v6([0x5f00, 0, 0, 0, 0, 0, 0, 0], 16, "5f00::/16", "Segment Routing (SRv6) SIDs", "RFC 9602", Some(false)),
    v6([0xfc00, 0, 0, 0, 0, 0, 0, 0], 7, "fc00::/7", "Unique-Local", "RFC 4193", Some(false)),
    v6([0xfe80, 0, 0, 0, 0, 0, 0, 0], 10, "fe80::/10", "Link-Local Unicast", "RFC 4291", Some(false)),
    v6([0xff00, 0, 0, 0, 0, 0, 0, 0], 8, "ff00::/8", "Multicast", "RFC 4291", None),
];

/// Every IPv4 block [`ipv4_special_block`] knows, more specific blocks before the blocks that
/// contain them.
///
/// ```
/// let blocks = weburl::net::ipv4_special_blocks();
/// assert!(blocks.iter().any(|b| b.prefix == "169.254.0.0/16"));
/// ```
#[must_use]
pub fn ipv4_special_blocks() -> &'static [SpecialBlock] {
    IPV4_BLOCKS
}

/// Every IPv6 block [`ipv6_special_block`] knows, more specific blocks before the blocks that
/// contain them.
///
/// ```
/// let blocks = weburl::net::ipv6_special_blocks();
/// assert!(blocks.iter().any(|b| b.prefix == "fc00::/7"));
/// ```
#[must_use]
pub fn ipv6_special_blocks() -> &'static [SpecialBlock] {
    IPV6_BLOCKS
}

fn find(blocks: &'static [SpecialBlock], bits: u128, width: u32) -> Option<&'static SpecialBlock> {
    // The table is short and ordered so that a more specific block comes first.
    blocks.iter().find(|b| {
        let len = u32::from(b.len);
        len == 0 || (bits ^ b.bits) >> (width - len) == 0
    })
}

/// The most specific IANA special-purpose block `address` is in, or `None` for an ordinary
/// (public unicast) address.
///
/// ```
/// use weburl::net::ipv4_special_block;
/// assert_eq!(ipv4_special_block("10.1.2.3".parse().unwrap()).unwrap().name, "Private-Use");
/// assert_eq!(ipv4_special_block("0.0.0.0".parse().unwrap()).unwrap().name, "This host on this network");
/// assert_eq!(ipv4_special_block("239.1.1.1".parse().unwrap()).unwrap().name, "Multicast");
/// assert_eq!(ipv4_special_block("8.8.8.8".parse().unwrap()), None);
/// ```
#[must_use]
pub fn ipv4_special_block(address: Ipv4Addr) -> Option<&'static SpecialBlock> {
    find(IPV4_BLOCKS, u128::from(u32::from(address)), 32)
}

/// The most specific IANA special-purpose block `address` is in, or `None` for an ordinary
/// (global unicast) address.
///
/// ```
/// use weburl::net::ipv6_special_block;
/// assert_eq!(ipv6_special_block("fd12::1".parse().unwrap()).unwrap().name, "Unique-Local");
/// assert_eq!(ipv6_special_block("2001:db8::1".parse().unwrap()).unwrap().prefix, "2001:db8::/32");
/// assert_eq!(ipv6_special_block("::ffff:1.2.3.4".parse().unwrap()).unwrap().name, "IPv4-mapped Address");
/// assert_eq!(ipv6_special_block("2606:4700::1111".parse().unwrap()), None);
/// ```
#[must_use]
pub fn ipv6_special_block(address: Ipv6Addr) -> Option<&'static SpecialBlock> {
    find(IPV6_BLOCKS, u128::from(address), 128)
}

/// The most specific IANA special-purpose block of an IPv4 or IPv6 address
/// ([`ipv4_special_block`] or [`ipv6_special_block`]), or `None` for an ordinary address. An
/// IPv6 address that carries an IPv4 address is in an IPv6 block (`IPv4-mapped Address`,
/// `IPv4-IPv6 Translat.`), whose space [`ip_address_space`] does not use: it uses the
/// carried address's.
///
/// ```
/// use weburl::net::ip_special_block;
/// assert_eq!(ip_special_block("169.254.169.254".parse().unwrap()).unwrap().name, "Link Local");
/// assert_eq!(ip_special_block("fe80::1".parse().unwrap()).unwrap().prefix, "fe80::/10");
/// assert_eq!(ip_special_block("1.1.1.1".parse().unwrap()), None);
/// ```
#[must_use]
pub fn ip_special_block(address: IpAddr) -> Option<&'static SpecialBlock> {
    match address {
        IpAddr::V4(a) => ipv4_special_block(a),
        IpAddr::V6(a) => ipv6_special_block(a),
    }
}

/// The IPv4 address an IPv6 address carries where the network delivers it to that IPv4
/// address: IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`, other than `::`
/// and `::1`) and the NAT64 well-known prefix (`64:ff9b::a.b.c.d`).
///
/// ```
/// use weburl::net::embedded_ipv4;
/// assert_eq!(embedded_ipv4("::ffff:127.0.0.1".parse().unwrap()), Some([127, 0, 0, 1].into()));
/// assert_eq!(embedded_ipv4("64:ff9b::a9fe:a9fe".parse().unwrap()), Some([169, 254, 169, 254].into()));
/// assert_eq!(embedded_ipv4("::1".parse().unwrap()), None);
/// ```
#[must_use]
pub fn embedded_ipv4(address: Ipv6Addr) -> Option<Ipv4Addr> {
    let bits = u128::from(address);
    let high = bits >> 32;
    let low = bits as u32;
    let mapped = high == 0xffff;
    let compatible = high == 0 && low > 1;
    let nat64 = high == 0x0064_ff9b_0000_0000_0000_0000;
    (mapped || compatible || nat64).then(|| Ipv4Addr::from(low))
}

/// The address space of an IP address (see the [module documentation](self)).
///
/// ```
/// use weburl::net::{AddressSpace, ip_address_space};
/// assert_eq!(ip_address_space("127.8.9.10".parse().unwrap()), AddressSpace::Loopback);
/// assert_eq!(ip_address_space("::ffff:192.168.0.1".parse().unwrap()), AddressSpace::Local);
/// assert_eq!(ip_address_space("fe80::1".parse().unwrap()), AddressSpace::Local);
/// assert_eq!(ip_address_space("1.1.1.1".parse().unwrap()), AddressSpace::Public);
/// ```
#[must_use]
pub fn ip_address_space(address: IpAddr) -> AddressSpace {
    match address {
        IpAddr::V4(a) => ipv4_special_block(a).map_or(AddressSpace::Public, |b| b.space),
        IpAddr::V6(a) => match embedded_ipv4(a) {
            Some(v4) => ip_address_space(IpAddr::V4(v4)),
            None => ipv6_special_block(a).map_or(AddressSpace::Public, |b| b.space),
        },
    }
}

/// Whether a domain is `localhost` or ends in `.localhost` (RFC 6761 §6.3; a trailing dot
/// allowed), which browsers resolve to loopback without asking DNS.
///
/// ```
/// assert!(weburl::net::is_localhost_name("Dev.LOCALHOST."));
/// assert!(!weburl::net::is_localhost_name("localhost.example"));
/// ```
#[must_use]
pub fn is_localhost_name(domain: &str) -> bool {
    let d = domain.strip_suffix('.').unwrap_or(domain);
    let n = d.len();
    d.eq_ignore_ascii_case("localhost")
        || (n > 10 && d.as_bytes()[n - 10] == b'.' && d[n - 9..].eq_ignore_ascii_case("localhost"))
}

/// The kind of a URL's host, for [`Url::host_type`].
///
/// ```
/// use weburl::{Url, net::HostType};
/// assert_eq!(Url::parse("http://0x7f.1/").unwrap().host_type(), Some(HostType::Ipv4));
/// assert_eq!(HostType::Opaque.to_string(), "opaque");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostType {
    /// A domain (ASCII, after IDNA).
    Domain,
    /// An IPv4 address.
    Ipv4,
    /// An IPv6 address.
    Ipv6,
    /// The opaque host of a non-special URL.
    Opaque,
    /// The empty host (`file:///x`).
    Empty,
}

impl HostType {
    /// `domain`, `ipv4`, `ipv6`, `opaque` or `empty`.
    ///
    /// ```
    /// assert_eq!(weburl::net::HostType::Ipv6.name(), "ipv6");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            HostType::Domain => "domain",
            HostType::Ipv4 => "ipv4",
            HostType::Ipv6 => "ipv6",
            HostType::Opaque => "opaque",
            HostType::Empty => "empty",
        }
    }
}

impl fmt::Display for HostType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Host {
    /// The host's address space: that of an IP address, [`AddressSpace::Loopback`] for
    /// `localhost` names, `None` for other domains (only resolution can tell), opaque and
    /// empty hosts.
    ///
    /// ```
    /// use weburl::{Host, net::AddressSpace};
    /// assert_eq!(Host::parse("0300.0250.1.1").unwrap().address_space(), Some(AddressSpace::Local));
    /// assert_eq!(Host::parse("localhost").unwrap().address_space(), Some(AddressSpace::Loopback));
    /// assert_eq!(Host::parse("example.com").unwrap().address_space(), None);
    /// ```
    #[must_use]
    pub fn address_space(&self) -> Option<AddressSpace> {
        match self {
            Host::Ipv4(a) => Some(ip_address_space(IpAddr::V4(*a))),
            Host::Ipv6(a) => Some(ip_address_space(IpAddr::V6(*a))),
            Host::Domain(d) if is_localhost_name(d) => Some(AddressSpace::Loopback),
            _ => None,
        }
    }

    /// The IANA special-purpose block of an IP address host (for an IPv6 address that
    /// carries an IPv4 address, the block of the IPv6 address: `IPv4-mapped Address`).
    ///
    /// ```
    /// use weburl::Host;
    /// assert_eq!(Host::parse("198.18.0.1").unwrap().special_block().unwrap().name, "Benchmarking");
    /// assert_eq!(Host::parse("example.com").unwrap().special_block(), None);
    /// ```
    #[must_use]
    pub fn special_block(&self) -> Option<&'static SpecialBlock> {
        match self {
            Host::Ipv4(a) => ipv4_special_block(*a),
            Host::Ipv6(a) => ipv6_special_block(*a),
            _ => None,
        }
    }
}

impl Url {
    /// The kind of the URL's host, or `None` when it has none (`mailto:x`, `/path` URLs).
    ///
    /// ```
    /// use weburl::{Url, net::HostType};
    /// assert_eq!(Url::parse("http://[::1]/").unwrap().host_type(), Some(HostType::Ipv6));
    /// assert_eq!(Url::parse("file:///etc/hosts").unwrap().host_type(), Some(HostType::Empty));
    /// assert_eq!(Url::parse("mailto:a@b").unwrap().host_type(), None);
    /// ```
    #[must_use]
    pub fn host_type(&self) -> Option<HostType> {
        Some(match self.host_kind {
            HostKind::None => return None,
            HostKind::Empty => HostType::Empty,
            HostKind::Domain => HostType::Domain,
            HostKind::Ipv4 => HostType::Ipv4,
            HostKind::Ipv6 => HostType::Ipv6,
            HostKind::Opaque => HostType::Opaque,
        })
    }

    /// The IP address of the host, when it is one.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("http://2130706433/").unwrap().ip(), Some([127, 0, 0, 1].into()));
    /// assert_eq!(Url::parse("http://example.com/").unwrap().ip(), None);
    /// ```
    #[must_use]
    pub fn ip(&self) -> Option<IpAddr> {
        let host = self.hostname();
        match self.host_kind {
            HostKind::Ipv4 => host.parse().ok().map(IpAddr::V4),
            HostKind::Ipv6 => host
                .get(1..host.len() - 1)
                .and_then(|h| h.parse().ok())
                .map(IpAddr::V6),
            _ => None,
        }
    }

    /// The address space of the URL's host (see [`Host::address_space`]): no allocation.
    ///
    /// ```
    /// use weburl::{Url, net::AddressSpace};
    /// assert_eq!(Url::parse("http://[::ffff:7f00:1]/").unwrap().address_space(), Some(AddressSpace::Loopback));
    /// assert_eq!(Url::parse("http://LOCALHOST./").unwrap().address_space(), Some(AddressSpace::Loopback));
    /// assert_eq!(Url::parse("sc://10.0.0.1/").unwrap().address_space(), None); // an opaque host
    /// ```
    #[must_use]
    pub fn address_space(&self) -> Option<AddressSpace> {
        match self.host_kind {
            HostKind::Ipv4 | HostKind::Ipv6 => self.ip().map(ip_address_space),
            HostKind::Domain if is_localhost_name(self.hostname()) => Some(AddressSpace::Loopback),
            _ => None,
        }
    }

    /// The IANA special-purpose block of the URL's IP address host.
    ///
    /// ```
    /// let url = weburl::Url::parse("http://100.64.0.1/").unwrap();
    /// assert_eq!(url.special_block().unwrap().name, "Shared Address Space");
    /// ```
    #[must_use]
    pub fn special_block(&self) -> Option<&'static SpecialBlock> {
        self.ip().and_then(ip_special_block)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_block_contains_its_own_prefix_and_is_found_first_or_inside_a_more_specific_one() {
        for (blocks, width) in [(IPV4_BLOCKS, 32u32), (IPV6_BLOCKS, 128)] {
            for block in blocks {
                // The prefix text and the bits agree.
                let (addr, len) = block.prefix.split_once('/').unwrap();
                assert_eq!(len.parse::<u8>().unwrap(), block.len, "{block}");
                let bits = if width == 32 {
                    u128::from(u32::from(addr.parse::<Ipv4Addr>().unwrap()))
                } else {
                    u128::from(addr.parse::<Ipv6Addr>().unwrap())
                };
                assert_eq!(bits, block.bits, "{block}");
                // No host bits set.
                let host_bits = width - u32::from(block.len);
                assert!(
                    host_bits == 0 || block.bits & ((1u128 << host_bits) - 1) == 0,
                    "{block}"
                );
                // The first address of the block finds a block at least as specific.
                let found = find(blocks, block.bits, width).unwrap();
                assert!(found.len >= block.len, "{block} found {found}");
            }
        }
    }

    #[test]
    fn spaces_follow_the_registry_columns() {
        let v4 = |s: &str| ip_address_space(IpAddr::V4(s.parse().unwrap()));
        let v6 = |s: &str| ip_address_space(IpAddr::V6(s.parse().unwrap()));
        assert_eq!(v4("127.255.255.255"), AddressSpace::Loopback);
        assert_eq!(v4("128.0.0.1"), AddressSpace::Public);
        assert_eq!(v4("172.15.255.255"), AddressSpace::Public);
        assert_eq!(v4("172.16.0.0"), AddressSpace::Local);
        assert_eq!(v4("172.31.255.255"), AddressSpace::Local);
        assert_eq!(v4("172.32.0.0"), AddressSpace::Public);
        assert_eq!(v4("100.63.255.255"), AddressSpace::Public);
        assert_eq!(v4("100.127.255.255"), AddressSpace::Local);
        assert_eq!(v4("192.0.0.9"), AddressSpace::Public);
        assert_eq!(v4("192.0.0.11"), AddressSpace::Local);
        assert_eq!(v4("255.255.255.255"), AddressSpace::Local);
        assert_eq!(v6("::"), AddressSpace::Local);
        assert_eq!(v6("::1"), AddressSpace::Loopback);
        // IPv4-compatible: the space of 0.0.0.2, in "this network".
        assert_eq!(v6("::2"), AddressSpace::Local);
        assert_eq!(v6("::8.8.8.8"), AddressSpace::Public);
        assert_eq!(v6("64:ff9b::127.0.0.1"), AddressSpace::Loopback);
        assert_eq!(v6("64:ff9b:1::1"), AddressSpace::Local);
        assert_eq!(v6("2001:db8::1"), AddressSpace::Local);
        assert_eq!(v6("2001:4860:4860::8888"), AddressSpace::Public);
        assert_eq!(v6("ff02::1"), AddressSpace::Local);
    }
}
