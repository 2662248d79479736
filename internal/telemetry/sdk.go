package telemetry

import (
	"context"
	"fmt"
	"os"
	"strings"

	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.26.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/internal/version"
)

// newSDKProvider builds a batching SDK provider with the exporter named by
// OTEL_TRACES_EXPORTER: "otlp" (the default when only an endpoint is set;
// OTLP over HTTP/protobuf, configured by the standard OTEL_EXPORTER_OTLP_*
// variables) or "console" (spans as JSON on stderr). Sampling follows
// OTEL_TRACES_SAMPLER through the SDK's own environment handling.
func newSDKProvider(ctx context.Context, service string) (trace.TracerProvider, func(context.Context) error, error) {
	var (
		exp sdktrace.SpanExporter
		err error
	)
	switch kind := strings.ToLower(strings.TrimSpace(os.Getenv("OTEL_TRACES_EXPORTER"))); kind {
	case "", "otlp":
		if p := os.Getenv("OTEL_EXPORTER_OTLP_PROTOCOL"); p != "" && p != "http/protobuf" {
			return nil, nil, fmt.Errorf("OTEL_EXPORTER_OTLP_PROTOCOL=%s: only http/protobuf is supported; unset it or set http/protobuf", p)
		}
		exp, err = otlptracehttp.New(ctx)
	case "console":
		exp, err = stdouttrace.New(stdouttrace.WithWriter(os.Stderr))
	default:
		return nil, nil, fmt.Errorf("OTEL_TRACES_EXPORTER=%s: use otlp, console or none", kind)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("trace exporter: %w", err)
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(
		semconv.ServiceName(service), semconv.ServiceVersion(version.Version)))
	if err != nil {
		res = resource.Default()
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	return tp, tp.Shutdown, nil
}
