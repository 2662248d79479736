package service_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/onnx/service"
)

// A hosted repository served over loopback: a client may name only the
// repositories the operator allows (MODEL_ALLOWED_REPOS, by default the
// default model's), and a metadata request (a GET a web page can fire)
// never downloads, even from an allowed one; a job from an allowed one
// does.
func TestHostedModelsOnlyFromAllowedRepositories(t *testing.T) {
	iris, err := os.ReadFile("../testdata/iris.onnx")
	require.NoError(t, err)
	var hits atomic.Int32
	hub := wltest.Server(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = w.Write(iris)
	}))
	get := func(base, path string) (int, string) {
		resp, err := http.Get(base + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(b)
	}
	const hosted = "huggingface/acme/iris:iris.onnx"
	meta := "/v2/models/onnx?model_id=" + url.QueryEscape(hosted)
	job := `{"source":1,"destination":1,"data":{"model_id":"` + hosted + `","inputs":{"input":` + wltest.IrisTensor + `}}}`

	for _, tc := range []struct {
		name    string
		allowed []string
	}{{"default: the default model's repositories", nil}, {"another repository allowed", []string{"huggingface/other/x"}}} {
		t.Run(tc.name, func(t *testing.T) {
			hits.Store(0)
			s, err := service.New(context.Background(), service.Config{Runtime: ortConfig(t), DefaultModelID: irisID,
				Store: modelstore.Config{CacheDir: cacheWithIris(t), HubBaseURL: hub.URL, AllowedRepos: tc.allowed}})
			require.NoError(t, err)
			srv := wltest.Server(t, s)
			status, body := get(srv.URL, meta)
			require.Equal(t, http.StatusBadRequest, status, body)
			require.Contains(t, body, "MODEL_ALLOWED_REPOS")
			msg := wltest.ErrorReply(t, srv.URL, job, http.StatusBadRequest)
			require.Contains(t, msg, "huggingface/acme/iris is not an allowed repository")
			require.Zero(t, hits.Load(), "nothing downloaded")
		})
	}

	t.Run("allowed", func(t *testing.T) {
		hits.Store(0)
		s, err := service.New(context.Background(), service.Config{Runtime: ortConfig(t),
			Store: modelstore.Config{CacheDir: t.TempDir(), HubBaseURL: hub.URL, AllowedRepos: []string{"huggingface/acme/iris"}}})
		require.NoError(t, err)
		srv := wltest.Server(t, s)
		status, body := get(srv.URL, meta)
		require.Equal(t, http.StatusBadRequest, status, body)
		require.Contains(t, body, "not in the cache")
		require.Zero(t, hits.Load(), "a metadata request downloads nothing")
		status, _, reply := wltest.Post(t, srv.URL, job)
		require.Equal(t, http.StatusOK, status, string(reply))
		require.EqualValues(t, 1, hits.Load(), "a job downloads from an allowed repository")
		status, body = get(srv.URL, meta)
		require.Equal(t, http.StatusOK, status, body)
		require.EqualValues(t, 1, hits.Load())
	})
}
