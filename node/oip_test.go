package node

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/oip"
	"github.com/infernode/infernode/rest"
	"github.com/infernode/infernode/workloads/echo/service"
)

// oipContainer answers /v2 infer calls with the request's body; with hold,
// each infer call waits on it after signalling entered.
func oipContainer(t *testing.T, hold chan struct{}, entered chan<- struct{}) (url string, traceparents func() []string) {
	var mu sync.Mutex
	var tps []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v2/models/oip/infer" {
			return // readiness probes
		}
		mu.Lock()
		tps = append(tps, r.Header.Get("traceparent"))
		mu.Unlock()
		if hold != nil {
			entered <- struct{}{}
			<-hold
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set(oip.HeaderLength, r.Header.Get(oip.HeaderLength))
		b := make([]byte, r.ContentLength)
		_, _ = r.Body.Read(b)
		_, _ = w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string{}, tps...) }
}

func TestOIPSpansAndRelay(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	url, traceparents := oipContainer(t, nil, nil)
	tn := startNode(t, &config.Config{Containers: []config.Container{{ID: "oip", URL: url, External: true}}},
		Options{TracerProvider: tp, Propagator: propagation.TraceContext{}})

	ctx, root := tp.Tracer("test").Start(context.Background(), "client")
	body := []byte(`{"inputs":[]}` + "\x00\x01")
	reply, err := tn.node.back.OIP(ctx, "127.0.0.1", rest.OIPCall{Container: "oip", Method: http.MethodPost,
		Path: "/v2/models/oip/infer", HeaderLength: "13", ContentType: "application/octet-stream", Body: body})
	root.End()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, reply.Status)
	require.Equal(t, body, reply.Body, "the bytes go both ways unchanged")
	require.Equal(t, "13", reply.HeaderLength)

	byName := map[string]sdktrace.ReadOnlySpan{}
	for _, s := range rec.Ended() {
		byName[s.Name()] = s
	}
	call, relay := byName["oip.call"], byName["container.relay"]
	require.NotNil(t, call)
	require.NotNil(t, relay)
	require.Equal(t, root.SpanContext().SpanID(), call.Parent().SpanID())
	require.Equal(t, call.SpanContext().SpanID(), relay.Parent().SpanID())
	tps := traceparents()
	require.Len(t, tps, 1)
	require.Contains(t, tps[0], root.SpanContext().TraceID().String(), "the container gets the trace context")

	_, err = tn.node.back.OIP(ctx, "127.0.0.1", rest.OIPCall{Container: "nope", Method: http.MethodGet, Path: "/v2/models/nope"})
	var je *job.Error
	require.ErrorAs(t, err, &je)
	require.Equal(t, job.CodeNotFound, je.Code)
}

// TestOIPBusy: at most jobs.workers OIP calls run at once; one more is 503
// Node busy at once, not queued.
func TestOIPBusy(t *testing.T) {
	hold, entered := make(chan struct{}), make(chan struct{})
	url, _ := oipContainer(t, hold, entered)
	cfg := &config.Config{Containers: []config.Container{{ID: "oip", URL: url, External: true}}, Jobs: config.Jobs{Workers: 1}}
	tn := startNode(t, cfg, Options{})
	call := rest.OIPCall{Container: "oip", Method: http.MethodPost, Path: "/v2/models/oip/infer", Body: []byte(`{}`)}
	done := make(chan error, 1)
	go func() {
		_, err := tn.node.back.OIP(context.Background(), "127.0.0.1", call)
		done <- err
	}()
	<-entered // the first call holds the only slot
	_, err := tn.node.back.OIP(context.Background(), "127.0.0.1", call)
	var je *job.Error
	require.ErrorAs(t, err, &je)
	require.Equal(t, job.CodeBusy, je.Code)
	close(hold)
	require.NoError(t, <-done)
}

// TestOIPIndexStates: the model index says READY only for a container that
// answers OIP's model-ready question with 200; echo, which does not speak
// OIP, and a model that is loading are UNAVAILABLE with the reason.
func TestOIPIndexStates(t *testing.T) {
	oipURL, _ := oipContainer(t, nil, nil)
	echo, err := service.New(service.Config{})
	require.NoError(t, err)
	echoSrv := httptest.NewServer(echo)
	t.Cleanup(echoSrv.Close)
	loading := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v2/models/loading/ready" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(`{"error":"model loading"}`))
		}
	}))
	t.Cleanup(loading.Close)
	tn := startNode(t, &config.Config{Containers: []config.Container{
		{ID: "oip", URL: oipURL, External: true},
		{ID: "echo", URL: echoSrv.URL, External: true},
		{ID: "loading", URL: loading.URL, External: true},
	}}, Options{})

	tests := []struct {
		name, state, reason string
	}{
		{"oip", "READY", ""},
		{"echo", "UNAVAILABLE", `container "echo" does not serve the Open Inference Protocol`},
		{"loading", "UNAVAILABLE", "the container answered 503 to GET /v2/models/loading/ready"},
	}
	code, body := tn.do(t, http.MethodPost, "/v2/repository/index", "")
	require.Equal(t, http.StatusOK, code, string(body))
	var idx []struct{ Name, State, Reason string }
	require.NoError(t, json.Unmarshal(body, &idx))
	require.Len(t, idx, len(tests), string(body))
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.name, idx[i].Name)
			require.Equal(t, tt.state, idx[i].State)
			if tt.reason == "" {
				require.Empty(t, idx[i].Reason)
				return
			}
			require.Contains(t, idx[i].Reason, tt.reason)
		})
	}

	code, body = tn.do(t, http.MethodPost, "/v2/repository/index", `{"ready":true}`)
	require.Equal(t, http.StatusOK, code, string(body))
	require.JSONEq(t, `[{"name":"oip","state":"READY"}]`, string(body))
}
