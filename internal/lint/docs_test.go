package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The docs' tables of the house are kept true here, as Pebble keeps its
// rules (internal/lint): a package placed in a layer, or a top-level room
// added, fails until the doc says so too.

// TestArchitectureLayersTable: docs/architecture.md's layers table lists
// exactly the prefixes of layers (layers_test.go), each in its layer.
func TestArchitectureLayersTable(t *testing.T) {
	doc, err := os.ReadFile("../../docs/architecture.md")
	require.NoError(t, err)
	rows := markdownTable(string(doc), "| layer | packages |")
	require.NotEmpty(t, rows, "docs/architecture.md has no table headed | layer | packages |")
	got := map[string]int{}
	for _, r := range rows {
		n, err := strconv.Atoi(strings.Fields(r[0])[0])
		require.NoError(t, err, "docs/architecture.md layers row %q: the first cell starts with the layer's number", r[0])
		for _, p := range codeNames(r[1]) {
			got[p] = n
		}
	}
	want := map[string]int{}
	for _, l := range layers {
		for _, p := range l.prefixes {
			want[p] = l.layer
		}
	}
	require.Empty(t, tableDiff(want, got), "docs/architecture.md's layers table differs from internal/lint's layers: mend the doc (or the lint)")
}

// TestReadmeLayoutTable: README's layout table names every top-level room
// that holds a package of ours, and every path it names exists.
func TestReadmeLayoutTable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	rows := markdownTable(string(readme), "| path | what it holds |")
	require.NotEmpty(t, rows, "README.md has no table headed | path | what it holds |")
	var listed []string
	for _, r := range rows {
		names := codeNames(r[0])
		require.Len(t, names, 1, "README.md layout row %q: the first cell is one `path`", r[0])
		p := names[0]
		_, err := os.Stat(filepath.Join("..", "..", p))
		require.NoError(t, err, "README.md's layout table names %s, which does not exist: mend the row", p)
		listed = append(listed, p)
	}
	rooms := map[string]bool{}
	for _, p := range listPackages(t) {
		path := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		if path != "" {
			rooms[strings.SplitN(path, "/", 2)[0]] = true
		}
	}
	var missing []string
	for room := range rooms {
		if !slices.ContainsFunc(listed, func(p string) bool { return within(p, room) }) {
			missing = append(missing, room+"/")
		}
	}
	slices.Sort(missing)
	require.Empty(t, missing, "README.md's layout table lacks these top-level rooms: add a row saying what each holds")
}

// TestDocTablesCatchAMismatch: the checks above fail on a doc that
// differs, not only pass on this one.
func TestDocTablesCatchAMismatch(t *testing.T) {
	want := map[string]int{"relay": 5, "oip": 1}
	require.Empty(t, tableDiff(want, map[string]int{"relay": 5, "oip": 1}))
	require.Equal(t, []string{
		"oip: the doc places it in layer 2, the lint in 1",
		"relay: in the lint's layer 5, missing from the doc",
		"simchain: in the doc's layer 3, not in the lint",
	}, tableDiff(want, map[string]int{"oip": 2, "simchain": 3}))
	doc := "x\n\n| layer | packages |\n|---|---|\n| 0 leaves | `abi/…`, `workloads/…` (their own rules, `oip` too) |\n| 5 | `relay` |\n\nafter\n"
	rows := markdownTable(doc, "| layer | packages |")
	require.Len(t, rows, 2)
	require.Equal(t, []string{"abi", "workloads"}, codeNames(rows[0][1]), "a name in parentheses is a remark, not a listing")
}

// markdownTable returns the cells of the rows of the table whose header
// line is header (the separator line skipped), up to its end.
func markdownTable(doc, header string) [][]string {
	lines := strings.Split(doc, "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.TrimSpace(l) == header })
	if i < 0 {
		return nil
	}
	var rows [][]string
	for _, l := range lines[i+2:] {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "|") {
			break
		}
		cells := strings.Split(strings.Trim(l, "|"), "|")
		for j := range cells {
			cells[j] = strings.TrimSpace(cells[j])
		}
		rows = append(rows, cells)
	}
	return rows
}

var (
	remark   = regexp.MustCompile(`\([^()]*\)`)
	codeName = regexp.MustCompile("`([^`]+)`")
)

// codeNames are the `names` of a cell outside parentheses (remarks),
// without a trailing "/…", "/..." or "/".
func codeNames(cell string) []string {
	for remark.MatchString(cell) {
		cell = remark.ReplaceAllString(cell, "")
	}
	var out []string
	for _, m := range codeName.FindAllStringSubmatch(cell, -1) {
		n := strings.TrimSuffix(strings.TrimSuffix(m[1], "/…"), "/...")
		out = append(out, strings.TrimSuffix(n, "/"))
	}
	return out
}

// tableDiff says, one line a name, where got (a doc) and want (the code)
// differ.
func tableDiff(want, got map[string]int) []string {
	var out []string
	for p, l := range want {
		g, ok := got[p]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s: in the lint's layer %d, missing from the doc", p, l))
		case g != l:
			out = append(out, fmt.Sprintf("%s: the doc places it in layer %d, the lint in %d", p, g, l))
		}
	}
	for p, g := range got {
		if _, ok := want[p]; !ok {
			out = append(out, fmt.Sprintf("%s: in the doc's layer %d, not in the lint", p, g))
		}
	}
	slices.Sort(out)
	return out
}
