// Package respcache is the node's content-addressed response cache
// (docs/cache.md): the outputs of containers whose output is a pure
// function of their input, under the SHA-256 of what determines them, kept
// in a table of the node's Pebble store so a restart keeps them.
//
// Only the index (key, size, stored time) is held in memory; values are
// read from the store on a hit. What the cache holds, values and index
// together, is bounded by a byte budget, least recently used first out; an
// optional TTL ages entries out. Concurrent misses of one key run the work
// once (single flight). The executor decides what is cached and how its
// key is made; this package only keeps bytes under keys.
package respcache
