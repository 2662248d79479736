// Package promreg is the one register-or-reuse of Prometheus collectors:
// a node, runtime or server built twice on one registry (tests, a rebuilt
// chain side) finds its collectors registered already and shares them.
package promreg

import (
	"errors"
	"fmt"

	"github.com/prometheus/client_golang/prometheus"
)

// Register registers c in reg and returns it, or the collector of the
// same type registered in its place already; any other clash is an error.
func Register[C prometheus.Collector](reg prometheus.Registerer, c C) (C, error) {
	if err := reg.Register(c); err != nil {
		var are prometheus.AlreadyRegisteredError
		if errors.As(err, &are) {
			if existing, ok := are.ExistingCollector.(C); ok {
				return existing, nil
			}
		}
		return c, fmt.Errorf("register metrics: %w", err)
	}
	return c, nil
}
