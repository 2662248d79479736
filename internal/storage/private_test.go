package storage

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

// The data directory holds clients' inputs and results: it is the node's
// user's alone, including one an older node left open to others.
func TestDataDirIsPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "old"), nil, 0o644))
	require.NoError(t, os.Chmod(filepath.Join(dir, "old"), 0o644))

	st, err := Open(dir, Options{})
	require.NoError(t, err)
	id, err := st.Create("127.0.0.1", []string{"echo"})
	require.NoError(t, err)
	require.NoError(t, st.Finish(id, job.Result{ID: id, Status: job.StatusSuccess}))
	require.NoError(t, st.Close())

	n := 0
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		info, err := d.Info()
		require.NoError(t, err)
		want := fs.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		}
		require.Equal(t, want, info.Mode().Perm(), p)
		n++
		return nil
	}))
	require.Greater(t, n, 4, "Pebble's files were checked")
}
