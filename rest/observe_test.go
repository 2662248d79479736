package rest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

func TestSpansAndLogs(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	var logs bytes.Buffer
	f := newFakeBackend()
	h := New(f, Options{Logger: quietLogger(&logs), TracerProvider: tp})

	call(t, h, "POST", "/api/jobs", remote, `{"containers":["echo"],"data":{}}`)
	call(t, h, "POST", "/api/jobs", remote, `{"containers":["nope"],"data":{}}`)
	f.broken = errDisk
	call(t, h, "GET", "/api/jobs?id=x", remote, "")

	spans := rec.Ended()
	require.Len(t, spans, 3)
	require.Equal(t, "POST /api/jobs", spans[0].Name())
	attrs := map[attribute.Key]attribute.Value{}
	for _, a := range spans[0].Attributes() {
		attrs[a.Key] = a.Value
	}
	require.Equal(t, "/api/jobs", attrs["http.route"].AsString())
	require.Equal(t, int64(200), attrs["http.response.status_code"].AsInt64())
	require.Equal(t, "192.0.2.7", attrs["client.address"].AsString())
	require.Equal(t, codes.Unset, spans[0].Status().Code)
	require.Equal(t, "GET /api/jobs", spans[2].Name())
	require.Equal(t, codes.Error, spans[2].Status().Code)

	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	require.Contains(t, lines[0], `msg="http request" method=POST route=/api/jobs status=200`)
	require.Contains(t, lines[0], "client=192.0.2.7")
	require.NotContains(t, lines[0], "reason=", "only a refused request has a reason")
	// A refused request's line says why, as the client was told.
	require.Contains(t, lines[1], `msg="http request" method=POST route=/api/jobs status=400`)
	require.Contains(t, lines[1], `reason="{\"error\":\"Container not supported\",\"params\":{\"container\":\"nope\"}}"`)
	require.Contains(t, logs.String(), `level=ERROR msg="read results failed" error="pebble: disk /var/lib/infernode is full"`)
	require.Contains(t, logs.String(), `level=ERROR msg="http request" method=GET route=/api/jobs status=500`)
}
