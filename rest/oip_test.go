package rest

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/oip"
)

// oipFake is the fake backend with an OIP relay that records the call and
// answers with a binary reply.
type oipFake struct {
	*fakeBackend
	calls []OIPCall
}

func (f *oipFake) OIP(_ context.Context, client string, call OIPCall) (OIPReply, error) {
	if _, ok := f.containers[call.Container]; !ok {
		return OIPReply{}, job.Reject(job.CodeNotFound, "unknown model "+strconv.Quote(call.Container))
	}
	f.calls = append(f.calls, call)
	return OIPReply{Status: http.StatusOK, ContentType: "application/octet-stream", HeaderLength: "2", Body: []byte("{}\x01\x02")}, nil
}

func oipDo(t *testing.T, h http.Handler, method, path string, body []byte, hl string) *httptest.ResponseRecorder {
	t.Helper()
	r := newRequest(method, path, bytes.NewReader(body))
	r.RemoteAddr = "127.0.0.1:5000"
	if hl != "" {
		r.Header.Set(oip.HeaderLength, hl)
		r.Header.Set("Content-Type", "application/octet-stream")
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestOIPRelaysBytesUnchanged(t *testing.T) {
	f := &oipFake{fakeBackend: newFakeBackend()}
	var name string
	for id := range f.containers {
		name = id
		break
	}
	h := New(f, Options{Logger: quietLogger(nil), OIP: f})
	hdr := `{"inputs":[{"name":"x","shape":[2],"datatype":"UINT8","parameters":{"binary_data_size":2}}]}`
	body := append([]byte(hdr), 0xff, 0x00)
	w := oipDo(t, h, http.MethodPost, "/v2/models/"+name+"/versions/3/infer", body, strconv.Itoa(len(hdr)))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.Equal(t, "2", w.Header().Get(oip.HeaderLength))
	require.Equal(t, "application/octet-stream", w.Header().Get("Content-Type"))
	require.Equal(t, "{}\x01\x02", w.Body.String())
	require.Len(t, f.calls, 1)
	require.Equal(t, OIPCall{Container: name, Method: http.MethodPost, Path: "/v2/models/" + name + "/versions/3/infer",
		HeaderLength: strconv.Itoa(len(hdr)), ContentType: "application/octet-stream", Body: body}, f.calls[0])

	w = oipDo(t, h, http.MethodGet, "/v2/models/"+name+"?model_id=local/a/b:c.onnx&x=1", nil, "")
	require.Equal(t, http.StatusOK, w.Code)
	require.Nil(t, f.calls[1].Body)
	require.Equal(t, "/v2/models/"+name+"?model_id=local%2Fa%2Fb%3Ac.onnx", f.calls[1].Path, "only model_id is passed on")
	w = oipDo(t, h, http.MethodGet, "/v2/health/live", nil, "")
	require.Equal(t, http.StatusOK, w.Code)
	require.JSONEq(t, `{"live":true}`, w.Body.String())
}

func TestOIPRefusals(t *testing.T) {
	f := &oipFake{fakeBackend: newFakeBackend()}
	var name string
	for id := range f.containers {
		name = id
		break
	}
	infer := "/v2/models/" + name + "/infer"
	tests := []struct {
		name   string
		opts   Options
		path   string
		body   string
		hl     string
		times  int
		status int
		want   string
	}{
		{"unknown model", Options{}, "/v2/models/nope/infer", `{"inputs":[{"name":"x","shape":[1],"datatype":"FP32","data":[1]}]}`, "", 1, http.StatusNotFound, `unknown model \"nope\"`},
		{"sizes disagree", Options{}, infer, `{"inputs":[{"name":"x","shape":[1],"datatype":"FP32","parameters":{"binary_data_size":4}}]}12`, "auto", 1, http.StatusBadRequest, "binary_data_size 4 runs past the body"},
		{"oversized", Options{MaxBodyBytes: 64}, infer, `{"inputs":[{"name":"x","shape":[1],"datatype":"FP32","data":[1]}],"id":"` + strings.Repeat("a", 64) + `"}`, "", 1, http.StatusRequestEntityTooLarge, "too large"},
		{"rate limited", Options{RateLimit: 1, RatePeriod: time.Hour}, infer, `{"inputs":[{"name":"x","shape":[1],"datatype":"FP32","data":[1]}]}`, "", 2, http.StatusTooManyRequests, "Too many requests"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Logger, tt.opts.OIP = quietLogger(nil), f
			h := New(f, tt.opts)
			hl := tt.hl
			if hl == "auto" {
				hl = strconv.Itoa(strings.LastIndex(tt.body, "}") + 1)
			}
			var w *httptest.ResponseRecorder
			for range tt.times {
				w = oipDo(t, h, http.MethodPost, tt.path, []byte(tt.body), hl)
			}
			require.Equal(t, tt.status, w.Code, w.Body.String())
			b, _ := io.ReadAll(w.Body)
			require.Contains(t, string(b), tt.want)
		})
	}
}
