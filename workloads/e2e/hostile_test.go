package e2e_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/proof/prooftest"
)

// Hostile models and artifacts a publisher hosts (on a hub the test runs),
// asked for through the node from the real workload programs: the tensor
// workload's model bombs (a constant 10^8-element shape; a 1 GiB tensor
// computed at run time) are a 400 relayed by the node's OIP door, naming
// the bomb; the proof workload's proving key declaring a 2^40-point FFT
// domain fails its job with the workload's message naming the file. Each
// process lives: the good model and the honest artifacts are served next,
// and both programs exit cleanly at the end.
func TestHostileArtifactsThroughNode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the workload programs; runs proof setup")
	}
	models := t.TempDir()
	for name, expr := range map[string]string{
		"static.pt":  "torch.expand(x, [100000000])",
		"dynamic.pt": "torch.add(torch.zeros([int(x.size(0)) * 268435456]), x)",
		"good.pt":    "torch.mul(x, 3)",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(models, name), wltest.TorchScript(expr), 0o644))
	}
	honest, _ := prooftest.Iris(t)
	hostile := prooftest.HostileCopy(t, honest, func(pk []byte) { binary.BigEndian.PutUint64(pk, 1<<40) })
	hub := wltest.Hub(t, map[string]string{"acme/models": models, "acme/hostile": hostile, "acme/honest": honest})

	tensor, stopTensor := startProgram(t, buildProgram(t, "tensor"), "TENSORFW_TORCH_LIB="+wltest.TorchLibrary(t),
		"TENSORFW_CACHE_DIR="+t.TempDir(), "HUB_BASE_URL="+hub, "MODEL_ALLOWED_REPOS=huggingface/acme/models")
	proof, stopProof := startProgram(t, buildProgram(t, "proof"), "ARTIFACT_DIRECTORY="+t.TempDir(), "HUB_BASE_URL="+hub,
		"MODEL_ALLOWED_REPOS=huggingface/acme/hostile,huggingface/acme/honest")
	node, stopNode := startNode(t, []string{
		fmt.Sprintf(`{"id":"tensor","url":%q,"external":true}`, tensor),
		fmt.Sprintf(`{"id":"proof","url":%q,"external":true,"timeout":"10m"}`, proof),
	}, "")
	s := &stack{node: node}

	infer := func(file string) (int, string) {
		body := `{"parameters":{"model_id":"huggingface/acme/models:` + file + `"},"inputs":[{"name":"input","datatype":"FP32","shape":[1],"data":[1]}]}`
		resp, err := http.Post(node+"/v2/models/tensor/infer", "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(b)
	}
	status, body := infer("static.pt")
	require.Equal(t, http.StatusBadRequest, status, body)
	require.Contains(t, body, "aten::expand with the constant shape [100000000]")
	require.Contains(t, body, "refused before it runs")
	status, body = infer("dynamic.pt")
	require.Equal(t, http.StatusBadRequest, status, body)
	require.Contains(t, body, "refused before it was allocated")
	status, body = infer("good.pt")
	require.Equal(t, http.StatusOK, status, "the tensor workload lives on: %s", body)
	require.Contains(t, body, `"data":[3]`)

	job := func(repo string) map[string]json.RawMessage {
		return s.submit(t, []string{"proof"}, `{"source":"OFFCHAIN","destination":"OFFCHAIN","data":{"repo_id":"`+repo+
			`","witness_data":{"input_data":`+wltest.IrisTensor+`,"output_data":null},"vk_address":null}}`, false)
	}
	res := job("huggingface/acme/hostile")
	require.Equal(t, `"failed"`, string(res["status"]))
	require.Contains(t, string(res["result"]), "proving.key")
	require.Contains(t, string(res["result"]), "FFT domain has 1099511627776 points")
	res = job("huggingface/acme/honest")
	require.Contains(t, string(output(t, res)), `"gnark_proof":"0x`, "the proof workload lives on")

	stopNode()
	stopTensor()
	stopProof()
}
