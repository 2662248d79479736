package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/infernode/infernode/internal/job"
)

// nopBackend accepts every job at once, so the benchmarks measure the REST
// layer alone: decoding, middleware, metrics, logging (discarded), encoding.
type nopBackend struct{ fakeBackend }

func (*nopBackend) Submit(context.Context, string, job.Request) (string, error) {
	return "0b6f6b3e-6a0e-4b8e-9f54-9d8c2f7f0a11", nil
}

func (*nopBackend) Results(_ context.Context, _ string, ids []string, _ bool) ([]job.Result, error) {
	out := make([]job.Result, len(ids))
	for i, id := range ids {
		out[i] = job.Result{ID: id, Status: job.StatusSuccess, Result: &job.ContainerResult{Container: "echo", Output: json.RawMessage(`{"output":{"x":1}}`)}}
	}
	return out, nil
}

func (*nopBackend) Wait(context.Context, string, []string) error { return nil }

func BenchmarkSubmit(b *testing.B) {
	h := New(&nopBackend{}, Options{Logger: quietLogger(nil), RateLimit: 1 << 30})
	body := `{"containers":["echo"],"data":{"x":1,"prompt":"hello, world"}}`
	b.ReportAllocs()
	for b.Loop() {
		req := newRequest("POST", "/api/jobs", strings.NewReader(body))
		req.RemoteAddr = remote
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code, rec.Body.String())
		}
	}
}

func BenchmarkResults(b *testing.B) {
	h := New(&nopBackend{}, Options{Logger: quietLogger(nil)})
	b.ReportAllocs()
	for b.Loop() {
		req := newRequest("GET", "/api/jobs?id=0b6f6b3e-6a0e-4b8e-9f54-9d8c2f7f0a11&id=1b6f6b3e-6a0e-4b8e-9f54-9d8c2f7f0a11", nil)
		req.RemoteAddr = remote
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code, rec.Body.String())
		}
	}
}

// BenchmarkSubmitLoopback measures submissions over real loopback HTTP
// connections (client and server on the same cores, as in infernode bench).
func BenchmarkSubmitLoopback(b *testing.B) {
	srv := httptest.NewServer(New(&nopBackend{}, Options{Logger: quietLogger(nil)}))
	defer srv.Close()
	tr := srv.Client().Transport.(*http.Transport)
	tr.MaxIdleConnsPerHost = 64
	body := []byte(`{"containers":["echo"],"data":{"x":1}}`)
	b.SetParallelism(32)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			resp, err := srv.Client().Post(srv.URL+"/api/jobs", "application/json", bytes.NewReader(body))
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				b.Error(resp.StatusCode)
				return
			}
		}
	})
}
