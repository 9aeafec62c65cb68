//! [Constructor string parsing](https://urlpattern.spec.whatwg.org/#constructor-string-parsing):
//! a pattern such as `https://*.example.com/books/:id` split into its components.

use super::UrlPatternInit;
use super::canon::canonicalize_a_protocol;
use super::component::CompiledComponent;
use super::error::{UrlPatternComponent, UrlPatternError};
use super::parser::Options;
use super::tokenizer::{Policy, Token, TokenType, tokenize};

/// <https://urlpattern.spec.whatwg.org/#constructor-string-parser-state>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Init,
    Protocol,
    Authority,
    Username,
    Password,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
    Done,
}

/// <https://urlpattern.spec.whatwg.org/#constructor-string-parser>
struct ConstructorStringParser<'a> {
    input: &'a str,
    token_list: Vec<Token<'a>>,
    result: UrlPatternInit,
    component_start: usize,
    token_index: usize,
    token_increment: usize,
    group_depth: usize,
    hostname_ipv6_bracket_depth: isize,
    protocol_matches_a_special_scheme_flag: bool,
    state: State,
    /// Whether the limits let custom regexp groups through (the protocol is compiled here).
    allow_regexp_groups: bool,
    /// The step budget of a match on the bounded backtracking matcher.
    max_regexp_steps: u64,
    /// Where each component's string starts in `input` (by [`UrlPatternComponent`] order),
    /// so that an error in a component can say where it is in the pattern as written.
    starts: [usize; 8],
}

/// <https://urlpattern.spec.whatwg.org/#parse-a-constructor-string>, with where each
/// component's string starts in `input` (byte offsets, by [`UrlPatternComponent`] order; 0 for
/// a component the string does not give).
pub(crate) fn parse_a_constructor_string(
    input: &str,
    allow_regexp_groups: bool,
    max_regexp_steps: u64,
) -> Result<(UrlPatternInit, [usize; 8]), UrlPatternError> {
    let mut parser = ConstructorStringParser {
        input,
        token_list: tokenize(input, Policy::Lenient)?,
        result: UrlPatternInit::default(),
        component_start: 0,
        token_index: 0,
        token_increment: 1,
        group_depth: 0,
        hostname_ipv6_bracket_depth: 0,
        protocol_matches_a_special_scheme_flag: false,
        state: State::Init,
        allow_regexp_groups,
        max_regexp_steps,
        starts: [0; 8],
    };
    while parser.token_index < parser.token_list.len() {
        parser.token_increment = 1;
        if parser.token_list[parser.token_index].kind == TokenType::End {
            if parser.state == State::Init {
                parser.rewind();
                if parser.is_a_hash_prefix() {
                    parser.change_state(State::Hash, 1);
                } else if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else {
                    parser.change_state(State::Pathname, 0);
                }
                parser.token_index += parser.token_increment;
                continue;
            }
            if parser.state == State::Authority {
                parser.rewind_and_set_state(State::Hostname);
                parser.token_index += parser.token_increment;
                continue;
            }
            parser.change_state(State::Done, 0);
            break;
        }
        if parser.is_a_group_open() {
            parser.group_depth += 1;
            parser.token_index += parser.token_increment;
            continue;
        }
        if parser.group_depth > 0 {
            if parser.is_a_group_close() {
                parser.group_depth -= 1;
            } else {
                parser.token_index += parser.token_increment;
                continue;
            }
        }
        match parser.state {
            State::Init => {
                if parser.is_a_protocol_suffix() {
                    parser.rewind_and_set_state(State::Protocol);
                }
            }
            State::Protocol => {
                if parser.is_a_protocol_suffix() {
                    parser.compute_protocol_matches_a_special_scheme_flag()?;
                    let mut next_state = State::Pathname;
                    let mut skip = 1;
                    if parser.next_is_authority_slashes() {
                        next_state = State::Authority;
                        skip = 3;
                    } else if parser.protocol_matches_a_special_scheme_flag {
                        next_state = State::Authority;
                    }
                    parser.change_state(next_state, skip);
                }
            }
            State::Authority => {
                if parser.is_an_identity_terminator() {
                    parser.rewind_and_set_state(State::Username);
                } else if parser.is_a_pathname_start()
                    || parser.is_a_search_prefix()
                    || parser.is_a_hash_prefix()
                {
                    parser.rewind_and_set_state(State::Hostname);
                }
            }
            State::Username => {
                if parser.is_a_password_prefix() {
                    parser.change_state(State::Password, 1);
                } else if parser.is_an_identity_terminator() {
                    parser.change_state(State::Hostname, 1);
                }
            }
            State::Password => {
                if parser.is_an_identity_terminator() {
                    parser.change_state(State::Hostname, 1);
                }
            }
            State::Hostname => {
                if parser.is_an_ipv6_open() {
                    parser.hostname_ipv6_bracket_depth += 1;
                } else if parser.is_an_ipv6_close() {
                    parser.hostname_ipv6_bracket_depth -= 1;
                } else if parser.is_a_port_prefix() && parser.hostname_ipv6_bracket_depth == 0 {
                    parser.change_state(State::Port, 1);
                } else if parser.is_a_pathname_start() {
                    parser.change_state(State::Pathname, 0);
                } else if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else if parser.is_a_hash_prefix() {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Port => {
                if parser.is_a_pathname_start() {
                    parser.change_state(State::Pathname, 0);
                } else if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else if parser.is_a_hash_prefix() {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Pathname => {
                if parser.is_a_search_prefix() {
                    parser.change_state(State::Search, 1);
                } else if parser.is_a_hash_prefix() {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Search => {
                if parser.is_a_hash_prefix() {
                    parser.change_state(State::Hash, 1);
                }
            }
            State::Hash | State::Done => {}
        }
        parser.token_index += parser.token_increment;
    }
    if parser.result.hostname.is_some() && parser.result.port.is_none() {
        parser.result.port = Some(String::new());
    }
    Ok((parser.result, parser.starts))
}

impl ConstructorStringParser<'_> {
    /// <https://urlpattern.spec.whatwg.org/#change-state>
    fn change_state(&mut self, new_state: State, skip: usize) {
        use State::*;
        if !matches!(self.state, Init | Authority | Done) {
            let value = self.make_a_component_string();
            let start = self.get_a_safe_token(self.component_start).index;
            let r = &mut self.result;
            let (slot, component) = match self.state {
                Protocol => (&mut r.protocol, UrlPatternComponent::Protocol),
                Username => (&mut r.username, UrlPatternComponent::Username),
                Password => (&mut r.password, UrlPatternComponent::Password),
                Hostname => (&mut r.hostname, UrlPatternComponent::Hostname),
                Port => (&mut r.port, UrlPatternComponent::Port),
                Pathname => (&mut r.pathname, UrlPatternComponent::Pathname),
                Search => (&mut r.search, UrlPatternComponent::Search),
                _ => (&mut r.hash, UrlPatternComponent::Hash),
            };
            *slot = Some(value);
            self.starts[component as usize] = start;
        }
        if self.state != Init && new_state != Done {
            if matches!(self.state, Protocol | Authority | Username | Password)
                && matches!(new_state, Port | Pathname | Search | Hash)
                && self.result.hostname.is_none()
            {
                self.result.hostname = Some(String::new());
            }
            if matches!(
                self.state,
                Protocol | Authority | Username | Password | Hostname | Port
            ) && matches!(new_state, Search | Hash)
                && self.result.pathname.is_none()
            {
                self.result.pathname = Some(if self.protocol_matches_a_special_scheme_flag {
                    "/".to_owned()
                } else {
                    String::new()
                });
            }
            if matches!(
                self.state,
                Protocol | Authority | Username | Password | Hostname | Port | Pathname
            ) && new_state == Hash
                && self.result.search.is_none()
            {
                self.result.search = Some(String::new());
            }
        }
        self.state = new_state;
        self.token_index += skip;
        self.component_start = self.token_index;
        self.token_increment = 0;
    }

    /// <https://urlpattern.spec.whatwg.org/#rewind>
    fn rewind(&mut self) {
        self.token_index = self.component_start;
        self.token_increment = 0;
    }

    /// <https://urlpattern.spec.whatwg.org/#rewind-and-set-state>
    fn rewind_and_set_state(&mut self, state: State) {
        self.rewind();
        self.state = state;
    }

    /// <https://urlpattern.spec.whatwg.org/#get-a-safe-token>
    fn get_a_safe_token(&self, index: usize) -> Token<'_> {
        match self.token_list.get(index) {
            Some(t) => *t,
            None => *self
                .token_list
                .last()
                .expect("the token list ends with an end token"),
        }
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-non-special-pattern-char>
    fn is_a_non_special_pattern_char(&self, index: usize, value: &str) -> bool {
        let token = self.get_a_safe_token(index);
        if token.value != value {
            return false;
        }
        matches!(
            token.kind,
            TokenType::Char | TokenType::EscapedChar | TokenType::InvalidChar
        )
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-protocol-suffix>
    fn is_a_protocol_suffix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, ":")
    }

    /// <https://urlpattern.spec.whatwg.org/#next-is-authority-slashes>
    fn next_is_authority_slashes(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index + 1, "/")
            && self.is_a_non_special_pattern_char(self.token_index + 2, "/")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-an-identity-terminator>
    fn is_an_identity_terminator(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, "@")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-password-prefix>
    fn is_a_password_prefix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, ":")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-port-prefix>
    fn is_a_port_prefix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, ":")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-pathname-start>
    fn is_a_pathname_start(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, "/")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-search-prefix>
    fn is_a_search_prefix(&self) -> bool {
        if self.is_a_non_special_pattern_char(self.token_index, "?") {
            return true;
        }
        if self.token_list[self.token_index].value != "?" {
            return false;
        }
        let Some(previous_index) = self.token_index.checked_sub(1) else {
            return true;
        };
        let previous_token = self.get_a_safe_token(previous_index);
        !matches!(
            previous_token.kind,
            TokenType::Name | TokenType::Regexp | TokenType::Close | TokenType::Asterisk
        )
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-hash-prefix>
    fn is_a_hash_prefix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, "#")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-group-open>
    fn is_a_group_open(&self) -> bool {
        self.token_list[self.token_index].kind == TokenType::Open
    }

    /// <https://urlpattern.spec.whatwg.org/#is-a-group-close>
    fn is_a_group_close(&self) -> bool {
        self.token_list[self.token_index].kind == TokenType::Close
    }

    /// <https://urlpattern.spec.whatwg.org/#is-an-ipv6-open>
    fn is_an_ipv6_open(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, "[")
    }

    /// <https://urlpattern.spec.whatwg.org/#is-an-ipv6-close>
    fn is_an_ipv6_close(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, "]")
    }

    /// <https://urlpattern.spec.whatwg.org/#make-a-component-string>
    fn make_a_component_string(&self) -> String {
        let token = self.get_a_safe_token(self.token_index);
        let component_start_token = self.get_a_safe_token(self.component_start);
        let start = component_start_token.index;
        let end = token.index;
        self.input.get(start..end).unwrap_or("").to_owned()
    }

    /// <https://urlpattern.spec.whatwg.org/#compute-protocol-matches-a-special-scheme-flag>
    fn compute_protocol_matches_a_special_scheme_flag(&mut self) -> Result<(), UrlPatternError> {
        let protocol_string = self.make_a_component_string();
        let protocol_component = CompiledComponent::compile(
            UrlPatternComponent::Protocol,
            &protocol_string,
            &canonicalize_a_protocol,
            Options::DEFAULT,
            self.allow_regexp_groups,
            self.max_regexp_steps,
        )?;
        if protocol_component.matches_a_special_scheme() {
            self.protocol_matches_a_special_scheme_flag = true;
        }
        Ok(())
    }
}
