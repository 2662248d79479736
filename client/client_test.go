package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/client"
	"github.com/infernode/infernode/rest"
	"github.com/infernode/infernode/rest/resttest"
)

func quiet() rest.Options { return rest.Options{Logger: slog.New(slog.DiscardHandler)} }

func TestClientRoundTrip(t *testing.T) {
	ctx := context.Background()
	m := resttest.New()
	srv := serve(t, m, quiet())
	c, err := client.New(srv.URL + "/")
	require.NoError(t, err)

	ok, err := c.Health(ctx)
	require.NoError(t, err)
	require.True(t, ok)

	info, err := c.Info(ctx)
	require.NoError(t, err)
	require.Equal(t, "1.4.0", info.Version)
	require.Equal(t, "echo", info.Containers[0].ID)

	res, err := c.Resources(ctx, "local/a/b:f")
	require.NoError(t, err)
	require.JSONEq(t, `{"model":"local/a/b:f"}`, string(res["echo"]))

	id, err := c.CreateJob(ctx, client.JobRequest{Containers: []string{"echo"}, Data: json.RawMessage(`{"x":1}`)})
	require.NoError(t, err)
	pending := true
	ids, err := c.JobIDs(ctx, &pending)
	require.NoError(t, err)
	require.Equal(t, []string{id}, ids)

	r, err := c.WaitJob(ctx, id, time.Millisecond)
	require.NoError(t, err)
	require.Equal(t, client.StatusSuccess, r.Status)
	require.JSONEq(t, `{"output":{"x":1}}`, string(r.Result.Output))

	all, err := c.Results(ctx, []string{id, "nope"}, true)
	require.NoError(t, err)
	require.Len(t, all, 1)
	// One container: its result is the job's, so no intermediate ones, but
	// the key is there because they were asked for.
	require.NotNil(t, all[0].Intermediate)
	require.Empty(t, all[0].Intermediate)

	_, err = c.Result(ctx, "nope", false)
	require.ErrorIs(t, err, client.ErrNotFound)

	require.NoError(t, c.PutStatus(ctx, id, client.StatusFailed, nil))
	require.Equal(t, []string{id + " failed"}, m.Statuses())
}

func TestClientErrors(t *testing.T) {
	ctx := context.Background()
	srv := serve(t, resttest.New(), quiet())
	c, err := client.New(srv.URL)
	require.NoError(t, err)

	_, err = c.CreateJob(ctx, client.JobRequest{Containers: []string{"nope"}, Data: json.RawMessage(`{}`)})
	var ce *client.Error
	require.ErrorAs(t, err, &ce)
	require.Equal(t, 400, ce.StatusCode)
	require.Equal(t, "Container not supported", ce.Message)
	require.Equal(t, map[string]any{"container": "nope"}, ce.Params)
	require.Equal(t, `400 Container not supported {"container":"nope"}`, ce.Error())

	err = c.SubmitDelegated(ctx, json.RawMessage(`{"subscription":{},"signature":{}}`))
	require.ErrorAs(t, err, &ce)
	require.Equal(t, "Chain not enabled", ce.Message)

	_, err = client.New("localhost:4000")
	require.ErrorContains(t, err, "want http(s)://host[:port]")
}

func TestClientRetryAfter(t *testing.T) {
	o := quiet()
	o.RateLimit, o.RatePeriod = 1, time.Minute
	srv := serve(t, resttest.New(), o)
	c, _ := client.New(srv.URL)
	_, err := c.Info(context.Background())
	require.NoError(t, err)
	_, err = c.Info(context.Background())
	var ce *client.Error
	require.ErrorAs(t, err, &ce)
	require.Equal(t, 429, ce.StatusCode)
	require.Equal(t, time.Minute, ce.RetryAfter)
}

func TestClientBatch(t *testing.T) {
	srv := serve(t, resttest.New(), quiet())
	c, _ := client.New(srv.URL)
	out, err := c.CreateJobs(context.Background(), []any{
		client.JobRequest{Containers: []string{"echo"}, Data: json.RawMessage(`{}`)},
		client.JobRequest{Containers: []string{}, Data: json.RawMessage(`{}`)},
		json.RawMessage(`{"subscription":{},"signature":{}}`),
	})
	require.NoError(t, err)
	require.Len(t, out, 3)
	require.Len(t, out[0].ID, 36)
	require.Nil(t, out[0].Err)
	require.Equal(t, "No containers specified", out[1].Err.Message)
	require.Equal(t, "Chain not enabled", out[2].Err.Message)
}

func TestClientStream(t *testing.T) {
	srv := serve(t, resttest.New(), quiet())
	c, _ := client.New(srv.URL)
	st, err := c.StreamJob(context.Background(), client.JobRequest{Containers: []string{"echo"}, Data: json.RawMessage(`{"p":"hi"}`)})
	require.NoError(t, err)
	defer st.Body.Close()
	require.Len(t, st.ID, 36)
	require.Equal(t, "text/plain", st.ContentType)
	b, err := io.ReadAll(st.Body)
	require.NoError(t, err)
	require.Equal(t, `{"p":"hi"}`, string(b))
}

func TestClientUnreachable(t *testing.T) {
	c, _ := client.New("http://127.0.0.1:1")
	_, err := c.Health(context.Background())
	require.Error(t, err)
	var ce *client.Error
	require.False(t, errors.As(err, &ce))
	require.True(t, strings.HasPrefix(err.Error(), "GET /health: "), err.Error())
}

func serve(t *testing.T, b rest.Backend, o rest.Options) *httptest.Server {
	srv := resttest.Serve(b, o)
	t.Cleanup(srv.Close)
	return srv
}

func TestClientUnhealthy(t *testing.T) {
	b := resttest.New()
	b.Unhealthy.Store(true)
	srv := serve(t, b, quiet())
	c, _ := client.New(srv.URL)
	ok, err := c.Health(context.Background())
	require.NoError(t, err, "an unhealthy node is an answer, not an error")
	require.False(t, ok)
}

// TestWaitJobAsksTheNodeToWait: every request carries wait (bounded by
// MaxWait and by ctx), and a node that answers at once is asked again no
// sooner than poll.
func TestWaitJobAsksTheNodeToWait(t *testing.T) {
	var waits []string
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		waits = append(waits, r.URL.Query().Get("wait"))
		n := len(waits)
		mu.Unlock()
		status := "running"
		if n == 3 {
			status = "success"
		}
		fmt.Fprintf(w, `[{"id":"j","status":%q}]`, status)
	}))
	defer srv.Close()
	c, err := client.New(srv.URL)
	require.NoError(t, err)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	res, err := c.WaitJob(ctx, "j", 20*time.Millisecond)
	require.NoError(t, err)
	require.Equal(t, client.StatusSuccess, res.Status)
	require.GreaterOrEqual(t, time.Since(start), 40*time.Millisecond, "a node answering at once is asked every poll")
	require.Len(t, waits, 3)
	for _, w := range waits {
		d, err := time.ParseDuration(w)
		require.NoError(t, err, "wait=%q", w)
		require.Greater(t, d, 29*time.Second)
		require.LessOrEqual(t, d, 30*time.Second, "bounded by ctx's deadline")
	}

	waits = nil
	_, err = c.WaitResults(context.Background(), []string{"j"}, time.Hour, true)
	require.NoError(t, err)
	require.Equal(t, []string{"1m0s"}, waits, "capped at MaxWait")
}
