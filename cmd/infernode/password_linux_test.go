package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/signer"
)

// TestKeystorePasswordLeavesProcEnviron: the real binary, started with
// INFERNODE_KEYSTORE_PASSWORD and a keystore, decrypts its key (its chain
// side then waits for an RPC endpoint that does not answer, serving REST:
// a wrong or missing password would have stopped it) while
// /proc/<pid>/environ of that same process, whose start-up environment
// the kernel keeps, holds neither the password nor the variable.
func TestKeystorePasswordLeavesProcEnviron(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "infernode")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Stderr = os.Stderr
	require.NoError(t, build.Run(), "build the infernode binary")

	const password = "a-password-nobody-else-may-read-7f3c"
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	ks := keystore.NewKeyStore(filepath.Join(dir, "keys"), keystore.LightScryptN, keystore.LightScryptP)
	acc, err := ks.ImportECDSA(key, password)
	require.NoError(t, err)

	port := freeTCPPort(t)
	cfg := map[string]any{
		"data_dir":          filepath.Join(dir, "data"),
		"manage_containers": false,
		"server":            map[string]any{"host": "127.0.0.1", "port": port},
		"chain": map[string]any{
			"enabled": true, "rpc_urls": []string{fmt.Sprintf("http://127.0.0.1:%d", freeTCPPort(t))},
			"coordinator_address": "0x000000000000000000000000000000000000c0de",
			"wallet":              map[string]any{"keystore": acc.URL.Path},
		},
	}
	raw, err := json.Marshal(cfg)
	require.NoError(t, err)
	path := filepath.Join(dir, "config.json")
	require.NoError(t, os.WriteFile(path, raw, 0o600))

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	logs := &syncBuffer{}
	cmd := exec.CommandContext(ctx, bin, "serve", "--config", path)
	cmd.Env = append(os.Environ(), signer.PasswordEnv+"="+password)
	cmd.Stdout, cmd.Stderr = logs, logs
	require.NoError(t, cmd.Start())
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()

	require.Eventually(t, func() bool {
		return strings.Contains(logs.String(), "no RPC endpoint answers")
	}, time.Minute, 50*time.Millisecond, "the key decrypted, the chain side waiting; log:\n%s", logs)
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/health", port))
	require.NoError(t, err, "REST serves")
	resp.Body.Close()

	environ, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", cmd.Process.Pid))
	require.NoError(t, err)
	require.NotEmpty(t, environ)
	require.NotContains(t, string(environ), password)
	require.NotContains(t, string(environ), signer.PasswordEnv+"=")
	require.NotContains(t, logs.String(), password)
}
