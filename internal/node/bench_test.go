package node

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/infernode/infernode/internal/job"
)

// BenchmarkSubmitToFinish drives b.N echo jobs through the backend and the
// manager (durable create, queue, workers, real echo over loopback HTTP,
// durable finish) with 64 concurrent submitters, and reports jobs/s from
// the first submit to the last stored result.
func BenchmarkSubmitToFinish(b *testing.B) { benchSubmit(b, Options{}) }

func benchSubmit(b *testing.B, opts Options) {
	tn := startNode(b, echoConfig(startEcho(b)), opts)
	back := tn.node.back
	req := job.Request{Containers: []string{"echo"}, Data: json.RawMessage(`{"x":1}`)}
	ctx := context.Background()
	b.ReportAllocs()
	b.SetParallelism(32) // 64 submitters on 2 cores
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			for {
				_, err := back.Submit(ctx, "127.0.0.1", req)
				if err == nil {
					break
				}
				var je *job.Error
				if asJobError(err, &je) && je.Code == job.CodeBusy {
					time.Sleep(time.Millisecond)
					continue
				}
				b.Fatal(err)
			}
		}
	})
	for back.store.Pending() > 0 {
		time.Sleep(time.Millisecond)
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "jobs/s")
}

// BenchmarkRESTSubmitLatency posts echo jobs over HTTP at a fixed offered
// rate of 1,000 jobs/s (open loop) and reports the p50 and p99 latency of
// POST /api/jobs, the durable write included.
func BenchmarkRESTSubmitLatency(b *testing.B) { benchLatency(b, Options{}) }

// BenchmarkRESTSubmitLatencyNoSync is the same without fsync: the node's
// own share of the submit latency, the disk taken out.
func BenchmarkRESTSubmitLatencyNoSync(b *testing.B) { benchLatency(b, Options{StoreNoSync: true}) }

func benchLatency(b *testing.B, opts Options) {
	cfg := echoConfig(startEcho(b))
	tn := startNode(b, cfg, opts)
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	const rate = 1000
	var mu sync.Mutex
	lat := make([]time.Duration, 0, b.N)
	var failed atomic.Int64
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Second / rate)
	defer tick.Stop()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		<-tick.C
		wg.Add(1)
		go func() {
			defer wg.Done()
			t0 := time.Now()
			resp, err := hc.Post(tn.url+"/api/jobs", "application/json", strings.NewReader(`{"containers":["echo"],"data":{"x":1}}`))
			if err != nil {
				failed.Add(1)
				return
			}
			resp.Body.Close()
			d := time.Since(t0)
			if resp.StatusCode != http.StatusOK {
				failed.Add(1)
				return
			}
			mu.Lock()
			lat = append(lat, d)
			mu.Unlock()
		}()
	}
	wg.Wait()
	b.StopTimer()
	if failed.Load() > 0 {
		b.Fatalf("%d submissions failed", failed.Load())
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(0, "ns/op")
}

func asJobError(err error, target **job.Error) bool {
	je, ok := err.(*job.Error)
	if ok {
		*target = je
	}
	return ok
}

// BenchmarkRESTSubmitToFinish posts b.N echo jobs over HTTP from 64
// concurrent clients (closed loop) and reports jobs/s from the first submit
// to the last stored result: the node's full path, REST included.
func BenchmarkRESTSubmitToFinish(b *testing.B) {
	tn := startNode(b, echoConfig(startEcho(b)), Options{})
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	b.SetParallelism(32)
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			resp, err := hc.Post(tn.url+"/api/jobs", "application/json", strings.NewReader(`{"containers":["echo"],"data":{"x":1}}`))
			if err != nil {
				b.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b.Fatalf("status %d", resp.StatusCode)
			}
		}
	})
	for tn.node.back.store.Pending() > 0 {
		time.Sleep(time.Millisecond)
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "jobs/s")
}

// BenchmarkSubmitToFinishNoSync is BenchmarkSubmitToFinish without fsync:
// the node's CPU cost per job, the disk taken out.
func BenchmarkSubmitToFinishNoSync(b *testing.B) {
	benchSubmit(b, Options{StoreNoSync: true})
}

// BenchmarkSubmitToFinishSyncFinish is BenchmarkSubmitToFinish with an
// fsync on every finish as well (store.Options.SyncFinish): the cost of
// the finish fsync the default leaves out.
func BenchmarkSubmitToFinishSyncFinish(b *testing.B) {
	benchSubmit(b, Options{StoreSyncFinish: true})
}

// BenchmarkRESTSubmitLatencySyncFinish is BenchmarkRESTSubmitLatency with
// an fsync on every finish as well.
func BenchmarkRESTSubmitLatencySyncFinish(b *testing.B) {
	benchLatency(b, Options{StoreSyncFinish: true})
}
