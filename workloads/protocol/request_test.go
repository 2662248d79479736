package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseRequest(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		want    Request
		wantErr string
	}{
		{name: "off-chain", body: `{"source":1,"destination":1,"data":{"x":1}}`,
			want: Request{Source: OffChain, Destination: OffChain, Data: json.RawMessage(`{"x":1}`)}},
		{name: "on-chain with proof", body: `{"source":0,"destination":0,"data":"0a0b","requires_proof":true}`,
			want: Request{Source: OnChain, Destination: OnChain, Data: json.RawMessage(`"0a0b"`), RequiresProof: true}},
		{name: "stream", body: `{"source":1,"destination":2,"data":[1]}`,
			want: Request{Source: OffChain, Destination: Stream, Data: json.RawMessage(`[1]`)}},
		{name: "not json", body: `{`, wantErr: "Invalid request: body is not a JSON object"},
		{name: "trailing", body: `{"source":1,"destination":1,"data":1} {}`, wantErr: "trailing data"},
		{name: "no source", body: `{"destination":1,"data":1}`, wantErr: "source: missing"},
		{name: "bad source", body: `{"source":"x","destination":1,"data":1}`, wantErr: "source: \"x\" is not 0"},
		{name: "no destination", body: `{"source":1,"data":1}`, wantErr: "destination: missing"},
		{name: "destination 3", body: `{"source":1,"destination":3,"data":1}`, wantErr: "destination: 3 is not 0"},
		{name: "no data", body: `{"source":1,"destination":1}`, wantErr: "data: missing"},
		{name: "null data", body: `{"source":1,"destination":1,"data":null}`, wantErr: "data: missing"},
		{name: "on-chain odd hex", body: `{"source":0,"destination":1,"data":"abc"}`, wantErr: "odd number"},
		{name: "on-chain object", body: `{"source":0,"destination":1,"data":{}}`, wantErr: "must be a string of hex"},
		{name: "proof not bool", body: `{"source":1,"destination":1,"data":1,"requires_proof":"yes"}`, wantErr: "Invalid request"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseRequest([]byte(tc.body))
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				var re *RequestError
				require.True(t, errors.As(err, &re), "client mistakes are *RequestError")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestInputBytes(t *testing.T) {
	r, err := ParseRequest([]byte(`{"source":0,"destination":0,"data":"0xCAFE"}`))
	require.NoError(t, err)
	b, err := r.InputBytes()
	require.NoError(t, err)
	require.Equal(t, []byte{0xca, 0xfe}, b)

	r, err = ParseRequest([]byte(`{"source":1,"destination":0,"data":{ "b" : [1, 2] , "a":"x y"}}`))
	require.NoError(t, err)
	b, err = r.InputBytes()
	require.NoError(t, err)
	require.Equal(t, `{"b":[1,2],"a":"x y"}`, string(b), "compact JSON keeps key order")
}

func TestDecodeInput(t *testing.T) {
	fromABI := func(b []byte) (string, error) {
		if len(b) == 0 {
			return "", errors.New("abi: empty")
		}
		return "abi " + string(b), nil
	}
	fromJSON := func(d json.RawMessage) (string, error) { return "json " + string(d), nil }
	tests := []struct {
		name, body, want, raw, err string
	}{
		{"on-chain", `{"source":0,"destination":0,"data":"0x6869"}`, "abi hi", "hi", ""},
		{"off-chain", `{"source":1,"destination":0,"data":{ "a" : 1 }}`, `json { "a" : 1 }`, `{"a":1}`, ""},
		{"stream source", `{"source":2,"destination":0,"data":[1]}`, "json [1]", "[1]", ""},
		{"off-chain, no on-chain reply", `{"source":1,"destination":1,"data":[1]}`, "json [1]", "", ""},
		{"decoder error", `{"source":0,"destination":0,"data":""}`, "", "", "abi: empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ParseRequest([]byte(tc.body))
			require.NoError(t, err)
			in, raw, err := DecodeInput(r, fromABI, fromJSON)
			if tc.err != "" {
				require.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, in)
			require.Equal(t, tc.raw, string(raw))
		})
	}
}

func TestDecodeRequestTooLarge(t *testing.T) {
	body := `{"source":1,"destination":1,"data":"` + strings.Repeat("a", MaxRequestBytes) + `"}`
	_, err := DecodeRequest(strings.NewReader(body))
	require.ErrorContains(t, err, "larger than")
}

func TestWriteError(t *testing.T) {
	tests := []struct {
		err    error
		status int
	}{
		{Invalid("data", "bad"), http.StatusBadRequest},
		{BadInput(errors.New("unknown model")), http.StatusBadRequest},
		{errors.New("engine broke"), http.StatusInternalServerError},
	}
	for _, tc := range tests {
		rec := httptest.NewRecorder()
		WriteError(rec, nil, tc.err)
		require.Equal(t, tc.status, rec.Code)
		var reply ErrorReply
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &reply))
		require.Equal(t, tc.err.Error(), reply.Error)
	}
}

func FuzzDecodeRequest(f *testing.F) {
	for _, s := range []string{
		`{"source":1,"destination":1,"data":{"x":1}}`,
		`{"source":0,"destination":0,"data":"deadbeef","requires_proof":true}`,
		`{"source":0,"destination":2,"data":"0x"}`,
		`{"source":1}`, `[]`, `null`, `{"data":null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := DecodeRequest(bytes.NewReader(body))
		if err != nil {
			var re *RequestError
			require.True(t, errors.As(err, &re), "every rejection is a client error: %v", err)
			return
		}
		require.True(t, req.Source >= 0 && req.Source <= 2)
		require.True(t, req.Destination >= 0 && req.Destination <= 2)
		require.True(t, json.Valid(req.Data))
		if req.Source == OnChain {
			_, err := req.OnChainInput()
			require.NoError(t, err)
		}
		_, err = req.InputBytes()
		require.NoError(t, err)
	})
}
