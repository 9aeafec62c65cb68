//! Where a URL points (`weburl::net`): every legacy IPv4 spelling of every special-purpose
//! block, IPv4-mapped, -compatible and NAT64 IPv6 forms, localhost names, trailing dots. The
//! policy check on the confusion corpus is in `policy.rs` (feature `policy`).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use weburl::Url;
use weburl::net::{
    AddressSpace, ip_address_space, ipv4_special_block, ipv4_special_blocks, ipv6_special_blocks,
};
#[cfg(feature = "policy")]
use weburl::policy::Policy;

/// The ways browsers accept to write one IPv4 address (the URL Standard's IPv4 parser).
fn ipv4_spellings(a: Ipv4Addr) -> Vec<String> {
    let [b0, b1, b2, b3] = a.octets();
    let n = u32::from(a);
    let fullwidth = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                '0'..='9' => char::from_u32(0xFF10 + (c as u32 - '0' as u32)).unwrap(),
                '.' => '\u{FF0E}',
                c => c,
            })
            .collect()
    };
    let dotted = format!("{b0}.{b1}.{b2}.{b3}");
    vec![
        dotted.clone(),
        format!("{dotted}."),
        n.to_string(),
        format!("0x{n:x}"),
        format!("0X{n:X}"),
        format!("0{n:o}"),
        format!("0{b0:o}.0{b1:o}.0{b2:o}.0{b3:o}"),
        format!("0x{b0:x}.0x{b1:x}.0x{b2:x}.0x{b3:x}"),
        format!(
            "{b0}.{}",
            (u32::from(b1) << 16) | (u32::from(b2) << 8) | u32::from(b3)
        ),
        format!("{b0}.{b1}.{}", (u32::from(b2) << 8) | u32::from(b3)),
        format!(
            "0x{b0:x}.{}",
            (u32::from(b1) << 16) | (u32::from(b2) << 8) | u32::from(b3)
        ),
        fullwidth(&dotted),
        dotted.replace('.', "\u{3002}"),
        dotted.replace('.', "%2E"),
        format!("%{:02X}{}", dotted.as_bytes()[0], &dotted[1..]),
        format!("[::ffff:{dotted}]"),
        format!("[::ffff:{:x}:{:x}]", n >> 16, n & 0xffff),
        format!("[0:0:0:0:0:ffff:{dotted}]"),
        format!("[64:ff9b::{dotted}]"),
    ]
}

#[test]
fn every_ipv4_spelling_of_every_special_block_points_where_its_address_does() {
    let mut checked = 0;
    for block in ipv4_special_blocks() {
        let (first, len) = block.prefix.split_once('/').unwrap();
        let first: Ipv4Addr = first.parse().unwrap();
        let len: u32 = len.parse().unwrap();
        let last = Ipv4Addr::from(u32::from(first) | (u32::MAX.checked_shr(len).unwrap_or(0)));
        for address in [first, last] {
            let space = ip_address_space(IpAddr::V4(address));
            for spelling in ipv4_spellings(address) {
                let input = format!("http://{spelling}/");
                let url = Url::parse(&input).unwrap_or_else(|e| panic!("{input}: {e}"));
                assert_eq!(url.address_space(), Some(space), "{input} ({block})");
                if !spelling.starts_with('[') {
                    assert_eq!(url.hostname(), address.to_string(), "{input}");
                    assert_eq!(url.special_block(), ipv4_special_block(address), "{input}");
                }
                // The policy check sees through every spelling.
                #[cfg(feature = "policy")]
                let refused = Policy::new().deny_space(space).check(&input, None);
                #[cfg(feature = "policy")]
                assert_eq!(refused.unwrap_err().rule(), "address-space", "{input}");
                checked += 1;
            }
        }
    }
    println!("{checked} passed, 0 failed");
    assert!(checked > 900);
}

#[test]
fn ipv6_forms_and_blocks() {
    for block in ipv6_special_blocks() {
        let first: Ipv6Addr = block.prefix.split_once('/').unwrap().0.parse().unwrap();
        let url = Url::parse(&format!("http://[{first}]/")).unwrap();
        assert_eq!(
            url.address_space(),
            Some(ip_address_space(IpAddr::V6(first))),
            "{block}"
        );
        assert!(url.special_block().is_some(), "{block}");
    }
    let cases = [
        ("[::1]", AddressSpace::Loopback),
        ("[0:0:0:0:0:0:0:1]", AddressSpace::Loopback),
        ("[::]", AddressSpace::Local),
        ("[::ffff:127.0.0.1]", AddressSpace::Loopback),
        ("[::ffff:7f00:1]", AddressSpace::Loopback),
        ("[::127.0.0.1]", AddressSpace::Loopback),
        ("[::ffff:10.1.1.1]", AddressSpace::Local),
        ("[::ffff:a9fe:a9fe]", AddressSpace::Local),
        ("[64:ff9b::169.254.169.254]", AddressSpace::Local),
        ("[::ffff:8.8.8.8]", AddressSpace::Public),
        ("[fd00::1]", AddressSpace::Local),
        ("[fe80::1]", AddressSpace::Local),
        ("[FEBF::1]", AddressSpace::Local),
        ("[fec0::1]", AddressSpace::Public),
        ("[2001:db8::1]", AddressSpace::Local),
        ("[2606:4700:4700::1111]", AddressSpace::Public),
    ];
    for (host, space) in cases {
        let url = Url::parse(&format!("https://{host}:8443/x")).unwrap();
        assert_eq!(url.address_space(), Some(space), "{host}");
    }
}

#[test]
fn localhost_names_and_domains() {
    let loopback = [
        "localhost",
        "LOCALHOST",
        "localhost.",
        "app.localhost",
        "a.b.localhost.",
        "%6Cocalhost",
        "\u{FF4C}\u{FF4F}\u{FF43}\u{FF41}\u{FF4C}\u{FF48}\u{FF4F}\u{FF53}\u{FF54}",
    ];
    for host in loopback {
        let url = Url::parse(&format!("http://{host}/")).unwrap();
        assert_eq!(url.address_space(), Some(AddressSpace::Loopback), "{host}");
    }
    for host in [
        "localhost.example",
        "notlocalhost",
        "localhost-a",
        "example.com",
        "example.com.",
    ] {
        let url = Url::parse(&format!("http://{host}/")).unwrap();
        assert_eq!(url.address_space(), None, "{host}");
    }
    // Opaque hosts and hostless URLs have no address space.
    for input in [
        "sc://127.0.0.1/",
        "sc://localhost/",
        "mailto:a@127.0.0.1",
        "file:///x",
    ] {
        assert_eq!(Url::parse(input).unwrap().address_space(), None, "{input}");
    }
    // file://localhost/ has an empty host after parsing.
    assert_eq!(
        Url::parse("file://localhost/x").unwrap().address_space(),
        None
    );
}
