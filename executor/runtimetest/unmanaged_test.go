package runtimetest_test

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/executor/runtimetest"
)

// The suite on the unmanaged runtime: each workload is an echo server on
// loopback; a broken one is a url nothing listens on. (The Docker runtime
// runs the suite in executor/docker.)
func TestUnmanaged(t *testing.T) {
	runtimetest.Run(t, func(t *testing.T, ws []runtimetest.Workload) executor.Runtime {
		var cs []executor.Container
		for _, w := range ws {
			url := "http://127.0.0.1:1"
			if !w.Broken {
				srv := httptest.NewServer(runtimetest.EchoHandler())
				t.Cleanup(srv.Close)
				url = srv.URL
			}
			cs = append(cs, executor.Container{ID: w.ID, URL: url, Bearer: w.Bearer})
		}
		return executor.NewUnmanaged(cs, executor.UnmanagedOptions{StartTimeout: 2 * time.Second, ProbeInterval: 100 * time.Millisecond})
	})
}
