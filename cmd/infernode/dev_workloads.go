package main

import (
	"context"
	_ "embed"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/payments"
	llmservice "github.com/infernode/infernode/workloads/llm/service"
	"github.com/infernode/infernode/workloads/llm/stub"
	tensorservice "github.com/infernode/infernode/workloads/tensor/service"
)

// devIris is the bundled iris classifier `infernode dev` serves as
// container "iris": workloads/tensor/testdata/iris.torch (a full-model
// save of a 4 → 50 → 50 → 3 MLP that takes standardized features), run by
// the tensor workload's own pickle reader in process: no libtorch, ONNX
// Runtime or Docker. TestDevIrisIsTheFixture keeps the copy in step.
//
//go:embed devmodels/iris.torch
var devIris []byte

// Container ids and the model id of what `infernode dev` serves besides
// echo.
const (
	devIrisID      = "iris"
	devLLMID       = "llm"
	devIrisModelID = "local/infernode/iris:iris.torch"
)

// serveLoopback serves h on a free loopback port until the stack stops and
// returns its URL.
func (s *devStack) serveLoopback(name string, h http.Handler) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("start %s: listen: %w", name, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	s.cleanup = append(s.cleanup, func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	})
	return "http://" + ln.Addr().String(), nil
}

// startIris runs the tensor workload on the bundled iris model, its model
// cache in a temporary directory, downloads off.
func (s *devStack) startIris(ctx context.Context, log *slog.Logger) error {
	cache, err := os.MkdirTemp("", "infernode-dev-models-*")
	if err != nil {
		return fmt.Errorf("start iris: %w", err)
	}
	s.cleanup = append(s.cleanup, func() { _ = os.RemoveAll(cache) })
	file := filepath.Join(cache, "local", "infernode", "iris", "default", "iris.torch")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return fmt.Errorf("start iris: %w", err)
	}
	if err := os.WriteFile(file, devIris, 0o644); err != nil {
		return fmt.Errorf("start iris: %w", err)
	}
	env := map[string]string{"TENSORFW_CACHE_DIR": cache, "TENSORFW_DEFAULT_MODEL_ID": devIrisModelID, "MODEL_DOWNLOADS": "off"}
	cfg, err := tensorservice.ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil {
		return fmt.Errorf("start iris: %w", err)
	}
	cfg.PickleOnly, cfg.Logger = true, log.With("workload", "tensor")
	svc, err := tensorservice.New(ctx, cfg)
	if err != nil {
		return fmt.Errorf("start iris: %w", err)
	}
	url, err := s.serveLoopback("iris", svc)
	if err != nil {
		return err
	}
	s.extra = append(s.extra, config.Container{ID: devIrisID, URL: url, External: true, Cache: true,
		Description:      "bundled iris classifier (tensor workload, pickle reader, in process); takes standardized features",
		AcceptedPayments: map[string]string{payments.Native.Hex(): "0"}})
	return nil
}

// startLLMStub runs the STUB provider (package stub: it echoes the prompt,
// it is not a model) and the bundled llm workload in front of it as
// container "llm", so the OpenAI front door can be tried without a key.
func (s *devStack) startLLMStub(log *slog.Logger) error {
	stubURL, err := s.serveLoopback("the llm stub", stub.Handler())
	if err != nil {
		return err
	}
	env := map[string]string{"PROVIDERA_API_KEY": "stub", "PROVIDERA_BASE_URL": stubURL + "/v1", "LLM_ALLOWED_MODELS": stub.Model,
		"RETRY_PARAMS": `{"tries": 1}`}
	cfg, err := llmservice.ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil {
		return fmt.Errorf("start the llm workload: %w", err)
	}
	cfg.Logger = log.With("workload", "llm")
	svc, err := llmservice.New(cfg)
	if err != nil {
		return fmt.Errorf("start the llm workload: %w", err)
	}
	url, err := s.serveLoopback("the llm workload", svc)
	if err != nil {
		return err
	}
	s.stubURL = stubURL + "/v1"
	s.extra = append(s.extra, config.Container{ID: devLLMID, URL: url, External: true,
		Description: "bundled llm workload in front of a STUB provider (" + stub.Model + ": echoes the prompt; not a model)"})
	return nil
}
