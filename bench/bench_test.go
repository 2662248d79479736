package bench

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/rest"
	"github.com/infernode/infernode/rest/resttest"
)

func node(t *testing.T) string {
	srv := resttest.Serve(resttest.New(), rest.Options{Logger: slog.New(slog.DiscardHandler)})
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestNodeClosedLoop(t *testing.T) {
	rep, err := Run(context.Background(), Config{URL: node(t), Containers: []string{"echo"}, Data: json.RawMessage(`{"x":1}`),
		Jobs: 200, Concurrency: 8, PollInterval: time.Millisecond})
	require.NoError(t, err)
	require.Equal(t, "node", rep.Mode)
	require.Equal(t, 200, rep.Succeeded)
	require.Zero(t, rep.Failed+rep.Errors, rep.ErrorSamples)
	require.Equal(t, 200, rep.Submit.Count)
	require.Equal(t, 200, rep.EndToEnd.Count)
	require.Positive(t, rep.Throughput)
	require.LessOrEqual(t, rep.Submit.P50, rep.Submit.P99)
	require.LessOrEqual(t, rep.Submit.P99, rep.Submit.Max)
	// A job finishes after it was submitted.
	require.GreaterOrEqual(t, rep.EndToEnd.P50, rep.Submit.P50)
}

func TestNodeOpenLoop(t *testing.T) {
	rep, err := Run(context.Background(), Config{URL: node(t), Containers: []string{"echo"},
		Jobs: 50, Rate: 500, SubmitOnly: true})
	require.NoError(t, err)
	require.Equal(t, 50, rep.Succeeded)
	require.Equal(t, 50, rep.Submit.Count)
	// 50 jobs at 500/s are scheduled over 98ms: the run cannot be shorter.
	require.GreaterOrEqual(t, rep.Duration, 98*time.Millisecond)
}

func TestNodeErrorsAreCounted(t *testing.T) {
	rep, err := Run(context.Background(), Config{URL: node(t), Containers: []string{"nope"}, Jobs: 10, Concurrency: 2})
	require.NoError(t, err)
	require.Equal(t, 10, rep.Errors)
	require.Equal(t, []string{`submit: 400 Container not supported {"container":"nope"}`}, rep.ErrorSamples)
	require.Zero(t, rep.Throughput)
}

func TestDirect(t *testing.T) {
	var got []string
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = append(got, r.URL.Path+" "+string(b))
		var in struct {
			Data json.RawMessage `json:"data"`
		}
		_ = json.Unmarshal(b, &in)
		if strings.Contains(string(in.Data), "fail") {
			http.Error(w, "boom", 500)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"output":` + string(in.Data) + `}`))
	}))
	defer echo.Close()

	rep, err := Run(context.Background(), Config{Direct: echo.URL + "/", Data: json.RawMessage(`{"x":1}`), Jobs: 20, Concurrency: 1})
	require.NoError(t, err)
	require.Equal(t, "direct", rep.Mode)
	require.Equal(t, 20, rep.Succeeded)
	path, body, _ := strings.Cut(got[0], " ")
	require.Equal(t, "/service_output", path)
	require.JSONEq(t, `{"source":1,"destination":1,"data":{"x":1},"requires_proof":false}`, body)

	rep, err = Run(context.Background(), Config{Direct: echo.URL, Data: json.RawMessage(`{"fail":1}`), Jobs: 5, Concurrency: 1})
	require.NoError(t, err)
	require.Equal(t, 5, rep.Failed)
}

func TestPercentiles(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	l := percentiles(ds)
	require.Equal(t, Latencies{Count: 100, Mean: 50500 * time.Microsecond, P50: 50 * time.Millisecond, P90: 90 * time.Millisecond,
		P99: 99 * time.Millisecond, Max: 100 * time.Millisecond}, l)
	require.Equal(t, Latencies{}, percentiles(nil))
	require.Equal(t, 7*time.Millisecond, percentiles([]time.Duration{7 * time.Millisecond}).P99)
}

func TestConfigErrors(t *testing.T) {
	_, err := Run(context.Background(), Config{})
	require.ErrorContains(t, err, "no node URL")
	_, err = Run(context.Background(), Config{URL: "http://127.0.0.1:1"})
	require.ErrorContains(t, err, "no containers")
}

func TestReportText(t *testing.T) {
	var b strings.Builder
	(&Report{Mode: "node", Target: "http://x", Jobs: 3, Concurrency: 1, Succeeded: 3, Duration: time.Second, Throughput: 3,
		Submit: Latencies{P50: time.Millisecond}}).Text(&b)
	require.Contains(t, b.String(), "3 succeeded, 0 failed, 0 errors in 1s: 3.0 jobs/s")
	require.Contains(t, b.String(), "submit latency:")
	require.Contains(t, b.String(), "end-to-end latency:")
}

func TestNodeBatch(t *testing.T) {
	tests := []struct {
		name       string
		containers []string
		rate       float64
		succeeded  int
		errors     int
	}{
		{"closed loop: batches all finish", []string{"echo"}, 0, 300, 0},
		{"closed loop: per-item rejections are counted", []string{"nope"}, 0, 0, 300},
		{"open loop: coalesced submits all finish", []string{"echo"}, 3000, 300, 0},
		{"open loop: per-item rejections are counted", []string{"nope"}, 3000, 0, 300},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Run(context.Background(), Config{URL: node(t), Containers: tt.containers, Data: json.RawMessage(`{"x":1}`),
				Jobs: 300, Concurrency: 32, Batch: 16, Rate: tt.rate, PollInterval: time.Millisecond})
			require.NoError(t, err)
			require.Equal(t, tt.succeeded, rep.Succeeded)
			require.Equal(t, tt.errors, rep.Errors)
			require.Equal(t, 300, rep.Submit.Count, "every job has a submit latency")
			require.Equal(t, tt.succeeded, rep.EndToEnd.Count)
			if tt.errors > 0 {
				require.Equal(t, []string{`submit: 200 Container not supported {"container":"nope"}`}, rep.ErrorSamples)
			}
		})
	}
}

// TestRateLimitIsNamed: 429s are counted apart and the summary names the
// node's limit, so that an operator knows which setting refused them.
func TestRateLimitIsNamed(t *testing.T) {
	srv := resttest.Serve(resttest.New(), rest.Options{Logger: slog.New(slog.DiscardHandler), RateLimit: 5, RatePeriod: time.Hour})
	t.Cleanup(srv.Close)
	rep, err := Run(context.Background(), Config{URL: srv.URL, Containers: []string{"echo"}, Jobs: 20, Concurrency: 1, SubmitOnly: true})
	require.NoError(t, err)
	require.Equal(t, 5, rep.Succeeded)
	require.Equal(t, 15, rep.Errors)
	require.Equal(t, 15, rep.RateLimited)
	require.Len(t, rep.ErrorSamples, 1)
	require.Contains(t, rep.ErrorSamples[0], `429 Too many requests {"limit":"server.rate_limit","num_requests":5,"period":3600}`)
	var b strings.Builder
	rep.Text(&b)
	require.Contains(t, b.String(), "15 requests were refused with 429 by the node's rate limit (server.rate_limit")
}
