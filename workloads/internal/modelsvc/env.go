package modelsvc

import "github.com/infernode/infernode/workloads/protocol"

// Env is the environment a model workload with this prefix (ONNX,
// TENSORFW) reads through ConfigFromEnv and BatchingFromEnv, for its -h
// (docs/workloads.md has the details).
func Env(prefix string) []protocol.Env {
	return []protocol.Env{
		{Name: prefix + "_DEFAULT_MODEL_ID", Help: "model loaded at start and used when a request names none, e.g. local/acme/iris:iris.onnx"},
		{Name: prefix + "_CACHE_DIR", Help: "model cache directory (default $TMPDIR/infernode/" + map[string]string{"ONNX": "onnx", "TENSORFW": "tensor"}[prefix] + ")"},
		{Name: prefix + "_BATCH_MAX", Help: "dynamic batching: requests stacked into one run, 1-256 (default 1: off)"},
		{Name: prefix + "_BATCH_DELAY", Help: "dynamic batching: how long a batch's first request waits for others, 0-1s (default 2ms)"},
		{Name: "MODEL_DOWNLOADS", Help: "on (default): a request may name a hosted model that is not cached; off: only cached and preloaded models"},
		{Name: "MODEL_ALLOWED_REPOS", Help: "hosted repositories clients may name, comma-separated, * for any (default: the default model's)"},
		{Name: "MODEL_CACHE_MAX_BYTES", Help: "bytes all downloaded files may take together (default 10 GiB)"},
		{Name: "MODEL_MAX_LOADED", Help: "models kept loaded at once (default 8)"},
		{Name: "HUB_BASE_URL", Help: "model hub root (default https://huggingface.co)"},
		{Name: "HUB_TOKEN", Help: "model hub token, for private repositories"},
		{Name: "ARWEAVE_GATEWAY_URL", Help: "Arweave gateway (default https://arweave.net)"},
	}
}
