package rest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every decoder of outside input is fuzzed through the real handler: for
// any input the answer is a success or a 4xx whose body is a JSON error,
// never a 5xx (the panic recovery would turn a decoder panic into a 500).

func fuzzHandler(t testing.TB) http.Handler {
	f := newFakeBackend()
	f.chainEnabled = true
	return New(f, Options{Logger: quietLogger(nil), MaxBodyBytes: 1 << 16})
}

func checkAnswer(t *testing.T, code int, body []byte) {
	if code == http.StatusOK {
		require.True(t, json.Valid(body), "200 body must be JSON: %q", body)
		return
	}
	require.GreaterOrEqual(t, code, 400, "%s", body)
	require.Less(t, code, 500, "a client's input must never cause a %d: %s", code, body)
	var e struct {
		Error  string         `json:"error"`
		Params map[string]any `json:"params"`
	}
	require.NoError(t, json.Unmarshal(body, &e), "error body must be JSON: %q", body)
	require.NotEmpty(t, e.Error)
}

var jobSeeds = []string{
	`{"containers":["echo"],"data":{"x":1}}`,
	`{"containers":["echo","prover"],"data":{},"requires_proof":true}`,
	`{"containers":[],"data":{}}`,
	`{"containers":[1],"data":[]}`,
	`{"containers":null,"data":null,"requires_proof":null}`,
	`{"subscription":{"owner":"0x00000000000000000000000000000000000000aa"},"signature":{"expiry":5000,"v":27},"data":{}}`,
	`{"subscription":1}`,
	`[]`, `"x"`, `{`, ``, `null`, "\xff", `{"containers":["echo"],"data":{}}{}`,
}

func FuzzDecodeJobRequest(f *testing.F) {
	for _, s := range jobSeeds {
		f.Add(s)
	}
	h := fuzzHandler(f)
	f.Fuzz(func(t *testing.T, body string) {
		rec := call(t, h, "POST", "/api/jobs", remote, body)
		checkAnswer(t, rec.Code, rec.Body.Bytes())
	})
}

func FuzzDecodeStream(f *testing.F) {
	for _, s := range jobSeeds {
		f.Add(s)
	}
	h := fuzzHandler(f)
	f.Fuzz(func(t *testing.T, body string) {
		rec := call(t, h, "POST", "/api/jobs/stream", remote, body)
		if rec.Code == http.StatusOK {
			return // the body is the stream, not JSON
		}
		checkAnswer(t, rec.Code, rec.Body.Bytes())
	})
}

func FuzzDecodeBatch(f *testing.F) {
	for _, s := range jobSeeds {
		f.Add(s)
		f.Add("[" + s + "]")
		f.Add("[" + s + "," + s + "]")
	}
	h := fuzzHandler(f)
	f.Fuzz(func(t *testing.T, body string) {
		rec := call(t, h, "POST", "/api/jobs/batch", remote, body)
		checkAnswer(t, rec.Code, rec.Body.Bytes())
		if rec.Code == http.StatusOK {
			var items []map[string]any
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &items))
			var in []json.RawMessage
			require.NoError(t, json.Unmarshal([]byte(body), &in))
			require.Len(t, items, len(in), "one entry per item")
		}
	})
}

func FuzzDecodeStatus(f *testing.F) {
	for _, s := range []string{
		`{"id":"a","status":"success","containers":["echo"]}`,
		`{"id":"a","status":"running"}`,
		`{"id":"","status":"failed","containers":null}`,
		`{"id":1,"status":"x"}`, `{"status":7}`, `[]`, `{`, ``,
	} {
		f.Add(s)
	}
	h := fuzzHandler(f)
	f.Fuzz(func(t *testing.T, body string) {
		rec := call(t, h, "PUT", "/api/status", local, body)
		checkAnswer(t, rec.Code, rec.Body.Bytes())
	})
}

func FuzzDecodeJobsQuery(f *testing.F) {
	for _, s := range []string{
		"id=a&id=b", "id=a&intermediate=true", "pending=true", "pending=false", "pending=", "pending=x&pending=y",
		"id=&id=", "intermediate=maybe", "%zz", "id=%00", ";;&&==",
		"id=a&wait=5s", "id=a&wait=0.5", "wait=1", "id=a&wait=1e308", "id=a&wait=NaN", "id=a&wait=-0",
	} {
		f.Add(s)
	}
	h := fuzzHandler(f)
	f.Fuzz(func(t *testing.T, query string) {
		u := &url.URL{Path: "/api/jobs", RawQuery: query}
		req, err := http.NewRequest("GET", u.String(), nil)
		if err != nil {
			return // not a request a client could send
		}
		req.RemoteAddr = remote
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		checkAnswer(t, rec.Code, rec.Body.Bytes())
	})
}

func FuzzDecodeResourcesQuery(f *testing.F) {
	for _, s := range []string{"model_id=local%2Fa%2Fb%3Af", "model_id=", "%zz", "model_id=a&model_id=b"} {
		f.Add(s)
	}
	h := fuzzHandler(f)
	f.Fuzz(func(t *testing.T, query string) {
		u := &url.URL{Path: "/resources", RawQuery: query}
		req, err := http.NewRequest("GET", u.String(), nil)
		if err != nil {
			return
		}
		req.RemoteAddr = remote
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		checkAnswer(t, rec.Code, rec.Body.Bytes())
	})
}

// FuzzDecodeJobFast: what the batch fast path accepts, the general
// decoder accepts too, with the same request.
func FuzzDecodeJobFast(f *testing.F) {
	for _, s := range []string{
		`{"containers":["echo"],"data":{"x":1}}`,
		` { "data" : {"a":[1,{"b":"}"}]} , "containers" : [ "a" , "b" ], "requires_proof": true } `,
		`{"containers":[],"data":{},"requires_proof":null}`,
		`{"containers":["a"],"data":{},"containers":["b"]}`,
		`{"containers":["\u00e9"],"data":{}}`,
		`{"Containers":["a"],"data":{}}`,
		`{"containers":["a"],"data":[]}`,
		`{"subscription":{},"signature":{},"data":{}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return // batch items are valid JSON by the time they get here
		}
		fast, ok := decodeJobFast([]byte(s))
		if !ok {
			return
		}
		sub, jerr := decodeSubmission(json.RawMessage(s), "")
		require.Nil(t, jerr, "the fast path accepted what the general decoder rejects: %s", s)
		require.False(t, sub.Delegated)
		require.Equal(t, sub.Job.Containers, fast.Containers)
		require.Equal(t, string(sub.Job.Data), string(fast.Data))
		require.Equal(t, sub.Job.RequiresProof, fast.RequiresProof)
	})
}

// FuzzSplitBatch: the batch splitter, which counts and cuts items on the
// body's bytes, finds exactly the items encoding/json finds, and the limit
// holds.
func FuzzSplitBatch(f *testing.F) {
	for _, s := range jobSeeds {
		f.Add("["+s+"]", 1)
		f.Add("[ "+s+" ,\n"+s+"\t]", 1)
	}
	f.Add(`["]",{"a":"\"]"},[[],{}],1e5,-0.5,true,null]`, 3)
	f.Fuzz(func(t *testing.T, body string, limit int) {
		if limit < 1 || limit > 1000 {
			limit = 1000
		}
		var want []json.RawMessage
		if json.Unmarshal([]byte(body), &want) != nil {
			return // not a JSON array: parseJSON and kind answer it
		}
		if kind([]byte(body)) != "array" {
			return
		}
		items, jerr := decodeBatch([]byte(body), limit)
		if len(want) > limit {
			require.NotNil(t, jerr)
			require.Equal(t, msgBatchTooLarge, jerr.Message)
			return
		}
		require.Nil(t, jerr)
		require.Len(t, items, len(want))
		for i := range want {
			require.Equal(t, string(want[i]), string(items[i]), "item %d", i)
		}
	})
}

// FuzzForwardedFor: behind a trusted proxy, the caller is an address read
// from the header, or the request is refused; it is never the proxy's own
// address unless the header says so.
func FuzzForwardedFor(f *testing.F) {
	for _, s := range []string{"203.0.113.5", "203.0.113.5, 127.0.0.1", "garbage", "", ",", "[::1]:80", "fe80::1%eth0", "::ffff:127.0.0.1", "1.2.3.4:99999"} {
		f.Add(s)
	}
	s := newServer(newFakeBackend(), Options{Logger: quietLogger(nil), TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	f.Fuzz(func(t *testing.T, xff string) {
		req := newRequest("GET", "/health", nil)
		req.RemoteAddr = local
		req.Header.Set("X-Forwarded-For", xff)
		a, ok, jerr := s.clientAddr(req)
		if jerr != nil {
			require.False(t, ok)
			return
		}
		require.True(t, ok)
		found := false
		for _, h := range strings.Split(xff, ",") {
			if ha, hok := forwardedAddr(h); hok && ha == a {
				found = true
			}
		}
		require.True(t, found, "client %s does not come from the header %q", a, xff)
	})
}

// FuzzOIPBodyEncoding: no compressed body makes reading it panic or hold
// more than the body limit decompressed.
func FuzzOIPBodyEncoding(f *testing.F) {
	f.Add([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0}, "gzip")
	f.Add([]byte{0x78, 0x9c, 3, 0, 0, 0, 0, 1}, "deflate")
	f.Add([]byte("plain"), "")
	const limit = 1 << 10
	s := newServer(newFakeBackend(), Options{Logger: quietLogger(nil), MaxBodyBytes: limit})
	f.Fuzz(func(t *testing.T, body []byte, enc string) {
		r := httptest.NewRequest(http.MethodPost, "/v2/models/echo/infer", bytes.NewReader(body))
		r.Header.Set("Content-Encoding", enc)
		w := httptest.NewRecorder()
		if refuseEncoding(w, r) {
			return
		}
		got, jerr := s.readOIPBody(w, r)
		if jerr == nil && len(got) > limit {
			t.Fatalf("read %d bytes past the %d limit", len(got), limit)
		}
	})
}
