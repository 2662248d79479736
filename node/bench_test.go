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

// BenchmarkRESTBatchWait is the node's batched path in one process: 2
// clients, each posting 32 echo jobs in one POST /api/jobs/batch and
// waiting for them with one GET /api/jobs?wait= (as `infernode bench
// --batch 32 -c 64` does); it reports jobs/s from the first submit to the
// last answer.
func BenchmarkRESTBatchWait(b *testing.B) {
	tn := startNode(b, echoConfig(startEcho(b)), Options{})
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	const batch, clients = 32, 2
	body := "[" + strings.TrimSuffix(strings.Repeat(`{"containers":["echo"],"data":{"x":1}},`, batch), ",") + "]"
	var next, done atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(batch) <= int64(b.N)+batch-1 {
				resp, err := hc.Post(tn.url+"/api/jobs/batch", "application/json", strings.NewReader(body))
				if err != nil {
					b.Error(err)
					return
				}
				var ids []struct{ ID string }
				err = json.NewDecoder(resp.Body).Decode(&ids)
				resp.Body.Close()
				if err != nil || len(ids) != batch {
					b.Errorf("batch answer: %v (%d ids)", err, len(ids))
					return
				}
				q := "/api/jobs?wait=60s"
				for _, it := range ids {
					q += "&id=" + it.ID
				}
				resp, err = hc.Get(tn.url + q)
				if err != nil {
					b.Error(err)
					return
				}
				var res []job.Result
				err = json.NewDecoder(resp.Body).Decode(&res)
				resp.Body.Close()
				if err != nil || len(res) != batch {
					b.Errorf("wait answer: %v (%d results)", err, len(res))
					return
				}
				for _, r := range res {
					if r.Status != job.StatusSuccess {
						b.Errorf("job %s: %s", r.ID, r.Status)
						return
					}
				}
				done.Add(batch)
			}
		}()
	}
	wg.Wait()
	b.ReportMetric(float64(done.Load())/time.Since(start).Seconds(), "jobs/s")
}
