package storage

import (
	"path/filepath"

	"github.com/cockroachdb/pebble/v2/vfs"
)

// MemFS is an in-memory filesystem for tests that simulate a crash: Crash
// returns what a power loss at that moment would leave, only the synced
// data. Tests of every package that keeps state here use it, so none of
// them imports Pebble.
type MemFS struct{ fs *vfs.MemFS }

// NewMemFS returns an empty crashable in-memory filesystem.
func NewMemFS() *MemFS { return &MemFS{fs: vfs.NewCrashableMem()} }

// Crash returns a copy of the filesystem holding exactly the data synced
// so far. Open the store again on the copy; writes still made to this one
// (by a store not yet closed) never reach it.
func (m *MemFS) Crash() *MemFS { return &MemFS{fs: m.fs.CrashClone(vfs.CrashCloneCfg{})} }

// mkdir creates dir and syncs its parent, so the directory itself
// survives a crash as it does on a real disk once created.
func (m *MemFS) mkdir(dir string) error {
	if err := m.fs.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	parent, err := m.fs.OpenDir(filepath.Dir(filepath.Clean(dir)))
	if err != nil {
		return err
	}
	defer parent.Close()
	return parent.Sync()
}
