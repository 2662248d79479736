package rest

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/version"
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

func (f *oipFake) Models(context.Context, string) []OIPModel {
	var out []OIPModel
	for id := range f.containers {
		out = append(out, OIPModel{Name: id, Ready: true})
	}
	return out
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

func gz(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}

// TestOIPBodyForms: the forms real clients send are accepted, what a web
// page can send cross-origin is not, and a compressed body counts against
// the body limit decompressed.
func TestOIPBodyForms(t *testing.T) {
	f := &oipFake{fakeBackend: newFakeBackend()}
	infer := "/v2/models/echo/infer"
	js := `{"inputs":[{"name":"x","shape":[1],"datatype":"FP32","data":[1]}]}`
	var zl bytes.Buffer
	zw := zlib.NewWriter(&zl)
	_, _ = zw.Write([]byte(js))
	_ = zw.Close()
	var raw bytes.Buffer
	fw, _ := flate.NewWriter(&raw, flate.BestSpeed)
	_, _ = fw.Write([]byte(js))
	_ = fw.Close()
	bomb := gz(make([]byte, 1<<20)) // 1 MiB of zeros in about 1 KiB
	tests := []struct {
		name        string
		contentType string
		encoding    string
		body        []byte
		status      int
		want        string
	}{
		{"no Content-Type (tritonclient)", "", "", []byte(js), http.StatusOK, ""},
		{"gzip", "", "gzip", gz([]byte(js)), http.StatusOK, ""},
		{"deflate as zlib (tritonclient)", "", "deflate", zl.Bytes(), http.StatusOK, ""},
		{"deflate raw", "", "deflate", raw.Bytes(), http.StatusOK, ""},
		{"gzip bomb", "", "gzip", bomb, http.StatusRequestEntityTooLarge, "too large"},
		{"broken gzip", "", "gzip", []byte("not gzip at all"), http.StatusBadRequest, "not valid gzip"},
		{"brotli", "", "br", []byte(js), http.StatusUnsupportedMediaType, "content encoding"},
		{"text/plain", "text/plain", "", []byte(js), http.StatusUnsupportedMediaType, "Unsupported media type"},
		{"form", "application/x-www-form-urlencoded", "", []byte(js), http.StatusUnsupportedMediaType, "Unsupported media type"},
		{"multipart", "multipart/form-data; boundary=x", "", []byte(js), http.StatusUnsupportedMediaType, "Unsupported media type"},
	}
	h := New(f, Options{Logger: quietLogger(nil), OIP: f, MaxBodyBytes: 64 << 10})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRequest(http.MethodPost, infer, bytes.NewReader(tt.body))
			r.RemoteAddr = "127.0.0.1:5000"
			if tt.contentType != "" {
				r.Header.Set("Content-Type", tt.contentType)
			}
			if tt.encoding != "" {
				r.Header.Set("Content-Encoding", tt.encoding)
			}
			n := len(f.calls)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			require.Equal(t, tt.status, w.Code, w.Body.String())
			require.Contains(t, w.Body.String(), tt.want)
			if tt.status == http.StatusOK {
				require.Equal(t, js, string(f.calls[n].Body), "the container gets the body decompressed")
			}
		})
	}
}

func TestOIPReplyEncoding(t *testing.T) {
	f := &oipFake{fakeBackend: newFakeBackend()}
	h := New(f, Options{Logger: quietLogger(nil), OIP: f})
	js := `{"inputs":[{"name":"x","shape":[1],"datatype":"FP32","data":[1]}]}`
	for _, tt := range []struct{ accept, coding string }{
		{"", ""}, {"gzip", "gzip"}, {"deflate", "deflate"}, {"br", ""}, {"deflate, gzip;q=0.5", "deflate"},
		{"gzip;q=0, deflate;q=0", ""}, {"gzip, deflate, br, zstd", "gzip"},
	} {
		r := newRequest(http.MethodPost, "/v2/models/echo/infer", strings.NewReader(js))
		r.RemoteAddr = "127.0.0.1:5000"
		r.Header.Set("Accept-Encoding", tt.accept)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		require.Equal(t, http.StatusOK, w.Code, tt.accept)
		require.Equal(t, tt.coding, w.Header().Get("Content-Encoding"), tt.accept)
		require.Equal(t, "2", w.Header().Get(oip.HeaderLength), "the uncompressed header's length")
		body := w.Body.Bytes()
		switch tt.coding {
		case "gzip":
			zr, err := gzip.NewReader(bytes.NewReader(body))
			require.NoError(t, err)
			body, _ = io.ReadAll(zr)
		case "deflate":
			zr, err := zlib.NewReader(bytes.NewReader(body))
			require.NoError(t, err)
			body, _ = io.ReadAll(zr)
		}
		require.Equal(t, "{}\x01\x02", string(body), tt.accept)
	}
}

func TestOIPServerMetadataAndIndex(t *testing.T) {
	f := &oipFake{fakeBackend: newFakeBackend()}
	h := New(f, Options{Logger: quietLogger(nil), OIP: f})
	w := oipDo(t, h, http.MethodGet, "/v2", nil, "")
	require.Equal(t, http.StatusOK, w.Code)
	require.JSONEq(t, `{"name":"infernode","version":"`+version.Version+`","extensions":["binary_tensor_data"]}`, w.Body.String())
	for _, body := range []string{"", `{"ready":true}`} {
		w = oipDo(t, h, http.MethodPost, "/v2/repository/index", []byte(body), "")
		require.Equal(t, http.StatusOK, w.Code, w.Body.String())
		var idx []map[string]string
		require.NoError(t, json.Unmarshal(w.Body.Bytes(), &idx))
		require.Len(t, idx, len(f.containers))
		require.Equal(t, "READY", idx[0]["state"])
	}
	w = oipDo(t, h, http.MethodPost, "/v2/repository/index", []byte(`[1]`), "")
	require.Equal(t, http.StatusBadRequest, w.Code)
}
