// Package modelsvc is the container-protocol service shared by the
// model-serving workloads (onnx, tensor): a model registry with a
// pre-loaded default, GET /service-resources, and POST /service_output's
// decode → infer → reply path. Each workload supplies its engine and its
// data codecs through a Spec; what differs between the workloads is there,
// what is the same is here.
package modelsvc

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/infernode/infernode/internal/version"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/protocol"
)

// preloadTimeout bounds the default model's fetch and load at start-up (a
// hosted model may be large).
const preloadTimeout = 10 * time.Minute

// Spec is what one model-serving workload brings: M is its loaded model, In
// a decoded request's data, Out an inference's result. Every field is
// required except Describe.
type Spec[M, In, Out any] struct {
	// ID is the service id, the capability id and the prefix of start-up
	// errors, e.g. "onnx".
	ID string
	// EnvPrefix names the workload's variables: <EnvPrefix>_DEFAULT_MODEL_ID
	// and <EnvPrefix>_CACHE_DIR, e.g. "ONNX".
	EnvPrefix string
	// Type, MLType and Engine describe the capability in /service-resources.
	Type, MLType, Engine string
	// EngineVersion is the engine's version there; empty means infernode's
	// own version (an engine built into the workload).
	EngineVersion string
	// InputField is the request field blamed for InputError errors, e.g.
	// "data.inputs".
	InputField string

	// Load turns a model file into a model.
	Load func(raw []byte) (M, error)
	// Unsupported reports a load error that is the named model's fault (an
	// operator the engine lacks): the caller's mistake, 400.
	Unsupported func(error) bool
	// Run infers in with m.
	Run func(ctx context.Context, m M, in In) (Out, error)
	// InputError reports a Run error that is the input's fault, 400.
	InputError func(error) bool
	// Describe adds attributes to the "default model loaded" log line; nil
	// adds none.
	Describe func(M) []any

	// ModelID is the model id the data names; "" selects the default.
	ModelID func(In) string
	// DecodeJSON decodes off-chain data (sources 1, 2); its errors name the
	// field.
	DecodeJSON func(json.RawMessage) (In, error)
	// DecodeABI decodes on-chain input (source 0); its errors are reported
	// against "data".
	DecodeABI func([]byte) (In, error)
	// EncodeABI is the on-chain raw_output (destination 0).
	EncodeABI func(Out) ([]byte, error)
	// OffChain is the off-chain reply body, encoded as JSON.
	OffChain func(Out) any
	// OIP, when set, serves the Open Inference Protocol v2 beside the
	// container protocol.
	OIP *OIP[M, In, Out]
	// Batch, when set, lets Config.Batching stack concurrent requests
	// into one Run (dynamic batching).
	Batch *Batch[M, In, Out]
}

// DefaultEnv is the default model's variable, e.g. ONNX_DEFAULT_MODEL_ID.
func (s *Spec[M, In, Out]) DefaultEnv() string { return s.EnvPrefix + "_DEFAULT_MODEL_ID" }

// Config configures a Service.
type Config struct {
	// DefaultModelID is loaded by New and used when a request names no
	// model; empty means requests must name one.
	DefaultModelID string
	// Store is where models come from.
	Store modelstore.Config
	// Logger receives errors; nil discards them.
	Logger *slog.Logger
	// System is where /service-resources reads machine facts.
	System protocol.System
	// Batching bounds dynamic batching where the Spec has Batch; the zero
	// value is off.
	Batching Batching
}

// ConfigFromEnv reads <prefix>_DEFAULT_MODEL_ID, <prefix>_CACHE_DIR (default
// $TMPDIR/infernode/<id>), HUB_BASE_URL, HUB_TOKEN and ARWEAVE_GATEWAY_URL.
func ConfigFromEnv(prefix, id string, getenv func(string) string) Config {
	dir := getenv(prefix + "_CACHE_DIR")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "infernode", id)
	}
	return Config{DefaultModelID: getenv(prefix + "_DEFAULT_MODEL_ID"), Store: modelstore.ConfigFromEnv(dir, getenv)}
}

// Service is a model-serving workload's HTTP handler. It is safe for
// concurrent use.
type Service[M, In, Out any] struct {
	spec     Spec[M, In, Out]
	log      *slog.Logger
	models   *modelstore.Registry[M]
	defaultM *protocol.ModelID
	mux      *http.ServeMux
	// batches gathers requests into batches; nil: no batching.
	batches *batcher[In, Out]
}

// New opens the model store and pre-loads the default model, failing if it
// cannot be loaded (a misconfigured container should not start).
func New[M, In, Out any](ctx context.Context, spec Spec[M, In, Out], cfg Config) (*Service[M, In, Out], error) {
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	store, err := modelstore.New(cfg.Store)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", spec.ID, err)
	}
	s := &Service[M, In, Out]{spec: spec, log: log, models: modelstore.NewRegistry(store, spec.Load)}
	if spec.Batch != nil && cfg.Batching.Max > 1 {
		s.batches = newBatcher[In, Out](cfg.Batching)
	}
	if cfg.DefaultModelID != "" {
		id, err := protocol.ParseModelID(cfg.DefaultModelID)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", spec.ID, spec.DefaultEnv(), err)
		}
		lctx, cancel := context.WithTimeout(ctx, preloadTimeout)
		defer cancel()
		m, err := s.models.Preload(lctx, id)
		if err != nil {
			return nil, fmt.Errorf("%s: pre-load %s: %w", spec.ID, spec.DefaultEnv(), err)
		}
		s.defaultM = &id
		attrs := []any{"model_id", id.String()}
		if spec.Describe != nil {
			attrs = append(attrs, spec.Describe(m)...)
		}
		log.Info("default model loaded", attrs...)
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("POST "+protocol.PathOutput, s.output)
	s.mux.Handle(protocol.PathResources, protocol.ResourcesHandler(spec.ID, s.capabilities, cfg.System, s.models.Support, log))
	if spec.OIP != nil {
		s.routeOIP()
	}
	return s, nil
}

// ServeHTTP answers POST /service_output, GET /service-resources and, where
// the Spec has OIP, the Open Inference Protocol's /v2 paths.
func (s *Service[M, In, Out]) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mux.ServeHTTP(w, r)
}

func (s *Service[M, In, Out]) capabilities() []protocol.ComputeCapability {
	return []protocol.ComputeCapability{{
		ID: s.spec.ID, Type: s.spec.Type, Task: []string{"inference"},
		Models: s.models.MLModels(s.spec.MLType), CachedModels: s.models.Store().List(s.spec.MLType),
		InferenceEngine: s.spec.Engine, InferenceEngineVersion: cmp.Or(s.spec.EngineVersion, version.Version),
	}}
}

// Infer runs the model that in names (or the default model) on in.
func (s *Service[M, In, Out]) Infer(ctx context.Context, in In) (Out, error) {
	return s.infer(ctx, in, "data.model_id", s.spec.InputField)
}

// infer is Infer blaming modelField and inputField for the request's
// mistakes: the container protocol's fields, or OIP's (parameters.model_id,
// inputs), which both front doors (REST /v2 and gRPC) name as the client
// wrote them.
func (s *Service[M, In, Out]) infer(ctx context.Context, in In, modelField, inputField string) (Out, error) {
	var zero Out
	m, id, err := s.model(ctx, s.spec.ModelID(in), modelField, true)
	if err != nil {
		return zero, err
	}
	out, err := s.run(ctx, m, id.String(), in)
	if err != nil {
		if s.spec.InputError(err) {
			return zero, protocol.Invalid(inputField, "%v", err)
		}
		return zero, fmt.Errorf("run %s: %w", id, err)
	}
	return out, nil
}

func (s *Service[M, In, Out]) output(w http.ResponseWriter, r *http.Request) {
	req, err := protocol.DecodeRequest(r.Body)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	if req.Destination == protocol.Stream {
		protocol.WriteError(w, s.log, protocol.Invalid("destination", "%s does not stream; use 0 (on-chain) or 1 (off-chain)", s.spec.ID))
		return
	}
	in, raw, err := protocol.DecodeInput(req, s.decodeABI, s.spec.DecodeJSON)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	out, err := s.Infer(r.Context(), in)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	if req.Destination == protocol.OnChain {
		enc, err := s.spec.EncodeABI(out)
		if err != nil {
			protocol.WriteError(w, s.log, err)
			return
		}
		protocol.WriteJSON(w, http.StatusOK, protocol.OnChainOutput{RawInput: protocol.Hex(raw), RawOutput: protocol.Hex(enc)})
		return
	}
	body, err := json.Marshal(s.spec.OffChain(out))
	if err != nil {
		protocol.WriteError(w, s.log, fmt.Errorf("encode result: %w", err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = w.Write(body)
}

// decodeABI reports on-chain input errors against "data".
func (s *Service[M, In, Out]) decodeABI(b []byte) (In, error) {
	in, err := s.spec.DecodeABI(b)
	if err != nil {
		return in, protocol.Invalid("data", "%v", err)
	}
	return in, nil
}
