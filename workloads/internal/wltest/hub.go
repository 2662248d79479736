package wltest

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// Hub serves hosted repositories over loopback as a model hub's resolve API
// does (/{owner}/{name}/resolve/{revision}/{file}): repos maps
// "owner/name" to a directory whose files it serves, any revision. It is
// the hub a hostile publisher could run, for MODEL_ALLOWED_REPOS tests and
// hostile artifacts; give its URL as modelstore.Config.HubBaseURL.
func Hub(t testing.TB, repos map[string]string) string {
	t.Helper()
	srv := Server(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		parts := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/"), "/", 5)
		dir, ok := repos[parts[0]+"/"+parts[min(1, len(parts)-1)]]
		if len(parts) != 5 || parts[2] != "resolve" || !ok {
			http.NotFound(w, r)
			return
		}
		b, err := os.ReadFile(filepath.Join(dir, path.Base(parts[4])))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write(b)
	}))
	return srv.URL
}
