package rest

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// openAIStub answers every completion with a fixed body.
type openAIStub struct{}

func (openAIStub) OpenAI(context.Context, string, OpenAICall) (*OpenAIReply, error) {
	return &OpenAIReply{Status: http.StatusOK, ContentType: "application/json", Body: io.NopCloser(strings.NewReader(`{"object":"chat.completion"}`))}, nil
}

func (openAIStub) OpenAIModels(context.Context, string) ([]OpenAIModel, error) { return nil, nil }

// The /v1 routes' own refusals are OpenAI error objects.
func TestOpenAIRefusals(t *testing.T) {
	h := New(newFakeBackend(), Options{Logger: quietLogger(nil), OpenAI: openAIStub{}, MaxBodyBytes: 64})
	for _, tc := range []struct {
		name, ct, body string
		status         int
		want           string
	}{
		{"ok", "application/json", `{"model":"m"}`, http.StatusOK, `{"object":"chat.completion"}`},
		{"text body", "text/plain", `{"model":"m"}`, http.StatusUnsupportedMediaType, `"type":"invalid_request_error"`},
		{"too large", "application/json", `{"model":"` + strings.Repeat("m", 100) + `"}`, http.StatusRequestEntityTooLarge, "server.max_body_bytes"},
		{"stream not a bool", "application/json", `{"model":"m","stream":"yes"}`, http.StatusBadRequest, `"param":"stream"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/v1/chat/completions", strings.NewReader(tc.body))
			req.Header.Set("Content-Type", tc.ct)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			require.Equal(t, tc.status, rec.Code)
			require.Contains(t, rec.Body.String(), tc.want)
		})
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://127.0.0.1/v1/models", nil))
	require.Equal(t, http.StatusOK, rec.Code)
	require.JSONEq(t, `{"object":"list","data":[]}`, rec.Body.String())
}
