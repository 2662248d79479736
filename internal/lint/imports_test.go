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
	// Deps are every package the non-test build links, transitively.
	Deps       []string
	EmbedFiles []string
}

// listPackages runs go list over the whole module.
func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,TestImports,XTestImports,Deps,EmbedFiles", module+"/...")
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
			// container protocol (workloads/protocol), the Open Inference
			// Protocol codec (oip), the tensor vocabulary both carry
			// (internal/tensor) and the build's version string, nothing of
			// the node. Their end-to-end tests
			// (workloads/e2e) drive a real node, so test imports are exempt.
			name:    "workloads import nothing of the node",
			applies: func(importer string, test bool) bool { return within(importer, module+"/workloads") && !test },
			forbidden: func(_, imp string) bool {
				return within(imp, module) && !within(imp, module+"/workloads") && imp != module+"/internal/version" && imp != module+"/oip" &&
					imp != module+"/internal/tensor"
			},
		},
		{
			// The workloads import oip: oip importing any workload's
			// package would run back up (issue 44).
			name:    "oip is a leaf: it imports nothing of ours but the tensor vocabulary",
			applies: func(importer string, test bool) bool { return within(importer, module+"/oip") && !test },
			forbidden: func(_, imp string) bool {
				return within(imp, module) && imp != module+"/internal/tensor"
			},
		},
		{
			// The domain packages (access, executor, guard, payments,
			// signer, relay, ...) take options types of their own; node/
			// (and the CLI) map the configuration onto them.
			name: "only node, cmd and internal/nodetest import internal/config",
			applies: func(importer string, test bool) bool {
				return !test && !within(importer, module+"/node") && !within(importer, module+"/cmd") &&
					importer != module+"/internal/nodetest" && importer != module+"/internal/config"
			},
			forbidden: func(_, imp string) bool { return imp == module+"/internal/config" },
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

// runtimeDirs are the packages the running node is built from (and
// everything below them), less the tooling kept under internal/.
var runtimeDirs = []string{"node", "relay", "txm", "chain", "coordinator", "payments", "access", "executor", "rest", "internal"}

func isRuntime(path string) bool {
	if within(path, module+"/internal/testabi") || within(path, module+"/internal/lint") {
		return false
	}
	for _, d := range runtimeDirs {
		if within(path, module+"/"+d) {
			return true
		}
	}
	return false
}

// toolingPaths are what only tools and tests use: the deploy packages
// (they embed the contracts' artifacts), the test contracts' bindings and
// the example consumers' bindings.
var toolingPaths = []string{"contracts", "internal/testabi", "abi/exampleconsumerabi", "abi/inetv1exampleabi", "abi/proofconsumerabi"}

// tooling reports why the package at path is tooling, or "".
func tooling(path string, embeds map[string]bool) string {
	for _, d := range toolingPaths {
		if within(path, module+"/"+d) {
			return "tooling (" + d + ")"
		}
	}
	if embeds[path] {
		return "embedded artifacts"
	}
	return ""
}

// linkedTooling lists the runtime packages that link tooling, directly or
// through another package.
func linkedTooling(pkgs []pkg) []string {
	embeds := map[string]bool{}
	for _, p := range pkgs {
		for _, f := range p.EmbedFiles {
			if strings.HasSuffix(f, ".json") || strings.HasSuffix(f, ".bin") {
				embeds[p.ImportPath] = true
			}
		}
	}
	var out []string
	for _, p := range pkgs {
		if !isRuntime(p.ImportPath) {
			continue
		}
		for _, dep := range p.Deps {
			if why := tooling(dep, embeds); why != "" {
				out = append(out, p.ImportPath+" links "+dep+": "+why)
			}
		}
	}
	return out
}

// TestRuntimeLinksNoTooling: the running node (node, relay, txm, chain,
// the coordinator codecs, the dialects, payments, access, executor, rest,
// internal/...) links no deploy package, no embedded contract artifacts
// and no test or example bindings (docs/architecture.md, "Import rules").
// Tests of those packages may use them.
func TestRuntimeLinksNoTooling(t *testing.T) {
	for _, v := range linkedTooling(listPackages(t)) {
		t.Error(v)
	}
}

// TestLinkedToolingFails shows the rule catches what it should, on a
// package graph made up for the purpose.
func TestLinkedToolingFails(t *testing.T) {
	tests := []struct {
		name string
		pkgs []pkg
		want []string
	}{
		{"clean", []pkg{{ImportPath: module + "/relay", Deps: []string{module + "/coordinator/ours", module + "/abi/coordinatorabi"}}}, nil},
		{"deploy package", []pkg{{ImportPath: module + "/relay", Deps: []string{module + "/contracts/infernetv1"}}},
			[]string{module + "/relay links " + module + "/contracts/infernetv1: tooling (contracts)"}},
		{"test binding, through another package", []pkg{{ImportPath: module + "/node", Deps: []string{module + "/relay", module + "/internal/testabi/testtokenabi"}}},
			[]string{module + "/node links " + module + "/internal/testabi/testtokenabi: tooling (internal/testabi)"}},
		{"example binding", []pkg{{ImportPath: module + "/coordinator/ours", Deps: []string{module + "/abi/exampleconsumerabi"}}},
			[]string{module + "/coordinator/ours links " + module + "/abi/exampleconsumerabi: tooling (abi/exampleconsumerabi)"}},
		{"embedded artifacts anywhere", []pkg{
			{ImportPath: module + "/somewhere", EmbedFiles: []string{"artifacts/X.json"}},
			{ImportPath: module + "/payments", Deps: []string{module + "/somewhere"}}},
			[]string{module + "/payments links " + module + "/somewhere: embedded artifacts"}},
		{"tools may link tooling", []pkg{{ImportPath: module + "/cmd/infernode", Deps: []string{module + "/contracts"}}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, linkedTooling(tt.pkgs))
		})
	}
}
