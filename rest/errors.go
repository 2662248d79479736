package rest

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/infernode/infernode/internal/job"
)

// Fixed client-facing error strings (docs/api.md). The guardian's strings live
// with the guardian; these are the ones the REST layer produces itself.
const (
	msgInvalidRequest  = "Invalid request: "
	msgExpectedList    = "Expected a list"
	msgStreamDelegated = "Streaming only supported for OffchainJob requests."
	msgStatusInvalid   = "Status is invalid"
	msgUnauthorized    = "Unauthorized"
	msgTooLarge        = "Request body too large"
	msgBatchTooLarge   = "Batch too large"
	msgTooMany         = "Too many requests"
	msgBusy            = "Node busy"
	msgInternal        = "Internal server error"
	msgNotFound        = "Not found"
	msgMethod          = "Method not allowed"
	msgMediaType       = "Unsupported media type: the body must be JSON"
	msgEncoding        = "Unsupported content encoding: send the body as is, gzip or deflate"
	msgHost            = "Misdirected request: the node does not answer to this host name"
)

// errorBody is the wire shape of every error answer and of a failed batch entry.
type errorBody struct {
	Error  string         `json:"error"`
	Params map[string]any `json:"params,omitempty"`
}

// invalid builds the 400 "Invalid request: <detail>" rejection; field, when
// not empty, is the JSON path of the offending value.
func invalid(field, detail string) *job.Error {
	if field == "" {
		return job.Reject(job.CodeInvalid, msgInvalidRequest+detail)
	}
	return job.Reject(job.CodeInvalid, msgInvalidRequest+detail, "field", field)
}

// httpStatus maps a rejection code to its HTTP status; unknown codes are 500.
func httpStatus(c job.Code) int {
	switch c {
	case job.CodeInvalid:
		return http.StatusBadRequest
	case job.CodeForbidden:
		return http.StatusForbidden
	case job.CodeUnauthorized:
		return http.StatusUnauthorized
	case job.CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case job.CodeRateLimited:
		return http.StatusTooManyRequests
	case job.CodeBusy, job.CodeUnavailable:
		return http.StatusServiceUnavailable
	case job.CodeConflict:
		return http.StatusConflict
	case job.CodeNotFound:
		return http.StatusNotFound
	default:
		return http.StatusInternalServerError
	}
}

// busyRetryAfter is the Retry-After (seconds) sent with 503 Node busy.
const busyRetryAfter = 1

// writeJSON writes v with status. Encoding errors cannot reach the client
// (the header is gone); they only happen for programming errors.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`{"error":"` + msgInternal + `"}`)
		status = http.StatusInternalServerError
	}
	writeEncoded(w, status, b)
}

// writeEncoded answers with b, JSON already encoded, and a final newline
// (as json.Encoder writes).
func writeEncoded(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	b = append(b, '\n')
	_, _ = w.Write(b)
}

// rejection turns any error into the entry a client may see: a *job.Error
// as is, anything else as the bare 500 (the caller logs the original).
func rejection(err error) (*job.Error, bool) {
	var je *job.Error
	if errors.As(err, &je) && httpStatus(je.Code) != http.StatusInternalServerError {
		return je, true
	}
	return job.Reject(0, msgInternal), false
}

// bodyOf is the wire body of a rejection.
func bodyOf(je *job.Error) errorBody {
	return errorBody{Error: je.Message, Params: je.Params}
}

// writeRejection answers je with its status, adding Retry-After where the
// client should come back later.
func writeRejection(w http.ResponseWriter, je *job.Error) {
	status := httpStatus(je.Code)
	if status == http.StatusServiceUnavailable && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", strconv.Itoa(busyRetryAfter))
	}
	writeJSON(w, status, bodyOf(je))
}
