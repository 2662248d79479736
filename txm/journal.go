package txm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/infernode/infernode/internal/storage"
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
	Nonce  uint64         `json:"nonce"`
	Key    string         `json:"key,omitempty"`
	State  TxState        `json:"state"`
	To     common.Address `json:"to"`
	Data   hexutil.Bytes  `json:"data,omitempty"`
	Value  *hexutil.Big   `json:"value,omitempty"`
	Gas    uint64         `json:"gas"`
	FeeCap *hexutil.Big   `json:"fee_cap,omitempty"` // the most this tx may pay per gas
	// Suggested is the market fee cap (2 × base fee + tip) when the
	// transaction was first sent: no replacement pays more than
	// maxBumpFactor times it. Absent in records written before it
	// existed (the first version's fee cap stands in).
	Suggested *hexutil.Big    `json:"suggested_fee,omitempty"`
	Raw       []hexutil.Bytes `json:"raw,omitempty"`
	// SentHead is the head block number when the newest version was
	// broadcast; replacement is measured from it.
	SentHead uint64 `json:"sent_head,omitempty"`
	// Noop marks a self-transfer filling a nonce whose purpose was lost.
	Noop bool `json:"noop,omitempty"`
	// GaveUp marks a transaction given up (stuck below the market or
	// refused for good) and replaced by a no-op: the caller records its
	// delivery as given up, not to be tried again.
	GaveUp bool `json:"gave_up,omitempty"`
	// Mined is set once a receipt was seen.
	MinedHash  common.Hash `json:"mined_hash,omitempty"`
	MinedBlock uint64      `json:"mined_block,omitempty"`
	// GasUsed is the mined transaction's (its owner's spending bounds
	// settle on it), and Events the first topic of each log its target
	// (To) emitted, in order (a Coordinator's CallbackFailed); both empty
	// in records written before they were kept.
	// Anchor is Call.Anchor (absent in records written before it was kept).
	Anchor  *Anchor       `json:"anchor,omitempty"`
	GasUsed uint64        `json:"gas_used,omitempty"`
	Events  []common.Hash `json:"events,omitempty"`
	Err     string        `json:"err,omitempty"`
	// FinalAt is the block time (unix seconds) of the head at which the
	// record became final: Prune deletes it chain.retention later. 0 in
	// records written before it was kept (Prune stamps them).
	FinalAt uint64 `json:"final_at,omitempty"`
	// Estimated is the estimate the gas limit was sized from; kept in
	// memory only (records Send returns), not journaled.
	Estimated uint64 `json:"-"`
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

// journal is the nonce journal of one account: its table inside the nonce
// table (storage.NonceAccountPrefix). Every write is synced before it
// returns.
type journal struct{ kv storage.KeyValueStore }

func newJournal(nonces storage.KeyValueStore, addr common.Address) *journal {
	return &journal{kv: storage.NewTable(nonces, storage.NonceAccountPrefix(addr))}
}

// next returns the next nonce to reserve (ok false when never written).
func (j *journal) next() (uint64, bool, error) {
	return storage.GetUint64(j.kv, storage.NonceNextKey())
}

func (j *journal) setNext(n uint64) error {
	return j.kv.Put(storage.NonceNextKey(), storage.EncodeUint64(n))
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

// reserveNoSyncWait writes the same batch as reserve and returns once it
// is applied (visible, in order); wait returns once it is synced. Callers
// serialise the apply (nonce order in the log) and wait outside their lock,
// so concurrent reservations share one fsync.
func (j *journal) reserveNoSyncWait(r *Record) (wait func() error, err error) {
	b := j.kv.NewBatch()
	err = storage.BatchJSON(b, storage.NonceTxKey(r.Nonce), r)
	if err == nil && r.Key != "" {
		err = b.Put(storage.NonceIndexKey(r.Key), storage.EncodeUint64(r.Nonce))
	}
	if err == nil {
		err = b.Put(storage.NonceNextKey(), storage.EncodeUint64(r.Nonce+1))
	}
	if err != nil {
		b.Close()
		return nil, err
	}
	pb, ok := b.(storage.PipelinedBatch)
	if !ok {
		defer b.Close()
		return func() error { return nil }, b.Commit()
	}
	synced, err := pb.CommitPipelined()
	if err != nil {
		b.Close()
		return nil, err
	}
	return func() error {
		defer b.Close()
		return synced()
	}, nil
}

func (j *journal) put(r *Record) error { return storage.PutJSON(j.kv, storage.NonceTxKey(r.Nonce), r) }

// putAll writes records in one synced batch.
func (j *journal) putAll(rs []*Record) error {
	b := j.kv.NewBatch()
	defer b.Close()
	for _, r := range rs {
		if err := storage.BatchJSON(b, storage.NonceTxKey(r.Nonce), r); err != nil {
			return err
		}
	}
	return b.Commit()
}

func (j *journal) get(n uint64) (*Record, error) {
	r := new(Record)
	ok, err := storage.GetJSON(j.kv, storage.NonceTxKey(n), r)
	if err != nil {
		return nil, fmt.Errorf("read nonce record %d: %w", n, err)
	}
	if !ok {
		return nil, storage.ErrKeyNotFound
	}
	return r, nil
}

// byKey returns the record sent under key, or storage.ErrKeyNotFound.
func (j *journal) byKey(key string) (*Record, error) {
	n, ok, err := storage.GetUint64(j.kv, storage.NonceIndexKey(key))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, storage.ErrKeyNotFound
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
	var out []*Record
	err := storage.ScanJSON(j.kv, storage.NonceTxPrefix(), func(_ []byte, r *Record) error {
		if keep(r) {
			out = append(out, r)
		}
		return nil
	})
	return out, err
}

// recordHead is what prune reads of a record: not its signed bytes.
type recordHead struct {
	Nonce   uint64  `json:"nonce"`
	Key     string  `json:"key,omitempty"`
	State   TxState `json:"state"`
	FinalAt uint64  `json:"final_at,omitempty"`
}

// prune deletes, in nonce order, the final records that became final at
// or before before (block time, unix seconds), with their key index, at
// most limit of them; it stops at the first record that is not final or
// not old enough (nonces are mined in order, so the later ones are not
// either). Final records without FinalAt (written before it was kept) are
// stamped with stamp, to be deleted a retention later. It returns how many
// records it deleted and stamped.
func (j *journal) prune(before, stamp uint64, limit int) (deleted, stamped int, err error) {
	var gone []recordHead
	var unstamped [][]byte
	err = j.kv.Scan(storage.NonceTxPrefix(), func(k, raw []byte) error {
		if len(gone)+len(unstamped) >= limit {
			return errStopScan
		}
		var h recordHead
		if err := json.Unmarshal(raw, &h); err != nil {
			return fmt.Errorf("decode %q: %w", k, err)
		}
		switch {
		case !h.State.Final():
			return errStopScan
		case h.FinalAt == 0:
			unstamped = append(unstamped, bytes.Clone(k))
		case h.FinalAt <= before:
			gone = append(gone, h)
		default:
			return errStopScan
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStopScan) {
		return 0, 0, err
	}
	if len(gone) > 0 {
		b := j.kv.NewBatch()
		defer b.Close()
		for _, h := range gone {
			if err := b.Delete(storage.NonceTxKey(h.Nonce)); err != nil {
				return 0, 0, err
			}
			if h.Key != "" {
				if err := b.Delete(storage.NonceIndexKey(h.Key)); err != nil {
					return 0, 0, err
				}
			}
		}
		if err := b.Commit(); err != nil {
			return 0, 0, err
		}
	}
	for _, k := range unstamped {
		r := new(Record)
		ok, err := storage.GetJSON(j.kv, k, r)
		if err != nil {
			return len(gone), stamped, err
		}
		if !ok || !r.State.Final() || r.FinalAt != 0 {
			continue
		}
		r.FinalAt = stamp
		if err := j.put(r); err != nil {
			return len(gone), stamped, err
		}
		stamped++
	}
	return len(gone), stamped, nil
}

var errStopScan = errors.New("stop")

func bigOrZero(b *hexutil.Big) *big.Int {
	if b == nil {
		return new(big.Int)
	}
	return (*big.Int)(b)
}
