package rest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"sort"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/infernode/infernode/internal/job"
)

// The decoders below turn outside bytes into typed requests. They never
// panic and answer every defect with a *job.Error whose message names the
// field (as a JSON path) and what was expected, so a client can fix its
// request without reading the server's source.

// kind names the JSON type of a raw value for error messages.
func kind(raw json.RawMessage) string {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	default:
		return "number"
	}
}

// parseJSON checks that body is one well-formed JSON value.
func parseJSON(body []byte) *job.Error {
	if len(bytes.TrimSpace(body)) == 0 {
		return invalid("", "body is empty, expected a JSON object")
	}
	if !json.Valid(body) {
		var v any
		err := json.Unmarshal(body, &v)
		if se, ok := err.(*json.SyntaxError); ok {
			return invalid("", fmt.Sprintf("body is not valid JSON: %s at offset %d", se.Error(), se.Offset))
		}
		return invalid("", "body is not valid JSON")
	}
	return nil
}

// parseBodyObject decodes a body that must be one JSON object. A
// well-formed object is validated and decoded in one pass; anything else
// takes parseJSON's and decodeObject's precise errors.
func parseBodyObject(body []byte) (map[string]json.RawMessage, *job.Error) {
	if kind(body) == "object" {
		var obj map[string]json.RawMessage
		if json.Unmarshal(body, &obj) == nil {
			return obj, nil
		}
	}
	if jerr := parseJSON(body); jerr != nil {
		return nil, jerr
	}
	return decodeObject(body, "")
}

// decodeObject decodes a JSON object into its members; path names it in
// errors ("" for the body itself).
func decodeObject(raw json.RawMessage, path string) (map[string]json.RawMessage, *job.Error) {
	if k := kind(raw); k != "object" {
		if path == "" {
			return nil, invalid("", "body must be a JSON object, got "+k)
		}
		return nil, invalid(path, path+" must be a JSON object, got "+k)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, invalid(path, "malformed object")
	}
	return obj, nil
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// unknownField reports the first member of obj (in sorted order) that is not
// in allowed.
func unknownField(obj map[string]json.RawMessage, prefix string, allowed ...string) *job.Error {
	var extra []string
	for k := range obj {
		known := false
		for _, a := range allowed {
			if k == a {
				known = true
				break
			}
		}
		if !known {
			extra = append(extra, k)
		}
	}
	if len(extra) == 0 {
		return nil
	}
	sort.Strings(extra)
	p := join(prefix, extra[0])
	return invalid(p, fmt.Sprintf("unknown field %q (allowed: %v)", p, allowed))
}

// stringList decodes a required array of strings.
func stringList(obj map[string]json.RawMessage, key, prefix string) ([]string, *job.Error) {
	p := join(prefix, key)
	raw, ok := obj[key]
	if !ok {
		return nil, invalid(p, "missing required field "+p+" (an array of container ids)")
	}
	if k := kind(raw); k != "array" {
		return nil, invalid(p, p+" must be an array of strings, got "+k)
	}
	// Common case in one pass; null elements (which would decode as "")
	// and wrong types take the slow path for their precise error.
	var fast []string
	if json.Unmarshal(raw, &fast) == nil && !bytes.Contains(raw, []byte("null")) {
		return fast, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, invalid(p, "malformed array")
	}
	out := make([]string, len(items))
	for i, it := range items {
		ip := p + "[" + strconv.Itoa(i) + "]"
		if k := kind(it); k != "string" {
			return nil, invalid(ip, ip+" must be a string, got "+k)
		}
		if err := json.Unmarshal(it, &out[i]); err != nil {
			return nil, invalid(ip, "malformed string")
		}
	}
	return out, nil
}

// isDelegated reports whether a request object is a DelegatedSubscriptionRequest.
func isDelegated(obj map[string]json.RawMessage) bool {
	_, ok := obj["subscription"]
	return ok
}

// decodeJobRequest decodes a JobRequest {containers, data, requires_proof?}
// from the members of an object; prefix locates the object in errors.
func decodeJobRequest(obj map[string]json.RawMessage, prefix string) (job.Request, *job.Error) {
	var req job.Request
	cs, jerr := stringList(obj, "containers", prefix)
	if jerr != nil {
		return req, jerr
	}
	req.Containers = cs

	p := join(prefix, "data")
	data, ok := obj["data"]
	if !ok {
		return req, invalid(p, "missing required field "+p+" (a JSON object, the containers' input)")
	}
	if k := kind(data); k != "object" {
		return req, invalid(p, p+" must be a JSON object, got "+k)
	}
	if jerr := checkUTF8(data, p); jerr != nil {
		return req, jerr
	}
	req.Data = bytes.TrimSpace(data) // json.Unmarshal gave us a copy

	if raw, ok := obj["requires_proof"]; ok {
		p := join(prefix, "requires_proof")
		switch kind(raw) {
		case "boolean":
			req.RequiresProof = bytes.HasPrefix(bytes.TrimSpace(raw), []byte("true"))
		case "null":
		default:
			return req, invalid(p, p+" must be a boolean, got "+kind(raw))
		}
	}
	if jerr := unknownField(obj, prefix, "containers", "data", "requires_proof"); jerr != nil {
		return req, jerr
	}
	return req, nil
}

// checkUTF8 rejects a value holding bytes that are not UTF-8: encoding/json
// accepts them, but they would be stored and served back as invalid JSON.
func checkUTF8(raw json.RawMessage, path string) *job.Error {
	if utf8.Valid(raw) {
		return nil
	}
	off := 0
	for off < len(raw) {
		r, size := utf8.DecodeRune(raw[off:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		off += size
	}
	return invalid(path, fmt.Sprintf("%s holds bytes that are not UTF-8 (at byte %d of the value); send text as UTF-8, binary data as hex or base64", path, off))
}

// Fields of a delegated request's subscription and signature objects
// (docs/api.md; the seed's, plus the optional payment and verifier fields, and
// "containers", the containerId hash of the Infernet SDK v1 body).
var (
	subscriptionFields = []string{"owner", "container_id", "containers", "inputs", "active_at", "frequency", "period",
		"redundancy", "max_gas_price", "max_gas_limit", "lazy", "verifier", "payment_amount", "payment_token", "wallet"}
	signatureFields = []string{"nonce", "expiry", "v", "r", "s"}
)

// checkDelegated checks the shape of a DelegatedSubscriptionRequest
// {subscription, signature, data}: the members of each object are known
// ones; their values are the verifier's to check.
func checkDelegated(obj map[string]json.RawMessage, prefix string) *job.Error {
	for _, key := range []string{"subscription", "signature"} {
		p := join(prefix, key)
		raw, ok := obj[key]
		if !ok {
			return invalid(p, "missing required field "+p+" (a JSON object)")
		}
		if k := kind(raw); k != "object" {
			return invalid(p, p+" must be a JSON object, got "+k)
		}
	}
	if raw, ok := obj["data"]; ok {
		p := join(prefix, "data")
		if k := kind(raw); k != "object" && k != "null" {
			return invalid(p, p+" must be a JSON object, got "+k)
		}
		if jerr := checkUTF8(raw, p); jerr != nil {
			return jerr
		}
	}
	if raw, ok := obj["domain"]; ok { // the EIP-712 domain signed for: chooses the chain (docs/chains.md)
		p := join(prefix, "domain")
		if k := kind(raw); k != "object" && k != "null" {
			return invalid(p, p+` must be a JSON object {"chain_id", "verifying_contract"}, got `+k)
		}
	}
	if jerr := unknownField(obj, prefix, "subscription", "signature", "data", "domain"); jerr != nil {
		return jerr
	}
	for _, f := range []struct {
		key     string
		allowed []string
	}{{"subscription", subscriptionFields}, {"signature", signatureFields}} {
		p := join(prefix, f.key)
		inner, jerr := decodeObject(obj[f.key], p)
		if jerr != nil {
			return jerr
		}
		if jerr := unknownField(inner, p, f.allowed...); jerr != nil {
			return jerr
		}
	}
	return nil
}

// submission is one decoded POST /api/jobs body or batch item: either a job
// or a delegated subscription (Raw holds its exact bytes).
type submission struct {
	Delegated bool
	Job       job.Request
	Raw       json.RawMessage
}

// decodeSubmission decodes an already well-formed JSON value as a JobRequest
// or a DelegatedSubscriptionRequest.
func decodeSubmission(raw json.RawMessage, prefix string) (submission, *job.Error) {
	obj, jerr := decodeObject(raw, prefix)
	if jerr != nil {
		return submission{}, jerr
	}
	return decodeSubmissionObject(raw, obj, prefix)
}

// decodeSubmissionObject is decodeSubmission for an object already split
// into its members.
func decodeSubmissionObject(raw json.RawMessage, obj map[string]json.RawMessage, prefix string) (submission, *job.Error) {
	if isDelegated(obj) {
		if jerr := checkDelegated(obj, prefix); jerr != nil {
			return submission{}, jerr
		}
		return submission{Delegated: true, Raw: raw}, nil
	}
	req, jerr := decodeJobRequest(obj, prefix)
	return submission{Job: req}, jerr
}

// decodeSubmissionBody decodes a POST /api/jobs body.
func decodeSubmissionBody(body []byte) (submission, *job.Error) {
	obj, jerr := parseBodyObject(body)
	if jerr != nil {
		return submission{}, jerr
	}
	return decodeSubmissionObject(body, obj, "")
}

// decodeStreamBody decodes a POST /api/jobs/stream body. A delegated request
// is refused before any other rule looks at it.
func decodeStreamBody(body []byte) (job.Request, *job.Error) {
	obj, jerr := parseBodyObject(body)
	if jerr != nil {
		return job.Request{}, jerr
	}
	if isDelegated(obj) {
		return job.Request{}, job.Reject(job.CodeInvalid, msgStreamDelegated)
	}
	return decodeJobRequest(obj, "")
}

// decodeBatch splits a POST /api/jobs/batch body into its items, at most
// limit of them (413 Batch too large beyond); the items themselves are
// decoded one by one so that one bad item fails alone.
//
// The items are counted on the body's bytes before anything is allocated
// for them: what one request may cost is bounded by the body limit, not by
// what a body of tiny items ("{}," is three bytes) expands into.
func decodeBatch(body []byte, limit int) ([]json.RawMessage, *job.Error) {
	if jerr := parseJSON(body); jerr != nil {
		return nil, jerr
	}
	if kind(body) != "array" {
		return nil, job.Reject(job.CodeInvalid, msgExpectedList)
	}
	n, ok := countItems(body, limit)
	if !ok {
		return nil, job.Reject(job.CodeTooLarge, msgBatchTooLarge, "limit", limit)
	}
	items := make([]json.RawMessage, 0, n)
	i := skipSpace(body, 0) + 1 // past '['
	for k := 0; k < n; k++ {
		i = skipSpace(body, i)
		end := skipValue(body, i)
		items = append(items, body[i:end:end])
		i = skipSpace(body, end)
		if i < len(body) && body[i] == ',' {
			i++
		}
	}
	return items, nil
}

// countItems counts the elements of the JSON array body, which must be
// valid JSON; ok is false once there are more than limit.
func countItems(body []byte, limit int) (n int, ok bool) {
	i := skipSpace(body, 0) + 1 // past '['
	for {
		i = skipSpace(body, i)
		if i >= len(body) || body[i] == ']' {
			return n, true
		}
		if n++; n > limit {
			return n, false
		}
		i = skipSpace(body, skipValue(body, i))
		if i < len(body) && body[i] == ',' {
			i++
		}
	}
}

// statusReport is a decoded PUT /api/status body.
type statusReport struct {
	ID         string
	Status     job.Status
	Containers []string
}

// decodeStatus decodes {id, status, containers?}.
func decodeStatus(body []byte) (statusReport, *job.Error) {
	var s statusReport
	obj, jerr := parseBodyObject(body)
	if jerr != nil {
		return s, jerr
	}
	raw, ok := obj["id"]
	if !ok {
		return s, invalid("id", "missing required field id (the job's id)")
	}
	if k := kind(raw); k != "string" {
		return s, invalid("id", "id must be a string, got "+k)
	}
	if err := json.Unmarshal(raw, &s.ID); err != nil {
		return s, invalid("id", "malformed string")
	}
	if s.ID == "" {
		return s, invalid("id", "id must not be empty")
	}
	raw, ok = obj["status"]
	if !ok {
		return s, invalid("status", `missing required field status ("running", "success" or "failed")`)
	}
	var st string
	if kind(raw) != "string" || json.Unmarshal(raw, &st) != nil || !job.Status(st).Valid() {
		return s, job.Reject(job.CodeInvalid, msgStatusInvalid)
	}
	s.Status = job.Status(st)
	if _, ok := obj["containers"]; ok && kind(obj["containers"]) != "null" {
		cs, jerr := stringList(obj, "containers", "")
		if jerr != nil {
			return s, jerr
		}
		s.Containers = cs
	}
	if s.Containers == nil {
		s.Containers = []string{}
	}
	if jerr := unknownField(obj, "", "id", "status", "containers"); jerr != nil {
		return s, jerr
	}
	return s, nil
}

// jobsQuery is a decoded GET /api/jobs query: either results for IDs or an
// id listing filtered by Pending.
type jobsQuery struct {
	IDs          []string
	Intermediate bool
	Pending      *bool
	// Wait is how long to hold the answer for the listed jobs to finish
	// (0: answer at once).
	Wait time.Duration
}

// MaxWait bounds GET /api/jobs?wait=...: a client that wants to wait
// longer asks again.
const MaxWait = time.Minute

// decodeJobsQuery decodes the query of GET /api/jobs.
func decodeJobsQuery(q url.Values, maxIDs int) (jobsQuery, *job.Error) {
	var jq jobsQuery
	boolParam := func(name string) (*bool, *job.Error) {
		vs, ok := q[name]
		if !ok {
			return nil, nil
		}
		if len(vs) != 1 {
			return nil, invalid(name, name+" must be given once")
		}
		switch vs[0] {
		case "true", "True", "1":
			t := true
			return &t, nil
		case "false", "False", "0":
			f := false
			return &f, nil
		}
		return nil, invalid(name, fmt.Sprintf("%s must be true or false, got %q", name, vs[0]))
	}
	inter, jerr := boolParam("intermediate")
	if jerr != nil {
		return jq, jerr
	}
	jq.Intermediate = inter != nil && *inter
	if jq.Pending, jerr = boolParam("pending"); jerr != nil {
		return jq, jerr
	}
	if ids, ok := q["id"]; ok {
		if len(ids) > maxIDs {
			return jq, invalid("id", fmt.Sprintf("%d ids given, at most %d per request; ask in several requests", len(ids), maxIDs))
		}
		for i, id := range ids {
			if id == "" {
				return jq, invalid("id", fmt.Sprintf("id #%d is empty", i+1))
			}
		}
		jq.IDs = ids
	}
	if jq.Wait, jerr = decodeWait(q); jerr != nil {
		return jq, jerr
	}
	if jq.Wait > 0 && len(jq.IDs) == 0 {
		return jq, invalid("wait", "wait needs the ids to wait for: add id=<job id> for each job")
	}
	return jq, nil
}

// decodeWait reads the wait parameter: a Go duration ("500ms", "5s") or a
// number of seconds ("5", "0.5"), from 0 to MaxWait.
func decodeWait(q url.Values) (time.Duration, *job.Error) {
	vs, ok := q["wait"]
	if !ok {
		return 0, nil
	}
	if len(vs) != 1 {
		return 0, invalid("wait", "wait must be given once")
	}
	d, err := time.ParseDuration(vs[0])
	if err != nil {
		secs, ferr := strconv.ParseFloat(vs[0], 64)
		if ferr != nil || math.IsNaN(secs) || math.IsInf(secs, 0) {
			return 0, invalid("wait", fmt.Sprintf("wait must be a duration such as 5s or 500ms, or a number of seconds, got %q", vs[0]))
		}
		d = time.Duration(math.Min(secs, 2*MaxWait.Seconds()) * float64(time.Second))
	}
	if d < 0 || d > MaxWait {
		return 0, invalid("wait", fmt.Sprintf("wait must be between 0 and %s, got %q; to wait longer, ask again", MaxWait, vs[0]))
	}
	return d, nil
}
