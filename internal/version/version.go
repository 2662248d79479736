// Package version holds the node's semantic version: the one source that
// `infernode version`, GET /info, GET /v2 (and gRPC ServerMetadata), the
// workloads' /service-resources and docs/openapi.yaml report. It is the
// version CHANGELOG.md's first section is headed with (TestOneVersionSource).
// Clients gate GET /resources on it being at least 1.4.0.
package version

// Version is the node's semantic version.
const Version = "1.6.0"

// Commit is the commit the binary was built from when the build says so
// (`make build`: -ldflags -X …/version.Commit=…); empty otherwise, and
// then the Go toolchain's own record (vcs.revision) is used when present.
var Commit string
