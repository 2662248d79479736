package promreg

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"
)

func TestRegister(t *testing.T) {
	reg := prometheus.NewRegistry()
	first := prometheus.NewCounter(prometheus.CounterOpts{Name: "x_total", Help: "x"})
	got, err := Register(reg, first)
	require.NoError(t, err)
	require.Same(t, first, got)

	again, err := Register(reg, prometheus.NewCounter(prometheus.CounterOpts{Name: "x_total", Help: "x"}))
	require.NoError(t, err)
	require.Same(t, first, again, "the collector registered first is shared")

	_, err = Register(reg, prometheus.NewGauge(prometheus.GaugeOpts{Name: "x_total", Help: "another help"}))
	require.Error(t, err, "a different collector under the name is a clash")
}
