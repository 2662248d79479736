package docker_test

import (
	"testing"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/executor/runtimetest"
)

// The runtime conformance suite on the real engine: each workload is a
// testworkload container (an echo server); a broken one exits at start.
func TestConformance(t *testing.T) {
	engine(t)
	runtimetest.Run(t, func(t *testing.T, ws []runtimetest.Workload) executor.Runtime {
		var cs []executor.Container
		for _, w := range ws {
			c := executor.Container{ID: w.ID, Image: testImage, Bearer: w.Bearer}
			if w.Broken {
				c.Command = "--exit-at-start 1"
			}
			cs = append(cs, c)
		}
		return newRuntime(t, engine(t), cs)
	})
}
