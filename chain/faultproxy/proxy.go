// Package faultproxy is a loopback HTTP proxy for JSON-RPC endpoints that
// injects the faults hosted RPC providers show: a request never answered,
// 429 for everything, JSON-RPC errors, HTML error pages, a head that stops
// advancing, and an endpoint that is gone. The chain client's and the
// relay's fault tests put it in front of anvil or the simulated chain; it
// is test tooling, never linked by the node. It can also lie (NonceLie
// adds 2 to every account nonce it forwards) and be slow (SetDelay).
package faultproxy

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Mode is the fault a proxy injects.
type Mode int

const (
	// Pass forwards every request.
	Pass Mode = iota
	// TooMany answers 429 with Retry-After to everything.
	TooMany
	// RPCError answers every request with JSON-RPC error -32603.
	RPCError
	// HTML answers 502 with an HTML page, as a load balancer does.
	HTML
	// StallHead forwards everything but answers eth_blockNumber and
	// eth_getBlockByNumber("latest") with the head seen when the stall
	// began.
	StallHead
	// NonceLie forwards everything but adds 2 to every (single)
	// eth_getTransactionCount answer: an endpoint lying about the nonce.
	NonceLie
	// NoOverride forwards everything but answers a single eth_call with a
	// third parameter (a state override) with JSON-RPC error -32602, as
	// an endpoint that refuses overrides does.
	NoOverride
)

// Proxy forwards JSON-RPC over HTTP to an upstream URL, on 127.0.0.1.
type Proxy struct {
	upstream string
	srv      *http.Server
	ln       net.Listener
	addr     string

	mu         sync.Mutex
	mode       Mode
	retryAfter int
	holes      int           // requests still to black-hole
	held       chan struct{} // closed by Release
	stalled    map[string][]byte
	killed     bool
	delay      time.Duration // every answer this late

	// Requests counts every request received (held ones too).
	Requests atomic.Int64
}

// New starts a proxy in front of upstream (an http:// JSON-RPC URL).
func New(upstream string) (*Proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &Proxy{upstream: upstream, ln: ln, addr: ln.Addr().String(), held: make(chan struct{})}
	p.srv = &http.Server{Handler: p}
	go func() { _ = p.srv.Serve(ln) }()
	return p, nil
}

// URL is the proxy's http:// URL.
func (p *Proxy) URL() string { return "http://" + p.addr }

// Set switches the fault mode (clearing a stall's frozen answers).
func (p *Proxy) Set(m Mode) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mode = m
	p.stalled = nil
}

// SetRetryAfter sets the Retry-After seconds TooMany sends (0: none).
func (p *Proxy) SetRetryAfter(secs int) {
	p.mu.Lock()
	p.retryAfter = secs
	p.mu.Unlock()
}

// SetDelay makes the proxy wait d before forwarding each request: an
// honest endpoint that answers late (0: prompt again).
func (p *Proxy) SetDelay(d time.Duration) {
	p.mu.Lock()
	p.delay = d
	p.mu.Unlock()
}

// BlackHole makes the next n requests wait, unanswered, until Release or
// until the client gives up.
func (p *Proxy) BlackHole(n int) {
	p.mu.Lock()
	p.holes += n
	p.mu.Unlock()
}

// Release lets every held request go (answered by upstream) and stops
// black-holing.
func (p *Proxy) Release() {
	p.mu.Lock()
	p.holes = 0
	close(p.held)
	p.held = make(chan struct{})
	p.mu.Unlock()
}

// Kill stops accepting connections (the endpoint is gone: connection
// refused); Revive listens again on the same address.
func (p *Proxy) Kill() {
	p.mu.Lock()
	p.killed = true
	p.mu.Unlock()
	_ = p.srv.Close()
}

// Revive listens again on the address Kill closed.
func (p *Proxy) Revive() error {
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		return err
	}
	p.mu.Lock()
	p.killed = false
	p.ln = ln
	p.srv = &http.Server{Handler: p}
	srv := p.srv
	p.mu.Unlock()
	go func() { _ = srv.Serve(ln) }()
	return nil
}

// Close stops the proxy and releases held requests.
func (p *Proxy) Close() {
	p.Release()
	p.mu.Lock()
	srv := p.srv
	p.mu.Unlock()
	_ = srv.Close()
}

func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.Requests.Add(1)
	body, err := io.ReadAll(io.LimitReader(r.Body, 32<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	mode, ra := p.mode, p.retryAfter
	hole := p.holes > 0
	if hole {
		p.holes--
	}
	held, delay := p.held, p.delay
	p.mu.Unlock()
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	if hole {
		select {
		case <-held:
		case <-r.Context().Done():
			return
		}
	}
	switch mode {
	case TooMany:
		if ra > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(ra))
		}
		http.Error(w, "Too Many Requests", http.StatusTooManyRequests)
		return
	case RPCError:
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(rpcErrors(body))
		return
	case HTML:
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusBadGateway)
		_, _ = io.WriteString(w, "<html><body><h1>502 Bad Gateway</h1></body></html>")
		return
	case StallHead:
		if key, ok := headKey(body); ok {
			p.mu.Lock()
			frozen, seen := p.stalled[key]
			p.mu.Unlock()
			if seen {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write(withID(frozen, body))
				return
			}
			resp, status := p.forward(r, body)
			if status == http.StatusOK {
				p.mu.Lock()
				if p.stalled == nil {
					p.stalled = map[string][]byte{}
				}
				p.stalled[key] = resp
				p.mu.Unlock()
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			_, _ = w.Write(resp)
			return
		}
	}
	if mode == NoOverride && overrides(body) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(rpcError(body, -32602, "too many arguments, want at most 2"))
		return
	}
	resp, status := p.forward(r, body)
	if mode == NonceLie && status == http.StatusOK {
		resp = liedNonce(body, resp)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(resp)
}

// liedNonce adds 2 to the answer of a single eth_getTransactionCount.
func liedNonce(body, resp []byte) []byte {
	var m message
	if json.Unmarshal(body, &m) != nil || m.Method != "eth_getTransactionCount" {
		return resp
	}
	var out map[string]json.RawMessage
	var hex string
	if json.Unmarshal(resp, &out) != nil || json.Unmarshal(out["result"], &hex) != nil {
		return resp
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(hex, "0x"), 16, 64)
	if err != nil {
		return resp
	}
	out["result"], _ = json.Marshal("0x" + strconv.FormatUint(n+2, 16))
	b, _ := json.Marshal(out)
	return b
}

func (p *Proxy) forward(r *http.Request, body []byte) ([]byte, int) {
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, p.upstream, bytes.NewReader(body))
	if err != nil {
		return []byte(err.Error()), http.StatusBadGateway
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return []byte(err.Error()), http.StatusBadGateway
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return out, resp.StatusCode
}

type message struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
}

// rpcErrors answers each request in body with an internal error.
func rpcErrors(body []byte) []byte {
	one := func(id json.RawMessage) map[string]any {
		return map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": -32603, "message": "internal error (fault proxy)"}}
	}
	var batch []message
	if json.Unmarshal(body, &batch) == nil {
		out := make([]map[string]any, len(batch))
		for i, m := range batch {
			out[i] = one(m.ID)
		}
		b, _ := json.Marshal(out)
		return b
	}
	var m message
	_ = json.Unmarshal(body, &m)
	b, _ := json.Marshal(one(m.ID))
	return b
}

// overrides reports a single eth_call with a third parameter.
func overrides(body []byte) bool {
	var m message
	var params []json.RawMessage
	return json.Unmarshal(body, &m) == nil && m.Method == "eth_call" && json.Unmarshal(m.Params, &params) == nil && len(params) > 2
}

// rpcError answers the single request in body with an error.
func rpcError(body []byte, code int, msg string) []byte {
	var m message
	_ = json.Unmarshal(body, &m)
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{"code": code, "message": msg}})
	return b
}

// headKey names a single request for the latest head.
func headKey(body []byte) (string, bool) {
	var m message
	if json.Unmarshal(body, &m) != nil {
		return "", false
	}
	switch {
	case m.Method == "eth_blockNumber":
		return m.Method, true
	case m.Method == "eth_getBlockByNumber" && bytes.Contains(m.Params, []byte(`"latest"`)):
		return m.Method + string(m.Params), true
	}
	return "", false
}

// withID returns the frozen answer with the id of the request in body.
func withID(frozen, body []byte) []byte {
	var req message
	var resp map[string]json.RawMessage
	if json.Unmarshal(body, &req) != nil || json.Unmarshal(frozen, &resp) != nil {
		return frozen
	}
	resp["id"] = req.ID
	b, _ := json.Marshal(resp)
	return b
}
