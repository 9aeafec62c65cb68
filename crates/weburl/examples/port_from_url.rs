//! The small program of docs/MIGRATING-FROM-URL.md, "A program ported step by step", after
//! the port from the `url` crate to weburl: it reads a page's URL and the links on it, and for
//! each link prints the resolved URL without tracking parameters, its host, port and a path
//! relative to the page, and, for a `file:` link, the local path.
//!
//! Run it: `cargo run -p weburl --example port_from_url`

use weburl::{Position, Url};

/// The links of one page, as a crawler might have collected them.
const PAGE: &str = "https://docs.example.com/guide/intro.html?lang=en";
const LINKS: [&str; 5] = [
    "../api/index.html?utm_source=feed&v=2#top",
    "setup.html",
    "//cdn.example.com/img/logo.png",
    "file:///srv/share/notes.txt",
    "https://EXAMPLE.com:443/Ünïcode path/",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let page = Url::parse(PAGE)?;
    for link in LINKS {
        let mut url = page.join(link)?;

        // Keep every query pair but the tracking ones; drop the query if none is left.
        let kept: Vec<(String, String)> = url
            .query_pairs()
            .filter(|(name, _)| !name.starts_with("utm_"))
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect();
        url.set_query(None);
        if !kept.is_empty() {
            url.query_pairs_mut().extend_pairs(&kept);
        }

        // url: `url.host_str()`, `url.port_or_known_default()` keep their names;
        // `url.port()` (a number) is `port_number()` here.
        let host = url.host_str().unwrap_or("-");
        let port = url
            .port_or_known_default()
            .map_or("-".to_owned(), |p| p.to_string());
        let explicit = url.port_number().is_some();
        let relative = page.make_relative(&url).unwrap_or_else(|| url.to_string());
        println!("{}", &url[..Position::AfterQuery]);
        println!("  host {host} port {port} (explicit: {explicit}) relative {relative}");
        if url.scheme() == "file" {
            #[cfg(any(unix, windows))]
            if let Ok(path) = url.to_file_path() {
                println!("  local file {}", path.display());
            }
        }
        // Edit the path: the directory of the link, with "index.html" appended.
        if let Ok(mut segments) = url.path_segments_mut() {
            segments.pop().push("index.html");
        }
        println!("  index {url}");
    }
    Ok(())
}
