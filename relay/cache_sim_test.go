package relay

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/respcache"
	"github.com/infernode/infernode/workloads/echo/service"
)

// A recurring subscription with constant inputs to a container marked
// "cache" runs the container once: every later interval is delivered from
// the response cache, which sits in the executor the relay runs through.
func TestSimRecurringConstantInputsRunOnce(t *testing.T) {
	h := newHarness(t, 1)
	var calls atomic.Int32
	echo, err := service.New(service.Config{})
	require.NoError(t, err)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/service_output" {
			calls.Add(1)
		}
		echo.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	cfg := []executor.Container{{ID: "echo", URL: srv.URL, Cache: true, Timeout: 10 * time.Second}}
	rt := executor.NewUnmanaged(cfg, executor.UnmanagedOptions{})
	require.NoError(t, rt.Start(context.Background()))
	t.Cleanup(func() { _ = rt.Stop(context.Background()) })
	st, err := storage.Open(t.TempDir(), storage.Options{})
	require.NoError(t, err)
	cache, err := respcache.Open(respcache.Options{Store: st.Table(storage.TableCache), MaxBytes: 1 << 20})
	require.NoError(t, err)
	t.Cleanup(func() { cache.Close(); _ = st.Close() })
	h.exec, err = executor.New(executor.Options{Runtime: rt, Containers: cfg, Cache: cache})
	require.NoError(t, err)
	h.guard = access.NewGuardian([]access.Container{{ID: "echo", External: true}})

	n := h.startNode(1, t.TempDir(), nil)
	h.mineSettled(n)
	const frequency, period = 4, 10
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackSubscribe("echo", []byte("constant"), frequency, period, 1))
	h.eventually(func() bool { return h.deliveries() == frequency }, "every interval delivered")
	for k := uint32(1); k <= frequency; k++ {
		require.Equal(t, uint16(1), responseCount(h, 1, k), "interval %d", k)
	}
	require.Equal(t, int32(1), calls.Load(), "one container run for %d intervals", frequency)
	res, err := h.consumer().UnpackResults(h.call(h.dep.ExampleConsumer, h.consumer().PackResults(taskID(h, 1, frequency))))
	require.NoError(t, err)
	require.Equal(t, echoOutput(t, []byte("constant")), res.Output, "the last interval got the cached output")
}
