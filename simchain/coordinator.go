package simchain

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/infernode/infernode/abi/coordinatorabi"
)

// The model of our Coordinator (contracts/src/Coordinator.sol): the same
// checks in the same order and the same errors and events, decoded and
// encoded with its ABI; no EVM. Gas is a model too (gasModel), close to
// docs/gas.md's mainnet figures.

var (
	coordABI  = coordinatorabi.NewCoordinator().GetABI()
	getSigner = crypto.Keccak256([]byte("getSigner()"))[:4]
)

// Behaviour is how an owner's callback behaves.
type Behaviour struct {
	// Gas is what its callback uses (capped by the subscription's limit).
	// Zero: 50,000.
	Gas uint64
	// Fail makes every callback fail (the Coordinator's CallbackFailed).
	Fail bool
}

// Gas of the model (docs/gas.md, mainnet rules, rounded).
const (
	gasCoordinator = 45_000  // a delivery's own work
	gasCreate      = 120_000 // a delegated subscription's creation, plus 2,000 per input word
	gasRevert      = 10_000  // what a reverted delivery burns past its intrinsic cost
	gasReserve     = 10_000  // the Coordinator's CALLBACK_CALL_RESERVE
)

type state struct {
	nonces     map[common.Address]uint64
	subs       map[uint32]*coordinatorabi.Subscription
	count      uint32
	responded  map[respKey]bool
	responses  map[ivKey]uint16
	delegated  map[dKey]created
	signers    map[common.Address]common.Address
	behaviours map[common.Address]Behaviour
}

type respKey struct {
	id, k uint32
	node  common.Address
}
type ivKey struct{ id, k uint32 }
type dKey struct {
	owner common.Address
	nonce uint32
}
type created struct {
	id    uint32
	block uint64
}

func newState() *state {
	return &state{nonces: map[common.Address]uint64{}, subs: map[uint32]*coordinatorabi.Subscription{},
		responded: map[respKey]bool{}, responses: map[ivKey]uint16{}, delegated: map[dKey]created{},
		signers: map[common.Address]common.Address{}, behaviours: map[common.Address]Behaviour{}}
}

func (s *state) nonce(a common.Address) uint64 { return s.nonces[a] }

func (s *state) bumpNonce(a common.Address) func() {
	s.nonces[a]++
	return func() { s.nonces[a]-- }
}

// SetSigner makes owner a contract whose getSigner() is signer (a
// delegated subscriptions' owner).
func (c *Chain) SetSigner(owner, signer common.Address) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.st.signers[owner] = signer
}

// SetBehaviour sets how owner's callbacks behave.
func (c *Chain) SetBehaviour(owner common.Address, b Behaviour) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.st.behaviours[owner] = b
}

// Responses is how many nodes delivered interval k of subscription id on
// the canonical chain.
func (c *Chain) Responses(id, k uint32) uint16 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.st.responses[ivKey{id, k}]
}

// Subscription is subscription id as the Coordinator holds it (nil: none).
func (c *Chain) Subscription(id uint32) *coordinatorabi.Subscription {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.st.subs[id]; ok {
		cp := *s
		return &cp
	}
	return nil
}

// DelegatedID is the id created for owner's delegated nonce (0: none).
func (c *Chain) DelegatedID(owner common.Address, nonce uint32) uint32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.st.delegated[dKey{owner, nonce}].id
}

// Count is how many subscriptions exist.
func (c *Chain) Count() uint32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.st.count
}

// execCtx runs one call or transaction against the state.
type execCtx struct {
	c      *Chain
	b      *block
	from   common.Address
	price  *big.Int
	txHash common.Hash
	// view: an eth_call (no state change); estimate: an eth_estimateGas
	// against block estimateAt (its changes rolled back).
	view, estimate bool
	estimateAt     uint64
	undo           []func()
	mark           int    // the block's undo entries before this transaction's changes
	created        uint32 // the id the last create made
	logs           []*types.Log
}

func (x *execCtx) change(undo func()) {
	if x.estimate {
		x.undo = append(x.undo, undo)
		return
	}
	x.b.undo = append(x.b.undo, undo)
}

func (x *execCtx) rollback() {
	for i := len(x.undo) - 1; i >= 0; i-- {
		x.undo[i]()
	}
	x.undo = nil
}

// time is the block time the call runs at: the block being built, or for
// calls and estimates the head's.
func (x *execCtx) time() uint64 { return x.b.header.Time }

// revertError is a revert with its data, as an RPC error carries it.
type revertError struct{ data []byte }

func (e *revertError) Error() string  { return "execution reverted" }
func (e *revertError) ErrorCode() int { return 3 }
func (e *revertError) ErrorData() any { return hexutil.Encode(e.data) }

func revert(name string, args ...any) error {
	e, ok := coordABI.Errors[name]
	if !ok {
		panic("simchain: no Coordinator error " + name)
	}
	data, err := e.Inputs.Pack(args...)
	if err != nil {
		panic(fmt.Sprintf("simchain: pack %s: %v", name, err))
	}
	return &revertError{append(append([]byte{}, e.ID[:4]...), data...)}
}

var errOutOfGas = errors.New("out of gas")

func intrinsic(data []byte) uint64 {
	g := uint64(21_000)
	for _, b := range data {
		if b == 0 {
			g += 4
		} else {
			g += 16
		}
	}
	return g
}

// run executes a transaction (to, data) with gas as its limit; it returns
// the gas used, the logs and the revert.
func (x *execCtx) run(to *common.Address, data []byte, gas uint64) (uint64, []*types.Log, error) {
	used := intrinsic(data)
	if gas < used {
		return gas, nil, errOutOfGas
	}
	if to == nil || *to != x.c.o.Coordinator || len(data) < 4 { // a transfer (the sender's no-op self-transfers)
		return used, nil, nil
	}
	m, err := coordABI.MethodById(data[:4])
	if err != nil {
		return used + gasRevert, nil, &revertError{}
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		return used + gasRevert, nil, &revertError{}
	}
	var work uint64
	switch m.Name {
	case "deliverCompute":
		work, err = x.deliver(args[0].(uint32), args[1].(uint32), gas-used)
	case "deliverComputeDelegatee":
		var id uint32
		var w uint64
		id, w, err = x.createDelegated(args)
		work += w
		if err == nil {
			var dw uint64
			dw, err = x.deliver(id, args[6].(uint32), gas-used-w)
			work += dw
		}
	case "createSubscriptionDelegatee":
		work, err = func() (uint64, error) { _, w, err := x.createDelegated(args); return w, err }()
	case "createSubscription":
		err = x.create(subOf(args[0]), x.from)
	case "cancelSubscription":
		err = x.cancel(args[0].(uint32))
	default:
		err = &revertError{}
	}
	if err != nil {
		x.rollbackTx()
		return min(gas, used+gasRevert), nil, err
	}
	if used+work > gas {
		x.rollbackTx()
		return gas, nil, errOutOfGas
	}
	return used + work, x.logs, nil
}

// rollbackTx undoes a reverted transaction's changes (the nonce bump,
// made before, stays).
func (x *execCtx) rollbackTx() {
	x.logs = nil
	if x.estimate {
		x.rollback()
		return
	}
	// Changes of this transaction are the block's undo entries after the
	// nonce bump; run and drop them.
	b := x.b
	for len(b.undo) > x.mark {
		b.undo[len(b.undo)-1]()
		b.undo = b.undo[:len(b.undo)-1]
	}
}

func subOf(v any) coordinatorabi.Subscription {
	return *abi.ConvertType(v, new(coordinatorabi.Subscription)).(*coordinatorabi.Subscription)
}

func (x *execCtx) interval(s *coordinatorabi.Subscription) uint32 {
	t := x.time()
	if s.Period == 0 {
		return 1
	}
	return uint32((t-uint64(s.ActiveAt))/uint64(s.Period) + 1)
}

const cancelledAt = ^uint32(0)

// deliver is _record, the callback and the events of a delivery of
// interval k of id, with gas left for it.
func (x *execCtx) deliver(id, k uint32, gas uint64) (uint64, error) {
	st := x.c.st
	s, ok := st.subs[id]
	switch {
	case !ok:
		return 0, revert("SubscriptionNotFound", id)
	case s.ActiveAt == cancelledAt:
		return 0, revert("SubscriptionIsCancelled", id)
	case x.time() < uint64(s.ActiveAt):
		return 0, revert("SubscriptionNotActive", id, s.ActiveAt)
	}
	iv := x.interval(s)
	switch {
	case iv > s.Frequency:
		return 0, revert("SubscriptionCompleted", id)
	case iv != k:
		return 0, revert("IntervalMismatch", iv, k)
	case x.price != nil && x.price.Cmp(s.MaxGasPrice) > 0:
		return 0, revert("GasPriceExceeded", x.price, s.MaxGasPrice)
	}
	rk, ik := respKey{id, k, x.from}, ivKey{id, k}
	if st.responded[rk] {
		return 0, revert("NodeAlreadyResponded", id, k, x.from)
	}
	if st.responses[ik] >= s.Redundancy {
		return 0, revert("IntervalRedundancyReached", id, k)
	}
	limit := uint64(s.MaxGasLimit)
	if gas < gasCoordinator+gasReserve+limit*64/63 {
		return 0, revert("InsufficientGasForCallback", new(big.Int).SetUint64(limit), new(big.Int).SetUint64(gas))
	}
	st.responded[rk] = true
	st.responses[ik]++
	x.change(func() { delete(st.responded, rk); st.responses[ik]-- })
	bh := st.behaviours[s.Owner]
	cb := bh.Gas
	if cb == 0 {
		cb = 50_000
	}
	cb = min(cb, limit)
	task := crypto.Keccak256Hash(binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, id), k))
	if bh.Fail {
		x.event("CallbackFailed", id, x.from, k, task)
	}
	x.event("ComputeDelivered", id, x.from, k, task)
	return gasCoordinator + cb, nil
}

// event appends a Coordinator event: topics id and node (or containerId
// hash and owner), data the rest.
func (x *execCtx) event(name string, id uint32, addr common.Address, rest ...any) {
	ev := coordABI.Events[name]
	topics := []common.Hash{ev.ID, common.BigToHash(new(big.Int).SetUint64(uint64(id)))}
	var data []byte
	if name == "SubscriptionCreated" || name == "SubscriptionCancelled" {
		topics = append(topics, rest[0].(common.Hash), common.BytesToHash(addr.Bytes()))
	} else {
		topics = append(topics, common.BytesToHash(addr.Bytes()))
		var err error
		if data, err = ev.Inputs.NonIndexed().Pack(rest...); err != nil {
			panic(fmt.Sprintf("simchain: pack %s: %v", name, err))
		}
	}
	if x.view || x.estimate {
		return
	}
	x.logs = append(x.logs, &types.Log{Address: x.c.o.Coordinator, Topics: topics, Data: data})
}

func (x *execCtx) create(s coordinatorabi.Subscription, _ common.Address) error {
	switch {
	case s.Owner == (common.Address{}):
		return revert("ZeroOwner")
	case s.Frequency == 0:
		return revert("InvalidFrequency")
	case s.Redundancy == 0:
		return revert("InvalidRedundancy")
	case s.MaxGasLimit == 0:
		return revert("InvalidMaxGasLimit")
	case s.ContainerId == "":
		return revert("EmptyContainerId")
	case s.ActiveAt == cancelledAt:
		return revert("InvalidActiveAt")
	}
	st := x.c.st
	st.count++
	id := st.count
	st.subs[id] = &s
	x.change(func() { delete(st.subs, id); st.count-- })
	x.event("SubscriptionCreated", id, s.Owner, crypto.Keccak256Hash([]byte(s.ContainerId)))
	x.created = id
	return nil
}

func (x *execCtx) cancel(id uint32) error {
	st := x.c.st
	s, ok := st.subs[id]
	if !ok || s.Owner != x.from {
		return revert("NotSubscriptionOwner", id, x.from)
	}
	if s.ActiveAt == cancelledAt {
		return revert("SubscriptionIsCancelled", id)
	}
	was := s.ActiveAt
	s.ActiveAt = cancelledAt
	x.change(func() { s.ActiveAt = was })
	x.event("SubscriptionCancelled", id, s.Owner, crypto.Keccak256Hash([]byte(s.ContainerId)))
	return nil
}

// createDelegated is _createDelegatee: the existing id for (owner,
// nonce), or a new subscription. The model trusts the signature (the
// relay checks it off chain with the real EIP-712 code before it ever
// sends one).
func (x *execCtx) createDelegated(args []any) (uint32, uint64, error) {
	nonce, expiry, s := args[0].(uint32), args[1].(uint32), subOf(args[2])
	st := x.c.st
	key := dKey{s.Owner, nonce}
	if c, ok := st.delegated[key]; ok && (!x.estimate || c.block <= x.estimateAt) {
		return c.id, 2_100, nil
	}
	if x.time() >= uint64(expiry) {
		return 0, 0, revert("SignatureExpired", expiry)
	}
	if st.signers[s.Owner] == (common.Address{}) {
		return 0, 0, revert("OwnerHasNoSigner", s.Owner)
	}
	if err := x.create(s, s.Owner); err != nil {
		return 0, 0, err
	}
	id := x.created
	old, had := st.delegated[key]
	st.delegated[key] = created{id, x.b.header.Number.Uint64()}
	x.change(func() {
		if had {
			st.delegated[key] = old
		} else {
			delete(st.delegated, key)
		}
	})
	return id, gasCreate + 2_000*uint64((len(s.Inputs)+31)/32), nil
}

// view2 answers an eth_call.
func (x *execCtx) view2(to *common.Address, data []byte) ([]byte, error) {
	st := x.c.st
	if to == nil || len(data) < 4 {
		return nil, nil
	}
	if *to != x.c.o.Coordinator {
		if signer, ok := st.signers[*to]; ok && string(data[:4]) == string(getSigner) {
			return common.LeftPadBytes(signer.Bytes(), 32), nil
		}
		return nil, &revertError{}
	}
	m, err := coordABI.MethodById(data[:4])
	if err != nil {
		return nil, &revertError{}
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		return nil, &revertError{}
	}
	var out []any
	switch m.Name {
	case "getSubscription":
		s, ok := st.subs[args[0].(uint32)]
		if !ok {
			s = &coordinatorabi.Subscription{MaxGasPrice: new(big.Int), PaymentAmount: new(big.Int)}
		}
		out = []any{*s}
	case "nodeResponded":
		out = []any{st.responded[respKey{args[0].(uint32), args[1].(uint32), args[2].(common.Address)}]}
	case "responseCount":
		out = []any{st.responses[ivKey{args[0].(uint32), args[1].(uint32)}]}
	case "delegateSubscriptionId":
		out = []any{st.delegated[dKey{args[0].(common.Address), args[1].(uint32)}].id}
	case "subscriptionCount":
		out = []any{st.count}
	case "currentInterval":
		s, ok := st.subs[args[0].(uint32)]
		iv := uint32(0)
		if ok && s.ActiveAt != cancelledAt && x.time() >= uint64(s.ActiveAt) {
			iv = x.interval(s)
		}
		out = []any{iv}
	default:
		return nil, fmt.Errorf("simchain: no model of %s", m.Name)
	}
	return m.Outputs.Pack(out...)
}
