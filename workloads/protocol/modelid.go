package protocol

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Storage names where a model lives.
type Storage string

// Storages a model id may name. Hub is a Hugging Face style model hub,
// Arweave a permanent-storage network reached through an HTTP gateway.
const (
	StorageLocal   Storage = "local"
	StorageHub     Storage = "huggingface"
	StorageArweave Storage = "arweave"
)

// Storages lists the valid storages in documentation order.
var storages = []Storage{StorageLocal, StorageHub, StorageArweave}

// ModelID is a parsed `{storage}/{owner}/{name}[/{version}]:{file}`.
type ModelID struct {
	Storage Storage
	Owner   string
	Name    string
	Version string // empty when absent
	File    string // may hold '/' for a file in a sub-folder of the repository
}

// String writes the id back in its canonical form.
func (m ModelID) String() string {
	s := string(m.Storage) + "/" + m.Owner + "/" + m.Name
	if m.Version != "" {
		s += "/" + m.Version
	}
	return s + ":" + m.File
}

// Repository is `{storage}/{owner}/{name}[/{version}]`.
func (m ModelID) Repository() string {
	s, _, _ := strings.Cut(m.String(), ":")
	return s
}

// VersionDir is the version's folder name in a cache: the version or
// "default".
func (m ModelID) VersionDir() string {
	if m.Version == "" {
		return "default"
	}
	return m.Version
}

// CachePath is where the model file lives under a cache directory:
// {dir}/{storage}/{owner}/{name}/{version or "default"}/{file}. Parsing
// guarantees it stays inside dir.
func (m ModelID) CachePath(dir string) string {
	return filepath.Join(dir, string(m.Storage), m.Owner, m.Name, m.VersionDir(), filepath.FromSlash(m.File))
}

// ParseModelID parses and validates a model id. Every segment must be a
// plain name (no "..", no backslashes or control characters) so that a
// model id can never name a path outside a cache directory.
func ParseModelID(s string) (ModelID, error) {
	const form = "use {storage}/{owner}/{name}[/{version}]:{file}, e.g. local/acme/iris:iris.onnx"
	repo, file, ok := strings.Cut(s, ":")
	if !ok {
		return ModelID{}, fmt.Errorf("model id %q has no \":{file}\"; %s", truncate(s), form)
	}
	parts := strings.Split(repo, "/")
	if len(parts) != 3 && len(parts) != 4 {
		return ModelID{}, fmt.Errorf("model id %q must have 3 or 4 '/'-separated parts before ':'; %s", truncate(s), form)
	}
	m := ModelID{Storage: Storage(parts[0]), Owner: parts[1], Name: parts[2], File: file}
	if len(parts) == 4 {
		m.Version = parts[3]
		if m.Version == "" {
			return ModelID{}, fmt.Errorf("model id %q has an empty version; drop the trailing '/' or name a version", truncate(s))
		}
	}
	if !validStorage(m.Storage) {
		return ModelID{}, fmt.Errorf("model id %q: unknown storage %q; use one of %s", truncate(s), truncate(string(m.Storage)), storageList())
	}
	for _, seg := range []struct{ what, v string }{{"owner", m.Owner}, {"name", m.Name}, {"version", m.Version}} {
		if seg.what == "version" && seg.v == "" {
			continue
		}
		if err := checkSegment(seg.v); err != nil {
			return ModelID{}, fmt.Errorf("model id %q: %s %w", truncate(s), seg.what, err)
		}
	}
	if file == "" {
		return ModelID{}, fmt.Errorf("model id %q has an empty file after ':'; %s", truncate(s), form)
	}
	for _, seg := range strings.Split(file, "/") {
		if err := checkSegment(seg); err != nil {
			return ModelID{}, fmt.Errorf("model id %q: file %w", truncate(s), err)
		}
	}
	return m, nil
}

func validStorage(s Storage) bool {
	for _, v := range storages {
		if v == s {
			return true
		}
	}
	return false
}

func storageList() string {
	names := make([]string, len(storages))
	for i, s := range storages {
		names[i] = string(s)
	}
	return strings.Join(names, ", ")
}

func checkSegment(seg string) error {
	switch {
	case seg == "":
		return fmt.Errorf("is empty")
	case seg == "." || seg == "..":
		return fmt.Errorf("may not be %q", seg)
	case len(seg) > 255:
		return fmt.Errorf("is longer than 255 bytes")
	}
	for _, r := range seg {
		if r < 0x20 || r == 0x7f || r == '\\' || r == ':' {
			return fmt.Errorf("%q has a character not allowed in a path (%q)", truncate(seg), r)
		}
	}
	return nil
}
