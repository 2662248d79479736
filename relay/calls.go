package relay

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/abi/consumerabi"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/txm"
)

// callbackGas is the least gas a delivery needs so the Coordinator can hand
// the callback exactly maxGasLimit (63/64 rule) plus its own work.
func callbackGas(maxGasLimit uint32) uint64 {
	return uint64(maxGasLimit)*64/63 + 150_000
}

func bigOf(b interface{ ToInt() *big.Int }) *big.Int {
	if b == nil {
		return nil
	}
	return b.ToInt()
}

// inputsCall is the owner's getContainerInputs(id, interval, timestamp,
// node), the container input of a subscription without inputs.
func (dv *deliverer) inputsCall(s *Sub, k uint32) ethereum.CallMsg {
	owner := s.Owner
	return ethereum.CallMsg{From: dv.me, To: &owner, Data: consumerABI.PackGetContainerInputs(s.ID, k, uint32(dv.head.time.Load()), dv.me)}
}

// decodeInputs decodes the answer to inputsCall.
func (dv *deliverer) decodeInputs(s *Sub, out []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, fmt.Errorf("getContainerInputs of %s: %w", s.Owner, dv.dec.FromError(err))
	}
	in, err := consumerABI.UnpackGetContainerInputs(out)
	if err != nil {
		return nil, fmt.Errorf("decode getContainerInputs of %s: %v", s.Owner, err)
	}
	return in, nil
}

// consumerABI packs the call every requester contract answers
// (IComputeConsumer), getContainerInputs(uint32 subscriptionId, uint32
// interval, uint32 timestamp, address caller) returns (bytes).
var consumerABI = consumerabi.NewIComputeConsumer()

// runContainers runs the pipeline. On-chain input is given as lowercase hex
// without 0x (docs/container-protocol.md); off-chain input (a delegated request's data) as is.
func (dv *deliverer) runContainers(ctx context.Context, containers []string, src job.Location, data []byte, proof bool) (in, out, pr []byte, err error) {
	var d json.RawMessage
	if src == job.OnChain {
		d, _ = json.Marshal(hex.EncodeToString(data))
	} else {
		d = data
		if len(d) == 0 {
			d = json.RawMessage("null")
		}
	}
	res, err := dv.o.Runner.Run(ctx, executor.Input{Containers: containers, Source: src, Destination: job.OnChain, Data: d, RequiresProof: proof})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("run %v: %w", containers, err)
	}
	if len(res) == 0 {
		return nil, nil, nil, errors.New("run: no results")
	}
	return codec.EncodeOutput(res[len(res)-1].Output)
}

func (dv *deliverer) call(ctx context.Context, to common.Address, data []byte) ([]byte, error) {
	out, err := dv.o.Backend.CallContract(ctx, ethereum.CallMsg{From: dv.me, To: &to, Data: data}, nil)
	if err != nil {
		return nil, dv.dec.FromError(err)
	}
	return out, nil
}

// stillCanonical is the sender's resend check after a reorg dropped final
// transactions: a delivery may be sent again only while the block that
// created its subscription (the call's Anchor) is canonical. Others are
// sent again.
func (dv *deliverer) stillCanonical(ctx context.Context, rec *txm.Record) (bool, error) {
	number, hash, ok := anchorOf(rec)
	if !ok {
		return true, nil
	}
	h, err := dv.o.Backend.HeaderByNumber(ctx, new(big.Int).SetUint64(number))
	if errors.Is(err, ethereum.NotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read block %d: %w", number, err)
	}
	return bytes.HasPrefix(h.Hash().Bytes(), hash), nil
}

// anchorOf is the block rec's delivery was made for and its hash (or the
// hash's first bytes): its Anchor, or, in a record journaled before
// anchors were kept, the "@number.hashprefix" of its key (deliverKey).
func anchorOf(rec *txm.Record) (number uint64, hash []byte, ok bool) {
	if rec.Anchor != nil {
		return rec.Anchor.Number, rec.Anchor.Hash.Bytes(), true
	}
	var id, k, attempt uint32
	if !strings.HasPrefix(rec.Key, "deliver/") || !strings.Contains(rec.Key, "@") {
		return 0, nil, false
	}
	if _, err := fmt.Sscanf(rec.Key, "deliver/%d/%d/%d@%d.%x", &id, &k, &attempt, &number, &hash); err != nil {
		return 0, nil, false
	}
	return number, hash, true
}
