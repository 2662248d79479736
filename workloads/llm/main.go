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
	},
		protocol.Env{Name: "PROVIDERA_API_KEY, PROVIDERB_API_KEY, PROVIDERC_API_KEY", Help: "each provider's API key (a provider is usable when its key and base URL are set)"},
		protocol.Env{Name: "PROVIDERA_BASE_URL, PROVIDERB_BASE_URL, PROVIDERC_BASE_URL", Help: "each provider's OpenAI-compatible API root, e.g. https://host/v1 (no default; `infernode dev --llm-stub` prints a local stub's)"},
		protocol.Env{Name: "RETRY_PARAMS", Help: `provider retries, JSON (default {"tries": 3, "delay": 3, "max_delay": null, "backoff": 2, "jitter": [0.5, 1.5]})`},
		protocol.Env{Name: "LLM_ALLOWED_MODELS", Help: "models a request may name, comma-separated (default: any)"},
		protocol.Env{Name: "LLM_MAX_TOKENS", Help: "the most tokens one completion may ask for (default 4096)"},
	)
}
