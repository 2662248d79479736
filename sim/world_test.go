package sim

import (
	"context"
	"crypto/ecdsa"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"math/rand/v2"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/relay"
	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/simchain"
	"github.com/infernode/infernode/txm"
)

// scenario is one simulated run: everything else is drawn from seed.
type scenario struct {
	seed     uint64
	duration time.Duration // simulated
	subs     int
	crashes  int
	rates    simchain.Rates
	// sabotage breaks an invariant on purpose: one subscription, drawn
	// from the seed, is checked against a redundancy of 0.
	sabotage bool
}

// Caps the node runs with (and the invariants check).
var (
	nodeMaxFee  = big.NewInt(50e9)
	coordAddr   = common.HexToAddress("0xC00D")
	chainID     = big.NewInt(31337)
	gwei        = big.NewInt(1e9)
	coordABI    = coordinatorabi.NewCoordinator()
	echoOutput  = json.RawMessage(`{"echo":"sim"}`)
	errNodeDown = errors.New("sim: node killed")
)

// owner is an account that creates subscriptions (an EOA sending
// createSubscription) or signs delegated ones (a contract whose signer is
// key). hostile owners' callbacks fail or burn their whole gas limit.
type owner struct {
	key     *ecdsa.PrivateKey
	addr    common.Address
	nonce   uint64
	hostile bool
}

// planned is a subscription of the workload.
type planned struct {
	at        uint64 // block it is created (or submitted, delegated) at
	sub       coordinatorabi.Subscription
	owner     *owner
	delegated bool
	nonce     uint32 // delegated
	expiry    uint32 // delegated
	cancelAt  uint64 // block of its cancellation (0: never)
	id        uint32 // on-chain id once known
	cancelled uint64 // block time its cancellation was sent (0: never)
	refused   string // why the node refused it (delegated)
}

// world is a scenario in motion.
type world struct {
	sc     scenario
	rng    *rand.Rand
	chain  *simchain.Chain
	fs     *storage.MemFS
	nodeKy *ecdsa.PrivateKey
	me     common.Address
	owners []*owner
	plan   []*planned
	log    *slog.Logger
	limits guard.Limits
	faults *simchain.Plan
	// byInputs finds a planned subscription by its (unique) inputs;
	// known is the last subscription id looked at.
	byInputs map[string]*planned
	known    uint32

	node     *node
	restarts int
	sent     atomic.Int64 // transactions the node broadcast
	fail     func(format string, args ...any)
	failed   bool
	failMsg  string
}

// node is one incarnation of the node on the store.
type node struct {
	db     *storage.Store
	s      *txm.Sender
	r      *relay.Relay
	gate   *gate
	cancel context.CancelFunc
	done   chan error
}

func newWorld(sc scenario) *world {
	rng := rand.New(rand.NewPCG(sc.seed, 0x35))
	w := &world{sc: sc, rng: rng, fs: storage.NewMemFS(), log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if v := os.Getenv("SIM_LOG"); v != "" {
		lvl := slog.LevelInfo
		if v == "debug" {
			lvl = slog.LevelDebug
		}
		w.log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))
	}
	w.nodeKy = w.key()
	w.me = crypto.PubkeyToAddress(w.nodeKy.PublicKey)
	blocks := uint64(sc.duration / time.Second)
	w.faults = simchain.NewPlan(rng, blocks, sc.rates)
	w.chain = simchain.New(simchain.Options{ChainID: chainID, Coordinator: coordAddr, Genesis: time.Now(), Faults: w.faults})
	w.limits = guard.Limits{} // the defaults (chain.unpaid.*, chain.interval_deadline, …)
	w.planWorkload(blocks)
	return w
}

// key draws a private key from the seed.
func (w *world) key() *ecdsa.PrivateKey {
	for {
		var b [32]byte
		binary.BigEndian.PutUint64(b[0:], w.rng.Uint64())
		binary.BigEndian.PutUint64(b[8:], w.rng.Uint64())
		binary.BigEndian.PutUint64(b[16:], w.rng.Uint64())
		binary.BigEndian.PutUint64(b[24:], w.rng.Uint64())
		if k, err := crypto.ToECDSA(b[:]); err == nil {
			return k
		}
	}
}

// planWorkload draws the subscriptions: recurring and one-shot ones of
// honest owners, delegated ones (some near their expiry), and hostile
// owners whose callbacks fail or burn their gas.
func (w *world) planWorkload(blocks uint64) {
	const honestOwners, hostileOwners = 40, 4
	for i := range honestOwners + hostileOwners {
		k := w.key()
		o := &owner{key: k, addr: crypto.PubkeyToAddress(k.PublicKey), hostile: i >= honestOwners}
		w.owners = append(w.owners, o)
		switch {
		case !o.hostile:
		case i%2 == 0:
			w.chain.SetBehaviour(o.addr, simchain.Behaviour{Fail: true})
		default:
			w.chain.SetBehaviour(o.addr, simchain.Behaviour{Gas: 1 << 40})
		}
	}
	periods := []uint32{30, 60, 300, 600, 1800, 3600, 7200}
	spread := max(blocks/2, 20)
	for i := range w.sc.subs {
		o := w.owners[w.rng.IntN(len(w.owners))]
		at := 5 + w.rng.Uint64N(spread)
		p := &planned{at: at, owner: o}
		period := periods[w.rng.IntN(len(periods))]
		freq := uint32(max((blocks-at)/uint64(period), 1))
		if w.rng.IntN(10) == 0 { // one-shot
			period, freq = 0, 1
		}
		p.sub = coordinatorabi.Subscription{Owner: o.addr, Period: period, Frequency: freq,
			Redundancy: uint16(1 + w.rng.IntN(3)), MaxGasPrice: new(big.Int).Mul(big.NewInt(int64(2+w.rng.IntN(40))), gwei),
			MaxGasLimit: uint32(60_000 + w.rng.IntN(200_000)), ContainerId: "echo", Inputs: fmt.Appendf(nil, `{"n":%d}`, i),
			PaymentAmount: new(big.Int)}
		p.sub.ActiveAt = uint32(w.rng.IntN(120)) // seconds after creation, set at creation
		if w.rng.IntN(8) == 0 && period > 0 {
			p.cancelAt = at + 1 + w.rng.Uint64N(blocks-at+1)
		}
		if w.rng.IntN(5) == 0 && !o.hostile {
			p.delegated, p.nonce = true, uint32(i+1)
			p.expiry = 3600 + uint32(w.rng.IntN(7200))
			if w.rng.IntN(3) == 0 { // near its expiry: a few seconds to deliver
				p.expiry = p.sub.ActiveAt + uint32(3+w.rng.IntN(20))
			}
			p.cancelAt = 0 // the owner is a contract: cancelling takes its own call
		}
		w.plan = append(w.plan, p)
	}
	sort.SliceStable(w.plan, func(i, j int) bool { return w.plan[i].at < w.plan[j].at })
	w.byInputs = map[string]*planned{}
	for _, p := range w.plan {
		w.byInputs[string(p.sub.Inputs)] = p
		if p.delegated {
			w.chain.SetSigner(p.owner.addr, p.owner.addr) // the owner's key signs for it
		}
	}
}

// start starts an incarnation of the node on the store.
func (w *world) start() error {
	db, err := storage.Open("db", storage.Options{FS: w.fs})
	if err != nil {
		return fmt.Errorf("open store: %w", err)
	}
	g := &gate{Chain: w.chain, w: w}
	parsed := coordABI.GetABI()
	ctx, cancel := context.WithCancel(context.Background())
	s, err := txm.NewSender(ctx, g, db.Table(storage.TableNonce), txm.SenderOptions{
		Signer: signer.NewKey(w.nodeKy), Decoder: coordinator.NewRevertDecoder(&parsed), MaxFeePerGas: nodeMaxFee,
		MaxGasLimit: 30_000_000, Logger: w.log})
	if err != nil {
		cancel()
		_ = db.Close()
		return fmt.Errorf("sender: %w", err)
	}
	m, err := relay.NewMetrics(nil)
	if err != nil {
		cancel()
		_ = db.Close()
		return err
	}
	cfg := []access.Container{{ID: "echo", External: true}}
	r, err := relay.New(relay.Options{Backend: g, DB: db.Table(storage.TableRelay), Sender: s,
		Dialect: ours.New(coordAddr, []string{"echo"}, 0), Runner: echo{}, Access: access.NewGuardian(cfg),
		Logger: w.log, Metrics: m, Limits: w.limits})
	if err != nil {
		cancel()
		_ = db.Close()
		return fmt.Errorf("relay: %w", err)
	}
	n := &node{db: db, s: s, r: r, gate: g, cancel: cancel, done: make(chan error, 1)}
	go func() { n.done <- r.Run(ctx) }()
	w.node = n
	return nil
}

// kill is kill -9: the chain refuses the old incarnation's calls from
// now on, the store keeps only what was synced, and the goroutines are
// stopped (what they still write is lost with the old filesystem).
func (w *world) kill() {
	w.log.Warn("sim: kill -9")
	n := w.node
	n.gate.kill()
	crashed := w.fs.Crash()
	n.cancel()
	<-n.done
	_ = n.db.Close()
	w.fs = crashed
	w.node = nil
}

// stop ends the run's node cleanly.
func (w *world) stop() {
	if n := w.node; n != nil {
		n.cancel()
		<-n.done
		_ = n.db.Close()
		w.node = nil
	}
}

// echo is the container: every run returns the same output.
type echo struct{}

func (echo) Run(ctx context.Context, in executor.Input) ([]job.ContainerResult, error) {
	return []job.ContainerResult{{Container: in.Containers[len(in.Containers)-1], Output: echoOutput}}, nil
}

// gate is the chain as one incarnation of the node reaches it: once
// killed, nothing it sends arrives. It also checks every transaction the
// node broadcasts against the fee caps.
type gate struct {
	*simchain.Chain
	w    *world
	mu   sync.RWMutex
	dead bool
}

func (g *gate) kill() {
	g.mu.Lock()
	g.dead = true
	g.mu.Unlock()
}

func (g *gate) alive() bool {
	g.mu.RLock()
	defer g.mu.RUnlock()
	return !g.dead
}

func (g *gate) check(tx *types.Transaction) {
	g.w.sent.Add(1)
	if tx.GasFeeCap().Cmp(nodeMaxFee) > 0 {
		g.w.fail("a transaction's fee cap %s is above the node's cap %s (nonce %d)", tx.GasFeeCap(), nodeMaxFee, tx.Nonce())
	}
}

func (g *gate) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	if !g.alive() {
		return errNodeDown
	}
	g.check(tx)
	return g.Chain.SendTransaction(ctx, tx)
}

func (g *gate) SendTransactions(ctx context.Context, txs []*types.Transaction) []error {
	if !g.alive() {
		errs := make([]error, len(txs))
		for i := range errs {
			errs[i] = errNodeDown
		}
		return errs
	}
	for _, tx := range txs {
		g.check(tx)
	}
	return g.Chain.SendTransactions(ctx, txs)
}

func (g *gate) BlockReceipts(ctx context.Context, b rpc.BlockNumberOrHash) ([]*types.Receipt, error) {
	if !g.alive() {
		return nil, errNodeDown
	}
	return g.Chain.BlockReceipts(ctx, b)
}

var _ interface {
	ethereum.TransactionSender
} = (*gate)(nil)
