package lint

import (
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const module = "github.com/infernode/infernode"

type pkg struct {
	ImportPath   string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// listPackages runs go list over the whole module.
func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,TestImports,XTestImports", module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "go list: %s", stderr.String())
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else {
			require.NoError(t, err)
		}
		pkgs = append(pkgs, p)
	}
	require.NotEmpty(t, pkgs)
	return pkgs
}

// within reports whether path is dir or below it.
func within(path, dir string) bool { return path == dir || strings.HasPrefix(path, dir+"/") }

// TestForbiddenImports checks the import rules of the package graph
// (docs/architecture.md, "Import rules"). A rule names who may import a
// path; tests count too, except where a rule says otherwise.
func TestForbiddenImports(t *testing.T) {
	rules := []struct {
		name string
		// applies reports whether the rule covers importer's imports
		// (test says whether they are test imports).
		applies func(importer string, test bool) bool
		// forbidden reports whether importer may not import imp.
		forbidden func(importer, imp string) bool
	}{
		{
			name:    "only internal/storage imports Pebble",
			applies: func(string, bool) bool { return true },
			forbidden: func(importer, imp string) bool {
				return within(imp, "github.com/cockroachdb/pebble") && !within(importer, module+"/internal/storage")
			},
		},
		{
			name:    "only rest imports chi",
			applies: func(string, bool) bool { return true },
			forbidden: func(importer, imp string) bool {
				return within(imp, "github.com/go-chi/chi/v5") && !within(importer, module+"/rest")
			},
		},
		{
			name:    "abi imports nothing of ours but abi",
			applies: func(importer string, _ bool) bool { return within(importer, module+"/abi") },
			forbidden: func(_, imp string) bool {
				return within(imp, module) && !within(imp, module+"/abi")
			},
		},
		{
			// The workloads are standalone programs: they share the
			// container protocol (workloads/protocol) and the build's
			// version string, nothing of the node. Their end-to-end tests
			// (workloads/e2e) drive a real node, so test imports are exempt.
			name:    "workloads import nothing of the node",
			applies: func(importer string, test bool) bool { return within(importer, module+"/workloads") && !test },
			forbidden: func(_, imp string) bool {
				return within(imp, module) && !within(imp, module+"/workloads") && imp != module+"/internal/version"
			},
		},
		{
			name:    "internal/ holds leaves: it imports nothing of ours outside internal/",
			applies: func(importer string, test bool) bool { return within(importer, module+"/internal") && !test },
			forbidden: func(_, imp string) bool {
				return within(imp, module) && !within(imp, module+"/internal")
			},
		},
	}
	for _, p := range listPackages(t) {
		for _, set := range []struct {
			imports []string
			test    bool
		}{{p.Imports, false}, {p.TestImports, true}, {p.XTestImports, true}} {
			for _, r := range rules {
				if !r.applies(p.ImportPath, set.test) {
					continue
				}
				for _, imp := range set.imports {
					if r.forbidden(p.ImportPath, imp) {
						t.Errorf("%s: %s imports %s", r.name, p.ImportPath, imp)
					}
				}
			}
		}
	}
}
