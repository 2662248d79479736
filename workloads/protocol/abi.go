package protocol

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// A small Solidity ABI codec for the few types the workloads' on-chain
// encodings use (uint, bytes, string, uint32[], bytes[], string[]). It
// produces exactly what abi.encode produces; the tests check it against
// go-ethereum's implementation. It exists so the workload binaries do not
// link go-ethereum.

// ABIValue is one element of a tuple to encode. Build it with the ABI*
// constructors.
type ABIValue struct {
	static  []byte // a 32-byte word for a static value
	dynamic []byte // the tail of a dynamic value
}

// ABIUint is a uint<N> value.
func ABIUint(v uint64) ABIValue {
	w := make([]byte, 32)
	binary.BigEndian.PutUint64(w[24:], v)
	return ABIValue{static: w}
}

// ABIBytes is a bytes value.
func ABIBytes(b []byte) ABIValue { return ABIValue{dynamic: abiBytesTail(b)} }

// ABIString is a string value.
func ABIString(s string) ABIValue { return ABIBytes([]byte(s)) }

// ABIUint32s is a uint32[] value.
func ABIUint32s(v []uint32) ABIValue {
	tail := make([]byte, 32*(len(v)+1))
	binary.BigEndian.PutUint64(tail[24:], uint64(len(v)))
	for i, x := range v {
		binary.BigEndian.PutUint32(tail[32*(i+1)+28:], x)
	}
	return ABIValue{dynamic: tail}
}

// ABIBytesList is a bytes[] value (and, with the same layout, a string[]).
func ABIBytesList(list [][]byte) ABIValue {
	elems := make([]ABIValue, len(list))
	for i, b := range list {
		elems[i] = ABIBytes(b)
	}
	count := ABIUint(uint64(len(list))).static
	return ABIValue{dynamic: append(count, ABIEncode(elems...)...)}
}

// ABIStrings is a string[] value.
func ABIStrings(list []string) ABIValue {
	b := make([][]byte, len(list))
	for i, s := range list {
		b[i] = []byte(s)
	}
	return ABIBytesList(b)
}

func abiBytesTail(b []byte) []byte {
	padded := (len(b) + 31) / 32 * 32
	tail := make([]byte, 32+padded)
	binary.BigEndian.PutUint64(tail[24:32], uint64(len(b)))
	copy(tail[32:], b)
	return tail
}

// ABIEncode is abi.encode(values...).
func ABIEncode(values ...ABIValue) []byte {
	head := make([]byte, 0, 32*len(values))
	var tail []byte
	for _, v := range values {
		if v.static != nil {
			head = append(head, v.static...)
			continue
		}
		head = append(head, ABIUint(uint64(32*len(values)+len(tail))).static...)
		tail = append(tail, v.dynamic...)
	}
	return append(head, tail...)
}

// ABIDecoder reads a tuple encoded by abi.encode. Every read is bounds
// checked: a malformed encoding is an error, never a panic.
type ABIDecoder struct {
	buf []byte
}

// NewABIDecoder decodes the tuple in buf.
func NewABIDecoder(buf []byte) *ABIDecoder { return &ABIDecoder{buf: buf} }

var errABIShort = errors.New("abi: data too short")

func (d *ABIDecoder) word(pos int) ([]byte, error) {
	if pos < 0 || pos > len(d.buf)-32 {
		return nil, errABIShort
	}
	return d.buf[pos : pos+32], nil
}

// uintAt reads the word at pos as an unsigned integer of at most max.
func (d *ABIDecoder) uintAt(pos int, max uint64) (uint64, error) {
	w, err := d.word(pos)
	if err != nil {
		return 0, err
	}
	for _, b := range w[:24] {
		if b != 0 {
			return 0, fmt.Errorf("abi: value at byte %d exceeds %d", pos, max)
		}
	}
	v := binary.BigEndian.Uint64(w[24:])
	if v > max {
		return 0, fmt.Errorf("abi: value at byte %d is %d, more than %d", pos, v, max)
	}
	return v, nil
}

// Uint reads static element i of the tuple as an unsigned integer of at most
// max.
func (d *ABIDecoder) Uint(i int, max uint64) (uint64, error) { return d.uintAt(32*i, max) }

// tail resolves the offset in head word i (relative to base).
func (d *ABIDecoder) tail(base, i int) (int, error) {
	off, err := d.uintAt(base+32*i, uint64(len(d.buf)))
	if err != nil {
		return 0, err
	}
	return base + int(off), nil
}

func (d *ABIDecoder) bytesAt(pos int) ([]byte, error) {
	n, err := d.uintAt(pos, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	start := pos + 32
	if int(n) > len(d.buf)-start {
		return nil, errABIShort
	}
	return d.buf[start : start+int(n)], nil
}

// Bytes reads dynamic element i as bytes; the result aliases the input.
func (d *ABIDecoder) Bytes(i int) ([]byte, error) {
	pos, err := d.tail(0, i)
	if err != nil {
		return nil, err
	}
	return d.bytesAt(pos)
}

// String reads dynamic element i as a string.
func (d *ABIDecoder) String(i int) (string, error) {
	b, err := d.Bytes(i)
	return string(b), err
}

// array finds dynamic element i as an array: pos is its length word, n its
// length (at most max), and the buffer has room for n words after pos.
func (d *ABIDecoder) array(i int, max int) (pos, n int, err error) {
	pos, err = d.tail(0, i)
	if err != nil {
		return 0, 0, err
	}
	l, err := d.uintAt(pos, uint64(max))
	if err != nil {
		return 0, 0, err
	}
	if int(l) > (len(d.buf)-pos-32)/32 {
		return 0, 0, errABIShort
	}
	return pos, int(l), nil
}

// Uint32s reads dynamic element i as uint32[] of at most max elements.
func (d *ABIDecoder) Uint32s(i int, max int) ([]uint32, error) {
	pos, n, err := d.array(i, max)
	if err != nil {
		return nil, err
	}
	out := make([]uint32, n)
	for k := range out {
		v, err := d.uintAt(pos+32*(k+1), math.MaxUint32)
		if err != nil {
			return nil, err
		}
		out[k] = uint32(v)
	}
	return out, nil
}

// BytesList reads dynamic element i as bytes[] (or string[]) of at most
// max elements; the elements alias the input.
func (d *ABIDecoder) BytesList(i int, max int) ([][]byte, error) {
	pos, n, err := d.array(i, max)
	if err != nil {
		return nil, err
	}
	base := pos + 32
	out := make([][]byte, n)
	for k := range out {
		p, err := d.tail(base, k)
		if err != nil {
			return nil, err
		}
		if out[k], err = d.bytesAt(p); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Strings reads dynamic element i as string[].
func (d *ABIDecoder) Strings(i int, max int) ([]string, error) {
	l, err := d.BytesList(i, max)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(l))
	for k, b := range l {
		out[k] = string(b)
	}
	return out, nil
}
