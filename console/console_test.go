package console

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"
)

// TestPageAndState: the page and its files are served from the binary with
// a policy that keeps them to their own origin; the state digests the
// listed metrics and nothing else.
func TestPageAndState(t *testing.T) {
	reg := prometheus.NewRegistry()
	held := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "infernode_relay_held_total"}, []string{"reason"})
	other := prometheus.NewCounter(prometheus.CounterOpts{Name: "something_else_total"})
	reg.MustRegister(held, other)
	held.WithLabelValues("new_owner_day").Add(3)
	h := New(Options{Gatherer: reg})
	for _, p := range Paths {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		require.Equal(t, http.StatusOK, rec.Code, p)
		require.Contains(t, rec.Header().Get("Content-Security-Policy"), "default-src 'none'", p)
		require.NotContains(t, rec.Body.String(), "http://", "%s fetches nothing from elsewhere", p)
		require.NotContains(t, rec.Body.String(), "https://", "%s fetches nothing from elsewhere", p)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, PathState, nil))
	var st State
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &st))
	require.Equal(t, []Sample{{Labels: map[string]string{"reason": "new_owner_day"}, Value: 3}}, st.Metrics["infernode_relay_held_total"])
	require.NotContains(t, st.Metrics, "something_else_total")
}

// TestEventsRing: the chain side's lines are recorded and classified in a
// ring of fixed size, whatever the node's log level; other lines pass
// through unrecorded; values are cut.
func TestEventsRing(t *testing.T) {
	var out strings.Builder
	ev := NewEvents(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelWarn}), 3)
	log := slog.New(ev).With("chain", "dev")
	log.Info("relay: delivered", "sub", 1, "interval", 1, "gas_used", 123456)
	log.Info("relay: delivery failed", "sub", 2, "reason", strings.Repeat("x", 1000))
	log.Warn("relay: unpaid work held by a spending bound until it has room (once per owner, bound and day)", "raise", "chain.unpaid.new_owner_gas_per_day")
	log.Info("job finished") // not the chain side's
	got := ev.Recent()
	require.Len(t, got, 3)
	require.Equal(t, []string{KindDelivery, KindFailure, KindHeld}, []string{got[0].Kind, got[1].Kind, got[2].Kind})
	require.Equal(t, "123456", got[0].Attrs["gas_used"])
	require.Equal(t, "dev", got[0].Attrs["chain"])
	require.Less(t, len(got[1].Attrs["reason"]), 400)
	log.Info("relay: delivered", "sub", 3)
	got = ev.Recent()
	require.Len(t, got, 3, "a ring")
	require.Equal(t, "3", got[2].Attrs["sub"])
	// The node's own handler still logs at its level only.
	require.Equal(t, 1, strings.Count(out.String(), "\n"), out.String())
}
