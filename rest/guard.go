package rest

import (
	"mime"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Two rules keep a web page the operator happens to visit from using the
// node (docs/api.md, "What a web page cannot do"): a body a browser can
// send cross-origin without a preflight (text/plain, forms) is refused, so
// a POST or PUT must say application/json (415 otherwise); and a request
// addressed to a name the node does not answer to (DNS rebinding: a page's
// own name pointed at the node) is refused with 421.

// bodyTypes are the media types a route's body may have: JSON everywhere,
// and on the Open Inference Protocol's routes also its binary extension's
// application/octet-stream. untyped says whether a body may come without a
// Content-Type: on /v2 it may, because tritonclient sends its bodies so
// (JSON and binary alike); a declared text/plain or form type, what a web
// page can send cross-origin without a preflight, is still refused there.
func bodyTypes(pattern string) (types []string, untyped bool) {
	if strings.HasPrefix(pattern, "/v2/") {
		return []string{"application/json", "application/octet-stream"}, true
	}
	return []string{"application/json"}, false
}

// requireType answers 415 unless the request's Content-Type is one of
// types (parameters such as charset are allowed), or absent where untyped.
// A request without a body has nothing to type: its handler says what is
// missing.
func requireType(types []string, untyped bool, next http.HandlerFunc) http.HandlerFunc {
	want := strings.Join(types, " or ")
	return func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength == 0 {
			next(w, r)
			return
		}
		ct := r.Header.Get("Content-Type")
		if ct == "" && untyped {
			next(w, r)
			return
		}
		mt, _, err := mime.ParseMediaType(ct)
		if err == nil {
			for _, t := range types {
				if strings.EqualFold(mt, t) {
					next(w, r)
					return
				}
			}
		}
		got := ct
		if got == "" {
			got = "none"
		}
		writeJSON(w, http.StatusUnsupportedMediaType, errorBody{
			Error:  msgMediaType,
			Params: map[string]any{"content_type": got, "want": want, "fix": "send the body with the header Content-Type: " + types[0]},
		})
	}
}

// checkHost answers 421 to a request whose Host is not an IP literal,
// localhost, or one of hosts (server.hosts, lower case).
func checkHost(hosts map[string]bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hostAllowed(r.Host, hosts) {
			next.ServeHTTP(w, r)
			return
		}
		writeJSON(w, http.StatusMisdirectedRequest, errorBody{
			Error:  msgHost,
			Params: map[string]any{"host": truncate(r.Host, 256), "fix": "address the node by IP or localhost, or list this name in server.hosts"},
		})
	})
}

func hostAllowed(host string, hosts map[string]bool) bool {
	if host == "" { // HTTP/1.0 without Host: no name to rebind
		return true
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if _, err := netip.ParseAddr(host); err == nil {
		return true
	}
	return host == "localhost" || hosts[host]
}
