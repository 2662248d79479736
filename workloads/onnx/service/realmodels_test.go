package service_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/onnx/ort"
	"github.com/infernode/infernode/workloads/onnx/service"
)

// BenchmarkRealModels is one inference of each real-model suite model
// (`make realmodels`) on one thread, at three depths: "engine" is the ORT
// session through the binding (ort.Model.Run), "infer" the workload's
// Service.Infer (model lookup, input checks, conversions), "http" a whole
// off-chain POST /service_output over loopback (JSON decode and encode of
// the tensors included). Each reports the median of its iterations;
// docs/engines.md compares them with onnxruntime-node and PyTorch.
func BenchmarkRealModels(b *testing.B) {
	dir := cacheWithIris(b)
	models := wltest.RealModels(b)
	for _, rm := range models {
		wltest.LinkModel(b, dir, "local/infernode/"+rm.Name+":"+rm.Name+".onnx", rm.File(".onnx"))
	}
	s, err := service.New(context.Background(), service.Config{Runtime: ortConfig(b), Store: wltest.OfflineStore(b, dir)})
	require.NoError(b, err)
	srv := wltest.Server(b, s)
	rt, err := ort.Open(ortConfig(b))
	require.NoError(b, err)
	ctx := context.Background()
	for _, rm := range models {
		id := "local/infernode/" + rm.Name + ":" + rm.Name + ".onnx"
		raw, err := os.ReadFile(rm.File(".onnx"))
		require.NoError(b, err)
		m, err := rt.Load(raw)
		require.NoError(b, err)
		in, err := service.DecodeInputJSON([]byte(`{"model_id":"` + id + `","inputs":` + string(rm.InputsJSON) + `}`))
		require.NoError(b, err)
		body := `{"source":1,"destination":1,"data":{"model_id":"` + id + `","inputs":` + string(rm.InputsJSON) + `}}`
		engine := func() {
			_, err := m.Run(ctx, rm.Inputs)
			require.NoError(b, err)
		}
		infer := func() {
			_, err := s.Infer(ctx, in)
			require.NoError(b, err)
		}
		// One warm-up run of each (and the model's first load).
		b.Run(rm.Name+"/engine+infer", func(b *testing.B) { wltest.EngineAndInfer(b, 1, engine, infer) })
		b.Run(rm.Name+"/http", func(b *testing.B) {
			wltest.PostOK(b, srv.Client(), srv.URL, body)
			var h []time.Duration
			for b.Loop() {
				w, _ := wltest.Timed(func() { wltest.PostOK(b, srv.Client(), srv.URL, body) })
				h = append(h, w)
			}
			b.ReportMetric(wltest.MedianMS(h), "http_median_ms")
		})
	}
}

// BenchmarkDecodeImageJSON is decoding the off-chain data of one ResNet-18
// job (a 1x3x224x224 float32 tensor as JSON, about 3 MB): next to the
// engine's time, what a job through the node costs before any inference.
func BenchmarkDecodeImageJSON(b *testing.B) {
	for _, rm := range wltest.RealModels(b) {
		if rm.Name != "resnet18" {
			continue
		}
		data := []byte(`{"model_id":"local/infernode/resnet18:resnet18.onnx","inputs":` + string(rm.InputsJSON) + `}`)
		b.SetBytes(int64(len(data)))
		var c []time.Duration
		for b.Loop() {
			_, cpu := wltest.Timed(func() {
				_, err := service.DecodeInputJSON(data)
				require.NoError(b, err)
			})
			c = append(c, cpu)
		}
		b.ReportMetric(wltest.MedianMS(c), "cpu_ms")
	}
}
