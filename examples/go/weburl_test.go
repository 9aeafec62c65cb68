package weburl

import (
	"errors"
	"runtime"
	"sync"
	"testing"
)

func TestParseAndGetters(t *testing.T) {
	u, err := Parse("HTTPS://EXAMPLE.com:443/a/./b/../c?q#f", "")
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	checks := map[string][2]string{
		"href":     {u.Href(), "https://example.com/a/c?q#f"},
		"protocol": {u.Protocol(), "https:"},
		"host":     {u.Host(), "example.com"},
		"hostname": {u.Hostname(), "example.com"},
		"port":     {u.Port(), ""},
		"pathname": {u.Pathname(), "/a/c"},
		"search":   {u.Search(), "?q"},
		"hash":     {u.Hash(), "#f"},
		"origin":   {u.Origin(), "https://example.com"},
	}
	for name, c := range checks {
		if c[0] != c[1] {
			t.Errorf("%s: got %q, want %q", name, c[0], c[1])
		}
	}

	rel, err := Parse("../api?q=a b#Top", "https://example.com/docs/guide/")
	if err != nil {
		t.Fatal(err)
	}
	if got := rel.Href(); got != "https://example.com/docs/api?q=a%20b#Top" {
		t.Errorf("relative: %q", got)
	}
	rel.Close()
	rel.Close() // twice: nothing
	if rel.Href() != "" {
		t.Error("a closed URL reads as empty")
	}

	// IDNA and IPv4 as browsers read them.
	idn, err := Parse("http://Bücher.example/", "")
	if err != nil || idn.Hostname() != "xn--bcher-kva.example" {
		t.Errorf("IDNA: %v %v", err, idn)
	}
	ip, err := Parse("http://0x7f.1/", "")
	if err != nil || ip.Hostname() != "127.0.0.1" {
		t.Errorf("IPv4: %v", err)
	}

	if !CanParse("https://example.com", "") || CanParse("not a url", "") || !CanParse("/x", "https://a/") {
		t.Error("CanParse")
	}
}

func TestParseErrors(t *testing.T) {
	for input, name := range map[string]string{
		"https://example.com:99999/": "port-out-of-range",
		"no scheme":                  "missing-scheme-non-relative-URL",
		"https://1.2.3.4.5/":         "IPv4-too-many-parts",
	} {
		_, err := Parse(input, "")
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Name != name || pe.Input != input {
			t.Errorf("%q: got %v, want the error %s", input, err, name)
		}
	}
	if _, err := Parse("/x", "not a base"); err == nil {
		t.Error("a base that does not parse: no error")
	}
}

func TestSetters(t *testing.T) {
	u, err := Parse("https://example.com/?utm_source=x&id=7", "")
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	if err := u.SetHost("example.org:8443"); err != nil {
		t.Fatal(err)
	}
	u.SetSearch("id=7")
	if err := u.SetPathname("/a b"); err != nil {
		t.Fatal(err)
	}
	u.SetHash("top")
	if got, want := u.Href(), "https://example.org:8443/a%20b?id=7#top"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// A refused value: an error, and the URL as it was.
	before := u.Href()
	err = u.SetPort("http")
	var se *SetterError
	if !errors.As(err, &se) || se.Component != "port" {
		t.Errorf("SetPort(\"http\"): %v", err)
	}
	if err := u.SetHref("not a url"); err == nil {
		t.Error("SetHref(\"not a url\"): no error")
	}
	if u.Href() != before {
		t.Errorf("a refused value changed the URL to %q", u.Href())
	}
	if err := u.SetProtocol("wss"); err != nil || u.Protocol() != "wss:" {
		t.Errorf("SetProtocol: %v %q", err, u.Protocol())
	}
	if err := u.SetUsername("me"); err != nil || u.Username() != "me" {
		t.Errorf("SetUsername: %v", err)
	}
	if err := u.SetPassword("p@ss"); err != nil || u.Password() != "p%40ss" {
		t.Errorf("SetPassword: %v %q", err, u.Password())
	}
	if err := u.SetHostname("xn--bcher-kva.example"); err != nil || u.Host() != "xn--bcher-kva.example:8443" {
		t.Errorf("SetHostname: %v %q", err, u.Host())
	}
}

func TestPatternExec(t *testing.T) {
	p := MustPattern("https://{*.}?example.com/books/:id{/:part}?")
	defer p.Close()
	if p.Component(Pathname) != "/books/:id/:part?" || p.Component(Port) != "" {
		t.Errorf("components: %q %q", p.Component(Pathname), p.Component(Port))
	}
	m := p.Exec("https://www.example.com/books/42")
	if m == nil {
		t.Fatal("no match")
	}
	if id, ok := m.Pathname.Group("id"); !ok || id != "42" {
		t.Errorf("id: %q %v", id, ok)
	}
	// An optional group that took no part: present, unmatched.
	if part, ok := m.Pathname.Group("part"); ok || part != "" {
		t.Errorf("part: %q %v", part, ok)
	}
	if len(m.Pathname.Groups) != 2 || m.Pathname.Groups[1].Name != "part" || m.Pathname.Groups[1].Matched {
		t.Errorf("groups: %+v", m.Pathname.Groups)
	}
	if m.Hostname.Input != "www.example.com" || m.Pathname.Input != "/books/42" {
		t.Errorf("inputs: %q %q", m.Hostname.Input, m.Pathname.Input)
	}
	if p.Exec("https://example.org/books/42") != nil || p.Test("https://example.com/films/1") {
		t.Error("a URL that does not match")
	}
	u, _ := Parse("https://example.com/books/7/2", "")
	defer u.Close()
	if r := p.ExecURL(u); r == nil || r.Pathname.Groups[1].Value != "2" || !p.TestURL(u) {
		t.Errorf("ExecURL: %+v", r)
	}

	rel, err := NewPatternWithOptions("/Books/:id", PatternOptions{BaseURL: "https://example.com", IgnoreCase: true})
	if err != nil {
		t.Fatal(err)
	}
	defer rel.Close()
	if !rel.Test("https://example.com/books/1") || rel.HasRegExpGroups() {
		t.Error("a relative, case-insensitive pattern")
	}

	re := MustPattern(`https://example.com/:id(\d+)`)
	defer re.Close()
	if !re.HasRegExpGroups() || !re.Test("https://example.com/12") || re.Test("https://example.com/ab") {
		t.Error("a regexp group")
	}
}

func TestPatternErrors(t *testing.T) {
	cases := []struct {
		pattern   string
		opts      PatternOptions
		name      string
		component Component
		offset    int
	}{
		{`https://example.com/a/:id(\d+`, PatternOptions{}, "pattern-tokenize", Pathname, 25},
		{"https://example.com/:a/:a", PatternOptions{}, "pattern-duplicate-name", Pathname, 23},
		{"https://exa mple.com/", PatternOptions{}, "pattern-invalid-component", Hostname, -1},
		{"/a", PatternOptions{BaseURL: "not a url"}, "pattern-invalid-base-url", NoComponent, -1},
		{`https://example.com/:id(\d+)`, PatternOptions{Untrusted: true}, "pattern-regexp-groups-refused", Pathname, -1},
	}
	for _, c := range cases {
		_, err := NewPatternWithOptions(c.pattern, c.opts)
		var pe *PatternError
		if !errors.As(err, &pe) {
			t.Errorf("%q: no pattern error (%v)", c.pattern, err)
			continue
		}
		if pe.Name != c.name || pe.Component != c.component || pe.Offset != c.offset || pe.Message == "" {
			t.Errorf("%q: got %s %s %d %q, want %s %s %d", c.pattern, pe.Name, pe.Component, pe.Offset, pe.Message,
				c.name, c.component, c.offset)
		}
	}
}

// The routes of a small part of GitHub's REST API.
func githubRoutes(t *testing.T) *PatternSet[string] {
	t.Helper()
	s := NewPatternSet[string]()
	for _, r := range []struct{ pattern, name string }{
		{"https://api.github.com/repos/:owner/:repo", "repo"},
		{"https://api.github.com/repos/:owner/:repo/issues", "issues"},
		{"https://api.github.com/repos/:owner/:repo/issues/:number(\\d+)", "issue"},
		{"https://api.github.com/users/:user", "user"},
		{"https://api.github.com/orgs/:org/repos", "org-repos"},
		{"https://api.github.com/*", "fallback"},
	} {
		if err := s.AddPattern(r.pattern, r.name); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestPatternSetRoutes(t *testing.T) {
	s := githubRoutes(t)
	defer s.Close()
	if s.Len() != 6 {
		t.Fatalf("Len %d", s.Len())
	}
	cases := []struct {
		url    string
		route  string
		params map[string]string
	}{
		{"https://api.github.com/repos/rust-lang/rust", "repo", map[string]string{"owner": "rust-lang", "repo": "rust"}},
		{"https://api.github.com/repos/golang/go/issues/1234", "issue", map[string]string{"owner": "golang", "number": "1234"}},
		{"https://api.github.com/repos/golang/go/issues", "issues", map[string]string{"repo": "go"}},
		{"https://api.github.com/repos/golang/go/issues/latest", "fallback", nil},
		{"https://api.github.com/users/octocat", "user", map[string]string{"user": "octocat"}},
		{"https://api.github.com/orgs/whatwg/repos?per_page=100", "org-repos", map[string]string{"org": "whatwg"}},
	}
	for _, c := range cases {
		r, ok := s.MatchString(c.url)
		if !ok {
			t.Errorf("%s: no route", c.url)
			continue
		}
		if r.Value != c.route {
			t.Errorf("%s: route %q, want %q", c.url, r.Value, c.route)
		}
		for k, v := range c.params {
			if got := r.Param(k); got != v {
				t.Errorf("%s: %s = %q, want %q", c.url, k, got, v)
			}
		}
	}
	if _, ok := s.MatchString("https://example.com/repos/a/b"); ok {
		t.Error("another host matched")
	}
	u, _ := Parse("https://api.github.com/repos/a/b", "")
	defer u.Close()
	if all := s.MatchAll(u); len(all) != 2 || all[0] != "repo" || all[1] != "fallback" {
		t.Errorf("MatchAll: %v", all)
	}

	// Lookups from many goroutines at once.
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				if r, ok := s.MatchString("https://api.github.com/users/octocat"); !ok || r.Param("user") != "octocat" {
					t.Error("a concurrent lookup")
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestValidation(t *testing.T) {
	v, err := Validate("https://user:pass@example.com\\a b", "")
	if err != nil {
		t.Fatal(err)
	}
	if !v.Parsed || v.Valid || len(v.Errors) == 0 {
		t.Fatalf("%+v", v)
	}
	names := map[string]bool{}
	for _, e := range v.Errors {
		names[e.Name] = true
		if e.Message == "" || e.Failure {
			t.Errorf("%+v", e)
		}
	}
	for _, want := range []string{"invalid-credentials", "invalid-reverse-solidus"} {
		if !names[want] {
			t.Errorf("missing %s in %+v", want, v.Errors)
		}
	}
	v, err = Validate("https://example.com:99999/", "")
	if err != nil || v.Parsed || len(v.Errors) == 0 || !v.Errors[len(v.Errors)-1].Failure ||
		v.Errors[len(v.Errors)-1].Name != "port-out-of-range" || v.Errors[len(v.Errors)-1].Offset != 20 {
		t.Errorf("a failure: %+v %v", v, err)
	}
	v, err = Validate("https://example.com/", "")
	if err != nil || !v.Parsed || !v.Valid || len(v.Errors) != 0 {
		t.Errorf("a valid URL: %+v %v", v, err)
	}
	var we *Error
	if _, err := Validate("/x", "not a base"); !errors.As(err, &we) || we.Name == "" {
		t.Errorf("a base that does not parse: %v", err)
	}
}

// Finalizers free what was not closed; the program survives a collection with them pending.
func TestFinalizers(t *testing.T) {
	for i := 0; i < 1000; i++ {
		u, _ := Parse("https://example.com/x", "")
		_ = u.Href()
		p := MustPattern("https://example.com/:x")
		_ = p.Exec("https://example.com/y")
	}
	runtime.GC()
	runtime.GC()
	if Version() == "" {
		t.Error("Version")
	}
}
