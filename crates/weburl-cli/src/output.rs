//! What is printed for each resulting URL: its href, a `--get` template, the `--json`
//! component object, a `--diagram`, or (for `normalize --profile w3lib|surt`) its canonical text.

use clap::Args;
use weburl::Url;
use weburl::psl::Sections;

use crate::components::Components;
use crate::failure::Failure;
use crate::style::Style;
use crate::template::{self, Template};
use crate::trurl::{self, TrurlArgs};
use crate::{diagram, report, surt};

/// The output options every URL-printing subcommand takes.
#[derive(Args, Debug)]
#[command(next_help_heading = "Output")]
pub struct OutputArgs {
    /// Print TEMPLATE for each URL instead of its href (see --help for the placeholders)
    #[arg(short = 'g', long, value_name = "TEMPLATE", value_parser = Template::parse, long_help = template::HELP)]
    pub get: Option<Template>,

    /// Print one JSON object per URL: input, href, origin, protocol, username, password,
    /// host, hostname, port, pathname, search, hash, public_suffix, registrable_domain,
    /// subdomain (null where null), site and "params" ([[name, value], ...], the query); an
    /// input that fails gets {"input", "error", "error_name"} instead (and no message on
    /// standard error). One object per input (with --iterate, per URL it makes); blank lines
    /// are not inputs
    #[arg(long, conflicts_with = "get")]
    pub json: bool,

    /// Print an empty line for each input that fails (its error still goes to standard
    /// error), and for each line of input that is not an input (blank, or a comment with
    /// --skip-comments), so that the output has one line per line of input, in line with it
    /// (with --iterate, one line per URL it makes)
    #[arg(long, conflicts_with_all = ["json", "diagram"])]
    pub blank_failures: bool,

    /// Take public suffixes, registrable domains and sites ({public_suffix},
    /// {registrable_domain}, {subdomain}, {site} and --json) from the ICANN section of the
    /// Public Suffix List alone, without private registries such as github.io
    #[arg(long)]
    pub icann_only: bool,

    /// Draw each URL with its components marked under it, and their byte offsets in the
    /// href (START..END, END excluded), followed by an empty line
    #[arg(long, conflicts_with_all = ["get", "json"])]
    pub diagram: bool,

    #[command(flatten)]
    pub trurl: TrurlArgs,
}

/// How each resulting URL is printed.
#[derive(Debug)]
pub enum Output {
    /// The href and a newline.
    Href,
    /// The href changed by `--as-idn` or `--keep-port`, and a newline.
    StyledHref(Style),
    /// `--get`.
    Template(Template),
    /// `--json`, with the list sections of its domain fields and the `--query-separator` of its
    /// `params`.
    Json(Sections, Style),
    /// `--diagram`, coloured or not.
    Diagram { color: bool },
    /// `normalize --profile w3lib` or `surt` without another output option: the profile's
    /// canonical text (for `surt`, the key), made without parsing it again.
    Canonical(weburl::normalize::Profile, weburl::normalize::Options),
}

impl Output {
    /// The output the options ask for.
    pub fn from_args(args: &OutputArgs) -> Output {
        let sections = if args.icann_only {
            Sections::Icann
        } else {
            Sections::All
        };
        let style = Style::from_args(&args.trurl);
        if let Some(template) = &args.get {
            Output::Template(template.clone().with_sections(sections).with_style(style))
        } else if args.json {
            Output::Json(sections, style)
        } else if args.diagram {
            Output::Diagram {
                color: report::stdout_color(),
            }
        } else if style.changes_href() {
            Output::StyledHref(style)
        } else {
            Output::Href
        }
    }

    /// Appends what is printed for `url`, read from `input`, to `out`; `Err` (and nothing
    /// appended) when a `--get` template's `{must:…}` or `{strict:…}` fails.
    pub fn render(&self, url: &Url, input: &str, out: &mut Vec<u8>) -> Result<(), Failure> {
        match self {
            Output::Href => {
                out.extend_from_slice(url.href().as_bytes());
                out.push(b'\n');
            }
            Output::StyledHref(style) => {
                out.extend_from_slice(style.href(url, input).as_bytes());
                out.push(b'\n');
            }
            Output::Template(template) => return template.render(url, input, out),
            Output::Json(sections, style) => {
                // `{"input":...,` then the component object without its `{` (written whole,
                // then its `{` overwritten: no intermediate map, as `#[serde(flatten)]` builds).
                // Strings only: serializing into a `Vec` cannot fail.
                out.extend_from_slice(b"{\"input\":");
                let _ = serde_json::to_writer(&mut *out, input);
                let brace = out.len();
                let mut components =
                    Components::with_params(url, *sections).styled(url, input, style);
                if style.separator != b'&' {
                    components.params = Some(trurl::params(url, style.separator));
                }
                let _ = serde_json::to_writer(&mut *out, &components);
                out[brace] = b',';
                out.push(b'\n');
            }
            Output::Diagram { color } => diagram::render(url, *color, out),
            Output::Canonical(profile, options) => surt::render(url, *profile, options, out),
        }
        Ok(())
    }
}
