// Package e2e_test runs the bundled workloads as real programs and through
// the node: the tier above each workload's in-process service tests.
// Everything listens on 127.0.0.1 only. Tests that start processes are
// skipped under -short.
package e2e_test
