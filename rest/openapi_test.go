package rest

import (
	"net/http"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// TestOpenAPIMatchesRouter fails when a route is served but not documented
// in docs/openapi.yaml, or documented but not served.
func TestOpenAPIMatchesRouter(t *testing.T) {
	raw, err := os.ReadFile("../docs/openapi.yaml")
	require.NoError(t, err)
	var doc struct {
		OpenAPI string                               `yaml:"openapi"`
		Paths   map[string]map[string]map[string]any `yaml:"paths"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	require.True(t, strings.HasPrefix(doc.OpenAPI, "3.1"), "OpenAPI 3.1")

	var documented []string
	for path, ops := range doc.Paths {
		for method, op := range ops {
			switch method {
			case "get", "put", "post", "delete", "patch", "head", "options":
				documented = append(documented, strings.ToUpper(method)+" "+path)
				require.Contains(t, op, "responses", "%s %s", method, path)
			}
		}
	}

	var served []string
	r := newServer(newFakeBackend(), Options{Logger: quietLogger(nil)}).routes()
	require.NoError(t, chi.Walk(r, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		served = append(served, method+" "+route)
		return nil
	}))
	sort.Strings(documented)
	sort.Strings(served)
	require.Equal(t, served, documented, "docs/openapi.yaml and the router disagree")
}
