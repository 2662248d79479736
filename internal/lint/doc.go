// Package lint holds repository-wide checks that run as tests: the import
// rules that keep the package graph in the shape docs/architecture.md
// draws. It has no code of its own.
package lint
