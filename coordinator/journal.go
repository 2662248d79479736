package coordinator

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/cockroachdb/pebble"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
)

// TxState is where one nonce's transaction stands.
type TxState uint8

const (
	// StateReserved: the nonce is taken; nothing signed yet.
	StateReserved TxState = iota + 1
	// StateSent: signed and broadcast (at least once); not yet confirmed.
	StateSent
	// StateConfirmed: mined successfully with enough confirmations.
	StateConfirmed
	// StateFailed: mined but reverted, or the nonce was filled by a no-op.
	StateFailed
)

func (s TxState) String() string {
	switch s {
	case StateReserved:
		return "reserved"
	case StateSent:
		return "sent"
	case StateConfirmed:
		return "confirmed"
	case StateFailed:
		return "failed"
	}
	return fmt.Sprintf("TxState(%d)", s)
}

// Final reports whether the state will not change any more.
func (s TxState) Final() bool { return s == StateConfirmed || s == StateFailed }

// Record is the persisted journal entry of one nonce. Raw holds every signed
// version broadcast for the nonce (replacements append), newest last, so a
// restart can find whichever one was mined.
type Record struct {
	Nonce  uint64          `json:"nonce"`
	Key    string          `json:"key,omitempty"`
	State  TxState         `json:"state"`
	To     common.Address  `json:"to"`
	Data   hexutil.Bytes   `json:"data,omitempty"`
	Value  *hexutil.Big    `json:"value,omitempty"`
	Gas    uint64          `json:"gas"`
	FeeCap *hexutil.Big    `json:"fee_cap,omitempty"` // the most this tx may pay per gas
	Raw    []hexutil.Bytes `json:"raw,omitempty"`
	// SentHead is the head block number when the newest version was
	// broadcast; replacement is measured from it.
	SentHead uint64 `json:"sent_head,omitempty"`
	// Noop marks a self-transfer filling a nonce whose purpose was lost.
	Noop bool `json:"noop,omitempty"`
	// Mined is set once a receipt was seen.
	MinedHash  common.Hash `json:"mined_hash,omitempty"`
	MinedBlock uint64      `json:"mined_block,omitempty"`
	Err        string      `json:"err,omitempty"`
}

// Latest decodes the newest signed version, or nil.
func (r *Record) Latest() *types.Transaction {
	if len(r.Raw) == 0 {
		return nil
	}
	tx := new(types.Transaction)
	if err := tx.UnmarshalBinary(r.Raw[len(r.Raw)-1]); err != nil {
		return nil
	}
	return tx
}

// Hashes returns the hash of every signed version.
func (r *Record) Hashes() []common.Hash {
	out := make([]common.Hash, 0, len(r.Raw))
	for _, raw := range r.Raw {
		tx := new(types.Transaction)
		if tx.UnmarshalBinary(raw) == nil {
			out = append(out, tx.Hash())
		}
	}
	return out
}

// journal is the Pebble-backed nonce journal of one account, under
// "nonce/<address>/". Every write is synced before it returns.
type journal struct {
	db     *pebble.DB
	prefix string
}

func newJournal(db *pebble.DB, addr common.Address) *journal {
	return &journal{db: db, prefix: "nonce/" + strings.ToLower(addr.Hex()) + "/"}
}

func (j *journal) nextKey() []byte { return []byte(j.prefix + "next") }
func (j *journal) txKey(n uint64) []byte {
	return []byte(fmt.Sprintf("%stx/%020d", j.prefix, n))
}
func (j *journal) idxKey(key string) []byte { return []byte(j.prefix + "key/" + key) }

func (j *journal) getUint(k []byte) (uint64, bool, error) {
	v, closer, err := j.db.Get(k)
	if errors.Is(err, pebble.ErrNotFound) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	defer closer.Close()
	if len(v) != 8 {
		return 0, false, fmt.Errorf("corrupt value under %q", k)
	}
	return binary.BigEndian.Uint64(v), true, nil
}

func u64(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

// next returns the next nonce to reserve (ok false when never written).
func (j *journal) next() (uint64, bool, error) { return j.getUint(j.nextKey()) }

func (j *journal) setNext(n uint64) error {
	return j.db.Set(j.nextKey(), u64(n), pebble.Sync)
}

// reserve writes the record for nonce r.Nonce, the key index and next =
// r.Nonce+1 in one synced batch.
func (j *journal) reserve(r *Record) error {
	wait, err := j.reserveNoSyncWait(r)
	if err != nil {
		return err
	}
	return wait()
}

// reserveNoSyncWait writes r, its key index and the next nonce in one
// batch, in order, and returns once the batch is applied; wait returns
// once it is synced. Callers serialise the apply (nonce order in the WAL)
// and wait outside their lock, so concurrent reservations share fsyncs.
func (j *journal) reserveNoSyncWait(r *Record) (wait func() error, err error) {
	b := j.db.NewBatch()
	v, err := json.Marshal(r)
	if err == nil {
		err = b.Set(j.txKey(r.Nonce), v, nil)
	}
	if err == nil && r.Key != "" {
		err = b.Set(j.idxKey(r.Key), u64(r.Nonce), nil)
	}
	if err == nil {
		err = b.Set(j.nextKey(), u64(r.Nonce+1), nil)
	}
	if err == nil {
		err = j.db.ApplyNoSyncWait(b, pebble.Sync)
	}
	if err != nil {
		b.Close()
		return nil, err
	}
	return func() error {
		defer b.Close()
		return b.SyncWait()
	}, nil
}

func (j *journal) put(r *Record) error {
	v, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return j.db.Set(j.txKey(r.Nonce), v, pebble.Sync)
}

func (j *journal) get(n uint64) (*Record, error) {
	v, closer, err := j.db.Get(j.txKey(n))
	if err != nil {
		return nil, err
	}
	defer closer.Close()
	r := new(Record)
	if err := json.Unmarshal(v, r); err != nil {
		return nil, fmt.Errorf("decode nonce record %d: %w", n, err)
	}
	return r, nil
}

// byKey returns the record sent under key, or pebble.ErrNotFound.
func (j *journal) byKey(key string) (*Record, error) {
	n, ok, err := j.getUint(j.idxKey(key))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, pebble.ErrNotFound
	}
	return j.get(n)
}

// open returns every record not in a final state, by nonce.
func (j *journal) open() ([]*Record, error) {
	return j.scan(func(r *Record) bool { return !r.State.Final() })
}

// all returns every record, by nonce (tests and tooling).
func (j *journal) all() ([]*Record, error) {
	return j.scan(func(*Record) bool { return true })
}

// scan returns the records keep accepts, by nonce.
func (j *journal) scan(keep func(*Record) bool) ([]*Record, error) {
	lo := []byte(j.prefix + "tx/")
	hi := []byte(j.prefix + "tx0")
	it, err := j.db.NewIter(&pebble.IterOptions{LowerBound: lo, UpperBound: hi})
	if err != nil {
		return nil, err
	}
	defer it.Close()
	var out []*Record
	for it.First(); it.Valid(); it.Next() {
		r := new(Record)
		if err := json.Unmarshal(it.Value(), r); err != nil {
			return nil, fmt.Errorf("decode nonce record %q: %w", it.Key(), err)
		}
		if keep(r) {
			out = append(out, r)
		}
	}
	return out, it.Error()
}

func bigOrZero(b *hexutil.Big) *big.Int {
	if b == nil {
		return new(big.Int)
	}
	return (*big.Int)(b)
}
