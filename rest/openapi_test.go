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
	// The fake with the OIP and OpenAI relays, so that the /v2 and /v1 routes
	// are served too.
	f := &oipFake{fakeBackend: newFakeBackend()}
	r := newServer(f, Options{Logger: quietLogger(nil), OIP: f, OpenAI: openAIStub{}}).routes()
	require.NoError(t, chi.Walk(r, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		served = append(served, method+" "+route)
		return nil
	}))
	sort.Strings(documented)
	sort.Strings(served)
	require.Equal(t, served, documented, "docs/openapi.yaml and the router disagree")
}

// TestOpenAPIRefsResolve checks that every $ref points at a component that exists.
func TestOpenAPIRefsResolve(t *testing.T) {
	raw, err := os.ReadFile("../docs/openapi.yaml")
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	var refs []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if k == "$ref" {
					refs = append(refs, e.(string))
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(doc)
	require.NotEmpty(t, refs)
	for _, ref := range refs {
		path, ok := strings.CutPrefix(ref, "#/")
		require.True(t, ok, "local refs only: %s", ref)
		var cur any = doc
		for _, part := range strings.Split(path, "/") {
			m, ok := cur.(map[string]any)
			require.True(t, ok, "%s: %s is not an object", ref, part)
			cur, ok = m[part]
			require.True(t, ok, "%s does not resolve", ref)
		}
	}
}
