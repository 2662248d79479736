package telemetry

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/trace/noop"
)

func TestNewLogger(t *testing.T) {
	var stderr bytes.Buffer
	path := filepath.Join(t.TempDir(), "logs", "node.log")
	log, closer, err := NewLogger(&stderr, LogOptions{Level: "warn", Format: "json", Path: path, MaxFileSize: 200, BackupCount: 2})
	require.NoError(t, err)
	log.Info("hidden")
	for i := 0; i < 10; i++ {
		log.Warn("shown", "i", i)
	}
	require.NoError(t, closer.Close())
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	require.Len(t, lines, 10)
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	require.Equal(t, "shown", rec["msg"])
	// Rotation keeps the file under the limit and at most two backups.
	for _, p := range []string{path, path + ".1", path + ".2"} {
		st, err := os.Stat(p)
		require.NoError(t, err, p)
		require.LessOrEqual(t, st.Size(), int64(200))
	}
	_, err = os.Stat(path + ".3")
	require.True(t, os.IsNotExist(err))

	_, _, err = NewLogger(&stderr, LogOptions{Level: "loud"})
	require.ErrorContains(t, err, `log level "loud"`)
	_, _, err = NewLogger(&stderr, LogOptions{Format: "xml"})
	require.ErrorContains(t, err, `log format "xml"`)
}

func TestTracingEnabled(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, false},
		{map[string]string{"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}, false},
		{map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}, true},
		{map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://127.0.0.1:4318/v1/traces"}, true},
		{map[string]string{"OTEL_TRACES_EXPORTER": "console"}, true},
		{map[string]string{"OTEL_TRACES_EXPORTER": "otlp", "OTEL_SDK_DISABLED": "true"}, false},
	} {
		require.Equal(t, tc.want, TracingEnabled(func(k string) string { return tc.env[k] }), "%v", tc.env)
	}
}

func TestTracerProviderFromEnv(t *testing.T) {
	t.Setenv("OTEL_TRACES_EXPORTER", "")
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "")
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "")
	tp, shutdown, err := NewTracerProvider(context.Background(), "test")
	require.NoError(t, err)
	require.IsType(t, noop.TracerProvider{}, tp)
	require.NoError(t, shutdown(context.Background()))

	t.Setenv("OTEL_TRACES_EXPORTER", "console")
	tp, shutdown, err = NewTracerProvider(context.Background(), "test")
	require.NoError(t, err)
	_, span := tp.Tracer("t").Start(context.Background(), "s")
	require.True(t, span.SpanContext().IsValid())
	span.End()
	require.NoError(t, shutdown(context.Background()))

	t.Setenv("OTEL_TRACES_EXPORTER", "zipkin")
	_, _, err = NewTracerProvider(context.Background(), "test")
	require.ErrorContains(t, err, "use otlp, console or none")
}

func TestMetrics(t *testing.T) {
	reg := prometheus.NewRegistry()
	m, err := NewMetrics(reg, func() float64 { return 7 }, func() float64 { return 3 })
	require.NoError(t, err)
	m.Finished.WithLabelValues("success").Inc()
	mfs, err := reg.Gather()
	require.NoError(t, err)
	got := map[string]float64{}
	for _, mf := range mfs {
		for _, mt := range mf.GetMetric() {
			switch {
			case mt.GetGauge() != nil:
				got[mf.GetName()] = mt.GetGauge().GetValue()
			case mt.GetCounter() != nil:
				got[mf.GetName()] += mt.GetCounter().GetValue()
			}
		}
	}
	require.Equal(t, 7.0, got["infernode_job_queue_depth"])
	require.Equal(t, 3.0, got["infernode_jobs_pending"])
	require.Equal(t, 1.0, got["infernode_jobs_finished_total"])
	// Registering twice (a restarted node on the same registry) keeps
	// counting in the registered collectors.
	m2, err := NewMetrics(reg, nil, nil)
	require.NoError(t, err)
	m2.Finished.WithLabelValues("success").Inc()
	require.Same(t, m.Finished, m2.Finished)
}
