package rest

import (
	"net"
	"net/netip"
	"strings"
	"testing"
)

// No Host header makes the check panic, and a foreign name never passes.
func FuzzHostAllowed(f *testing.F) {
	for _, s := range []string{"", "127.0.0.1:4000", "[::1]:80", "localhost", "LOCALHOST.", "node.example.org", "evil.com:4000", "[", "::1", "a:b:c", "%zz"} {
		f.Add(s)
	}
	hosts := map[string]bool{"node.example.org": true}
	f.Fuzz(func(t *testing.T, host string) {
		ok := hostAllowed(host, hosts)
		h := host
		if hh, _, err := net.SplitHostPort(host); err == nil {
			h = hh
		}
		h = strings.TrimSuffix(strings.ToLower(strings.Trim(h, "[]")), ".")
		_, ipErr := netip.ParseAddr(h)
		want := host == "" || ipErr == nil || h == "localhost" || hosts[h]
		if ok != want {
			t.Fatalf("hostAllowed(%q) = %v", host, ok)
		}
	})
}
