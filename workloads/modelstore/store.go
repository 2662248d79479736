// Package modelstore fetches model files named by model ids into a local
// cache and keeps loaded models in memory. It serves the onnx and tensor
// workloads.
//
// Storages: "local" files are read from the cache directory as they are;
// "huggingface" files are downloaded from a model hub's resolve API
// ({base}/{owner}/{name}/resolve/{version or main}/{file}, with HUB_TOKEN as
// a bearer token); "arweave" files are downloaded through a gateway's path
// manifest API ({gateway}/{version}/{file}, the version being the manifest's
// transaction id). Downloads land at
// {cache}/{storage}/{owner}/{name}/{version or "default"}/{file}, written to a
// temporary file and renamed, so a crash never leaves half a model there.
//
// What a client can make a workload hold is bounded: a Registry keeps at
// most MaxLoaded models in memory (the least recently used one that the
// operator did not preload is dropped first), and whether a job may start a
// download at all is the operator's choice (Downloads, MODEL_DOWNLOADS).
// Downloaded files together stay under a cache size (MaxCacheBytes,
// MODEL_CACHE_MAX_BYTES): the least recently used ones are deleted to make
// room, and a downloaded file that fails to load is deleted.
package modelstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/infernode/infernode/workloads/protocol"
)

// Default endpoints of the hosted storages.
const (
	DefaultHubBaseURL     = "https://huggingface.co"
	DefaultArweaveGateway = "https://arweave.net"
)

// Sentinel errors callers branch on.
var (
	// ErrNotFound: the storage answered, and the model file is not there.
	ErrNotFound = errors.New("model file not found")
	// ErrUnavailableOffline: the hosted storage could not be reached.
	ErrUnavailableOffline = errors.New("unavailable offline")
)

// Config configures a Store. Zero values take the documented defaults.
type Config struct {
	// CacheDir holds local models and downloads (required).
	CacheDir string
	// HubBaseURL is the model hub (default DefaultHubBaseURL).
	HubBaseURL string
	// HubToken, when set, is sent as "Authorization: Bearer" to the hub.
	HubToken string
	// ArweaveGateway is the permanent-storage gateway (default
	// DefaultArweaveGateway).
	ArweaveGateway string
	// Client makes the downloads (default: a client with a 10 s connect
	// and header timeout and no total timeout, since models are large).
	Client *http.Client
	// MaxBytes bounds one download (default 4 GiB).
	MaxBytes int64
	// Downloads says whether a job that names a hosted model missing from
	// the cache downloads it: DownloadsOn (the default, as the reference
	// node does) or DownloadsOff (only what the operator put in the cache
	// or preloads is served; a public node's choice).
	Downloads string
	// MaxLoaded bounds the models a Registry keeps in memory (default
	// DefaultMaxLoaded).
	MaxLoaded int
	// MaxCacheBytes bounds the downloaded files in the cache together
	// (default DefaultMaxCacheBytes); the operator's local files do not
	// count. A download that does not fit deletes the least recently used
	// downloads first.
	MaxCacheBytes int64

	// AllowedRepos are the hosted repositories ("{storage}/{owner}/{name}")
	// a client may name (MODEL_ALLOWED_REPOS, comma-separated; "*": any).
	// Nil: only the repositories of the models the operator preloads
	// (the workload's default), added by Download. Local models are the
	// operator's files and always allowed.
	AllowedRepos []string

	maxLoadedEnv string // MODEL_MAX_LOADED as read, checked by New
	maxCacheEnv  string // MODEL_CACHE_MAX_BYTES as read, checked by New
}

// Download policies (Config.Downloads, MODEL_DOWNLOADS).
const (
	DownloadsOn  = "on"
	DownloadsOff = "off"
)

// DefaultMaxLoaded is how many models a Registry keeps loaded by default.
const DefaultMaxLoaded = 8

// DefaultMaxCacheBytes is the default bound of the downloaded files (10 GiB).
const DefaultMaxCacheBytes = 10 << 30

// ConfigFromEnv reads HUB_BASE_URL, HUB_TOKEN, ARWEAVE_GATEWAY_URL,
// MODEL_DOWNLOADS, MODEL_MAX_LOADED and MODEL_CACHE_MAX_BYTES, with
// cacheDir as the cache. New checks the values.
func ConfigFromEnv(cacheDir string, getenv func(string) string) Config {
	return Config{
		CacheDir:       cacheDir,
		HubBaseURL:     getenv("HUB_BASE_URL"),
		HubToken:       getenv("HUB_TOKEN"),
		ArweaveGateway: getenv("ARWEAVE_GATEWAY_URL"),
		Downloads:      getenv("MODEL_DOWNLOADS"),
		AllowedRepos:   splitList(getenv("MODEL_ALLOWED_REPOS")),
		maxLoadedEnv:   getenv("MODEL_MAX_LOADED"),
		maxCacheEnv:    getenv("MODEL_CACHE_MAX_BYTES"),
	}
}

// Store resolves model ids to files in the cache. It is safe for
// concurrent use.
type Store struct {
	cfg Config
	mu  sync.Mutex // serialises downloads so one file is fetched once

	allowMu  sync.Mutex
	allowed  map[string]bool // hosted repositories clients may name
	allowAny bool
}

// splitList splits a comma-separated list, dropping blanks.
func splitList(v string) []string {
	var out []string
	for _, x := range strings.Split(v, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// ErrNotAllowed: a client named a hosted repository the operator did not
// allow (MODEL_ALLOWED_REPOS).
var ErrNotAllowed = errors.New("not an allowed repository")

// repoOf is id's repository, as MODEL_ALLOWED_REPOS names it.
func repoOf(id protocol.ModelID) string {
	return string(id.Storage) + "/" + id.Owner + "/" + id.Name
}

// Allowed says whether a client may name id: a local model, or a hosted
// one of an allowed repository. Nothing is fetched.
func (s *Store) Allowed(id protocol.ModelID) error {
	if id.Storage == protocol.StorageLocal {
		return nil
	}
	s.allowMu.Lock()
	ok := s.allowAny || s.allowed[repoOf(id)]
	s.allowMu.Unlock()
	if ok {
		return nil
	}
	return fmt.Errorf("model %s: %s is %w: this workload serves hosted models only from the repositories its operator lists in MODEL_ALLOWED_REPOS (by default the default model's)", id, repoOf(id), ErrNotAllowed)
}

// allowRepo lets clients name id's repository: the operator preloads it.
func (s *Store) allowRepo(id protocol.ModelID) {
	if id.Storage == protocol.StorageLocal || s.cfg.AllowedRepos != nil {
		return
	}
	s.allowMu.Lock()
	s.allowed[repoOf(id)] = true
	s.allowMu.Unlock()
}

// New checks cfg and creates the cache directory.
func New(cfg Config) (*Store, error) {
	if cfg.CacheDir == "" {
		return nil, errors.New("model store: no cache directory; set the workload's *_CACHE_DIR")
	}
	if err := os.MkdirAll(cfg.CacheDir, 0o755); err != nil {
		return nil, fmt.Errorf("model store: create cache directory: %w", err)
	}
	if cfg.HubBaseURL == "" {
		cfg.HubBaseURL = DefaultHubBaseURL
	}
	if cfg.ArweaveGateway == "" {
		cfg.ArweaveGateway = DefaultArweaveGateway
	}
	for name, u := range map[string]string{"HUB_BASE_URL": cfg.HubBaseURL, "ARWEAVE_GATEWAY_URL": cfg.ArweaveGateway} {
		p, err := url.Parse(u)
		if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			return nil, fmt.Errorf("model store: %s %q is not an http(s) URL", name, u)
		}
	}
	cfg.HubBaseURL = strings.TrimRight(cfg.HubBaseURL, "/")
	cfg.ArweaveGateway = strings.TrimRight(cfg.ArweaveGateway, "/")
	if cfg.Client == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.ResponseHeaderTimeout = 10 * time.Second
		cfg.Client = &http.Client{Transport: tr}
	}
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = 4 << 30
	}
	switch cfg.Downloads {
	case "":
		cfg.Downloads = DownloadsOn
	case DownloadsOn, DownloadsOff:
	default:
		return nil, fmt.Errorf("model store: MODEL_DOWNLOADS %q: write %q (a job may download a hosted model) or %q (only cached and preloaded models)",
			cfg.Downloads, DownloadsOn, DownloadsOff)
	}
	if cfg.maxLoadedEnv != "" {
		n, err := strconv.Atoi(cfg.maxLoadedEnv)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("model store: MODEL_MAX_LOADED %q: write a whole number of models, at least 1 (default %d)", cfg.maxLoadedEnv, DefaultMaxLoaded)
		}
		cfg.MaxLoaded = n
	}
	if cfg.MaxLoaded <= 0 {
		cfg.MaxLoaded = DefaultMaxLoaded
	}
	if cfg.maxCacheEnv != "" {
		n, err := strconv.ParseInt(cfg.maxCacheEnv, 10, 64)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("model store: MODEL_CACHE_MAX_BYTES %q: write a size in bytes, at least 1 (default %d, 10 GiB)", cfg.maxCacheEnv, int64(DefaultMaxCacheBytes))
		}
		cfg.MaxCacheBytes = n
	}
	if cfg.MaxCacheBytes <= 0 {
		cfg.MaxCacheBytes = DefaultMaxCacheBytes
	}
	st := &Store{cfg: cfg, allowed: map[string]bool{}}
	for _, r := range cfg.AllowedRepos {
		if r == "*" {
			st.allowAny = true
			continue
		}
		if parts := strings.Split(r, "/"); len(parts) != 3 || !slices.Contains([]protocol.Storage{protocol.StorageHub, protocol.StorageArweave}, protocol.Storage(parts[0])) || parts[1] == "" || parts[2] == "" {
			return nil, fmt.Errorf("model store: MODEL_ALLOWED_REPOS entry %q: write {storage}/{owner}/{name} of a hosted storage (huggingface, arweave), e.g. huggingface/acme/iris, comma-separated, or * for any", r)
		}
		st.allowed[r] = true
	}
	return st, nil
}

// MaxLoaded is how many models a Registry on this store keeps loaded.
func (s *Store) MaxLoaded() int { return s.cfg.MaxLoaded }

// CacheDir is the store's cache directory.
func (s *Store) CacheDir() string { return s.cfg.CacheDir }

// Cached reports the cached file of id, if present. A downloaded file
// found is marked used now (its modification time), for the cache's
// least-recently-used order.
func (s *Store) Cached(id protocol.ModelID) (string, bool) {
	p := id.CachePath(s.cfg.CacheDir)
	st, err := os.Stat(p)
	ok := err == nil && st.Mode().IsRegular()
	if ok && id.Storage != protocol.StorageLocal {
		now := time.Now()
		_ = os.Chtimes(p, now, now) // best effort: the order only
	}
	return p, ok
}

// Discard deletes id's cached file when it was downloaded (a hosted
// storage), so that a file that failed to load is fetched afresh rather
// than kept; the operator's local files are never deleted.
func (s *Store) Discard(id protocol.ModelID) {
	if id.Storage != protocol.StorageLocal {
		_ = os.Remove(id.CachePath(s.cfg.CacheDir))
	}
}

// makeRoom deletes the least recently used downloaded files until need
// more bytes fit under MaxCacheBytes; the caller holds mu.
func (s *Store) makeRoom(need int64) error {
	if need > s.cfg.MaxCacheBytes {
		return fmt.Errorf("%d bytes do not fit in the model cache (MODEL_CACHE_MAX_BYTES %d)", need, s.cfg.MaxCacheBytes)
	}
	type file struct {
		path string
		size int64
		used time.Time
	}
	var files []file
	var total int64
	for _, st := range []protocol.Storage{protocol.StorageHub, protocol.StorageArweave} {
		_ = filepath.WalkDir(filepath.Join(s.cfg.CacheDir, string(st)), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".download-") {
				return nil
			}
			if info, err := d.Info(); err == nil {
				files = append(files, file{p, info.Size(), info.ModTime()})
				total += info.Size()
			}
			return nil
		})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].used.Before(files[j].used) })
	for _, f := range files {
		if total+need <= s.cfg.MaxCacheBytes {
			break
		}
		if err := os.Remove(f.path); err == nil {
			total -= f.size
		}
	}
	if total+need > s.cfg.MaxCacheBytes {
		return fmt.Errorf("the model cache is full (MODEL_CACHE_MAX_BYTES %d)", s.cfg.MaxCacheBytes)
	}
	return nil
}

// ErrNotCached is Peek's answer for a hosted model that is not in the cache.
var ErrNotCached = errors.New("not in the cache")

// Peek is Fetch without downloading: the path of id's file if it is in the
// cache, else ErrNotFound for a local model and ErrNotCached for a hosted
// one.
func (s *Store) Peek(id protocol.ModelID) (string, error) {
	if p, ok := s.Cached(id); ok {
		return p, nil
	}
	if id.Storage == protocol.StorageLocal {
		return "", fmt.Errorf("model %s: %w at %s in the cache directory; put the file there", id, ErrNotFound, id.CachePath("."))
	}
	if s.cfg.Downloads == DownloadsOff {
		return "", fmt.Errorf("model %s: %w, and this workload does not download models (MODEL_DOWNLOADS=off); the operator puts the file at %s in the cache directory or preloads it (the workload's *_DEFAULT_MODEL_ID)",
			id, ErrNotCached, id.CachePath("."))
	}
	return "", fmt.Errorf("model %s: %w; a job that names it downloads it, or the operator preloads it (the workload's *_DEFAULT_MODEL_ID)", id, ErrNotCached)
}

// Fetch returns the path of id's file, downloading it first for a hosted
// storage that is not cached, when the download policy allows. A local
// model that is absent is ErrNotFound; a hosted one that may not be
// downloaded is ErrNotCached; a hosted storage that cannot be reached is
// ErrUnavailableOffline.
func (s *Store) Fetch(ctx context.Context, id protocol.ModelID) (string, error) {
	if err := s.Allowed(id); err != nil {
		return "", err
	}
	if s.cfg.Downloads == DownloadsOff {
		return s.Peek(id)
	}
	return s.Download(ctx, id)
}

// Download is Fetch whatever the download policy and allow list: for what
// the operator asks for (the default model's preload), whose repository
// clients may then name unless MODEL_ALLOWED_REPOS says otherwise.
func (s *Store) Download(ctx context.Context, id protocol.ModelID) (string, error) {
	s.allowRepo(id)
	if p, err := s.Peek(id); !errors.Is(err, ErrNotCached) {
		return p, err
	}
	u, err := s.URL(id)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.Cached(id); ok { // fetched while we waited
		return p, nil
	}
	return s.download(ctx, id, u)
}

// URL is where a hosted model file is downloaded from.
func (s *Store) URL(id protocol.ModelID) (string, error) {
	esc := func(p string) string {
		parts := strings.Split(p, "/")
		for i, x := range parts {
			parts[i] = url.PathEscape(x)
		}
		return strings.Join(parts, "/")
	}
	switch id.Storage {
	case protocol.StorageHub:
		rev := id.Version
		if rev == "" {
			rev = "main"
		}
		return fmt.Sprintf("%s/%s/%s/resolve/%s/%s", s.cfg.HubBaseURL, esc(id.Owner), esc(id.Name), esc(rev), esc(id.File)), nil
	case protocol.StorageArweave:
		if id.Version == "" {
			return "", fmt.Errorf("model %s: an arweave model id needs a version: the transaction id of the model's path manifest, e.g. arweave/%s/%s/<tx id>:%s",
				id, id.Owner, id.Name, id.File)
		}
		return fmt.Sprintf("%s/%s/%s", s.cfg.ArweaveGateway, esc(id.Version), esc(id.File)), nil
	}
	return "", fmt.Errorf("model %s: storage %s is not downloaded", id, id.Storage)
}

func (s *Store) download(ctx context.Context, id protocol.ModelID, u string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", fmt.Errorf("model %s: %w", id, err)
	}
	if id.Storage == protocol.StorageHub && s.cfg.HubToken != "" {
		req.Header.Set("Authorization", "Bearer "+s.cfg.HubToken)
	}
	resp, err := s.cfg.Client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("model %s: download from %s: %w", id, id.Storage, ctx.Err())
		}
		return "", fmt.Errorf("model %s: %s is %w (%s: %v)", id, id.Storage, ErrUnavailableOffline, hostOf(u), err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return "", fmt.Errorf("model %s: %w in %s (%s answered 404)", id, ErrNotFound, id.Storage, hostOf(u))
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		hint := ""
		if id.Storage == protocol.StorageHub {
			hint = "; set HUB_TOKEN to a token that can read the repository"
		}
		return "", fmt.Errorf("model %s: %s refused the download (%d)%s", id, id.Storage, resp.StatusCode, hint)
	case resp.StatusCode >= 500:
		return "", fmt.Errorf("model %s: %s is %w (%s answered %d)", id, id.Storage, ErrUnavailableOffline, hostOf(u), resp.StatusCode)
	case resp.StatusCode != http.StatusOK:
		return "", fmt.Errorf("model %s: download from %s answered %d", id, id.Storage, resp.StatusCode)
	}
	dst := id.CachePath(s.cfg.CacheDir)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return "", fmt.Errorf("model %s: create cache folder: %w", id, noPath(err))
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".download-*")
	if err != nil {
		return "", fmt.Errorf("model %s: create temporary file: %w", id, noPath(err))
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	limit := min(s.cfg.MaxBytes, s.cfg.MaxCacheBytes)
	if resp.ContentLength > limit {
		return "", fmt.Errorf("model %s: file is larger than %d bytes (the most one download or the model cache, MODEL_CACHE_MAX_BYTES, may hold)", id, limit)
	}
	n, err := io.Copy(tmp, io.LimitReader(resp.Body, limit+1))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("model %s: download interrupted: %w", id, noPath(err))
	}
	if n > limit {
		return "", fmt.Errorf("model %s: file is larger than %d bytes (the most one download or the model cache, MODEL_CACHE_MAX_BYTES, may hold)", id, limit)
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return "", fmt.Errorf("model %s: download interrupted after %d of %d bytes", id, n, resp.ContentLength)
	}
	if err := s.makeRoom(n); err != nil {
		return "", fmt.Errorf("model %s: %w", id, err)
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		return "", fmt.Errorf("model %s: move download into the cache: %w", id, noPath(err))
	}
	return dst, nil
}

// noPath drops the file system paths from an os error: errors of this
// package reach clients (a job's error, /service-resources), and the
// server's directories are none of theirs. The model id already says which
// file it was.
func noPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return fmt.Errorf("%s: %w", le.Op, le.Err)
	}
	return err
}

func hostOf(u string) string {
	if p, err := url.Parse(u); err == nil {
		return p.Host
	}
	return u
}

// List walks the cache and returns every cached model file as an MLModel
// (one per repository and version, files sorted).
func (s *Store) List(mlType string) []protocol.MLModel {
	var out []protocol.MLModel
	index := map[string]int{}
	root := s.cfg.CacheDir
	_ = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return nil
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		if len(parts) < 5 {
			return nil
		}
		version := parts[3]
		if version == "default" {
			version = ""
		}
		id := protocol.ModelID{Storage: protocol.Storage(parts[0]), Owner: parts[1], Name: parts[2], Version: version, File: strings.Join(parts[4:], "/")}
		if _, err := protocol.ParseModelID(id.String()); err != nil {
			return nil
		}
		key := id.Repository()
		i, ok := index[key]
		if !ok {
			i = len(out)
			index[key] = i
			out = append(out, protocol.MLModel{Owner: id.Owner, Name: id.Name, Repository: key, Storage: string(id.Storage),
				Files: []string{}, Version: id.Version, MLType: mlType})
		}
		out[i].Files = append(out[i].Files, id.File)
		return nil
	})
	return out
}
