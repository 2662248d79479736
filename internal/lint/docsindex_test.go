package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDocsIndexListsEveryDoc: docs/README.md is where a newcomer finds the
// documentation, so every docs/*.md is linked from it.
func TestDocsIndexListsEveryDoc(t *testing.T) {
	index, err := os.ReadFile("../../docs/README.md")
	require.NoError(t, err)
	docs, err := filepath.Glob("../../docs/*.md")
	require.NoError(t, err)
	require.NotEmpty(t, docs)
	for _, d := range docs {
		name := filepath.Base(d)
		if name == "README.md" {
			continue
		}
		require.True(t, strings.Contains(string(index), "]("+name+")"), "docs/README.md does not link %s: add a row saying what it covers", name)
	}
}
