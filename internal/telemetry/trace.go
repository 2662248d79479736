package telemetry

import (
	"context"
	"os"
	"strings"

	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// TracingEnabled reports whether the OTEL_* environment asks for traces:
// OTEL_TRACES_EXPORTER set to something other than "none", or an OTLP
// endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or ..._TRACES_ENDPOINT) set, and
// OTEL_SDK_DISABLED not "true".
func TracingEnabled(getenv func(string) string) bool {
	if getenv == nil {
		getenv = os.Getenv
	}
	if strings.EqualFold(getenv("OTEL_SDK_DISABLED"), "true") {
		return false
	}
	exp := strings.ToLower(strings.TrimSpace(getenv("OTEL_TRACES_EXPORTER")))
	if exp == "none" {
		return false
	}
	return exp != "" || getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != ""
}

// Propagator is the W3C trace-context and baggage propagator.
func Propagator() propagation.TextMapPropagator {
	return propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})
}

// NewTracerProvider returns the tracer provider the OTEL_* environment asks
// for (see TracingEnabled), or a no-op provider. Call shutdown on exit to
// flush spans.
func NewTracerProvider(ctx context.Context, service string) (tp trace.TracerProvider, shutdown func(context.Context) error, err error) {
	if !TracingEnabled(nil) {
		return noop.NewTracerProvider(), func(context.Context) error { return nil }, nil
	}
	return newSDKProvider(ctx, service)
}
