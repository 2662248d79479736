package config

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// The shipped example must always load without errors or warnings.
func TestExampleConfig(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	cfg, warnings, err := Load(filepath.Join(filepath.Dir(file), "..", "..", "config.example.json"))
	require.NoError(t, err)
	require.Empty(t, warnings)
	require.False(t, cfg.Managed())
	require.Equal(t, "echo", cfg.Containers[0].ID)
	require.Equal(t, "http://127.0.0.1:3000", cfg.Containers[0].BaseURL())
}
