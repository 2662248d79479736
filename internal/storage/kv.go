package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cockroachdb/pebble/v2"
)

// ErrKeyNotFound is returned by KeyValueStore.Get for a key the table does
// not hold.
var ErrKeyNotFound = errors.New("storage: key not found")

// KeyValueStore is the small key-value interface every subsystem's state
// sits behind: a table of the node's one Pebble database (Store.Table).
// Keys are relative to the table. Every write is synced before it returns,
// so what a call reported written survives a crash.
type KeyValueStore interface {
	// Get returns a copy of the value under key, or ErrKeyNotFound.
	Get(key []byte) ([]byte, error)
	// Put writes value under key.
	Put(key, value []byte) error
	// Delete removes key (no error when absent).
	Delete(key []byte) error
	// NewBatch starts an atomic group of writes.
	NewBatch() Batch
	// Scan calls fn for every key starting with prefix, in key order. The
	// slices are valid only during the call.
	Scan(prefix []byte, fn func(key, value []byte) error) error
}

// Batch is an atomic group of writes, applied (synced) by Commit. Close
// releases it; closing a committed batch is fine.
type Batch interface {
	Put(key, value []byte) error
	Delete(key []byte) error
	// DeleteRange removes the keys in [start, end).
	DeleteRange(start, end []byte) error
	Commit() error
	Close()
}

// pebbleKV is the root KeyValueStore: the whole database.
type pebbleKV struct{ db *pebble.DB }

func (p pebbleKV) Get(key []byte) ([]byte, error) {
	v, closer, err := p.db.Get(key)
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, ErrKeyNotFound
	}
	if err != nil {
		return nil, err
	}
	defer closer.Close()
	return bytes.Clone(v), nil
}

func (p pebbleKV) Put(key, value []byte) error { return p.db.Set(key, value, pebble.Sync) }
func (p pebbleKV) Delete(key []byte) error     { return p.db.Delete(key, pebble.Sync) }
func (p pebbleKV) NewBatch() Batch             { return pebbleBatch{p.db.NewBatch()} }

func (p pebbleKV) Scan(prefix []byte, fn func(key, value []byte) error) error {
	it, err := p.db.NewIter(&pebble.IterOptions{LowerBound: prefix, UpperBound: prefixEnd(prefix)})
	if err != nil {
		return err
	}
	for it.First(); it.Valid(); it.Next() {
		if err := fn(it.Key(), it.Value()); err != nil {
			_ = it.Close()
			return err
		}
	}
	if err := it.Error(); err != nil {
		_ = it.Close()
		return err
	}
	return it.Close()
}

type pebbleBatch struct{ b *pebble.Batch }

func (b pebbleBatch) Put(key, value []byte) error         { return b.b.Set(key, value, nil) }
func (b pebbleBatch) Delete(key []byte) error             { return b.b.Delete(key, nil) }
func (b pebbleBatch) DeleteRange(start, end []byte) error { return b.b.DeleteRange(start, end, nil) }
func (b pebbleBatch) Commit() error                       { return b.b.Commit(pebble.Sync) }
func (b pebbleBatch) Close()                              { _ = b.b.Close() }

// NewTable returns the part of kv under prefix as a KeyValueStore of its
// own: keys given to it and handed out by Scan are relative to prefix.
// Tables nest (the nonce journal gives each account one inside its table).
func NewTable(kv KeyValueStore, prefix string) KeyValueStore {
	if t, ok := kv.(*table); ok { // flatten: one level of key arithmetic
		return &table{kv: t.kv, prefix: t.prefix + prefix}
	}
	return &table{kv: kv, prefix: prefix}
}

type table struct {
	kv     KeyValueStore
	prefix string
}

func (t *table) key(k []byte) []byte {
	out := make([]byte, 0, len(t.prefix)+len(k))
	return append(append(out, t.prefix...), k...)
}

func (t *table) Get(key []byte) ([]byte, error) { return t.kv.Get(t.key(key)) }
func (t *table) Put(key, value []byte) error    { return t.kv.Put(t.key(key), value) }
func (t *table) Delete(key []byte) error        { return t.kv.Delete(t.key(key)) }
func (t *table) NewBatch() Batch                { return tableBatch{t: t, b: t.kv.NewBatch()} }

func (t *table) Scan(prefix []byte, fn func(key, value []byte) error) error {
	n := len(t.prefix)
	return t.kv.Scan(t.key(prefix), func(k, v []byte) error { return fn(k[n:], v) })
}

type tableBatch struct {
	t *table
	b Batch
}

func (b tableBatch) Put(key, value []byte) error { return b.b.Put(b.t.key(key), value) }
func (b tableBatch) Delete(key []byte) error     { return b.b.Delete(b.t.key(key)) }
func (b tableBatch) DeleteRange(start, end []byte) error {
	return b.b.DeleteRange(b.t.key(start), b.t.key(end))
}
func (b tableBatch) Commit() error { return b.b.Commit() }
func (b tableBatch) Close()        { b.b.Close() }

// prefixEnd is the smallest key greater than every key starting with p
// (nil when there is none: p is all 0xff).
func prefixEnd(p []byte) []byte {
	end := append([]byte{}, p...)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xff {
			end[i]++
			return end[:i+1]
		}
	}
	return nil
}

// The value codecs tables share: JSON records and big-endian counters.

// GetJSON decodes the JSON value under key into v; ok is false (and v
// untouched) when the key is absent.
func GetJSON(kv KeyValueStore, key []byte, v any) (ok bool, err error) {
	raw, err := kv.Get(key)
	if errors.Is(err, ErrKeyNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return false, fmt.Errorf("decode %q: %w", key, err)
	}
	return true, nil
}

// PutJSON writes v as JSON under key.
func PutJSON(kv KeyValueStore, key []byte, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %q: %w", key, err)
	}
	return kv.Put(key, raw)
}

// BatchJSON adds v as JSON under key to b.
func BatchJSON(b Batch, key []byte, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %q: %w", key, err)
	}
	return b.Put(key, raw)
}

// ScanJSON decodes every value under prefix into a new T and calls fn
// with its key, in key order.
func ScanJSON[T any](kv KeyValueStore, prefix []byte, fn func(key []byte, v *T) error) error {
	return kv.Scan(prefix, func(k, raw []byte) error {
		v := new(T)
		if err := json.Unmarshal(raw, v); err != nil {
			return fmt.Errorf("decode %q: %w", k, err)
		}
		return fn(k, v)
	})
}

// EncodeUint64 is the big-endian 8-byte form counters are stored in.
func EncodeUint64(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

// GetUint64 reads a counter written with EncodeUint64; ok is false when
// the key is absent.
func GetUint64(kv KeyValueStore, key []byte) (n uint64, ok bool, err error) {
	v, err := kv.Get(key)
	if errors.Is(err, ErrKeyNotFound) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	if len(v) != 8 {
		return 0, false, fmt.Errorf("corrupt counter under %q: %d bytes", key, len(v))
	}
	return binary.BigEndian.Uint64(v), true, nil
}
