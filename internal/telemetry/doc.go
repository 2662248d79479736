// Package telemetry sets up the node's observability: the slog logger
// (text or JSON, level, optional rotating file), the OpenTelemetry tracer
// provider chosen by the standard OTEL_* environment variables (none by
// default), and the node's Prometheus metrics.
//
// It holds no global state: callers pass what it builds to the parts that
// log, trace or count.
package telemetry
