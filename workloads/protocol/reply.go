package protocol

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
)

// OnChainOutput is the reply for destination 0: the node ABI-encodes
// (raw_input, processed_input) and (raw_output, processed_output) and
// delivers proof as raw bytes. Fields are lowercase hex without 0x; empty
// means no bytes.
type OnChainOutput struct {
	RawInput        string `json:"raw_input"`
	ProcessedInput  string `json:"processed_input"`
	RawOutput       string `json:"raw_output"`
	ProcessedOutput string `json:"processed_output"`
	Proof           string `json:"proof"`
}

// Hex is lowercase hex without 0x.
func Hex(b []byte) string { return hex.EncodeToString(b) }

// OffChainOutput is the usual off-chain reply {"output": ...}.
type OffChainOutput struct {
	Output any `json:"output"`
}

// ErrorReply is the body of an error reply.
type ErrorReply struct {
	Error string `json:"error"`
}

// WriteJSON writes v with status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		body = []byte(`{"error":"encode reply failed"}`)
	}
	body = append(body, '\n')
	// A declared length lets the node reserve the reply's room in its
	// reply budget before reading it (server.max_reply_bytes_in_flight).
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// WriteError answers err: a *RequestError (or anything wrapping one) or a
// *ClientError is the caller's mistake (400, the message as is); anything
// else is logged and answered 500 with its message, which the node relays to
// the job's client as the container error.
func WriteError(w http.ResponseWriter, log *slog.Logger, err error) {
	var re *RequestError
	if errors.As(err, &re) {
		WriteJSON(w, http.StatusBadRequest, ErrorReply{Error: err.Error()})
		return
	}
	var ce *ClientError
	if errors.As(err, &ce) {
		WriteJSON(w, http.StatusBadRequest, ErrorReply{Error: err.Error()})
		return
	}
	if log != nil {
		log.Error("request failed", "err", err)
	}
	WriteJSON(w, http.StatusInternalServerError, ErrorReply{Error: err.Error()})
}

// ClientError marks an error caused by the request's content (an unknown
// model, a tensor of the wrong shape) rather than by the workload.
type ClientError struct{ Err error }

func (e *ClientError) Error() string { return e.Err.Error() }
func (e *ClientError) Unwrap() error { return e.Err }

// BadInput wraps err as a *ClientError.
func BadInput(err error) error {
	if err == nil {
		return nil
	}
	return &ClientError{Err: err}
}
