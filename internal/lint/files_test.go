package lint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOneTypeAFile: in the rooms carved by type (relay, issue 44), each
// file holds the methods of one receiver type at most, beside functions;
// a reader looking for a type's methods opens one file.
func TestOneTypeAFile(t *testing.T) {
	for _, dir := range []string{"relay"} {
		files, err := filepath.Glob(filepath.Join("..", "..", dir, "*.go"))
		require.NoError(t, err)
		require.NotEmpty(t, files)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			recvs := receiverTypes(t, f)
			require.LessOrEqual(t, len(recvs), 1, "%s holds methods of %v: give each type's methods a file of their own", filepath.Join(dir, filepath.Base(f)), recvs)
		}
	}
}

// receiverTypes are the receiver types of the methods declared in file f.
func receiverTypes(t *testing.T, f string) []string {
	t.Helper()
	af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
	require.NoError(t, err)
	var out []string
	for _, d := range af.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 {
			continue
		}
		if n := recvName(fd.Recv.List[0].Type); n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// TestPackageDocNamesItsPackage: a comment that go doc prints as a
// package's doc begins "Package <name>" with the package's own name, and
// a package has one (issue 44: go doc ./coordinator printed "Package
// dialect is…", a leftover of a merged room).
func TestPackageDocNamesItsPackage(t *testing.T) {
	docs := map[string][]string{} // dir -> files with a package doc
	err := filepath.WalkDir(filepath.Join("..", ".."), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && d.Name() != "." && d.Name() != ".." || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		af, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil || af.Doc == nil {
			return nil
		}
		text := af.Doc.Text()
		want := "Package " + af.Name.Name + " "
		if af.Name.Name == "main" {
			return nil // a command's doc names the command
		}
		require.True(t, strings.HasPrefix(text, want), "%s: its package doc begins %q; begin it %q (or part it from the package clause by a blank line)", path, firstWords(text), want)
		docs[filepath.Dir(path)] = append(docs[filepath.Dir(path)], path)
		return nil
	})
	require.NoError(t, err)
	for dir, files := range docs {
		require.Len(t, files, 1, "%s: package docs in %v; keep one (doc.go)", dir, files)
	}
}

func firstWords(s string) string {
	if f := strings.Fields(s); len(f) > 3 {
		return strings.Join(f[:3], " ") + "…"
	}
	return s
}
