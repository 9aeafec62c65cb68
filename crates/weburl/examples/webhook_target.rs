//! The worked example of docs/SECURITY.md: check a webhook URL with the policy, resolve its
//! host, check every address, and hand back the address to connect to.
//!
//! Run: `cargo run -p weburl --features policy --example webhook_target -- 'https://127.0.0.1/'`
//! (more URLs may follow; with no argument it checks a few built-in inputs that need no DNS).

use std::net::{IpAddr, ToSocketAddrs};

use weburl::Url;
use weburl::net::{AddressSpace, ip_address_space};
use weburl::policy::Policy;

/// The URL to request and the address to connect to, or why not.
fn webhook_target(input: &str) -> Result<(Url, IpAddr), String> {
    // 1. The URL itself: scheme, port, credentials, spelled addresses, parser confusion.
    let url = Policy::public_web()
        .allow_ports([443])
        .check(input, None)
        .map_err(|r| format!("refused ({}): {r}", r.rule()))?;
    // 2. Resolve, and check every address (an IP host resolves to itself).
    let port = url.port_or_default().ok_or("no port")?;
    let addrs: Vec<IpAddr> = (url.hostname().trim_matches(['[', ']']), port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot resolve {}: {e}", url.hostname()))?
        .map(|a| a.ip())
        .collect();
    let first = *addrs.first().ok_or("the name has no address")?;
    for ip in &addrs {
        let space = ip_address_space(*ip);
        if space != AddressSpace::Public {
            return Err(format!(
                "{} resolves to {ip}, a {space} address",
                url.hostname()
            ));
        }
    }
    // 3. The caller connects to `first`, sending `Host: url.host()` and the TLS server name
    //    `url.hostname()`, with redirects off (or each Location checked again here).
    Ok((url, first))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let inputs = if args.is_empty() {
        [
            "https://93.184.215.14/hook",
            "https://0x7f.1/hook",
            "https://[::ffff:a9fe:a9fe]/latest",
            "http://93.184.215.14/hook",
            "https://93.184.215.14:8443/hook",
            "https://evil.com\\@good.com/",
            "https://user:pw@93.184.215.14/",
        ]
        .map(String::from)
        .to_vec()
    } else {
        args
    };
    for input in inputs {
        match webhook_target(&input) {
            Ok((url, ip)) => println!("ok: {} -> connect to {ip}", url.href()),
            Err(e) => println!("{input}: {e}"),
        }
    }
}
