// Package version holds the node's semantic version, reported by
// `infernode version` and GET /info. Clients gate GET /resources on it
// being at least 1.4.0.
package version

// Version is the node's semantic version.
const Version = "1.4.0"
