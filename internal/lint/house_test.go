package lint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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
		{
			// The node deploys and calls proof verifiers; proving is the
			// proof workload's (its own program). gnark-crypto, which
			// go-ethereum links for KZG, is another module.
			name: "the infernode binary links no gnark (the prover)", pkg: module + "/cmd/infernode",
			forbidden: func(dep string) bool { return within(dep, "github.com/consensys/gnark") },
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

// TestHubTypesStaySmall keeps the hub types carved by job
// (docs/architecture.md): relay.Relay follows heads, logs, the schedule,
// health and delegated admission, and its deliverer delivers; txm.Sender
// reserves nonces, signs, journals and broadcasts (admission and the
// monitor are their own types); fleet.Fleet composes a member's session,
// the members, its claims and the fleet's spending.
func TestHubTypesStaySmall(t *testing.T) {
	for _, tt := range []struct {
		dir, typ              string
		maxMethods, maxFields int
	}{
		// Caps with headroom over their size at issue 44 (methods/fields):
		// Relay 32/20, deliverer 32/11, Sender 22/16, fleet.Fleet 19/8
		// (at most 20 methods: issue 44), Session 15/9, Members 9/9,
		// Claims 5/8, Spending 7/8.
		{"relay", "Relay", 34, 22},
		{"relay", "deliverer", 34, 13},
		{"txm", "Sender", 24, 18},
		{"fleet", "Fleet", 20, 10},
		{"fleet", "Session", 18, 11},
		{"fleet", "Members", 12, 11},
		{"fleet", "Claims", 8, 10},
		{"fleet", "Spending", 10, 10},
	} {
		methods, fields := typeSize(t, filepath.Join("..", "..", tt.dir), tt.typ)
		require.LessOrEqual(t, methods, tt.maxMethods, "%s.%s has %d methods: give a job its own type", tt.dir, tt.typ, methods)
		require.LessOrEqual(t, fields, tt.maxFields, "%s.%s has %d fields: give a job its own type", tt.dir, tt.typ, fields)
	}
}

// typeSize counts the methods (value and pointer receivers) and the
// struct fields (each name; an embedded field counts once) of type typ in
// the non-test files of the package in dir.
func typeSize(t *testing.T, dir, typ string) (methods, fields int) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	found := false
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) == 1 && recvName(d.Recv.List[0].Type) == typ {
					methods++
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok || ts.Name.Name != typ {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					require.True(t, ok, "%s is not a struct", typ)
					found = true
					for _, fl := range st.Fields.List {
						fields += max(len(fl.Names), 1)
					}
				}
			}
		}
	}
	require.True(t, found, "no type %s in %s", typ, dir)
	return methods, fields
}

func recvName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// TestCodeCitesTheRepository: code cites only what is in the repository
// (docs/), never the specification's sections.
func TestCodeCitesTheRepository(t *testing.T) {
	require.Empty(t, goFilesWith(t, "SPEC "+"§", ""), "cite docs/ instead of the specification")
}

// TestOneCollectorHelper: registering a Prometheus collector or reusing
// the one registered in its place is written once, in internal/promreg.
func TestOneCollectorHelper(t *testing.T) {
	require.Empty(t, goFilesWith(t, "AlreadyRegistered"+"Error", filepath.Join("internal", "promreg")), "register collectors with promreg.Register")
}

// goFilesWith lists the Go files of the module (tests included) that
// contain s, outside the directory except.
func goFilesWith(t *testing.T, s, except string) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	var found []string
	require.NoError(t, filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != root || d.Name() == "node_modules" || d.Name() == "testdata" ||
			except != "" && path == filepath.Join(root, except)) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), s) {
			found = append(found, path)
		}
		return nil
	}))
	return found
}
