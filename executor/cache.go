package executor

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/respcache"
)

// The response cache (docs/cache.md) sits here, where every container run
// passes: off-chain jobs and on-chain deliveries through Call, the Open
// Inference Protocol through Forward. Streams are never cached.

// Kinds of cached call; the first byte of what a key hashes, so a Call and
// a Forward never share a key.
const (
	kindCall    = 'C'
	kindForward = 'R'
)

// cacheSalt is what a container's keys start from: its id and where its
// outputs come from. That is the image's digest when the node runs the
// container (the runtime knows its ID), else the container's url beside
// the image reference: an operator who points an unmanaged container at a
// new server gets new keys, never the old server's answers. Then command
// and env, which names the default model.
func cacheSalt(c Container, imageID string) [32]byte {
	h := sha256.New()
	field := func(s string) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	field("infernode response cache v2")
	field(c.ID)
	field("image:" + c.Image)
	if imageID != "" {
		field("digest:" + imageID)
	} else {
		field("url:" + c.URL)
	}
	field(c.Command)
	keys := make([]string, 0, len(c.Env))
	for k := range c.Env {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		field(k + "=" + c.Env[k])
	}
	var s [32]byte
	h.Sum(s[:0])
	return s
}

// A cache scope keeps entries apart by who made them (cache.scope
// "client": an off-chain hit only for the client whose call made the
// entry, so that one client cannot learn another's inputs by timing); the
// empty scope is shared (on-chain deliveries, public anyway, and
// cache.scope "shared").
type scopeKey struct{}

// WithCacheScope returns ctx whose container calls use the cache scope
// scope ("" shared).
func WithCacheScope(ctx context.Context, scope string) context.Context {
	if scope == "" {
		return ctx
	}
	return context.WithValue(ctx, scopeKey{}, scope)
}

func cacheScope(ctx context.Context) string {
	s, _ := ctx.Value(scopeKey{}).(string)
	return s
}

// callKey is the key of one container call: the container's salt, the
// call's scope, the request's source, destination and proof flag, and its
// data in canonical JSON (respcache.Canonical). ok is false for data with
// no canonical form, which is not cached: a container could read it two
// ways (keys differing only in case, repeated keys).
func callKey(salt [32]byte, scope string, req Request) (respcache.Key, bool) {
	h := sha256.New()
	h.Write(salt[:])
	lengthPrefixed(h, scope)
	proof := byte(0)
	if req.RequiresProof {
		proof = 1
	}
	data := req.Data
	if len(data) == 0 {
		data = json.RawMessage("null")
	}
	h.Write([]byte{kindCall, byte(req.Source), byte(req.Destination), proof})
	if !writeCanonical(h, data) {
		return respcache.Key{}, false
	}
	var k respcache.Key
	h.Sum(k[:0])
	return k, true
}

type hashWriter interface{ Write([]byte) (int, error) }

// writeCanonical writes the canonical form of the JSON text b; false when
// it has none.
func writeCanonical(h hashWriter, b []byte) bool {
	c, err := respcache.Canonical(make([]byte, 0, len(b)), b)
	if err != nil {
		return false
	}
	h.Write(c)
	return true
}

// forwardKey is the key of one forwarded call: the salt, the scope, the method and path,
// the headers that shape the body, and the body (a JSON one canonical; a
// binary one's JSON header canonical and its raw tensor bytes as they are).
// ok is false for calls that are not cached (anything but an inference
// POST, or a body with no canonical form).
func forwardKey(salt [32]byte, scope string, call ForwardCall, headerLength string) (respcache.Key, bool) {
	if call.Method != http.MethodPost || !strings.HasSuffix(call.Path, "/infer") {
		return respcache.Key{}, false
	}
	h := sha256.New()
	h.Write(salt[:])
	lengthPrefixed(h, scope)
	h.Write([]byte{kindForward})
	lengthPrefixed(h, call.Path)
	body := call.Body
	if headerLength == "" {
		if len(call.Tail) > 0 {
			return respcache.Key{}, false // a JSON body comes whole
		}
		lengthPrefixed(h, "")
		if !writeCanonical(h, body) {
			return respcache.Key{}, false
		}
	} else {
		// The key is the whole body's, however it is cut into Body and
		// Tail: a gRPC call and the same REST request share it.
		n, ok := parseLength(headerLength, call.bodyLen())
		if !ok || n > len(body) {
			return respcache.Key{}, false // the container refuses it; nothing to cache
		}
		lengthPrefixed(h, "binary") // the header's length itself is spelling
		if !writeCanonical(h, body[:n]) {
			return respcache.Key{}, false
		}
		h.Write(body[n:])
		for _, p := range call.Tail {
			h.Write(p)
		}
	}
	var k respcache.Key
	h.Sum(k[:0])
	return k, true
}

func lengthPrefixed(h hashWriter, s string) {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(s)))
	h.Write(n[:])
	h.Write([]byte(s))
}

func parseLength(s string, max int) (int, bool) {
	n := 0
	if s == "" || len(s) > 10 {
		return 0, false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, n <= max
}

// A cached forwarded reply is its status (2 bytes), then the Content-Type and
// the Inference-Header-Content-Length header (each length-prefixed), then
// the body.
func encodeReply(r ForwardReply) []byte {
	ct, hl := r.Header.Get("Content-Type"), r.Header.Get(headerLength)
	b := make([]byte, 0, encodedLen(r))
	b = binary.BigEndian.AppendUint16(b, uint16(r.Status))
	b = binary.AppendUvarint(b, uint64(len(ct)))
	b = append(b, ct...)
	b = binary.AppendUvarint(b, uint64(len(hl)))
	b = append(b, hl...)
	return append(b, r.Body...)
}

// encodedLen is the most encodeReply(r) takes.
func encodedLen(r ForwardReply) int {
	return 2 + 16 + len(r.Header.Get("Content-Type")) + len(r.Header.Get(headerLength)) + len(r.Body)
}

func decodeReply(b []byte) (ForwardReply, bool) {
	if len(b) < 2 {
		return ForwardReply{}, false
	}
	r := ForwardReply{Status: int(binary.BigEndian.Uint16(b)), Header: http.Header{}}
	b = b[2:]
	var hs [2]string
	for i := range hs {
		n, w := binary.Uvarint(b)
		if w <= 0 || uint64(len(b)-w) < n {
			return ForwardReply{}, false
		}
		hs[i] = string(b[w : w+int(n)])
		b = b[w+int(n):]
	}
	if hs[0] != "" {
		r.Header.Set("Content-Type", hs[0])
	}
	if hs[1] != "" {
		r.Header.Set(headerLength, hs[1])
	}
	r.Body = b
	return r, true
}

// headerLength is the binary-data extension's header: the length of the
// JSON part of an OIP body.
const headerLength = "Inference-Header-Content-Length"

// cachedCall is Call through the cache for a container marked "cache".
func (e *Executor) cachedCall(ctx context.Context, id string, k respcache.Key, req Request) (json.RawMessage, error) {
	v, hit, err := e.cache.Do(ctx, id, k, func() ([]byte, bool, error) {
		out, err := e.callContainer(ctx, id, req)
		return out, err == nil, err
	})
	markHit(ctx, hit)
	if errors.Is(err, respcache.ErrBusy) {
		return nil, readError(ctx, id, 0, e.budget, 0, ErrReplyBudget)
	}
	if err != nil {
		return nil, err
	}
	if hit && e.cache.Charges() {
		// The job holds its output from here on, charged by the manager
		// until it is stored.
		e.cache.Give(int64(len(v)))
	}
	return json.RawMessage(v), nil
}

// cachedForward is Forward through the cache: only 2xx replies are kept.
// Every cached byte the node holds is charged to the reply budget: the
// encoded copy of a reply being stored (not stored without room), and a
// hit's value, read from the store only once charged, which the hit's
// reply then holds.
func (e *Executor) cachedForward(ctx context.Context, id string, k respcache.Key, call ForwardCall) (ForwardReply, error) {
	var reply ForwardReply
	var encoded int64
	v, hit, err := e.cache.Do(ctx, id, k, func() ([]byte, bool, error) {
		var err error
		reply, err = e.forwardCall(ctx, id, call)
		if err != nil || reply.Status/100 != 2 {
			return nil, false, err
		}
		n := int64(encodedLen(reply))
		if !e.budget.Take(n) {
			return nil, false, nil // served, not cached: no room for the copy
		}
		encoded = n
		return encodeReply(reply), true, nil
	})
	e.budget.Give(encoded) // the store has its own copy, charged until committed
	markHit(ctx, hit)
	if errors.Is(err, respcache.ErrBusy) {
		return ForwardReply{}, readError(ctx, id, 0, e.budget, 0, ErrReplyBudget)
	}
	if err != nil || !hit {
		return reply, err
	}
	charged := e.cache.Charges()
	r, ok := decodeReply(v)
	if !ok {
		if charged {
			e.budget.Give(int64(len(v)))
		}
		return e.forwardCall(ctx, id, call)
	}
	if !charged {
		// A hit's body is a copy read from the store: held like a reply.
		if !e.budget.Take(int64(len(v))) {
			return ForwardReply{}, readError(ctx, id, 0, e.budget, r.Status, ErrReplyBudget)
		}
	}
	r.charge = newCharge(e.budget, int64(len(v)))
	return r, nil
}

func markHit(ctx context.Context, hit bool) {
	if span := trace.SpanFromContext(ctx); span.IsRecording() {
		span.SetAttributes(attribute.Bool("cache.hit", hit))
	}
}

// Cached reports whether container id's outputs are cached (its calls'
// cache scope matters).
func (e *Executor) Cached(id string) bool {
	_, ok := e.salts[id]
	return ok
}

// CachedContainers lists the containers whose outputs are cached, in
// configuration order (none without a cache).
func (e *Executor) CachedContainers() []string {
	var ids []string
	for _, id := range e.order {
		if _, ok := e.salts[id]; ok {
			ids = append(ids, id)
		}
	}
	return ids
}

// Cache is the response cache the executor answers from, or nil.
func (e *Executor) Cache() *respcache.Cache { return e.cache }
