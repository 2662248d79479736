package modelsvc_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/modelsvc"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/protocol"
)

// A toy workload: a model file's text is the model, which prefixes the
// request's text.
type (
	toyIn struct {
		Model string `json:"model_id"`
		Text  string `json:"text"`
	}
	unsupportedErr struct{}
	inputErr       struct{}
)

func (unsupportedErr) Error() string { return "unsupported layer Conv" }
func (inputErr) Error() string       { return "text is empty" }

func toySpec() modelsvc.Spec[string, toyIn, string] {
	return modelsvc.Spec[string, toyIn, string]{
		ID: "toy", EnvPrefix: "TOY", Type: "TOY", MLType: "toy", Engine: "toy engine", InputField: "data.text",
		Load: func(raw []byte) (string, error) {
			if string(raw) == "bad" {
				return "", unsupportedErr{}
			}
			return strings.ToUpper(string(raw)), nil
		},
		Unsupported: func(err error) bool { return errors.As(err, new(unsupportedErr)) },
		Run: func(_ context.Context, m string, in toyIn) (string, error) {
			switch in.Text {
			case "":
				return "", inputErr{}
			case "boom":
				return "", errors.New("engine broke")
			}
			return m + ":" + in.Text, nil
		},
		InputError: func(err error) bool { return errors.As(err, new(inputErr)) },
		ModelID:    func(in toyIn) string { return in.Model },
		DecodeJSON: func(data json.RawMessage) (toyIn, error) {
			var in toyIn
			if err := json.Unmarshal(data, &in); err != nil {
				return toyIn{}, protocol.Invalid("data", "%v", err)
			}
			return in, nil
		},
		DecodeABI: func(b []byte) (toyIn, error) {
			if len(b) == 0 {
				return toyIn{}, errors.New("no bytes")
			}
			return toyIn{Text: string(b)}, nil
		},
		EncodeABI: func(out string) ([]byte, error) { return []byte(out), nil },
		OffChain:  func(out string) any { return map[string]string{"out": out} },
	}
}

const helloID = "local/acme/hello:m.txt"

func newToy(t *testing.T, defaultID string) *httptest.Server {
	t.Helper()
	dir := t.TempDir()
	wltest.AddModel(t, dir, helloID, []byte("hello"))
	wltest.AddModel(t, dir, "local/acme/bad:m.txt", []byte("bad"))
	s, err := modelsvc.New(context.Background(), toySpec(), modelsvc.Config{DefaultModelID: defaultID, Store: wltest.OfflineStore(t, dir)})
	require.NoError(t, err)
	srv := wltest.Server(t, s)
	return srv
}

func TestOutput(t *testing.T) {
	srv := newToy(t, "")
	withDefault := newToy(t, helloID)
	tests := []struct {
		name   string
		srv    *httptest.Server
		body   string
		status int
		want   string
	}{
		{"off-chain", srv, `{"source":1,"destination":1,"data":{"model_id":"` + helloID + `","text":"x"}}`, 200, `{"out":"HELLO:x"}`},
		{"default model", withDefault, `{"source":1,"destination":1,"data":{"text":"x"}}`, 200, `{"out":"HELLO:x"}`},
		{"on-chain", withDefault, `{"source":0,"destination":0,"data":"` + hex.EncodeToString([]byte("hi")) + `"}`, 200,
			`{"raw_input":"` + hex.EncodeToString([]byte("hi")) + `","processed_input":"","raw_output":"` +
				hex.EncodeToString([]byte("HELLO:hi")) + `","processed_output":"","proof":""}` + "\n"},
		{"on-chain in, off-chain out", withDefault, `{"source":0,"destination":1,"data":"6869"}`, 200, `{"out":"HELLO:hi"}`},
		{"stream", srv, `{"source":1,"destination":2,"data":{}}`, 400,
			`{"error":"Invalid request: destination: toy does not stream; use 0 (on-chain) or 1 (off-chain)"}` + "\n"},
		{"no model", srv, `{"source":1,"destination":1,"data":{"text":"x"}}`, 400,
			`{"error":"Invalid request: data.model_id: missing, and no TOY_DEFAULT_MODEL_ID is set"}` + "\n"},
		{"bad data", srv, `{"source":1,"destination":1,"data":[1]}`, 400, ""},
		{"on-chain garbage", srv, `{"source":0,"destination":0,"data":""}`, 400, `{"error":"Invalid request: data: no bytes"}` + "\n"},
		{"input error", srv, `{"source":1,"destination":1,"data":{"model_id":"` + helloID + `"}}`, 400,
			`{"error":"Invalid request: data.text: text is empty"}` + "\n"},
		{"run failure", srv, `{"source":1,"destination":1,"data":{"model_id":"` + helloID + `","text":"boom"}}`, 500,
			`{"error":"run ` + helloID + `: engine broke"}` + "\n"},
		{"unsupported model", srv, `{"source":1,"destination":1,"data":{"model_id":"local/acme/bad:m.txt","text":"x"}}`, 400,
			`{"error":"model local/acme/bad:m.txt: unsupported layer Conv"}` + "\n"},
		{"absent model", srv, `{"source":1,"destination":1,"data":{"model_id":"local/acme/none:m.txt","text":"x"}}`, 400, ""},
		{"hub offline", srv, `{"source":1,"destination":1,"data":{"model_id":"huggingface/acme/none:m.txt","text":"x"}}`, 500, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, hdr, body := wltest.Post(t, tc.srv.URL, tc.body)
			require.Equal(t, tc.status, status, string(body))
			require.Equal(t, "application/json", hdr.Get("Content-Type"))
			if tc.want != "" {
				require.Equal(t, tc.want, string(body))
			}
		})
	}
}

// With MODEL_DOWNLOADS=off the operator's default model still downloads at
// start, and a job naming another hosted model is a client error that says
// why, with nothing downloaded for it.
func TestDownloadsOff(t *testing.T) {
	var hits atomic.Int32
	hub := wltest.Server(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = w.Write([]byte("hub"))
	}))
	ctx := context.Background()
	s, err := modelsvc.New(ctx, toySpec(), modelsvc.Config{DefaultModelID: "huggingface/acme/default:m.txt",
		Store: modelstore.Config{AllowedRepos: []string{"*"}, CacheDir: t.TempDir(), HubBaseURL: hub.URL, Downloads: modelstore.DownloadsOff}})
	require.NoError(t, err)
	require.EqualValues(t, 1, hits.Load(), "the preload downloads")
	srv := wltest.Server(t, s)
	_, _, body := wltest.Post(t, srv.URL, `{"source":1,"destination":1,"data":{"text":"x"}}`)
	require.Equal(t, `{"out":"HUB:x"}`, string(body))
	msg := wltest.ErrorReply(t, srv.URL, `{"source":1,"destination":1,"data":{"model_id":"huggingface/acme/other:m.txt","text":"x"}}`, http.StatusBadRequest)
	require.Contains(t, msg, "does not download models (MODEL_DOWNLOADS=off)")
	require.EqualValues(t, 1, hits.Load(), "nothing downloaded for a job")
}

func TestNew(t *testing.T) {
	ctx := context.Background()
	_, err := modelsvc.New(ctx, toySpec(), modelsvc.Config{})
	require.ErrorContains(t, err, "toy: ")
	_, err = modelsvc.New(ctx, toySpec(), modelsvc.Config{DefaultModelID: "nope", Store: wltest.OfflineStore(t, t.TempDir())})
	require.ErrorContains(t, err, "toy: TOY_DEFAULT_MODEL_ID: ")
	_, err = modelsvc.New(ctx, toySpec(), modelsvc.Config{DefaultModelID: helloID, Store: wltest.OfflineStore(t, t.TempDir())})
	require.ErrorContains(t, err, "toy: pre-load TOY_DEFAULT_MODEL_ID: ")
	require.ErrorContains(t, err, "model file not found")
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{"TOY_DEFAULT_MODEL_ID": helloID, "HUB_TOKEN": "tok"}
	cfg := modelsvc.ConfigFromEnv("TOY", "toy", func(k string) string { return env[k] })
	require.Equal(t, helloID, cfg.DefaultModelID)
	require.Equal(t, filepath.Join(os.TempDir(), "infernode", "toy"), cfg.Store.CacheDir)
	require.Equal(t, "tok", cfg.Store.HubToken)
	env["TOY_CACHE_DIR"] = "/c"
	require.Equal(t, "/c", modelsvc.ConfigFromEnv("TOY", "toy", func(k string) string { return env[k] }).Store.CacheDir)
}

func TestResources(t *testing.T) {
	srv := newToy(t, helloID)
	res := wltest.Resources(t, srv.URL)
	require.Equal(t, "toy", res.ServiceID)
	require.Len(t, res.ComputeCapability, 1)
	c := res.ComputeCapability[0]
	require.Equal(t, "toy", c.ID)
	require.Equal(t, "TOY", c.Type)
	require.Equal(t, []string{"inference"}, c.Task)
	require.Equal(t, "toy engine", c.InferenceEngine)
	require.Equal(t, []protocol.MLModel{{Owner: "acme", Name: "hello", Repository: "local/acme/hello", Storage: "local",
		Files: []string{"m.txt"}, MLType: "toy"}}, c.Models)

	sup := wltest.Support(t, srv.URL, "local/acme/bad:m.txt")
	require.False(t, sup.Supported)
	require.Contains(t, sup.Error, "unsupported layer Conv")
}
