package node

import (
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/config"
)

// collectingRuntime is the unmanaged runtime plus a metric of its own, as
// the Docker runtime is a prometheus.Collector of its metrics.
type collectingRuntime struct {
	*executor.Unmanaged
	starts prometheus.Counter
}

func newCollectingRuntime(cfg *config.Config) *collectingRuntime {
	return &collectingRuntime{
		Unmanaged: executor.NewUnmanaged(ExecutorContainers(cfg.Containers), executor.UnmanagedOptions{}),
		starts:    prometheus.NewCounter(prometheus.CounterOpts{Name: "test_runtime_marker_total", Help: "A runtime's own metric."}),
	}
}

func (r *collectingRuntime) Describe(ch chan<- *prometheus.Desc) { r.starts.Describe(ch) }
func (r *collectingRuntime) Collect(ch chan<- prometheus.Metric) { r.starts.Collect(ch) }

func TestRuntimeMetricsAreServed(t *testing.T) {
	echo := startEcho(t)
	reg := prometheus.NewRegistry()
	tests := []struct {
		name string
		rt   func(cfg *config.Config) (executor.Runtime, float64)
		want string // in /metrics; "" = no runtime series
	}{
		{"unmanaged runtime, no metrics of its own", func(cfg *config.Config) (executor.Runtime, float64) { return nil, 0 }, ""},
		{"collector runtime", func(cfg *config.Config) (executor.Runtime, float64) { return newCollectingRuntime(cfg), 3 }, "test_runtime_marker_total 3"},
		// The same registry again with a new runtime: the stopped node's
		// collector is gone, the new one is served.
		{"collector runtime on a reused registry", func(cfg *config.Config) (executor.Runtime, float64) { return newCollectingRuntime(cfg), 7 }, "test_runtime_marker_total 7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := echoConfig(echo)
			rt, n := tc.rt(cfg)
			if cr, ok := rt.(*collectingRuntime); ok {
				cr.starts.Add(n)
			}
			tn := startNode(t, cfg, Options{Runtime: rt, Registry: reg})
			code, b := tn.do(t, http.MethodGet, "/metrics", "")
			require.Equal(t, http.StatusOK, code)
			if tc.want == "" {
				require.NotContains(t, string(b), "test_runtime_marker_total")
			} else {
				require.Contains(t, string(b), tc.want)
				require.Equal(t, 1, strings.Count(string(b), "\ntest_runtime_marker_total "), "one runtime's series only")
			}
			require.NoError(t, tn.stop())
		})
	}
}
