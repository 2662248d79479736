// Command llm is the remote-provider inference workload (docs/workloads.md) as a
// standalone container protocol server.
//
// Environment: PROVIDER{A,B,C}_API_KEY, PROVIDER{A,B,C}_BASE_URL (the
// OpenAI-compatible API root, e.g. https://host/v1), RETRY_PARAMS,
// LLM_ALLOWED_MODELS and LLM_MAX_TOKENS (what a request may make the
// operator's key pay for; see docs/workloads.md).
package main

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/infernode/infernode/workloads/llm/service"
	"github.com/infernode/infernode/workloads/protocol"
)

func main() {
	protocol.Main("llm", func(_ context.Context, getenv func(string) string, log *slog.Logger) (http.Handler, error) {
		cfg, err := service.ConfigFromEnv(getenv)
		if err != nil {
			return nil, err
		}
		cfg.Logger = log
		return service.New(cfg)
	})
}
