package service

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Provider is one OpenAI-compatible chat-completions endpoint.
type Provider struct {
	// BaseURL is the API root; the workload POSTs to BaseURL+"/chat/completions".
	BaseURL string
	// APIKey is sent as "Authorization: Bearer"; empty means not configured.
	APIKey string
}

// ProviderError is a non-2xx answer from a provider.
type ProviderError struct {
	Provider string
	Status   int
	Message  string
	// Body is the provider's reply (at most 64 KiB), passed on by the
	// OpenAI API where it is an OpenAI error object.
	Body []byte
}

func (e *ProviderError) Error() string {
	return fmt.Sprintf("provider %s answered %d: %s", e.Provider, e.Status, e.Message)
}

// retryable: 429, 5xx and transport errors are retried; other answers are
// final.
func retryable(err error) bool {
	var pe *ProviderError
	if errors.As(err, &pe) {
		return pe.Status == http.StatusTooManyRequests || pe.Status >= 500
	}
	var te *transportError
	return errors.As(err, &te)
}

type transportError struct{ err error }

func (e *transportError) Error() string { return e.err.Error() }
func (e *transportError) Unwrap() error { return e.err }

// providerMessage extracts {"error": {"message"}} (or the body's start).
func providerMessage(body []byte) string {
	var w struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &w) == nil && len(w.Error) > 0 {
		var obj struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(w.Error, &obj) == nil && obj.Message != "" {
			return obj.Message
		}
		var s string
		if json.Unmarshal(w.Error, &s) == nil && s != "" {
			return s
		}
	}
	s := strings.TrimSpace(string(body))
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	if s == "" {
		s = "(empty body)"
	}
	return s
}

// open sends one request to path below the provider's base URL
// ("/chat/completions") and returns the response for a 2xx answer; the
// caller closes its body.
func (w *Service) open(ctx context.Context, name string, p Provider, path string, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(p.BaseURL, "/")+path, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("provider %s: %w", name, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+p.APIKey)
	resp, err := w.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &transportError{fmt.Errorf("provider %s unreachable: %w", name, err)}
	}
	if resp.StatusCode/100 != 2 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		return nil, &ProviderError{Provider: name, Status: resp.StatusCode, Message: providerMessage(b), Body: b}
	}
	return resp, nil
}

// withRetry opens the request, retrying per RETRY_PARAMS.
func (w *Service) withRetry(ctx context.Context, name string, p Provider, path string, body []byte) (*http.Response, error) {
	delays := w.cfg.Retry.Delays(w.rnd)
	for attempt := 0; ; attempt++ {
		resp, err := w.open(ctx, name, p, path, body)
		if err == nil {
			return resp, nil
		}
		if !retryable(err) || attempt >= len(delays) {
			if attempt > 0 && retryable(err) {
				return nil, fmt.Errorf("%w (after %d attempts)", err, attempt+1)
			}
			return nil, err
		}
		w.log.Warn("provider call failed, retrying", "provider", name, "attempt", attempt+1, "delay", delays[attempt], "err", err)
		if err := w.cfg.Sleeper.Sleep(ctx, delays[attempt]); err != nil {
			return nil, err
		}
	}
}

// completion is the non-streamed answer's text.
func completion(name string, body io.Reader) (string, error) {
	var w struct {
		Choices []struct {
			Message struct {
				Content *string `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	}
	if err := json.NewDecoder(io.LimitReader(body, 32<<20)).Decode(&w); err != nil {
		return "", fmt.Errorf("provider %s: reply is not a chat completion: %w", name, err)
	}
	if len(w.Choices) == 0 || w.Choices[0].Message.Content == nil {
		return "", fmt.Errorf("provider %s: reply has no choices[0].message.content", name)
	}
	return *w.Choices[0].Message.Content, nil
}

// readSSE parses a server-sent event stream of chat-completion chunks and
// calls fn with each text delta as it arrives. It stops at "data: [DONE]"
// or the end of the body.
func readSSE(name string, body io.Reader, fn func(delta string) error) error {
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	var data []string
	dispatch := func() (bool, error) {
		if len(data) == 0 {
			return false, nil
		}
		payload := strings.Join(data, "\n")
		data = data[:0]
		if strings.TrimSpace(payload) == "[DONE]" {
			return true, nil
		}
		var chunk struct {
			Choices []struct {
				Delta struct {
					Content string `json:"content"`
				} `json:"delta"`
			} `json:"choices"`
			Error *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(payload), &chunk); err != nil {
			return false, fmt.Errorf("provider %s: stream event is not a chat-completion chunk: %w", name, err)
		}
		if chunk.Error != nil {
			return false, fmt.Errorf("provider %s: stream error: %s", name, chunk.Error.Message)
		}
		for _, c := range chunk.Choices {
			if c.Delta.Content != "" {
				if err := fn(c.Delta.Content); err != nil {
					return false, err
				}
			}
		}
		return false, nil
	}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			done, err := dispatch()
			if err != nil || done {
				return err
			}
		case strings.HasPrefix(line, ":"): // comment / keep-alive
		case strings.HasPrefix(line, "data:"):
			data = append(data, strings.TrimPrefix(strings.TrimPrefix(line, "data:"), " "))
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("provider %s: stream broke: %w", name, err)
	}
	_, err := dispatch()
	return err
}
