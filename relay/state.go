package relay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/payments"
)

// state is the relay's table of the node's store (storage.TableRelay; key
// layouts in storage/schema.go). Every write is synced.
type state struct{ kv storage.KeyValueStore }

func (s state) last() (blockRef, bool, error) {
	var r blockRef
	ok, err := storage.GetJSON(s.kv, storage.RelayLastKey(), &r)
	return r, ok, err
}

func (s state) iv(id, k uint32) (Interval, error) {
	var iv Interval
	_, err := storage.GetJSON(s.kv, storage.RelayIntervalKey(id, k), &iv)
	return iv, err
}

func (s state) putIv(id, k uint32, iv Interval) error {
	return storage.PutJSON(s.kv, storage.RelayIntervalKey(id, k), iv)
}

// trimIvs deletes the records of sub id's intervals below upto; it returns
// how many there were.
func (s state) trimIvs(id, upto uint32) (int, error) {
	prefix := storage.RelayIntervalPrefix(id)
	end := storage.RelayIntervalKey(id, upto)
	n := 0
	err := s.kv.Scan(prefix, func(k, _ []byte) error {
		if bytes.Compare(k, end) >= 0 {
			return errStop
		}
		n++
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return 0, err
	}
	if n == 0 {
		return 0, nil
	}
	b := s.kv.NewBatch()
	defer b.Close()
	if err := b.DeleteRange(prefix, end); err != nil {
		return 0, err
	}
	return n, b.Commit()
}

// deleteSub deletes subscription id's record and its intervals' records
// in one batch.
func (s state) deleteSub(id uint32) error {
	prefix := storage.RelayIntervalPrefix(id)
	b := s.kv.NewBatch()
	defer b.Close()
	if err := b.Delete(storage.RelaySubKey(id)); err != nil {
		return err
	}
	if err := b.DeleteRange(prefix, storage.RelayIntervalKey(id, ^uint32(0))); err != nil {
		return err
	}
	return b.Commit()
}

func (s state) sub(id uint32) (*Sub, bool, error) {
	sub := new(Sub)
	ok, err := storage.GetJSON(s.kv, storage.RelaySubKey(id), sub)
	return sub, ok, err
}

func (s state) putSub(sub *Sub) error { return storage.PutJSON(s.kv, storage.RelaySubKey(sub.ID), sub) }

func (s state) subs() ([]*Sub, error) {
	var out []*Sub
	err := storage.ScanJSON(s.kv, storage.RelaySubPrefix(), func(_ []byte, sub *Sub) error {
		out = append(out, sub)
		return nil
	})
	return out, err
}

// dlg reads the delegated subscription under key.
func (s state) dlg(key string) (*Delegated, bool, error) {
	d := new(Delegated)
	ok, err := storage.GetJSON(s.kv, []byte(key), d)
	return d, ok, err
}

func (s state) putDlg(key string, d *Delegated) error { return storage.PutJSON(s.kv, []byte(key), d) }

// adopt persists, in one batch, the subscription a delegated one created
// on chain and the delegated one's final state.
func (s state) adopt(key string, d *Delegated, sub *Sub) error {
	b := s.kv.NewBatch()
	defer b.Close()
	if err := storage.BatchJSON(b, storage.RelaySubKey(sub.ID), sub); err != nil {
		return err
	}
	if err := storage.BatchJSON(b, []byte(key), d); err != nil {
		return err
	}
	return b.Commit()
}

// processed records block n (hash h) as the last processed one, keeping
// the hashes of blocks from keepFrom on for reorg walks.
func (s state) processed(n uint64, h common.Hash, keepFrom uint64) error {
	b := s.kv.NewBatch()
	defer b.Close()
	if err := storage.BatchJSON(b, storage.RelayLastKey(), blockRef{Number: n, Hash: h}); err != nil {
		return err
	}
	if err := storage.BatchJSON(b, storage.RelayBlockKey(n), h); err != nil {
		return err
	}
	if keepFrom > 0 {
		if err := b.DeleteRange(storage.RelayBlockKey(0), storage.RelayBlockKey(keepFrom)); err != nil {
			return err
		}
	}
	return b.Commit()
}

// rollback, in one batch, deletes the subscriptions created after the
// ancestor, writes back those whose cancellation it forgot, drops the
// block hashes after it and makes it the last processed block.
func (s state) rollback(ancestor blockRef, deleted []uint32, restored []*Sub) error {
	b := s.kv.NewBatch()
	defer b.Close()
	for _, id := range deleted {
		if err := b.Delete(storage.RelaySubKey(id)); err != nil {
			return err
		}
	}
	for _, sub := range restored {
		if err := storage.BatchJSON(b, storage.RelaySubKey(sub.ID), sub); err != nil {
			return err
		}
	}
	if err := b.DeleteRange(storage.RelayBlockKey(ancestor.Number+1), storage.RelayBlockKey(^uint64(0))); err != nil {
		return err
	}
	if err := storage.BatchJSON(b, storage.RelayLastKey(), ancestor); err != nil {
		return err
	}
	return b.Commit()
}

// dlgHead is a delegated record without its body: what start-up and the
// retention sweep read of each, so a record's size costs them nothing.
type dlgHead struct {
	Progress
	Final int64 `json:"final_at,omitempty"`
}

// unfinished calls fn with each delegated request not final, one at a
// time: final records are skipped undecoded (start-up holds none of them).
func (s state) unfinished(fn func(key string, d *Delegated) error) error {
	return s.kv.Scan(storage.RelayDelegatedPrefix(), func(k, raw []byte) error {
		var h dlgHead
		if err := json.Unmarshal(raw, &h); err != nil {
			return fmt.Errorf("decode %q: %w", k, err)
		}
		if h.State.final() {
			return nil
		}
		d := new(Delegated)
		if err := json.Unmarshal(raw, d); err != nil {
			return fmt.Errorf("decode %q: %w", k, err)
		}
		return fn(string(k), d)
	})
}

// expired returns the keys of final delegated records whose Final is at or
// before before (at most limit), and those final without a Final (written
// before it was kept), to be stamped.
func (s state) expired(before int64, limit int) (gone, unstamped []string, err error) {
	err = s.kv.Scan(storage.RelayDelegatedPrefix(), func(k, raw []byte) error {
		if len(gone)+len(unstamped) >= limit {
			return errStop
		}
		var h dlgHead
		if err := json.Unmarshal(raw, &h); err != nil || !h.State.final() {
			return nil
		}
		switch {
		case h.Final == 0:
			unstamped = append(unstamped, string(k))
		case h.Final <= before:
			gone = append(gone, string(k))
		}
		return nil
	})
	if errors.Is(err, errStop) {
		err = nil
	}
	return gone, unstamped, err
}

var errStop = errors.New("stop")

// deleteDlgs deletes the delegated records under keys in one batch.
func (s state) deleteDlgs(keys []string) error {
	b := s.kv.NewBatch()
	defer b.Close()
	for _, k := range keys {
		if err := b.Delete([]byte(k)); err != nil {
			return err
		}
	}
	return b.Commit()
}

// delegated returns every delegated request by its key (tests).
func (s state) delegated() (map[string]*Delegated, error) {
	out := map[string]*Delegated{}
	err := storage.ScanJSON(s.kv, storage.RelayDelegatedPrefix(), func(k []byte, d *Delegated) error {
		out[string(k)] = d
		return nil
	})
	return out, err
}

// blocks returns the processed blocks whose hashes are kept, oldest first.
func (s state) blocks() ([]blockRef, error) {
	var refs []blockRef
	err := storage.ScanJSON(s.kv, storage.RelayBlockPrefix(), func(k []byte, h *common.Hash) error {
		num, err := storage.RelayBlockNumber(k)
		if err != nil {
			return err
		}
		refs = append(refs, blockRef{Number: num, Hash: *h})
		return nil
	})
	return refs, err
}

// paymentRequest is what the subscription asks of the node's payment policy.
func paymentRequest(s *Sub) payments.Request {
	return payments.Request{Containers: s.Containers(), Token: s.PaymentToken, Amount: bigOf(s.PaymentAmount), Verifier: s.Verifier}
}

// ivOf reads the status of interval k of s. A status written for an earlier
// incarnation of the subscription id (created in a block a reorg replaced)
// does not count: the re-created subscription starts afresh, and the
// nodeResponded check before any send keeps it from delivering twice.
func (st state) ivOf(s *Sub, k uint32) (Interval, error) {
	iv, err := st.iv(s.ID, k)
	if err != nil {
		return iv, err
	}
	if iv.SubBlockHash != (common.Hash{}) && s.BlockHash != (common.Hash{}) && iv.SubBlockHash != s.BlockHash {
		return Interval{}, nil
	}
	return iv, nil
}

// putIvOf persists the status of interval k of s, tagged with s's creation.
func (st state) putIvOf(s *Sub, k uint32, iv Interval) error {
	iv.SubBlockHash = s.BlockHash
	return st.putIv(s.ID, k, iv)
}

// saveDlg persists d under key, stamped when final (head: the block time
// now).
func (s state) saveDlg(key string, d *Delegated, head uint64) error {
	stampFinal(d, head)
	return s.putDlg(key, d)
}
