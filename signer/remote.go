package signer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// RemoteOptions configure a remote signer.
type RemoteOptions struct {
	// URL is the signer's JSON-RPC endpoint (web3signer's eth1 mode,
	// ethsigner). It may carry a token, so errors show only its scheme and
	// host.
	URL string
	// Address is the account the signer must sign for.
	Address common.Address
	// Timeout is each call's deadline (default 5s).
	Timeout time.Duration
	// Attempts is how many times a call that met a transport error, a
	// timeout or a 5xx/429 is tried (default 4); a JSON-RPC error is final.
	Attempts int
	// Backoff is the wait before the second attempt, doubled for each
	// later one up to 8×Backoff (default 250ms).
	Backoff time.Duration
	// Client is the HTTP client (default: a plain one).
	Client *http.Client
}

// Remote signs through a JSON-RPC signer: eth_signTransaction for
// transactions, eth_signTypedData_v4 (web3signer: eth_signTypedData) for
// EIP-712. Every signature is checked to recover to Address, and every
// signed transaction to be the one asked for.
type Remote struct {
	o    RemoteOptions
	host string // scheme://host, for errors
	// typedMethod is the typed-data method the signer answered to (0:
	// eth_signTypedData_v4, 1: eth_signTypedData).
	typedMethod atomic.Int32
	id          atomic.Uint64
}

var _ Signer = (*Remote)(nil)

// NewRemote returns a remote signer for o.URL and o.Address; it calls
// nothing yet (Check does).
func NewRemote(o RemoteOptions) (*Remote, error) {
	u, err := url.Parse(o.URL)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, errors.New("url: not an http(s) URL; write e.g. http://127.0.0.1:9000 (web3signer's eth1 endpoint)")
	}
	if o.Address == (common.Address{}) {
		return nil, errors.New("address: required; write the account the signer holds (0x followed by 40 hex digits)")
	}
	if o.Timeout <= 0 {
		o.Timeout = defaultTimeout
	}
	if o.Attempts <= 0 {
		o.Attempts = 4
	}
	if o.Backoff <= 0 {
		o.Backoff = 250 * time.Millisecond
	}
	if o.Client == nil {
		o.Client = &http.Client{}
	}
	return &Remote{o: o, host: u.Scheme + "://" + u.Host}, nil
}

// Address implements Signer.
func (r *Remote) Address() common.Address { return r.o.Address }

// Check asks the signer to sign a transaction that is never sent (a
// zero-value self-transfer) and refuses a signer that is down or answers
// for another account. The chain is not known yet: a signer that signs
// for its own configured chain (web3signer's --chain-id) passes here, and
// SignTx then refuses a signature for another chain than the node's.
func (r *Remote) Check(ctx context.Context) error {
	to := r.o.Address
	probe := types.NewTx(&types.DynamicFeeTx{ChainID: big.NewInt(1), Nonce: 0, Gas: 21000, GasTipCap: big.NewInt(1), GasFeeCap: big.NewInt(1), To: &to, Value: new(big.Int)})
	if _, err := r.signTx(ctx, probe, big.NewInt(1), true); err != nil {
		return fmt.Errorf("the signer at %s does not sign for %s: %w", r.host, r.o.Address, err)
	}
	return nil
}

// txArgs are eth_signTransaction's parameters.
type txArgs struct {
	From                 common.Address  `json:"from"`
	To                   *common.Address `json:"to,omitempty"`
	Gas                  hexutil.Uint64  `json:"gas"`
	GasPrice             *hexutil.Big    `json:"gasPrice,omitempty"`
	MaxFeePerGas         *hexutil.Big    `json:"maxFeePerGas,omitempty"`
	MaxPriorityFeePerGas *hexutil.Big    `json:"maxPriorityFeePerGas,omitempty"`
	Value                *hexutil.Big    `json:"value"`
	Nonce                hexutil.Uint64  `json:"nonce"`
	Data                 hexutil.Bytes   `json:"data"`
	ChainID              *hexutil.Big    `json:"chainId"`
}

// SignTx implements Signer with eth_signTransaction.
func (r *Remote) SignTx(ctx context.Context, tx *types.Transaction, chainID *big.Int) (*types.Transaction, error) {
	return r.signTx(ctx, tx, chainID, false)
}

// signTx signs tx through the signer and checks the answer: tx itself,
// signed by Address for chainID (for a probe, any chain).
func (r *Remote) signTx(ctx context.Context, tx *types.Transaction, chainID *big.Int, probe bool) (*types.Transaction, error) {
	a := txArgs{From: r.o.Address, To: tx.To(), Gas: hexutil.Uint64(tx.Gas()), Value: (*hexutil.Big)(tx.Value()),
		Nonce: hexutil.Uint64(tx.Nonce()), Data: tx.Data(), ChainID: (*hexutil.Big)(chainID)}
	switch tx.Type() {
	case types.DynamicFeeTxType:
		a.MaxFeePerGas, a.MaxPriorityFeePerGas = (*hexutil.Big)(tx.GasFeeCap()), (*hexutil.Big)(tx.GasTipCap())
	case types.LegacyTxType:
		a.GasPrice = (*hexutil.Big)(tx.GasPrice())
	default:
		return nil, fmt.Errorf("remote signer: transaction type %d is not supported (legacy and EIP-1559 are)", tx.Type())
	}
	var res json.RawMessage
	if err := r.call(ctx, "eth_signTransaction", []any{a}, &res); err != nil {
		return nil, err
	}
	raw, err := rawTx(res)
	if err != nil {
		return nil, fmt.Errorf("remote signer %s: eth_signTransaction: %w", r.host, err)
	}
	signed := new(types.Transaction)
	if err := signed.UnmarshalBinary(raw); err != nil {
		return nil, fmt.Errorf("remote signer %s: eth_signTransaction returned no transaction: %w", r.host, err)
	}
	if got := signed.ChainId(); got.Cmp(chainID) != 0 {
		if !probe {
			return nil, fmt.Errorf("remote signer %s: signed for chain %s, not the node's chain %s; set the signer's chain id", r.host, got, chainID)
		}
		chainID = got // the probe asks only who signs
		tx = withChainID(tx, got)
	}
	s := types.LatestSignerForChainID(chainID)
	if s.Hash(signed) != s.Hash(tx) {
		return nil, fmt.Errorf("remote signer %s: eth_signTransaction signed another transaction than the one asked for", r.host)
	}
	from, err := types.Sender(s, signed)
	if err != nil {
		return nil, fmt.Errorf("remote signer %s: eth_signTransaction: bad signature: %w", r.host, err)
	}
	if from != r.o.Address {
		return nil, fmt.Errorf("remote signer %s: %w: %s, not %s", r.host, errWrongSigner, from, r.o.Address)
	}
	return signed, nil
}

// withChainID is the probe transaction tx for another chain.
func withChainID(tx *types.Transaction, chainID *big.Int) *types.Transaction {
	return types.NewTx(&types.DynamicFeeTx{ChainID: chainID, Nonce: tx.Nonce(), Gas: tx.Gas(), GasTipCap: tx.GasTipCap(),
		GasFeeCap: tx.GasFeeCap(), To: tx.To(), Value: tx.Value(), Data: tx.Data()})
}

// rawTx reads eth_signTransaction's result: the signed transaction as hex
// (web3signer), or an object with it as raw (ethsigner, geth's clef).
func rawTx(res json.RawMessage) ([]byte, error) {
	var s hexutil.Bytes
	if err := json.Unmarshal(res, &s); err == nil {
		return s, nil
	}
	var obj struct {
		Raw hexutil.Bytes `json:"raw"`
	}
	if err := json.Unmarshal(res, &obj); err != nil || len(obj.Raw) == 0 {
		return nil, errors.New("result is neither a hex transaction nor {raw}")
	}
	return obj.Raw, nil
}

var typedMethods = [...]string{"eth_signTypedData_v4", "eth_signTypedData"}

// SignTypedData implements Signer with eth_signTypedData_v4, or
// web3signer's eth_signTypedData when the signer does not know v4.
func (r *Remote) SignTypedData(ctx context.Context, data apitypes.TypedData) ([]byte, error) {
	digest, _, err := apitypes.TypedDataAndHash(data)
	if err != nil {
		return nil, fmt.Errorf("hash typed data: %w", err)
	}
	doc, err := json.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("encode typed data: %w", err)
	}
	var sig hexutil.Bytes
	for m := r.typedMethod.Load(); ; m++ {
		err = r.call(ctx, typedMethods[m], []any{r.o.Address, string(doc)}, &sig)
		var re *rpcError
		if m+1 < int32(len(typedMethods)) && errors.As(err, &re) && re.Code == -32601 {
			continue
		}
		if err != nil {
			return nil, err
		}
		r.typedMethod.Store(m)
		break
	}
	if len(sig) != 65 {
		return nil, fmt.Errorf("remote signer %s: typed-data signature of %d bytes, want 65", r.host, len(sig))
	}
	if sig[64] < 27 {
		sig[64] += 27
	}
	rs := append([]byte{}, sig...)
	rs[64] -= 27
	pub, err := crypto.SigToPub(digest, rs)
	if err != nil {
		return nil, fmt.Errorf("remote signer %s: bad typed-data signature: %w", r.host, err)
	}
	if from := crypto.PubkeyToAddress(*pub); from != r.o.Address {
		return nil, fmt.Errorf("remote signer %s: %w: %s, not %s", r.host, errWrongSigner, from, r.o.Address)
	}
	return sig, nil
}

// rpcError is a JSON-RPC error answer: the signer refused; not retried.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%s (code %d)", e.Message, e.Code) }

// retryable: the call failed on its way (transport, timeout, 5xx, 429).
type retryable struct{ err error }

func (e retryable) Error() string { return e.err.Error() }
func (e retryable) Unwrap() error { return e.err }

// call makes one JSON-RPC call, each attempt under its own deadline,
// retrying what failed on the way with a doubling back-off.
func (r *Remote) call(ctx context.Context, method string, params []any, result any) error {
	wait := r.o.Backoff
	var err error
	for attempt := 1; ; attempt++ {
		err = r.once(ctx, method, params, result)
		var rt retryable
		if err == nil || !errors.As(err, &rt) || attempt >= r.o.Attempts || ctx.Err() != nil {
			break
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("remote signer %s: %s: %w (after %d attempts: %v)", r.host, method, ctx.Err(), attempt, err)
		case <-t.C:
		}
		wait = min(wait*2, 8*r.o.Backoff)
	}
	if err != nil {
		return fmt.Errorf("remote signer %s: %s: %w", r.host, method, err)
	}
	return nil
}

func (r *Remote) once(ctx context.Context, method string, params []any, result any) error {
	ctx, cancel := context.WithTimeout(ctx, r.o.Timeout)
	defer cancel()
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": r.id.Add(1), "method": method, "params": params})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.o.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := r.o.Client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) { // its message repeats the URL, which may hold a token
			err = ue.Err
		}
		return retryable{err}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return retryable{fmt.Errorf("read answer: %w", err)}
	}
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
		return retryable{fmt.Errorf("HTTP %s", resp.Status)}
	}
	var out struct {
		Result json.RawMessage `json:"result"`
		Error  *rpcError       `json:"error"`
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return fmt.Errorf("HTTP %s, not a JSON-RPC answer", resp.Status)
	}
	if out.Error != nil {
		return out.Error
	}
	if len(out.Result) == 0 || string(out.Result) == "null" {
		return errors.New("empty result")
	}
	return json.Unmarshal(out.Result, result)
}
