// Package e2e holds the Docker runtime's end-to-end tests and benchmarks:
// the bundled echo workload built as a FROM scratch image, run as a managed
// container and driven through the container protocol (and through the node
// when it is wired), compared with the same program run unmanaged on the
// host. It has no non-test code.
package e2e
