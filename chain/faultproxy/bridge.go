package faultproxy

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/ethereum/go-ethereum/rpc"
)

// Serve exposes an in-process RPC client (the simulated backend's) as a
// JSON-RPC endpoint over HTTP on 127.0.0.1, so a proxy and an HTTP chain
// client can stand in front of the simulated chain. Close the server
// when done.
func Serve(rc *rpc.Client) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 32<<20))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		var batch []message
		if json.Unmarshal(body, &batch) == nil {
			out := make([]map[string]any, len(batch))
			for i, m := range batch {
				out[i] = call(r, rc, m)
			}
			_ = json.NewEncoder(w).Encode(out)
			return
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		_ = json.NewEncoder(w).Encode(call(r, rc, m))
	}))
}

func call(r *http.Request, rc *rpc.Client, m message) map[string]any {
	var params []json.RawMessage
	_ = json.Unmarshal(m.Params, &params)
	args := make([]any, len(params))
	for i, p := range params {
		args[i] = p
	}
	var res json.RawMessage
	err := rc.CallContext(r.Context(), &res, m.Method, args...)
	out := map[string]any{"jsonrpc": "2.0", "id": m.ID}
	if err == nil {
		if res == nil {
			res = json.RawMessage("null")
		}
		out["result"] = res
		return out
	}
	e := map[string]any{"code": -32000, "message": err.Error()}
	var re rpc.Error
	if errors.As(err, &re) {
		e["code"] = re.ErrorCode()
	}
	var de rpc.DataError
	if errors.As(err, &de) {
		e["data"] = de.ErrorData()
	}
	out["error"] = e
	return out
}
