//! What is printed for each resulting URL: its href, a `--get` template, the `--json`
//! component object, a `--diagram`, or (for `normalize --surt`) its SURT.

use clap::Args;
use weburl::Url;
use weburl::psl::Sections;

use crate::components::Components;
use crate::template::{self, Template};
use crate::{diagram, report, surt};

/// The output options every URL-printing subcommand takes.
#[derive(Args, Debug)]
#[command(next_help_heading = "Output")]
pub struct OutputArgs {
    /// Print TEMPLATE for each URL instead of its href (see --help for the placeholders)
    #[arg(long, value_name = "TEMPLATE", value_parser = Template::parse, long_help = template::HELP)]
    pub get: Option<Template>,

    /// Print one JSON object per URL: href, origin, protocol, username, password, host,
    /// hostname, port, pathname, search, hash, public_suffix, registrable_domain, subdomain
    /// (null where null), site and "params" ([[name, value], ...], the query)
    #[arg(long, conflicts_with = "get")]
    pub json: bool,

    /// Take public suffixes, registrable domains and sites ({public_suffix},
    /// {registrable_domain}, {subdomain}, {site} and --json) from the ICANN section of the
    /// Public Suffix List alone, without private registries such as github.io
    #[arg(long)]
    pub icann_only: bool,

    /// Draw each URL with its components marked under it, and their byte offsets in the
    /// href (START..END, END excluded), followed by an empty line
    #[arg(long, conflicts_with_all = ["get", "json"])]
    pub diagram: bool,
}

/// How each resulting URL is printed.
#[derive(Debug)]
pub enum Output {
    /// The href and a newline.
    Href,
    /// `--get`.
    Template(Template),
    /// `--json`, with the list sections of its domain fields.
    Json(Sections),
    /// `--diagram`, coloured or not.
    Diagram { color: bool },
    /// `normalize --surt`.
    Surt,
}

impl Output {
    /// The output the options ask for.
    pub fn from_args(args: &OutputArgs) -> Output {
        let sections = if args.icann_only {
            Sections::Icann
        } else {
            Sections::All
        };
        if let Some(template) = &args.get {
            Output::Template(template.clone().with_sections(sections))
        } else if args.json {
            Output::Json(sections)
        } else if args.diagram {
            Output::Diagram {
                color: report::stdout_color(),
            }
        } else {
            Output::Href
        }
    }

    /// Appends what is printed for `url` to `out`.
    pub fn render(&self, url: &Url, out: &mut Vec<u8>) {
        match self {
            Output::Href => {
                out.extend_from_slice(url.href().as_bytes());
                out.push(b'\n');
            }
            Output::Template(template) => template.render(url, out),
            Output::Json(sections) => {
                // The object holds only strings: serializing it into a `Vec` cannot fail.
                let _ = serde_json::to_writer(&mut *out, &Components::with_params(url, *sections));
                out.push(b'\n');
            }
            Output::Diagram { color } => diagram::render(url, *color, out),
            Output::Surt => surt::render(url, out),
        }
    }
}
