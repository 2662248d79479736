package version

import (
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOneVersionSource fails when the version the binary, /info and /v2
// report (Version) differs from what CHANGELOG.md's first section and
// docs/openapi.yaml say. Releasing is: rename the CHANGELOG section and
// bump Version and openapi.yaml's info.version together.
func TestOneVersionSource(t *testing.T) {
	changelog, err := os.ReadFile("../../CHANGELOG.md")
	require.NoError(t, err)
	// The first section: "## [Unreleased] — 1.6.0" or "## [1.6.0]".
	m := regexp.MustCompile(`(?m)^## \[(?:Unreleased\] — ([0-9.]+)|([0-9.]+)\])`).FindSubmatch(changelog)
	require.NotNil(t, m, "CHANGELOG.md: no section headed `## [Unreleased] — X.Y.Z` or `## [X.Y.Z]`")
	first := string(m[1]) + string(m[2])
	require.Equal(t, first, Version, "internal/version.Version (what the binary, /info and /v2 report) must be CHANGELOG.md's first section's version")

	api, err := os.ReadFile("../../docs/openapi.yaml")
	require.NoError(t, err)
	m = regexp.MustCompile(`(?m)^info:\n(?:  .*\n)*?  version: ([0-9.]+)$`).FindSubmatch(api)
	require.NotNil(t, m, "docs/openapi.yaml: no info.version")
	require.Equal(t, Version, string(m[1]), "docs/openapi.yaml info.version")
}
