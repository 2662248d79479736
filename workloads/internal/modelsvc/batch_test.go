package modelsvc_test

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/modelsvc"
	"github.com/infernode/infernode/workloads/internal/wltest"
)

// batchedToy is the toy workload with dynamic batching: a batch is the
// texts joined by "|", which the toy engine prefixes as one. runs counts
// engine calls and what each got.
func batchedToy(t *testing.T, max int, runs *[]string, mu *sync.Mutex) *modelsvc.Service[string, toyIn, string] {
	t.Helper()
	spec := toySpec()
	run := spec.Run
	spec.Run = func(ctx context.Context, m string, in toyIn) (string, error) {
		mu.Lock()
		*runs = append(*runs, in.Text)
		mu.Unlock()
		if strings.Contains(in.Text, "boom") {
			in.Text = "boom" // the engine fails the whole batch
		}
		return run(ctx, m, in)
	}
	spec.Batch = &modelsvc.Batch[string, toyIn, string]{
		Key: func(_ string, in toyIn) (string, bool) { return "", !strings.HasPrefix(in.Text, "solo") },
		Stack: func(ins []toyIn) (toyIn, error) {
			texts := make([]string, len(ins))
			for i, in := range ins {
				texts[i] = in.Text
			}
			return toyIn{Model: ins[0].Model, Text: strings.Join(texts, "|")}, nil
		},
		Split: func(out string, ins []toyIn) ([]string, error) {
			m, texts, _ := strings.Cut(out, ":")
			parts := strings.Split(texts, "|")
			for i := range parts {
				parts[i] = m + ":" + parts[i]
			}
			return parts, nil
		},
	}
	dir := t.TempDir()
	wltest.AddModel(t, dir, helloID, []byte("hello"))
	// An hour's delay: a batch only leaves full, so the test needs no clock.
	s, err := modelsvc.New(context.Background(), spec, modelsvc.Config{DefaultModelID: helloID, Store: wltest.OfflineStore(t, dir),
		Batching: modelsvc.Batching{Max: max, Delay: time.Hour}})
	require.NoError(t, err)
	return s
}

func TestDynamicBatching(t *testing.T) {
	tests := []struct {
		name     string
		texts    []string
		wantRuns int
		wantErr  map[string]string
	}{
		{"a full batch is one engine call", []string{"a", "b", "c", "d"}, 1, nil},
		{"a failing batch runs each alone", []string{"a", "boom", "c", "d"}, 5, map[string]string{"boom": "engine broke"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var (
				mu   sync.Mutex
				runs []string
			)
			s := batchedToy(t, len(tt.texts), &runs, &mu)
			var wg sync.WaitGroup
			var failed atomic.Int32
			for _, text := range tt.texts {
				wg.Go(func() {
					out, err := s.Infer(context.Background(), toyIn{Text: text})
					if want, bad := tt.wantErr[text]; bad {
						if err == nil || !strings.Contains(err.Error(), want) {
							failed.Add(1)
							t.Errorf("%s: got %q, %v; want error %q", text, out, err, want)
						}
						return
					}
					if err != nil || out != "HELLO:"+text {
						failed.Add(1)
						t.Errorf("%s: got %q, %v", text, out, err)
					}
				})
			}
			wg.Wait()
			require.Zero(t, failed.Load())
			require.Len(t, runs, tt.wantRuns, "engine calls: %q", runs)
		})
	}
}

func TestDynamicBatchingSkipsWhatCannotBatch(t *testing.T) {
	var (
		mu   sync.Mutex
		runs []string
	)
	s := batchedToy(t, 4, &runs, &mu)
	// Alone in a batch of four with an hour's delay, a batchable request
	// would wait; one the Key refuses runs at once.
	out, err := s.Infer(context.Background(), toyIn{Text: "solo"})
	require.NoError(t, err)
	require.Equal(t, "HELLO:solo", out)
	require.Equal(t, []string{"solo"}, runs)
}

func TestBatchingFromEnv(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	b, err := modelsvc.BatchingFromEnv("X", env(nil))
	require.NoError(t, err)
	require.Equal(t, modelsvc.Batching{Max: 1, Delay: modelsvc.DefaultBatchDelay}, b)
	b, err = modelsvc.BatchingFromEnv("X", env(map[string]string{"X_BATCH_MAX": "8", "X_BATCH_DELAY": "5ms"}))
	require.NoError(t, err)
	require.Equal(t, modelsvc.Batching{Max: 8, Delay: 5 * time.Millisecond}, b)
	_, err = modelsvc.BatchingFromEnv("X", env(map[string]string{"X_BATCH_MAX": "0"}))
	require.ErrorContains(t, err, "X_BATCH_MAX \"0\" is not a batch size; use 1 (off) to 256")
	_, err = modelsvc.BatchingFromEnv("X", env(map[string]string{"X_BATCH_DELAY": "soon"}))
	require.ErrorContains(t, err, "X_BATCH_DELAY \"soon\" is not a delay")
}
