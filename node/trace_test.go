package node

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/infernode/infernode/internal/job"
)

// TestJobSpans follows one chained job through the spans: the submit, the
// run (with the job id) and one container call per container, all in one
// trace.
func TestJobSpans(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	var traceparents []string
	var mu sync.Mutex
	echo := startEcho(t)
	spy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		traceparents = append(traceparents, r.Header.Get("traceparent"))
		mu.Unlock()
		httputil.NewSingleHostReverseProxy(mustURL(t, echo)).ServeHTTP(w, r)
	}))
	t.Cleanup(spy.Close)
	tn := startNode(t, echoConfig(spy.URL), Options{TracerProvider: tp, Propagator: propagation.TraceContext{}})

	ctx, root := tp.Tracer("test").Start(context.Background(), "client")
	id, err := tn.node.back.Submit(ctx, "127.0.0.1", job.Request{Containers: []string{"echo", "echo2"}, Data: json.RawMessage(`{"a":1}`)})
	require.NoError(t, err)
	root.End()
	require.Equal(t, job.StatusSuccess, tn.wait(t, id, false).Status)

	byName := map[string][]sdktrace.ReadOnlySpan{}
	require.Eventually(t, func() bool {
		byName = map[string][]sdktrace.ReadOnlySpan{}
		for _, s := range rec.Ended() {
			byName[s.Name()] = append(byName[s.Name()], s)
		}
		return len(byName["job.run"]) == 1 && len(byName["container.call"]) == 2
	}, 5*time.Second, 5*time.Millisecond)
	trace := root.SpanContext().TraceID()
	submit, run := byName["job.submit"][0], byName["job.run"][0]
	require.Equal(t, trace, submit.SpanContext().TraceID())
	require.Equal(t, trace, run.SpanContext().TraceID())
	require.Equal(t, submit.SpanContext().SpanID(), run.Parent().SpanID(), "the run continues the submit's trace")
	require.Contains(t, run.Attributes(), attribute.String("job.id", id))
	require.Contains(t, submit.Attributes(), attribute.String("job.id", id))
	for i, c := range byName["container.call"] {
		require.Equal(t, run.SpanContext().SpanID(), c.Parent().SpanID())
		require.Contains(t, c.Attributes(), attribute.String("container.id", []string{"echo", "echo2"}[i]))
	}
	// Containers receive the trace context of their call.
	mu.Lock()
	defer mu.Unlock()
	var calls []string
	for _, tp := range traceparents {
		if tp != "" {
			calls = append(calls, tp)
		}
	}
	require.Len(t, calls, 2)
	require.True(t, strings.HasPrefix(calls[0], "00-"+trace.String()+"-"), calls[0])
}

func mustURL(t *testing.T, s string) *url.URL {
	u, err := url.Parse(s)
	require.NoError(t, err)
	return u
}
