package storage

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"
)

// TableCensus is the live keys of one key family (census group).
type TableCensus struct {
	Prefix string // a key family: "job/", "relay/iv/", "nonce/*/tx/", …
	Keys   int
	Bytes  int64 // keys and values
}

// Census is what a store holds: its live keys by family, and Pebble's
// view of the space they take on disk.
type Census struct {
	Tables []TableCensus // by prefix
	Keys   int
	Bytes  int64 // live keys and values, uncompressed
	// From Pebble's metrics.
	LiveTables     uint64 // bytes of live sstables
	Levels         [7]LevelCensus
	WAL            uint64 // bytes of live WAL files
	ObsoleteTables uint64 // bytes of tables no longer used, not yet deleted
	ZombieTables   uint64 // bytes of tables no longer used, still open by a reader
	Tombstones     uint64 // point and range deletions in live tables (estimate)
	Garbage        uint64 // estimated bytes deletions would reclaim
}

// LevelCensus is one LSM level.
type LevelCensus struct {
	Files int64
	Bytes int64
}

// censusGroup names the family of key k: its first segment, and for the
// relay and nonce tables the next one (the account in nonce/ as *).
func censusGroup(k []byte) string {
	s := string(k)
	seg := func(s string) string {
		if i := strings.IndexByte(s, '/'); i >= 0 {
			return s[:i+1]
		}
		return s
	}
	first := seg(s)
	switch first {
	case TableRelay:
		second := seg(s[len(first):])
		if second == RelayGuardPrefix() {
			return first + second + seg(s[len(first)+len(second):])
		}
		if !strings.HasSuffix(second, "/") {
			return first + second // relay/last
		}
		return first + second
	case TableNonce:
		rest := s[len(first):]
		acct := seg(rest)
		return first + "*/" + seg(rest[len(acct):])
	case TableCache:
		return first + seg(s[len(first):])
	}
	return first
}

// Census counts every live key by family and reads Pebble's metrics. It
// reads the whole database: for tests, the soak and an operator's
// diagnosis, not for a node's hot path.
func (s *Store) Census() (Census, error) {
	if err := s.enter(); err != nil {
		return Census{}, err
	}
	defer s.leave()
	var c Census
	by := map[string]*TableCensus{}
	it, err := s.db.NewIter(nil)
	if err != nil {
		return c, err
	}
	for it.First(); it.Valid(); it.Next() {
		g := censusGroup(it.Key())
		t := by[g]
		if t == nil {
			t = &TableCensus{Prefix: g}
			by[g] = t
		}
		v, err := it.ValueAndErr()
		if err != nil {
			_ = it.Close()
			return c, err
		}
		n := int64(len(it.Key()) + len(v))
		t.Keys++
		t.Bytes += n
		c.Keys++
		c.Bytes += n
	}
	if err := it.Close(); err != nil {
		return c, err
	}
	for _, t := range by {
		c.Tables = append(c.Tables, *t)
	}
	sort.Slice(c.Tables, func(i, j int) bool { return c.Tables[i].Prefix < c.Tables[j].Prefix })
	m := s.db.Metrics()
	for i := range m.Levels {
		c.Levels[i] = LevelCensus{Files: m.Levels[i].TablesCount, Bytes: m.Levels[i].TablesSize}
	}
	c.LiveTables = m.Table.Local.LiveSize
	c.WAL = m.WAL.PhysicalSize
	c.ObsoleteTables = m.Table.ObsoleteSize
	c.ZombieTables = m.Table.ZombieSize
	c.Tombstones = m.Keys.TombstoneCount
	c.Garbage = m.Table.Garbage.PointDeletionsBytesEstimate + m.Table.Garbage.RangeDeletionsBytesEstimate
	return c, nil
}

// CompactAll compacts the whole key space (a manual compaction): the
// deleted keys' space is reclaimed and what is left on disk is the live
// data. It blocks until done.
func (s *Store) CompactAll() error {
	if err := s.enter(); err != nil {
		return err
	}
	defer s.leave()
	if err := s.db.Flush(); err != nil {
		return err
	}
	return s.db.Compact(context.Background(), []byte{0}, bytes.Repeat([]byte{0xff}, 64), true)
}

// String is the census as a few lines of text.
func (c Census) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "live keys %d, %d bytes (keys and values)\n", c.Keys, c.Bytes)
	for _, t := range c.Tables {
		fmt.Fprintf(&b, "  %-18s %8d keys %10d bytes\n", t.Prefix, t.Keys, t.Bytes)
	}
	fmt.Fprintf(&b, "sstables %d bytes live (", c.LiveTables)
	for i, l := range c.Levels {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "L%d %d/%d", i, l.Files, l.Bytes)
	}
	fmt.Fprintf(&b, "), WAL %d, obsolete %d, zombie %d, tombstones %d, garbage %d\n",
		c.WAL, c.ObsoleteTables, c.ZombieTables, c.Tombstones, c.Garbage)
	return b.String()
}
