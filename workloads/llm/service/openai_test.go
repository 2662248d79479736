package service

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLimitOpenAI(t *testing.T) {
	s, err := New(Config{AllowedModels: []string{"m"}, MaxTokens: 100})
	require.NoError(t, err)
	for _, tc := range []struct {
		name, in string
		status   int
		param    string
		want     map[string]any
	}{
		{"adds max_tokens", `{"model":"m"}`, 0, "", map[string]any{"model": "m", "max_tokens": 100.0}},
		{"caps max_tokens", `{"model":"m","max_tokens":1000}`, 0, "", map[string]any{"model": "m", "max_tokens": 100.0}},
		{"caps max_completion_tokens", `{"model":"m","max_completion_tokens":500}`, 0, "", map[string]any{"model": "m", "max_completion_tokens": 100.0}},
		{"keeps a lower one and the rest", `{"model":"m","max_tokens":5,"n":1,"temperature":0.2}`, 0, "", map[string]any{"model": "m", "max_tokens": 5.0, "n": 1.0, "temperature": 0.2}},
		{"other model", `{"model":"x"}`, http.StatusNotFound, "model", nil},
		{"no model", `{"messages":[]}`, http.StatusBadRequest, "model", nil},
		{"n", `{"model":"m","n":3}`, http.StatusBadRequest, "n", nil},
		{"max_tokens not a count", `{"model":"m","max_tokens":"lots"}`, http.StatusBadRequest, "max_tokens", nil},
		{"stream not a bool", `{"model":"m","stream":1}`, http.StatusBadRequest, "stream", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var req map[string]json.RawMessage
			require.NoError(t, json.Unmarshal([]byte(tc.in), &req))
			body, _, status, param, _ := s.limitOpenAI(req)
			require.Equal(t, tc.status, status)
			require.Equal(t, tc.param, param)
			if tc.want != nil {
				var got map[string]any
				require.NoError(t, json.Unmarshal(body, &got))
				require.Equal(t, tc.want, got)
			}
		})
	}
}

func TestOpenAIModelsAndNoProvider(t *testing.T) {
	s, err := New(Config{})
	require.NoError(t, err)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, PathModels, nil))
	require.Equal(t, http.StatusOK, rec.Code)
	require.JSONEq(t, `{"object":"list","data":[],"infernode_any_model":true}`, rec.Body.String())

	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, PathChatCompletions, strings.NewReader(`{"model":"m"}`)))
	require.Equal(t, http.StatusServiceUnavailable, rec.Code)
	require.Contains(t, rec.Body.String(), `"type":"server_error"`)
	require.Contains(t, rec.Body.String(), "PROVIDERA_API_KEY")
}
