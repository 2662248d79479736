// Package signertest is a loopback signer for tests that speaks
// web3signer's eth1 JSON-RPC API (eth_accounts, eth_signTransaction,
// eth_signTypedData) with one key, records what it signed, and can be
// taken down and brought back by the test.
package signertest

import (
	"crypto/ecdsa"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// Web3Signer is a loopback eth1 signer holding one key.
type Web3Signer struct {
	URL string

	key  *ecdsa.PrivateKey
	addr common.Address

	mu      sync.Mutex
	down    bool
	chainID *big.Int // set: signs for this chain whatever is asked (web3signer's --chain-id)
	signed  map[common.Hash]bool
	// onRefuse is told of each call refused while down.
	onRefuse chan struct{}
}

// New starts a signer for key on 127.0.0.1, closed when the test ends.
func New(t testing.TB, key *ecdsa.PrivateKey) *Web3Signer {
	w := &Web3Signer{key: key, addr: crypto.PubkeyToAddress(key.PublicKey), signed: map[common.Hash]bool{}, onRefuse: make(chan struct{}, 1)}
	srv := httptest.NewServer(http.HandlerFunc(w.serve))
	t.Cleanup(srv.Close)
	w.URL = srv.URL
	return w
}

// Address is the account the signer holds.
func (w *Web3Signer) Address() common.Address { return w.addr }

// SetDown takes the signer down (every call answered 503, as web3signer
// behind a proxy whose upstream is gone) or brings it back.
func (w *Web3Signer) SetDown(down bool) {
	w.mu.Lock()
	w.down = down
	w.mu.Unlock()
}

// SetChainID makes the signer sign for chainID whatever chain a request
// names, as web3signer does with its --chain-id.
func (w *Web3Signer) SetChainID(chainID *big.Int) {
	w.mu.Lock()
	w.chainID = chainID
	w.mu.Unlock()
}

// Refused is signalled (coalesced) each time a call is refused while down.
func (w *Web3Signer) Refused() <-chan struct{} { return w.onRefuse }

// Signed reports whether the signer signed the transaction with hash h.
func (w *Web3Signer) Signed(h common.Hash) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.signed[h]
}

// Count is how many transactions the signer signed.
func (w *Web3Signer) Count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.signed)
}

type request struct {
	ID     json.RawMessage   `json:"id"`
	Method string            `json:"method"`
	Params []json.RawMessage `json:"params"`
}

type txArgs struct {
	From                 common.Address  `json:"from"`
	To                   *common.Address `json:"to"`
	Gas                  hexutil.Uint64  `json:"gas"`
	GasPrice             *hexutil.Big    `json:"gasPrice"`
	MaxFeePerGas         *hexutil.Big    `json:"maxFeePerGas"`
	MaxPriorityFeePerGas *hexutil.Big    `json:"maxPriorityFeePerGas"`
	Value                *hexutil.Big    `json:"value"`
	Nonce                hexutil.Uint64  `json:"nonce"`
	Data                 hexutil.Bytes   `json:"data"`
	ChainID              *hexutil.Big    `json:"chainId"`
}

func (w *Web3Signer) serve(rw http.ResponseWriter, r *http.Request) {
	w.mu.Lock()
	down := w.down
	w.mu.Unlock()
	if down {
		select {
		case w.onRefuse <- struct{}{}:
		default:
		}
		http.Error(rw, "upstream signer unavailable", http.StatusServiceUnavailable)
		return
	}
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(rw, "bad request", http.StatusBadRequest)
		return
	}
	result, code, msg := w.handle(req)
	rw.Header().Set("Content-Type", "application/json")
	out := map[string]any{"jsonrpc": "2.0", "id": req.ID}
	if msg != "" {
		out["error"] = map[string]any{"code": code, "message": msg}
	} else {
		out["result"] = result
	}
	_ = json.NewEncoder(rw).Encode(out)
}

func (w *Web3Signer) handle(req request) (any, int, string) {
	switch req.Method {
	case "eth_accounts":
		return []common.Address{w.addr}, 0, ""
	case "eth_signTransaction":
		var a txArgs
		if len(req.Params) != 1 || json.Unmarshal(req.Params[0], &a) != nil {
			return nil, -32602, "Invalid params"
		}
		if a.From != w.addr {
			return nil, -32000, "Signer not found for identifier"
		}
		chainID := (*big.Int)(a.ChainID)
		w.mu.Lock()
		if w.chainID != nil {
			chainID = w.chainID
		}
		w.mu.Unlock()
		var tx *types.Transaction
		if a.MaxFeePerGas != nil {
			tx = types.NewTx(&types.DynamicFeeTx{ChainID: chainID, Nonce: uint64(a.Nonce), GasTipCap: a.MaxPriorityFeePerGas.ToInt(), GasFeeCap: a.MaxFeePerGas.ToInt(),
				Gas: uint64(a.Gas), To: a.To, Value: a.Value.ToInt(), Data: a.Data})
		} else {
			tx = types.NewTx(&types.LegacyTx{Nonce: uint64(a.Nonce), GasPrice: a.GasPrice.ToInt(), Gas: uint64(a.Gas), To: a.To, Value: a.Value.ToInt(), Data: a.Data})
		}
		signed, err := types.SignTx(tx, types.LatestSignerForChainID(chainID), w.key)
		if err != nil {
			return nil, -32000, err.Error()
		}
		raw, _ := signed.MarshalBinary()
		w.mu.Lock()
		w.signed[signed.Hash()] = true
		w.mu.Unlock()
		return hexutil.Bytes(raw), 0, ""
	case "eth_signTypedData":
		var addr common.Address
		var doc string
		if len(req.Params) != 2 || json.Unmarshal(req.Params[0], &addr) != nil || json.Unmarshal(req.Params[1], &doc) != nil {
			return nil, -32602, "Invalid params"
		}
		if addr != w.addr {
			return nil, -32000, "Signer not found for identifier"
		}
		var td apitypes.TypedData
		if err := json.Unmarshal([]byte(doc), &td); err != nil {
			return nil, -32602, "Invalid params"
		}
		digest, _, err := apitypes.TypedDataAndHash(td)
		if err != nil {
			return nil, -32602, err.Error()
		}
		sig, err := crypto.Sign(digest, w.key)
		if err != nil {
			return nil, -32000, err.Error()
		}
		sig[64] += 27
		return hexutil.Bytes(sig), 0, ""
	}
	return nil, -32601, "Method not found"
}
