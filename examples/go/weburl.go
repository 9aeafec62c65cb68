// Package weburl is a Go binding of libweburl through cgo: URLs parsed as web browsers parse
// them (the WHATWG URL Standard), URL patterns (the URL Pattern Standard's URLPattern), route
// sets and validation errors. It is an example of using weburl.h from another language; see
// README.md for building it.
//
// Strings go to C without a copy where the C side only reads them during the call (every
// function here: libweburl copies what it keeps) and come back copied into Go strings, so no
// Go value ever refers to C memory after a call returns. Objects that own C memory (URL,
// Pattern, PatternSet) are freed by Close, or by a finalizer when they become unreachable.
package weburl

/*
#cgo LDFLAGS: -lweburl
#include <stdlib.h>
#include "weburl.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"
)

// cString returns a pointer to s's bytes and their number, for a C function that reads them
// during the call only. Go 1.19 has no unsafe.StringData; the first word of a string header
// is its data pointer, read here the same way. The bytes hold no Go pointers, so cgo's
// pointer rules allow passing them; the empty string is (NULL, 0), which libweburl reads as
// the empty string.
func cString(s string) (*C.char, C.size_t) {
	if len(s) == 0 {
		return nil, 0
	}
	return *(**C.char)(unsafe.Pointer(&s)), C.size_t(len(s))
}

// goString copies a string libweburl lends.
func goString(s C.ada_string) string {
	if s.data == nil || s.length == 0 {
		return ""
	}
	return C.GoStringN(s.data, C.int(s.length))
}

// Version is libweburl's version, such as "0.1.0".
func Version() string { return C.GoString(C.weburl_get_version()) }

// ---- URLs ----------------------------------------------------------------------------

// URL is a parsed URL (ada_url). Its methods are not safe for concurrent use when one of
// them is a setter.
type URL struct {
	handle C.ada_url
}

// ParseError says why a string is not a URL: Name is the URL Standard's name of the
// validation error that made the parser fail, such as "port-out-of-range" or
// "missing-scheme-non-relative-URL".
type ParseError struct {
	Input string
	Base  string
	Name  string
}

func (e *ParseError) Error() string {
	if e.Base != "" {
		return fmt.Sprintf("weburl: cannot parse %q against %q: %s", e.Input, e.Base, e.Name)
	}
	return fmt.Sprintf("weburl: cannot parse %q: %s", e.Input, e.Name)
}

// Parse parses input as new URL(input, base) does; base "" is no base (an empty base URL
// never parses, so nothing is lost).
func Parse(input, base string) (*URL, error) {
	in, inLen := cString(input)
	var handle C.ada_url
	if base == "" {
		handle = C.ada_parse(in, inLen)
	} else {
		b, bLen := cString(base)
		handle = C.ada_parse_with_base(in, inLen, b, bLen)
	}
	if !C.ada_is_valid(handle) {
		name := goString(C.weburl_url_error_name(handle))
		C.ada_free(handle)
		return nil, &ParseError{Input: input, Base: base, Name: name}
	}
	u := &URL{handle: handle}
	runtime.SetFinalizer(u, (*URL).Close)
	return u, nil
}

// CanParse reports whether input parses (against base; "" is none), without making a URL.
func CanParse(input, base string) bool {
	in, inLen := cString(input)
	if base == "" {
		return bool(C.ada_can_parse(in, inLen))
	}
	b, bLen := cString(base)
	return bool(C.ada_can_parse_with_base(in, inLen, b, bLen))
}

// Close frees the URL's C memory; the URL then reads as empty. Calling it again does nothing.
func (u *URL) Close() {
	if u.handle != nil {
		C.ada_free(u.handle)
		u.handle = nil
		runtime.SetFinalizer(u, nil)
	}
}

func (u *URL) get(getter func(C.ada_url) C.ada_string) string {
	s := goString(getter(u.handle))
	runtime.KeepAlive(u)
	return s
}

// Href is the whole URL, serialized.
func (u *URL) Href() string { return u.get(func(h C.ada_url) C.ada_string { return C.ada_get_href(h) }) }

// String is Href.
func (u *URL) String() string { return u.Href() }

// Protocol is the scheme and ":", such as "https:".
func (u *URL) Protocol() string {
	return u.get(func(h C.ada_url) C.ada_string { return C.ada_get_protocol(h) })
}

// Username is the username, percent-encoded.
func (u *URL) Username() string {
	return u.get(func(h C.ada_url) C.ada_string { return C.ada_get_username(h) })
}

// Password is the password, percent-encoded.
func (u *URL) Password() string {
	return u.get(func(h C.ada_url) C.ada_string { return C.ada_get_password(h) })
}

// Host is the hostname and, when there is one, ":" and the port.
func (u *URL) Host() string { return u.get(func(h C.ada_url) C.ada_string { return C.ada_get_host(h) }) }

// Hostname is the host, in ASCII (IDNA applied).
func (u *URL) Hostname() string {
	return u.get(func(h C.ada_url) C.ada_string { return C.ada_get_hostname(h) })
}

// Port is the port, or "" for none or the scheme's default.
func (u *URL) Port() string { return u.get(func(h C.ada_url) C.ada_string { return C.ada_get_port(h) }) }

// Pathname is the path.
func (u *URL) Pathname() string {
	return u.get(func(h C.ada_url) C.ada_string { return C.ada_get_pathname(h) })
}

// Search is "?" and the query, or "" when there is none or it is empty.
func (u *URL) Search() string {
	return u.get(func(h C.ada_url) C.ada_string { return C.ada_get_search(h) })
}

// Hash is "#" and the fragment, or "" when there is none or it is empty.
func (u *URL) Hash() string { return u.get(func(h C.ada_url) C.ada_string { return C.ada_get_hash(h) }) }

// Origin is the URL's origin, serialized ("null" for an opaque origin).
func (u *URL) Origin() string {
	owned := C.ada_get_origin(u.handle)
	runtime.KeepAlive(u)
	defer C.ada_free_owned_string(owned)
	if owned.data == nil {
		return ""
	}
	return C.GoStringN(owned.data, C.int(owned.length))
}

// SetterError says a setter refused a value (the URL Standard ignores it); the URL is as it
// was.
type SetterError struct {
	Component string
	Value     string
}

func (e *SetterError) Error() string {
	return fmt.Sprintf("weburl: the %s %q was refused", e.Component, e.Value)
}

func (u *URL) set(component, value string, setter func(C.ada_url, *C.char, C.size_t) C.bool) error {
	v, n := cString(value)
	ok := setter(u.handle, v, n)
	runtime.KeepAlive(u)
	if !ok {
		return &SetterError{Component: component, Value: value}
	}
	return nil
}

// SetHref replaces the whole URL (an error, and no change, when value does not parse).
func (u *URL) SetHref(value string) error {
	return u.set("href", value, func(h C.ada_url, v *C.char, n C.size_t) C.bool { return C.ada_set_href(h, v, n) })
}

// SetProtocol sets the scheme, as the URL API's protocol setter does.
func (u *URL) SetProtocol(value string) error {
	return u.set("protocol", value, func(h C.ada_url, v *C.char, n C.size_t) C.bool { return C.ada_set_protocol(h, v, n) })
}

// SetUsername sets the username (percent-encoding it).
func (u *URL) SetUsername(value string) error {
	return u.set("username", value, func(h C.ada_url, v *C.char, n C.size_t) C.bool { return C.ada_set_username(h, v, n) })
}

// SetPassword sets the password (percent-encoding it).
func (u *URL) SetPassword(value string) error {
	return u.set("password", value, func(h C.ada_url, v *C.char, n C.size_t) C.bool { return C.ada_set_password(h, v, n) })
}

// SetHost sets the host and, after ":", the port.
func (u *URL) SetHost(value string) error {
	return u.set("host", value, func(h C.ada_url, v *C.char, n C.size_t) C.bool { return C.ada_set_host(h, v, n) })
}

// SetHostname sets the host.
func (u *URL) SetHostname(value string) error {
	return u.set("hostname", value, func(h C.ada_url, v *C.char, n C.size_t) C.bool { return C.ada_set_hostname(h, v, n) })
}

// SetPort sets the port ("" removes it).
func (u *URL) SetPort(value string) error {
	return u.set("port", value, func(h C.ada_url, v *C.char, n C.size_t) C.bool { return C.ada_set_port(h, v, n) })
}

// SetPathname sets the path.
func (u *URL) SetPathname(value string) error {
	return u.set("pathname", value, func(h C.ada_url, v *C.char, n C.size_t) C.bool { return C.ada_set_pathname(h, v, n) })
}

// SetSearch sets the query ("" removes it; a leading "?" is dropped).
func (u *URL) SetSearch(value string) {
	v, n := cString(value)
	C.ada_set_search(u.handle, v, n)
	runtime.KeepAlive(u)
}

// SetHash sets the fragment ("" removes it; a leading "#" is dropped).
func (u *URL) SetHash(value string) {
	v, n := cString(value)
	C.ada_set_hash(u.handle, v, n)
	runtime.KeepAlive(u)
}

// ---- Validation errors -----------------------------------------------------------------

// ValidationError is one validation error the parser met: the URL Standard's name (such as
// "invalid-credentials"), a message, its byte offset in the input, and whether it made the
// parser fail.
type ValidationError struct {
	Name    string
	Message string
	Offset  int
	Failure bool
}

// Validation is what Validate found: whether the input parsed, whether it is a valid URL
// string, and every validation error in the order the parser met them.
type Validation struct {
	Parsed bool
	Valid  bool
	Errors []ValidationError
}

// Error is an error of libweburl's own API (weburl.h's weburl_error): a stable name to
// branch on and a message.
type Error struct {
	Name    string
	Message string
}

func (e *Error) Error() string { return "weburl: " + e.Name + ": " + e.Message }

// takeError copies and frees a weburl_error.
func takeError(e *C.weburl_error) (name, message string, component, offset int) {
	defer C.weburl_error_free(e)
	name = goString(C.weburl_error_name(e))
	message = goString(C.weburl_error_message(e))
	component = int(C.weburl_error_component(e))
	offset = -1
	if off := C.weburl_error_offset(e); off != C.size_t(^uint(0)) {
		offset = int(off)
	}
	return
}

// Validate parses input (against base; "" is none) and reports every validation error. An
// error comes back when base does not parse.
func Validate(input, base string) (*Validation, error) {
	in, inLen := cString(input)
	var b *C.char
	var bLen C.size_t
	if base != "" {
		b, bLen = cString(base)
	}
	var cerr *C.weburl_error
	v := C.weburl_validate(in, inLen, b, bLen, &cerr)
	if v == nil {
		name, message, _, _ := takeError(cerr)
		return nil, &Error{Name: name, Message: message}
	}
	defer C.weburl_validation_free(v)
	out := &Validation{
		Parsed: bool(C.weburl_validation_parsed(v)),
		Valid:  bool(C.weburl_validation_valid(v)),
	}
	n := int(C.weburl_validation_count(v))
	for i := 0; i < n; i++ {
		var e C.weburl_validation_error
		if !C.weburl_validation_get(v, C.size_t(i), &e) {
			break
		}
		out.Errors = append(out.Errors, ValidationError{
			Name:    goString(e.name),
			Message: goString(e.message),
			Offset:  int(e.offset),
			Failure: bool(e.failure),
		})
	}
	return out, nil
}

// ---- URL patterns ----------------------------------------------------------------------

// Component is a URL pattern component, in the URL Pattern Standard's order.
type Component int

// The eight components; NoComponent is an error's component when it concerns none.
const (
	Protocol Component = iota
	Username
	Password
	Hostname
	Port
	Pathname
	Search
	Hash
	NoComponent Component = -1
)

var componentNames = [...]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

func (c Component) String() string {
	if c >= 0 && int(c) < len(componentNames) {
		return componentNames[c]
	}
	return "none"
}

// PatternError says why a pattern did not compile: Name is stable ("pattern-tokenize",
// "pattern-duplicate-name", "pattern-regexp-groups-refused", ...), Component the component
// whose pattern failed (or NoComponent), Offset the byte offset in the pattern as written,
// from the start of the pattern string (or -1).
type PatternError struct {
	Pattern   string
	Name      string
	Message   string
	Component Component
	Offset    int
}

func (e *PatternError) Error() string { return "weburl: pattern " + e.Name + ": " + e.Message }

// PatternOptions are NewPatternWithOptions's options.
type PatternOptions struct {
	// BaseURL completes a relative pattern ("/books/:id"); "" is none.
	BaseURL string
	// IgnoreCase matches letters of either case.
	IgnoreCase bool
	// Untrusted refuses custom regular-expression groups and patterns over 8 KiB, for
	// patterns from users (weburl_pattern_limits_untrusted).
	Untrusted bool
}

// Pattern is a compiled URL pattern (JavaScript's URLPattern). It is immutable: any number
// of goroutines may use one at once.
type Pattern struct {
	handle *C.weburl_pattern
}

// NewPattern compiles a constructor string such as "https://example.com/books/:id".
func NewPattern(pattern string) (*Pattern, error) {
	return NewPatternWithOptions(pattern, PatternOptions{})
}

// MustPattern is NewPattern for patterns known to compile; it panics on an error.
func MustPattern(pattern string) *Pattern {
	p, err := NewPattern(pattern)
	if err != nil {
		panic(err)
	}
	return p
}

// NewPatternWithOptions compiles a constructor string with a base URL, ignoreCase and limits.
func NewPatternWithOptions(pattern string, opts PatternOptions) (*Pattern, error) {
	in, inLen := cString(pattern)
	var b *C.char
	var bLen C.size_t
	if opts.BaseURL != "" {
		b, bLen = cString(opts.BaseURL)
	}
	var limits *C.weburl_pattern_limits
	if opts.Untrusted {
		// In C memory: a Go pointer to a Go value is fine too, but this keeps the rule simple.
		limits = (*C.weburl_pattern_limits)(C.malloc(C.size_t(unsafe.Sizeof(C.weburl_pattern_limits{}))))
		defer C.free(unsafe.Pointer(limits))
		*limits = C.weburl_pattern_limits_untrusted()
	}
	var cerr *C.weburl_error
	handle := C.weburl_pattern_new(in, inLen, b, bLen, C.bool(opts.IgnoreCase), limits, &cerr)
	if handle == nil {
		name, message, component, offset := takeError(cerr)
		return nil, &PatternError{Pattern: pattern, Name: name, Message: message, Component: Component(component), Offset: offset}
	}
	p := &Pattern{handle: handle}
	runtime.SetFinalizer(p, (*Pattern).Close)
	return p, nil
}

// Close frees the pattern's C memory. Calling it again does nothing; a closed pattern
// matches nothing.
func (p *Pattern) Close() {
	if p.handle != nil {
		C.weburl_pattern_free(p.handle)
		p.handle = nil
		runtime.SetFinalizer(p, nil)
	}
}

// Component is the pattern string of one component, normalized ("*" for a wildcard).
func (p *Pattern) Component(c Component) string {
	s := goString(C.weburl_pattern_get_component(p.handle, C.weburl_pattern_component(c)))
	runtime.KeepAlive(p)
	return s
}

// HasRegExpGroups reports whether the pattern has custom regular-expression groups.
func (p *Pattern) HasRegExpGroups() bool {
	ok := bool(C.weburl_pattern_has_regexp_groups(p.handle))
	runtime.KeepAlive(p)
	return ok
}

// Test reports whether the URL string matches.
func (p *Pattern) Test(input string) bool {
	in, n := cString(input)
	ok := bool(C.weburl_pattern_test(p.handle, in, n, nil, 0))
	runtime.KeepAlive(p)
	return ok
}

// TestURL reports whether a parsed URL matches.
func (p *Pattern) TestURL(u *URL) bool {
	ok := bool(C.weburl_pattern_test_url(p.handle, u.handle))
	runtime.KeepAlive(p)
	runtime.KeepAlive(u)
	return ok
}

// Group is one group of a match: its name ("id" for ":id", "0" for the first "*") and
// value; Matched is false for a group that took no part in the match (JavaScript's
// undefined, as an optional group can).
type Group struct {
	Name    string
	Value   string
	Matched bool
}

// ComponentResult is what one component matched: its input and groups, in order.
type ComponentResult struct {
	Input  string
	Groups []Group
}

// Group is the value of the group named name and whether it matched.
func (c ComponentResult) Group(name string) (string, bool) {
	for _, g := range c.Groups {
		if g.Name == name {
			return g.Value, g.Matched
		}
	}
	return "", false
}

// Result is a match (JavaScript's URLPatternResult without inputs).
type Result struct {
	Protocol, Username, Password, Hostname, Port, Pathname, Search, Hash ComponentResult
}

// Component is one component's result.
func (r *Result) Component(c Component) *ComponentResult {
	all := [...]*ComponentResult{&r.Protocol, &r.Username, &r.Password, &r.Hostname, &r.Port, &r.Pathname, &r.Search, &r.Hash}
	if c < 0 || int(c) >= len(all) {
		return nil
	}
	return all[c]
}

// takeResult copies and frees a weburl_pattern_result (nil: no match).
func takeResult(r *C.weburl_pattern_result) *Result {
	if r == nil {
		return nil
	}
	defer C.weburl_pattern_result_free(r)
	out := &Result{}
	for c := Protocol; c <= Hash; c++ {
		cc := C.weburl_pattern_component(c)
		dst := out.Component(c)
		dst.Input = goString(C.weburl_pattern_result_input(r, cc))
		n := int(C.weburl_pattern_result_group_count(r, cc))
		for i := 0; i < n; i++ {
			var value C.ada_string
			state := C.weburl_pattern_result_group(r, cc, C.size_t(i), &value)
			dst.Groups = append(dst.Groups, Group{
				Name:    goString(C.weburl_pattern_result_group_name(r, cc, C.size_t(i))),
				Value:   goString(value),
				Matched: state == C.WEBURL_GROUP_MATCHED,
			})
		}
	}
	return out
}

// Exec matches a URL string: the result, or nil when it does not match (or is no URL).
func (p *Pattern) Exec(input string) *Result {
	in, n := cString(input)
	r := takeResult(C.weburl_pattern_exec(p.handle, in, n, nil, 0))
	runtime.KeepAlive(p)
	return r
}

// ExecURL matches a parsed URL.
func (p *Pattern) ExecURL(u *URL) *Result {
	r := takeResult(C.weburl_pattern_exec_url(p.handle, u.handle))
	runtime.KeepAlive(p)
	runtime.KeepAlive(u)
	return r
}

// ---- Route sets ------------------------------------------------------------------------

// PatternSet is a route table: patterns with values, looked up in insertion order (the
// first pattern that matches wins) without trying every pattern on every URL. Lookups may
// run concurrently with each other; Add takes a write lock.
type PatternSet[V any] struct {
	mu     sync.RWMutex
	handle *C.weburl_pattern_set
	values []V
}

// NewPatternSet makes an empty set.
func NewPatternSet[V any]() *PatternSet[V] {
	s := &PatternSet[V]{handle: C.weburl_pattern_set_new()}
	runtime.SetFinalizer(s, (*PatternSet[V]).Close)
	return s
}

// Close frees the set's C memory. Calling it again does nothing.
func (s *PatternSet[V]) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.handle != nil {
		C.weburl_pattern_set_free(s.handle)
		s.handle = nil
		runtime.SetFinalizer(s, nil)
	}
}

// Add appends a copy of p with value (p may be closed afterwards).
func (s *PatternSet[V]) Add(p *Pattern, value V) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !C.weburl_pattern_set_insert(s.handle, p.handle, C.size_t(len(s.values))) {
		panic("weburl: PatternSet.Add on a closed set or pattern")
	}
	runtime.KeepAlive(p)
	s.values = append(s.values, value)
}

// AddPattern compiles pattern and appends it with value.
func (s *PatternSet[V]) AddPattern(pattern string, value V) error {
	p, err := NewPattern(pattern)
	if err != nil {
		return err
	}
	defer p.Close()
	s.Add(p, value)
	return nil
}

// Len is the number of patterns.
func (s *PatternSet[V]) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return int(C.weburl_pattern_set_size(s.handle))
}

// RouteGroup is one group of a route match, with its component.
type RouteGroup struct {
	Component Component
	Name      string
	Value     string
	Matched   bool
}

// Route is the first matching pattern's value and its groups (every component's, in order).
type Route[V any] struct {
	Value  V
	Groups []RouteGroup
}

// Param is the value of the pathname group named name ("" when there is none).
func (r *Route[V]) Param(name string) string {
	for _, g := range r.Groups {
		if g.Component == Pathname && g.Name == name {
			return g.Value
		}
	}
	return ""
}

// Match finds the first pattern that matches u.
func (s *PatternSet[V]) Match(u *URL) (*Route[V], bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	m := C.weburl_pattern_set_match_new()
	defer C.weburl_pattern_set_match_free(m)
	if !C.weburl_pattern_set_first_match(s.handle, u.handle, m) {
		runtime.KeepAlive(u)
		return nil, false
	}
	route := &Route[V]{Value: s.values[int(C.weburl_pattern_set_match_value(m))]}
	n := int(C.weburl_pattern_set_match_group_count(m))
	for i := 0; i < n; i++ {
		var component C.weburl_pattern_component
		var name, value C.ada_string
		state := C.weburl_pattern_set_match_group(m, C.size_t(i), &component, &name, &value)
		route.Groups = append(route.Groups, RouteGroup{
			Component: Component(component),
			Name:      goString(name),
			Value:     goString(value),
			Matched:   state == C.WEBURL_GROUP_MATCHED,
		})
	}
	runtime.KeepAlive(u)
	return route, true
}

// MatchString parses input and finds the first pattern that matches it.
func (s *PatternSet[V]) MatchString(input string) (*Route[V], bool) {
	u, err := Parse(input, "")
	if err != nil {
		return nil, false
	}
	defer u.Close()
	return s.Match(u)
}

// MatchAll is the value of every pattern that matches u, in insertion order.
func (s *PatternSet[V]) MatchAll(u *URL) []V {
	s.mu.RLock()
	defer s.mu.RUnlock()
	n := len(s.values)
	if n == 0 {
		return nil
	}
	// C memory for the answer: libweburl writes into it.
	buf := (*C.size_t)(C.malloc(C.size_t(n) * C.size_t(unsafe.Sizeof(C.size_t(0)))))
	defer C.free(unsafe.Pointer(buf))
	count := int(C.weburl_pattern_set_matches(s.handle, u.handle, buf, C.size_t(n)))
	runtime.KeepAlive(u)
	indexes := unsafe.Slice(buf, n)
	out := make([]V, 0, count)
	for i := 0; i < count && i < n; i++ {
		out = append(out, s.values[int(indexes[i])])
	}
	return out
}
