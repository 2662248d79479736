package service_test

import (
	"encoding/hex"
	"encoding/json"
	"math"
	"math/big"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/circuit"
	"github.com/infernode/infernode/workloads/proof/prooftest"
	"github.com/infernode/infernode/workloads/proof/service"
	"github.com/infernode/infernode/workloads/protocol"
)

func TestMain(m *testing.M) { prooftest.Main(m) }

func start(t *testing.T, dir string) string {
	t.Helper()
	s, err := service.New(service.Config{Store: wltest.OfflineStore(t, dir), System: protocol.System{DiskPath: dir}})
	require.NoError(t, err)
	return wltest.Server(t, s).URL
}

// seedRequest is the seed's off-chain proof request.
func seedRequest(repo, input, output string) string {
	return `{"source":1,"destination":1,"data":{"source":"OFFCHAIN","destination":"OFFCHAIN","data":{"repo_id":"` + repo +
		`","witness_data":{"input_data":` + input + `,"output_data":` + output + `},"vk_address":null}}}`
}

func TestProveIris(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup (Groth16 and solc-js)")
	}
	dir := prooftest.ArtifactDir(t, prooftest.IrisRepo)
	base := start(t, dir)
	_, man := prooftest.Iris(t)

	status, _, body := wltest.Post(t, base, seedRequest(prooftest.IrisRepo, wltest.IrisTensor, "null"))
	require.Equal(t, http.StatusOK, status, string(body))
	var res service.Result
	require.NoError(t, json.Unmarshal(body, &res))
	require.Equal(t, "groth16-bn254", res.ProofSystem)
	require.Len(t, res.GnarkProof, 2+2*artifact.ProofSize)
	require.Len(t, res.PublicInputs, 2, "the input packed in one word, the logits in another")
	require.Equal(t, []int{1, 3}, res.Output.Shape)
	require.Equal(t, []int{1, 4}, res.Input.Shape)

	// The proven logits' softmax is the float model's golden output.
	require.NotNil(t, res.Probabilities)
	probs, err := res.Probabilities.Float64s()
	require.NoError(t, err)
	proven, err := res.Output.Float64s()
	require.NoError(t, err)
	require.InDeltaSlice(t, circuit.Softmax(proven), probs, 1e-12)
	for i, g := range wltest.IrisGoldenONNX() {
		require.InDelta(t, float64(g), probs[i], 1e-3)
	}

	// The public inputs are the quantized input and the logits, packed as
	// the manifest says.
	in, err := res.Input.Float64s()
	require.NoError(t, err)
	var words []*big.Int
	for _, p := range res.PublicInputs {
		w, ok := new(big.Int).SetString(strings.TrimPrefix(p, "0x"), 16)
		require.True(t, ok)
		words = append(words, w)
	}
	inputs := man.Public[0].Packing().Unpack(words[:man.Public[0].Count])
	for i, v := range wltest.IrisInput() {
		require.InDelta(t, float64(v), in[i], 1.0/(1<<16))
		require.Equal(t, int64(math.Round(in[i]*(1<<16))), inputs[i].Int64())
	}
	logits := man.Public[1].Packing().Unpack(words[man.Public[1].Offset:])
	require.InDeltaSlice(t, proven, circuit.Floats(logits, man.Public[1].ScaleLog2), 0)

	// calldata = verifyProof(proof, inputs): selector, offset, 2 inputs,
	// length 256, the proof.
	cd, err := protocol.DecodeHex(res.Calldata)
	require.NoError(t, err)
	require.Equal(t, man.Verifier.Selector, "0x"+hex.EncodeToString(cd[:4]))
	require.Len(t, cd, 4+32*(1+2+1)+256)
	for i, p := range res.PublicInputs {
		require.Equal(t, strings.TrimPrefix(p, "0x"), hex.EncodeToString(cd[4+32*(1+i):4+32*(2+i)]))
	}
	require.Equal(t, strings.TrimPrefix(res.GnarkProof, "0x"), hex.EncodeToString(cd[4+32*4:]))
	vk, err := os.ReadFile(filepath.Join(dir, prooftest.IrisRepo, "default", artifact.VerifyingFile))
	require.NoError(t, err)
	require.Equal(t, "0x"+hex.EncodeToString(vk), res.VerifyKey)

	t.Run("bare inner object and a matching output_data", func(t *testing.T) {
		// output_data may be the model's output (the probabilities) or the logits.
		for _, out := range []*tensor.Tensor{res.Probabilities, &res.Output} {
			b, _ := json.Marshal(out)
			status, _, body := wltest.Post(t, base, `{"source":1,"destination":1,"data":{"repo_id":"`+prooftest.IrisRepo+
				`","witness_data":{"input_data":`+wltest.IrisTensor+`,"output_data":`+string(b)+`}}}`)
			require.Equal(t, http.StatusOK, status, string(body))
		}
	})
	t.Run("on-chain delivery", func(t *testing.T) {
		status, _, body := wltest.Post(t, base, `{"source":1,"destination":0,"data":{"source":"OFFCHAIN","destination":"ONCHAIN","data":{"repo_id":"`+
			prooftest.IrisRepo+`","witness_data":{"input_data":`+wltest.IrisTensor+`}}}}`)
		require.Equal(t, http.StatusOK, status, string(body))
		var out protocol.OnChainOutput
		require.NoError(t, json.Unmarshal(body, &out))
		raw, err := hex.DecodeString(out.RawOutput)
		require.NoError(t, err)
		tensor, err := protocol.DecodeTensorABI(raw)
		require.NoError(t, err)
		got, err := tensor.Float64s()
		require.NoError(t, err)
		require.Equal(t, proven, got)
		proof, err := hex.DecodeString(out.Proof)
		require.NoError(t, err)
		require.Equal(t, man.Verifier.Selector, "0x"+hex.EncodeToString(proof[:4]), "the proof bytes are the verifier's calldata")
	})
	t.Run("on-chain input", func(t *testing.T) {
		data, err := service.EncodeABI(prooftest.IrisRepo, tensor.FromFloat32([]int{1, 4}, wltest.IrisInput()), nil)
		require.NoError(t, err)
		status, _, body := wltest.Post(t, base, `{"source":0,"destination":0,"data":"`+hex.EncodeToString(data)+`"}`)
		require.Equal(t, http.StatusOK, status, string(body))
		var out protocol.OnChainOutput
		require.NoError(t, json.Unmarshal(body, &out))
		require.Equal(t, hex.EncodeToString(data), out.RawInput)
		require.NotEmpty(t, out.Proof)
	})
	t.Run("concurrent proofs", func(t *testing.T) {
		var wg sync.WaitGroup
		errs := make(chan string, 8)
		for range 8 {
			wg.Go(func() {
				status, _, body := wltest.Post(t, base, seedRequest(prooftest.IrisRepo, wltest.IrisTensor, "null"))
				if status != http.StatusOK {
					errs <- string(body)
				}
			})
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Error(e)
		}
	})
	t.Run("service-resources", func(t *testing.T) {
		resp, err := http.Get(base + protocol.PathResources)
		require.NoError(t, err)
		defer resp.Body.Close()
		var sr protocol.ServiceResources
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&sr))
		require.Equal(t, "proof", sr.ServiceID)
		require.Len(t, sr.ComputeCapability, 1)
		require.Equal(t, prooftest.IrisRepo, sr.ComputeCapability[0].Models[0].Repository)
		require.Equal(t, prooftest.IrisRepo, sr.ComputeCapability[0].CachedModels[0].Repository)
		resp2, err := http.Get(base + protocol.PathResources + "?model_id=" + prooftest.IrisRepo)
		require.NoError(t, err)
		defer resp2.Body.Close()
		var ms protocol.ModelSupport
		require.NoError(t, json.NewDecoder(resp2.Body).Decode(&ms))
		require.True(t, ms.Supported, ms.Error)
	})
}

// TestBadInput: every mistake is a clear container error, never a crash.
func TestBadInput(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup (Groth16 and solc-js)")
	}
	base := start(t, prooftest.ArtifactDir(t, prooftest.IrisRepo))
	wrongOut := `{"values":[0.9,0.05,0.05],"shape":[1,3],"dtype":1}`
	for _, tc := range []struct {
		name, body string
		status     int
		want       string
	}{
		{"unknown repo_id", seedRequest("local/infernode/nope", wltest.IrisTensor, "null"), 400,
			"data.data.repo_id: no proof artifacts for local/infernode/nope"},
		{"repo_id with a file", seedRequest("local/infernode/iris:x", wltest.IrisTensor, "null"), 400, "names a repository, not a file"},
		{"repo_id of an unknown storage", seedRequest("ftp/a/b", wltest.IrisTensor, "null"), 400, "data.data.repo_id: "},
		{"wrong input shape", seedRequest(prooftest.IrisRepo, `{"values":[1,2,3,4,5],"shape":[1,5],"dtype":1}`, "null"), 400,
			"data.data.witness_data.input_data: shape [1 5] does not match the model's input shape [1 4]"},
		{"input out of range", seedRequest(prooftest.IrisRepo, `{"values":[1e9,0,0,0],"shape":[1,4],"dtype":2}`, "null"), 400,
			"outside the circuit's input range"},
		{"mismatched output_data", seedRequest(prooftest.IrisRepo, wltest.IrisTensor, wrongOut), 400,
			"data.data.witness_data.output_data: the model does not produce [0.9, 0.05, 0.05] for this input: it produces logits ["},
		{"output_data of another shape", seedRequest(prooftest.IrisRepo, wltest.IrisTensor, `{"values":[1],"shape":[1],"dtype":1}`), 400,
			"does not match the model's output shape [1 3]"},
		{"missing input_data", `{"source":1,"destination":1,"data":{"data":{"repo_id":"a/b/c","witness_data":{}}}}`, 400,
			"data.data.witness_data.input_data: missing"},
		{"ONCHAIN source", `{"source":1,"destination":1,"data":{"source":"ONCHAIN","data":{"repo_id":"local/infernode/iris"}}}`, 400,
			"data.source: ONCHAIN is not supported"},
		{"ONCHAIN destination for an off-chain job", `{"source":1,"destination":1,"data":{"destination":"ONCHAIN","data":{"repo_id":"local/infernode/iris"}}}`, 400,
			"data.destination: ONCHAIN is not supported"},
		{"unknown location", `{"source":1,"destination":1,"data":{"source":"IPFS","data":{}}}`, 400, `is not a location; send`},
		{"streaming", `{"source":1,"destination":2,"data":{}}`, 400, "does not stream"},
		{"bad vk_address", `{"source":1,"destination":1,"data":{"data":{"repo_id":"a/b/c","witness_data":{"input_data":` + wltest.IrisTensor + `},"vk_address":"0x12"}}}`, 400,
			"data.data.vk_address"},
		{"on-chain input that is not the ABI", `{"source":0,"destination":0,"data":"0x1234"}`, 400, "abi.encode(string repo_id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, _, body := wltest.Post(t, base, tc.body)
			require.Equal(t, tc.status, status, string(body))
			require.Contains(t, string(body), tc.want)
		})
	}
}

// TestBrokenArtifacts: missing and corrupt files are reported by name.
func TestBrokenArtifacts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup (Groth16 and solc-js)")
	}
	for _, tc := range []struct {
		name   string
		damage func(dir string)
		want   string
	}{
		{"missing proving key", func(dir string) { require.NoError(t, os.Remove(filepath.Join(dir, artifact.ProvingFile))) },
			"artifacts are incomplete: read proving.key"},
		{"corrupt proving key", func(dir string) { flip(t, filepath.Join(dir, artifact.ProvingFile)) },
			"artifact proving.key is corrupt: sha256"},
		{"corrupt circuit", func(dir string) { flip(t, filepath.Join(dir, artifact.CircuitFile)) },
			"artifact circuit.r1cs is corrupt: sha256"},
		{"corrupt manifest", func(dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, artifact.ManifestFile), []byte("{"), 0o644))
		}, "artifact manifest.json is corrupt"},
		{"manifest scale tampered", func(dir string) { tamperScale(t, dir) }, "artifact manifest.json is corrupt: its public inputs or scales"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := prooftest.ArtifactDir(t, prooftest.IrisRepo)
			tc.damage(filepath.Join(root, prooftest.IrisRepo, "default"))
			base := start(t, root)
			status, _, body := wltest.Post(t, base, seedRequest(prooftest.IrisRepo, wltest.IrisTensor, "null"))
			require.Equal(t, http.StatusInternalServerError, status, string(body))
			require.Contains(t, string(body), tc.want)
		})
	}
}

func flip(t *testing.T, path string) {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	b[len(b)/2] ^= 1
	require.NoError(t, os.WriteFile(path, b, 0o644))
}

// tamperScale changes the logits' scale in the manifest (which holds the
// other files' hashes, so it is checked against model.onnx instead).
func tamperScale(t *testing.T, dir string) {
	mb, err := os.ReadFile(filepath.Join(dir, artifact.ManifestFile))
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(mb, &m))
	m["fixed_point"].(map[string]any)["output_scale_log2"] = 3
	mb, err = json.Marshal(m)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, artifact.ManifestFile), mb, 0o644))
}

// A /service-resources?model_id= question about a hosted repository that
// is not in the directory never downloads (anyone allowed to ask the node
// can ask it); a job naming it does, unless MODEL_DOWNLOADS=off.
func TestSupportNeverDownloads(t *testing.T) {
	for _, downloads := range []string{modelstore.DownloadsOn, modelstore.DownloadsOff} {
		t.Run(downloads, func(t *testing.T) {
			var hits atomic.Int32
			hub := wltest.Server(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				hits.Add(1)
				http.NotFound(w, r)
			}))
			dir := t.TempDir()
			s, err := service.New(service.Config{Store: modelstore.Config{AllowedRepos: []string{"*"}, CacheDir: dir, HubBaseURL: hub.URL, Downloads: downloads}})
			require.NoError(t, err)
			base := wltest.Server(t, s).URL
			sup := wltest.Support(t, base, "huggingface/acme/circuit")
			require.False(t, sup.Supported)
			require.Contains(t, sup.Error, "not in the cache")
			require.Zero(t, hits.Load(), "a question downloads nothing")

			_, _, body := wltest.Post(t, base, seedRequest("huggingface/acme/circuit", wltest.IrisTensor, "null"))
			if downloads == modelstore.DownloadsOff {
				require.Contains(t, string(body), "MODEL_DOWNLOADS=off")
				require.Zero(t, hits.Load())
			} else {
				require.EqualValues(t, 1, hits.Load(), "a job fetches the manifest")
			}
		})
	}
}

// TestMemoryBudget: PROOF_MEMORY_MB becomes the budget, and a proof
// counts 32 field elements a point of its FFT domain.
func TestMemoryBudget(t *testing.T) {
	cfg := service.ConfigFromEnv(func(k string) string { return map[string]string{"PROOF_MEMORY_MB": "6144"}[k] })
	require.Equal(t, int64(6144)<<20, cfg.MemoryBudget)
	require.Zero(t, service.ConfigFromEnv(func(string) string { return "" }).MemoryBudget)
	require.Equal(t, int64(32*32*(1<<17)), service.ProofMemory(121_922))
	require.Equal(t, int64(32*32*(1<<20)), service.ProofMemory(962_639), "ResNet-20 with lookups: 1 GiB")
}
