// Package service is the proof workload (docs/proof.md): POST /service_output
// proves, with Groth16 on BN254, that a model set up by `proof setup` maps
// the request's input to its logits; GET /service-resources describes it.
// Artifact sets are loaded once per repository and kept; proofs run in
// parallel up to a bound (the CPU count by default).
package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sync/semaphore"

	"github.com/infernode/infernode/internal/version"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/protocol"
)

// ID is the service id and capability id.
const ID = "proof"

// errNoArtifacts: the repository has no manifest.
var errNoArtifacts = errors.New("no proof artifacts")

// Config configures a Service.
type Config struct {
	// Store is where artifacts come from: its CacheDir is
	// ARTIFACT_DIRECTORY; hub downloads use HUB_TOKEN.
	Store modelstore.Config
	// MaxParallel bounds concurrent proofs (default: the CPU count).
	MaxParallel int
	// MemoryBudget bounds the memory concurrent proofs may use together
	// (bytes, 0: no bound beyond MaxParallel): each proof counts
	// ProofMemory of its circuit, the proving keys (shared) not included.
	MemoryBudget int64
	// Logger receives errors; nil discards them.
	Logger *slog.Logger
	// System is where /service-resources reads machine facts.
	System protocol.System
}

// ConfigFromEnv reads ARTIFACT_DIRECTORY (default $TMPDIR/infernode/proof),
// HUB_TOKEN, HUB_BASE_URL, ARWEAVE_GATEWAY_URL and PROOF_MEMORY_MB
// (MemoryBudget in MiB).
func ConfigFromEnv(getenv func(string) string) Config {
	dir := getenv("ARTIFACT_DIRECTORY")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "infernode", ID)
	}
	cfg := Config{Store: modelstore.ConfigFromEnv(dir, getenv), System: protocol.System{DiskPath: dir}}
	if mb, err := strconv.ParseInt(getenv("PROOF_MEMORY_MB"), 10, 64); err == nil && mb > 0 {
		cfg.MemoryBudget = mb << 20
	}
	return cfg
}

// Service is the proof workload's handler. It is safe for concurrent use.
type Service struct {
	log   *slog.Logger
	store *modelstore.Store
	sem   chan struct{}
	mem   *semaphore.Weighted // nil: no memory budget
	// budget is MemoryBudget (a proof larger than it runs alone).
	budget int64
	mux    *http.ServeMux

	sets *modelstore.Registry[*artifact.Set] // by the manifest's model id
}

// New opens the artifact store.
func New(cfg Config) (*Service, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	store, err := modelstore.New(cfg.Store)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	if cfg.MaxParallel <= 0 {
		cfg.MaxParallel = runtime.NumCPU()
	}
	s := &Service{log: log, store: store, sem: make(chan struct{}, cfg.MaxParallel), budget: cfg.MemoryBudget}
	if cfg.MemoryBudget > 0 {
		s.mem = semaphore.NewWeighted(cfg.MemoryBudget)
	}
	s.sets = modelstore.NewRegistryOf(store, s.open)
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("POST "+protocol.PathOutput, s.output)
	s.mux.Handle(protocol.PathResources, protocol.ResourcesHandler(ID, s.capabilities, cfg.System, s.support, log))
	return s, nil
}

// ServeHTTP answers POST /service_output and GET /service-resources.
func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// repoID parses a repo_id {storage}/{owner}/{name}[/{version}] into the
// model id of its manifest.
func repoID(raw string) (protocol.ModelID, error) {
	if strings.Contains(raw, ":") {
		return protocol.ModelID{}, fmt.Errorf("repo_id %q names a repository, not a file: drop the \":...\"", raw)
	}
	id, err := protocol.ParseModelID(raw + ":" + artifact.ManifestFile)
	if err != nil {
		return protocol.ModelID{}, errors.New(strings.ReplaceAll(err.Error(), ":"+artifact.ManifestFile, ""))
	}
	return id, nil
}

// Artifacts returns the opened artifact set of repo, loading it on first
// use (concurrent first uses load once); at most MODEL_MAX_LOADED sets stay
// loaded. A failed load is not kept, so fixing the files needs no restart.
func (s *Service) Artifacts(ctx context.Context, repo string) (*artifact.Set, error) {
	id, err := repoID(repo)
	if err != nil {
		return nil, err
	}
	return s.sets.Get(ctx, id)
}

// open opens the artifact set whose manifest is id, its files fetched with
// fetch.
func (s *Service) open(ctx context.Context, id protocol.ModelID, fetch modelstore.Fetcher) (*artifact.Set, error) {
	key := id.Repository()
	read := func(ctx context.Context, name string) ([]byte, error) {
		fid := id
		fid.File = name
		p, err := fetch(ctx, fid)
		if err != nil {
			if name == artifact.ManifestFile && errors.Is(err, modelstore.ErrNotFound) {
				return nil, fmt.Errorf("%w for %s (%w); run `proof setup --out DIR` and put DIR's files there", errNoArtifacts, key, err)
			}
			return nil, err
		}
		if name == artifact.ManifestFile { // read no more of it than a manifest can be
			if fi, err := os.Stat(p); err == nil && fi.Size() > artifact.MaxManifestBytes {
				return nil, &artifact.CorruptError{File: name, Msg: fmt.Sprintf("%d bytes, more than a manifest's %d", fi.Size(), artifact.MaxManifestBytes)}
			}
		}
		return os.ReadFile(p)
	}
	set, err := artifact.Open(ctx, read)
	if err != nil {
		// A downloaded file that does not load is not kept.
		if ce := (*artifact.CorruptError)(nil); errors.As(err, &ce) {
			fid := id
			fid.File = ce.File
			s.sets.Store().Discard(fid)
		}
		return nil, err
	}
	s.log.Info("artifacts loaded", "repo_id", key, "model_id", set.Manifest.ModelID, "constraints", set.Manifest.Constraints)
	return set, nil
}

func (s *Service) capabilities() []protocol.ComputeCapability {
	ids := s.sets.Loaded()
	slices.SortFunc(ids, func(a, b protocol.ModelID) int { return strings.Compare(a.Repository(), b.Repository()) })
	loaded := []protocol.MLModel{}
	for _, id := range ids {
		loaded = append(loaded, mlModel(id, artifact.Files))
	}
	return []protocol.ComputeCapability{{
		ID: ID, Type: "ZK", Task: []string{"proof"}, Models: loaded, CachedModels: s.cached(),
		InferenceEngine: "gnark " + artifact.ProofSystem, InferenceEngineVersion: version.Version,
	}}
}

func mlModel(id protocol.ModelID, files []string) protocol.MLModel {
	return protocol.MLModel{Owner: id.Owner, Name: id.Name, Repository: id.Repository(), Storage: string(id.Storage),
		Files: slices.Clone(files), Version: id.Version, MLType: "gnark"}
}

// cached lists the artifact repositories present in the directory (those
// with a manifest).
func (s *Service) cached() []protocol.MLModel {
	out := []protocol.MLModel{}
	for _, m := range s.store.List("gnark") {
		if slices.Contains(m.Files, artifact.ManifestFile) {
			out = append(out, m)
		}
	}
	return out
}

// support answers ?model_id=: a repo_id whose artifacts load right now
// from the directory. It never downloads: anyone allowed to ask the node
// for /resources can ask this.
func (s *Service) support(ctx context.Context, raw string) protocol.ModelSupport {
	id, err := repoID(raw)
	if err == nil {
		_, err = s.sets.LoadCached(ctx, id)
	}
	if err != nil {
		return protocol.ModelSupport{Error: err.Error()}
	}
	return protocol.ModelSupport{Supported: true}
}

// ProofMemory estimates what one Groth16 proof of a circuit of n
// constraints holds besides the shared keys: gnark's prover works on
// vectors of the FFT domain (the next power of two) and the wires (the
// solution, the MSMs' scalar digits and buckets), with the collector's
// slack: about 32 field elements of 32 bytes a domain point, 1 GiB for
// ResNet-20 at 2^20 (measured: the process's RSS grew by about 1 GB
// during a proof).
func ProofMemory(constraints int) int64 {
	d := int64(1)
	for d < int64(constraints) {
		d <<= 1
	}
	return 32 * 32 * d
}
