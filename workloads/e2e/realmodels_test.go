package e2e_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
)

// realModelIDs are rm's model ids in each workload: the ONNX file in
// onnx, the TorchScript file in tensor.
func realModelIDs(rm wltest.RealModel) map[string]string {
	base := "local/infernode/" + rm.Name + ":" + rm.Name
	return map[string]string{"onnx": base + ".onnx", "tensor": base + ".pt"}
}

// realJob is the job data that runs rm on its input in the workload.
func realJob(t testing.TB, workload string, rm wltest.RealModel) string {
	t.Helper()
	if workload == "onnx" {
		return `{"model_id":"` + realModelIDs(rm)["onnx"] + `","inputs":` + string(rm.InputsJSON) + `}`
	}
	require.Len(t, rm.Inputs, 1, "the tensor workload takes one input")
	for _, in := range rm.Inputs {
		b, err := json.Marshal(in)
		require.NoError(t, err)
		return `{"model_id":"` + realModelIDs(rm)["tensor"] + `","input":` + string(b) + `}`
	}
	return ""
}

// TestRealModelsThroughNode runs every model of the real-model suite
// (exported by PyTorch, `make realmodels`) as a REST job through the node,
// in the onnx workload (ONNX Runtime) and in the tensor workload
// (TorchScript on libtorch), and compares with PyTorch's own outputs.
func TestRealModelsThroughNode(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a node with every workload on loopback")
	}
	models := wltest.RealModels(t)
	s := startStack(t, models...)
	for _, rm := range models {
		t.Run(rm.Name+"/onnx", func(t *testing.T) {
			out := output(t, s.submit(t, []string{"onnx"}, realJob(t, "onnx", rm), false))
			var reply struct {
				Result []tensor.Tensor `json:"result"`
			}
			require.NoError(t, json.Unmarshal(out, &reply))
			require.Len(t, reply.Result, len(rm.Outputs))
			for i := range rm.Outputs {
				wltest.RequireClose(t, rm.Outputs[i], reply.Result[i], 1e-4)
			}
		})
		t.Run(rm.Name+"/tensor", func(t *testing.T) {
			out := output(t, s.submit(t, []string{"tensor"}, realJob(t, "tensor", rm), false))
			var got tensor.Tensor
			require.NoError(t, json.Unmarshal(out, &got))
			wltest.RequireClose(t, rm.Outputs[0], got, 1e-4)
		})
	}
}

// BenchmarkResNet18ThroughNode is ResNet-18 jobs through the node's REST
// API, in the onnx and the tensor workload, at several concurrencies (jobs
// in flight), reported as jobs/s.
func BenchmarkResNet18ThroughNode(b *testing.B) {
	var rm wltest.RealModel
	for _, m := range wltest.RealModels(b) {
		if m.Name == "resnet18" {
			rm = m
		}
	}
	require.NotEmpty(b, rm.Name, "resnet18 in the suite")
	s := startStack(b, rm)
	for _, workload := range []string{"onnx", "tensor"} {
		job := realJob(b, workload, rm)
		output(b, s.submit(b, []string{workload}, job, false)) // loads the model
		for _, c := range []int{1, 2, 4, 8} {
			b.Run(fmt.Sprintf("%s/concurrency=%d", workload, c), func(b *testing.B) {
				start, cpu0 := time.Now(), cpuTime(b)
				var wg sync.WaitGroup
				next := make(chan struct{})
				for range c {
					wg.Go(func() {
						for range next {
							res := s.submit(b, []string{workload}, job, false)
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
				// CPU per job (node, workload, engine threads and client, all in
				// this process) does not depend on what else the machine runs.
				b.ReportMetric(float64((cpuTime(b)-cpu0).Milliseconds())/float64(b.N), "cpu-ms/job")
			})
		}
	}
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime(t testing.TB) time.Duration {
	var ru syscall.Rusage
	require.NoError(t, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
