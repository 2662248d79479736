package storage

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/cockroachdb/pebble/v2/vfs"
)

// privateFS is the disk as Pebble sees it, with every file it makes
// readable by the node's user only (0600) and every directory 0700: the
// store holds job inputs and results, which are the clients' data.
type privateFS struct{ vfs.FS }

func (p privateFS) Create(name string, c vfs.DiskWriteCategory) (vfs.File, error) {
	f, err := p.FS.Create(name, c)
	return f, private(name, err)
}

func (p privateFS) OpenReadWrite(name string, c vfs.DiskWriteCategory, opts ...vfs.OpenOption) (vfs.File, error) {
	f, err := p.FS.OpenReadWrite(name, c, opts...)
	return f, private(name, err)
}

func (p privateFS) ReuseForWrite(oldname, newname string, c vfs.DiskWriteCategory) (vfs.File, error) {
	f, err := p.FS.ReuseForWrite(oldname, newname, c)
	return f, private(newname, err)
}

func (p privateFS) Lock(name string) (io.Closer, error) {
	l, err := p.FS.Lock(name)
	return l, private(name, err)
}

func (p privateFS) MkdirAll(dir string, _ os.FileMode) error {
	return p.FS.MkdirAll(dir, 0o700)
}

// private makes the file at name 0600 when it was opened (err nil).
func private(name string, err error) error {
	if err != nil {
		return err
	}
	return os.Chmod(name, 0o600)
}

// MakePrivate makes dir 0700 and every file under it 0600 (a data
// directory an older infernode left readable by others).
func MakePrivate(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := fs.FileMode(0o600)
		if d.IsDir() {
			mode = 0o700
		}
		if info, err := d.Info(); err == nil && info.Mode().Perm() == mode {
			return nil
		}
		return os.Chmod(path, mode)
	})
}
