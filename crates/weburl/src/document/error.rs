//! [`DocumentError`]: why the extractor stopped.

use std::fmt;
use std::io;

/// Why [`extract_links`](super::extract_links) stopped.
///
/// ```
/// use weburl::document::{DocumentError, DocumentKind, LinkOptions, collect_links};
/// let err = collect_links(&b"<feed>\n<link href='a'></feed>"[..], &LinkOptions::new().kind(DocumentKind::Xml)).unwrap_err();
/// assert!(matches!(err, DocumentError::Xml { line: 2, .. }));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum DocumentError {
    /// Reading the input failed.
    Io(io::Error),
    /// The HTML parser gave up (it does not on any input, short of running out of memory).
    Html(String),
    /// The XML document is not well-formed.
    Xml {
        /// What is wrong.
        message: String,
        /// Where (line, from 1).
        line: u32,
        /// Where (column, from 1).
        column: u32,
    },
}

impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DocumentError::Io(e) => write!(f, "reading the document: {e}"),
            DocumentError::Html(e) => write!(f, "parsing the HTML: {e}"),
            DocumentError::Xml {
                message,
                line,
                column,
            } => {
                write!(f, "XML error at line {line}, column {column}: {message}")
            }
        }
    }
}

impl std::error::Error for DocumentError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DocumentError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for DocumentError {
    fn from(e: io::Error) -> Self {
        DocumentError::Io(e)
    }
}
