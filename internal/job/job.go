// Package job holds the types that describe an off-chain job as clients, the
// REST layer, the executor and the store see it: the request, the per-container
// results, the status and the client-facing rejection errors of docs/api.md.
//
// It owns no behaviour beyond (de)serialisation; validation lives with the
// guardian in package executor and persistence in package store.
package job

import (
	"encoding/json"
	"fmt"
)

// Status is the lifecycle state of a job. A job starts Running and ends in
// exactly one of Success or Failed.
type Status string

const (
	StatusRunning Status = "running"
	StatusSuccess Status = "success"
	StatusFailed  Status = "failed"
)

// Valid reports whether s is one of the three statuses.
func (s Status) Valid() bool {
	return s == StatusRunning || s == StatusSuccess || s == StatusFailed
}

// Terminal reports whether s is a final status.
func (s Status) Terminal() bool { return s == StatusSuccess || s == StatusFailed }

// Location is a source or destination of container input and output
// (container protocol, docs/container-protocol.md).
type Location int

const (
	OnChain  Location = 0
	OffChain Location = 1
	Stream   Location = 2
)

// Request is a JobRequest as posted to POST /api/jobs.
type Request struct {
	Containers    []string        `json:"containers"`
	Data          json.RawMessage `json:"data"`
	RequiresProof bool            `json:"requires_proof,omitempty"`
}

// ContainerResult is either a ContainerOutput ({container, output}) or a
// ContainerError ({container, error}); Error non-empty selects the latter.
type ContainerResult struct {
	Container string          `json:"container"`
	Output    json.RawMessage `json:"output,omitempty"`
	Error     string          `json:"error,omitempty"`
}

// MarshalJSON writes exactly one of output or error, never both; an output
// that is absent is written as null so the shape stays {container, output}.
func (r ContainerResult) MarshalJSON() ([]byte, error) {
	if r.Error != "" {
		return json.Marshal(struct {
			Container string `json:"container"`
			Error     string `json:"error"`
		}{r.Container, r.Error})
	}
	out := r.Output
	if len(out) == 0 {
		out = json.RawMessage("null")
	}
	return json.Marshal(struct {
		Container string          `json:"container"`
		Output    json.RawMessage `json:"output"`
	}{r.Container, out})
}

// Result is a JobResult as returned by GET /api/jobs?id=...
type Result struct {
	ID     string           `json:"id"`
	Status Status           `json:"status"`
	Result *ContainerResult `json:"result"`
	// Intermediate is nil unless asked for (omitted from the JSON); when
	// asked for it is present, as [] for a one-container or running job.
	Intermediate []ContainerResult `json:"intermediate_results,omitzero"`
}

// Code classifies a rejection by what went wrong. Only the REST edge knows
// HTTP: rest/errors.go maps each code to a status.
type Code int

const (
	CodeInvalid      Code = iota + 1 // the request itself is wrong
	CodeForbidden                    // the caller may not use what it asked for
	CodeUnauthorized                 // a signature or signer does not check out
	CodeTooLarge                     // the request exceeds a size limit
	CodeRateLimited                  // the caller sent too much too fast
	CodeBusy                         // the node has no room now; try again later
	CodeNotFound                     // what was asked for does not exist
	CodeConflict                     // the request clashes with the state of what it names
	CodeUnavailable                  // a part the request needs is down; try again later
)

// Error is a client-facing rejection. Message is one of the fixed strings of
// the docs/api.md error table and Params its parameters; both reach the client
// verbatim, so neither may carry internal detail.
type Error struct {
	Code    Code
	Message string
	Params  map[string]any
}

func (e *Error) Error() string {
	if len(e.Params) == 0 {
		return e.Message
	}
	return fmt.Sprintf("%s %v", e.Message, e.Params)
}

// Reject builds an *Error; params are key, value pairs.
func Reject(code Code, msg string, params ...any) *Error {
	e := &Error{Code: code, Message: msg}
	if len(params) > 0 {
		e.Params = make(map[string]any, len(params)/2)
		for i := 0; i+1 < len(params); i += 2 {
			e.Params[fmt.Sprint(params[i])] = params[i+1]
		}
	}
	return e
}
