package lint

import (
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLinkRules checks what a package links, transitively (its non-test
// build): the rules docs/architecture.md draws for the house.
func TestLinkRules(t *testing.T) {
	rules := []struct {
		name string
		// pkg is the package the rule is about.
		pkg string
		// forbidden reports whether pkg may not link dep.
		forbidden func(dep string) bool
	}{
		{
			// payments is policy: the Wallet reads are each dialect's
			// (coordinator/ours, coordinator/infernetv1).
			name: "payments links no contract binding (abi/)", pkg: module + "/payments",
			forbidden: func(dep string) bool { return within(dep, module+"/abi") },
		},
	}
	pkgs := map[string]pkg{}
	for _, p := range listPackages(t) {
		pkgs[p.ImportPath] = p
	}
	for _, r := range rules {
		p, ok := pkgs[r.pkg]
		require.True(t, ok, "%s: no package %s", r.name, r.pkg)
		for _, dep := range p.Deps {
			if r.forbidden(dep) {
				t.Errorf("%s: %s links %s", r.name, r.pkg, dep)
			}
		}
	}
}

// TestOneCoordinatorRoom: everything Coordinator-specific lives under
// coordinator/ (the vocabulary at its top, the dialects beneath it); no
// second room beside it.
func TestOneCoordinatorRoom(t *testing.T) {
	for _, dir := range []string{"dialect", "dialects"} {
		var files []string
		_ = filepath.WalkDir(filepath.Join("..", "..", dir), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, path)
			}
			return nil
		})
		require.Empty(t, files, "%s/ beside coordinator/: Coordinator knowledge belongs under coordinator/", dir)
	}
	for _, p := range listPackages(t) {
		require.False(t, within(p.ImportPath, module+"/dialect") || within(p.ImportPath, module+"/dialects"), "package %s: Coordinator knowledge belongs under coordinator/", p.ImportPath)
	}
}
