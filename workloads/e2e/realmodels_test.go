package e2e_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/protocol"
)

func realModelID(rm wltest.RealModel) string {
	return "local/infernode/" + rm.Name + ":" + rm.Name + ".onnx"
}

// realJob is the job data that runs rm on its input.
func realJob(rm wltest.RealModel) string {
	return `{"model_id":"` + realModelID(rm) + `","inputs":` + string(rm.InputsJSON) + `}`
}

// TestRealModelsThroughNode runs every model of the real-model suite
// (exported by PyTorch, `make realmodels`) as a REST job through the node
// and the onnx workload, and compares with PyTorch's own outputs.
func TestRealModelsThroughNode(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a node with every workload on loopback")
	}
	models := wltest.RealModels(t)
	s := startStack(t, models...)
	for _, rm := range models {
		t.Run(rm.Name, func(t *testing.T) {
			out := output(t, s.submit(t, []string{"onnx"}, realJob(rm), false))
			var reply struct {
				Result []protocol.Tensor `json:"result"`
			}
			require.NoError(t, json.Unmarshal(out, &reply))
			require.Len(t, reply.Result, len(rm.Outputs))
			for i := range rm.Outputs {
				wltest.RequireClose(t, rm.Outputs[i], reply.Result[i], 1e-4)
			}
		})
	}
}

// BenchmarkResNet18ThroughNode is ResNet-18 jobs through the node's REST
// API at several concurrencies (jobs in flight), reported as jobs/s.
func BenchmarkResNet18ThroughNode(b *testing.B) {
	var rm wltest.RealModel
	for _, m := range wltest.RealModels(b) {
		if m.Name == "resnet18" {
			rm = m
		}
	}
	require.NotEmpty(b, rm.Name, "resnet18 in the suite")
	s := startStack(b, rm)
	job := realJob(rm)
	output(b, s.submit(b, []string{"onnx"}, job, false)) // loads the model
	for _, c := range []int{1, 2, 4, 8} {
		b.Run(fmt.Sprintf("concurrency=%d", c), func(b *testing.B) {
			start := time.Now()
			var wg sync.WaitGroup
			next := make(chan struct{})
			for range c {
				wg.Go(func() {
					for range next {
						res := s.submit(b, []string{"onnx"}, job, false)
						if !strings.Contains(string(res["status"]), "success") {
							b.Errorf("job: %s", res["result"])
						}
					}
				})
			}
			for b.Loop() {
				next <- struct{}{}
			}
			close(next)
			wg.Wait()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "jobs/s")
		})
	}
}
