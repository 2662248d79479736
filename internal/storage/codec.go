package storage

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/infernode/infernode/internal/job"
)

// The binary job record (version 1). encoding/json cost ~15% of the node's
// CPU on every create, finish and read; this format is a straight walk of
// the fields and keeps each output's bytes verbatim.
//
//	byte     recordV1
//	uvarint  total bytes of all strings below (sizes the one string allocation)
//	uvarint  total bytes of all outputs below (sizes the one output allocation)
//	string   id
//	string   client
//	uvarint  containers: 0 = nil, n+1 = n strings follow (nil and [] read
//	         back differently from JSON, so both are kept)
//	byte     status: 1 running, 2 success, 3 failed, 0 = a string follows
//	varint   created
//	varint   finished
//	byte     result: 0 absent, 1 present
//	uvarint  n intermediate results (0 reads back nil, as the omitempty
//	         JSON field did)
//	result   the result, if present
//	result   × n, the intermediate results
//
// string = uvarint length + bytes. result = string container, string error,
// uvarint output length + bytes; 0 = no output, which is how an empty output
// read back from JSON too. An error wins: its output is not stored, and a
// record holding both is rejected as corrupt.
//
// Legacy records are JSON objects, so they start with '{', which no binary
// version byte may be.
const recordV1 = 0x01

const (
	recStatusOther byte = iota
	recStatusRunning
	recStatusSuccess
	recStatusFailed
)

// appendRecord appends the binary record of j to dst. It allocates only to
// grow dst, once, to the record's size.
func appendRecord(dst []byte, j *Job) []byte {
	strs, outs, size := recSizes(j)
	dst = slices.Grow(dst, size)
	dst = append(dst, recordV1)
	dst = binary.AppendUvarint(dst, uint64(strs))
	dst = binary.AppendUvarint(dst, uint64(outs))
	dst = appendRecString(dst, j.ID)
	dst = appendRecString(dst, j.Client)
	if j.Containers == nil {
		dst = append(dst, 0)
	} else {
		dst = binary.AppendUvarint(dst, uint64(len(j.Containers))+1)
		for _, c := range j.Containers {
			dst = appendRecString(dst, c)
		}
	}
	st := recStatusCode(j.Status)
	dst = append(dst, st)
	if st == recStatusOther {
		dst = appendRecString(dst, string(j.Status))
	}
	dst = binary.AppendVarint(dst, j.Created)
	dst = binary.AppendVarint(dst, j.Finished)
	if j.Result == nil {
		dst = append(dst, 0)
	} else {
		dst = append(dst, 1)
	}
	dst = binary.AppendUvarint(dst, uint64(len(j.Intermediate)))
	if j.Result != nil {
		dst = appendRecResult(dst, j.Result)
	}
	for i := range j.Intermediate {
		dst = appendRecResult(dst, &j.Intermediate[i])
	}
	return dst
}

// recSizes returns the total string bytes, the total output bytes and
// the exact size of j's record.
func recSizes(j *Job) (strs, outs, size int) {
	str := func(s string) {
		strs += len(s)
		size += recUvarintLen(uint64(len(s)))
	}
	res := func(r *job.ContainerResult) {
		str(r.Container)
		str(r.Error)
		out := recOutput(r)
		outs += len(out)
		size += recUvarintLen(uint64(len(out)))
	}
	str(j.ID)
	str(j.Client)
	size += recUvarintLen(uint64(len(j.Containers)) + 1)
	for _, c := range j.Containers {
		str(c)
	}
	size++ // status
	if recStatusCode(j.Status) == recStatusOther {
		str(string(j.Status))
	}
	size += recVarintLen(j.Created) + recVarintLen(j.Finished)
	size++ // result flag
	size += recUvarintLen(uint64(len(j.Intermediate)))
	if j.Result != nil {
		res(j.Result)
	}
	for i := range j.Intermediate {
		res(&j.Intermediate[i])
	}
	size += 1 + recUvarintLen(uint64(strs)) + recUvarintLen(uint64(outs)) + strs + outs
	return strs, outs, size
}

func recUvarintLen(v uint64) int { return max(1, (bits.Len64(v)+6)/7) }

// recVarintLen is the size of binary.AppendVarint's zig-zag encoding.
func recVarintLen(v int64) int { return recUvarintLen(uint64(v<<1) ^ uint64(v>>63)) }

func appendRecString(dst []byte, s string) []byte {
	return append(binary.AppendUvarint(dst, uint64(len(s))), s...)
}

func appendRecResult(dst []byte, r *job.ContainerResult) []byte {
	dst = appendRecString(dst, r.Container)
	dst = appendRecString(dst, r.Error)
	out := recOutput(r)
	return append(binary.AppendUvarint(dst, uint64(len(out))), out...)
}

// recOutput is the output a record keeps: none when an error wins (as
// stored() does for JSON records).
func recOutput(r *job.ContainerResult) []byte {
	if r.Error != "" {
		return nil
	}
	return r.Output
}

func recStatusCode(s job.Status) byte {
	switch s {
	case job.StatusRunning:
		return recStatusRunning
	case job.StatusSuccess:
		return recStatusSuccess
	case job.StatusFailed:
		return recStatusFailed
	}
	return recStatusOther
}

var recCodeStatus = [...]job.Status{recStatusRunning: job.StatusRunning, recStatusSuccess: job.StatusSuccess, recStatusFailed: job.StatusFailed}

// decodeRecord decodes a stored record into j (reset first): the binary
// format above or a legacy JSON record. Nothing in j aliases b, which the
// caller may reuse (Pebble releases it on Close). Any malformed input gives
// an error saying what is wrong, never a panic.
func decodeRecord(b []byte, j *Job) error {
	*j = Job{}
	if len(b) == 0 {
		return errors.New("job record: empty")
	}
	switch b[0] {
	case '{':
		// Written by encodeJob (or json.Marshal(Job) before it): the same
		// decoding as get always did. encoding/json copies what it keeps.
		if err := json.Unmarshal(b, j); err != nil {
			*j = Job{}
			return fmt.Errorf("job record (JSON): %w", err)
		}
		return nil
	case recordV1:
		d := recDecoder{b: b, off: 1}
		d.decode(j)
		if d.err != nil {
			*j = Job{}
			return fmt.Errorf("job record: %w", d.err)
		}
		return nil
	}
	return fmt.Errorf("job record: unknown format byte 0x%02x", b[0])
}

// recDecoder reads a binary record. The first error sticks and later reads
// return zero values, so decode reads straight through and checks once.
type recDecoder struct {
	b   []byte
	off int
	err error

	strs strings.Builder // all strings, grown once; each is a slice of it
	outs []byte          // all outputs, allocated once
	// what the header declared, checked against what the fields use
	strsLeft, outsLeft int
}

func (d *recDecoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf(format, args...)
	}
}

func (d *recDecoder) left() int { return len(d.b) - d.off }

func (d *recDecoder) uvarint(what string) uint64 { return d.uvarintOf(what, "") }

// uvarintOf reads a uvarint named what+suffix in errors (concatenated only
// then: the happy path must not allocate).
func (d *recDecoder) uvarintOf(what, suffix string) uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b[d.off:])
	if n <= 0 {
		d.fail("%s%s: truncated or overlong varint at byte %d", what, suffix, d.off)
		return 0
	}
	d.off += n
	return v
}

func (d *recDecoder) varint(what string) int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b[d.off:])
	if n <= 0 {
		d.fail("%s: truncated or overlong varint at byte %d", what, d.off)
		return 0
	}
	d.off += n
	return v
}

func (d *recDecoder) byte(what string) byte {
	if d.err != nil {
		return 0
	}
	if d.left() < 1 {
		d.fail("%s: truncated at byte %d", what, d.off)
		return 0
	}
	c := d.b[d.off]
	d.off++
	return c
}

// length reads a length that must fit in both the bytes left and what the
// header declared for its kind (*budget), so no size in a corrupt record can
// make decode allocate or read past the record.
func (d *recDecoder) length(what string, budget *int) int {
	v := d.uvarintOf(what, " length")
	if d.err != nil {
		return 0
	}
	if v > uint64(d.left()) {
		d.fail("%s: length %d exceeds the %d bytes left", what, v, d.left())
		return 0
	}
	if int(v) > *budget {
		d.fail("%s: length %d exceeds the %d bytes the header declared", what, v, *budget)
		return 0
	}
	*budget -= int(v)
	return int(v)
}

// count reads a number of items that each take at least min bytes.
func (d *recDecoder) count(what string, v uint64, min int) int {
	if d.err != nil {
		return 0
	}
	if v > uint64(d.left()/min) {
		d.fail("%s: count %d exceeds what the %d bytes left can hold", what, v, d.left())
		return 0
	}
	return int(v)
}

func (d *recDecoder) string(what string) string {
	n := d.length(what, &d.strsLeft)
	if d.err != nil || n == 0 {
		return ""
	}
	start := d.strs.Len()
	d.strs.Write(d.b[d.off : d.off+n])
	d.off += n
	// The builder was grown to the declared total, so its buffer never
	// moves: every string returned shares the one allocation.
	return d.strs.String()[start:]
}

func (d *recDecoder) output(what string) json.RawMessage {
	n := d.length(what, &d.outsLeft)
	if d.err != nil || n == 0 {
		return nil
	}
	start := len(d.outs)
	d.outs = append(d.outs, d.b[d.off:d.off+n]...)
	d.off += n
	// Full slice expression: an append to one output must not overwrite
	// the next.
	return d.outs[start:len(d.outs):len(d.outs)]
}

// result reads a result; the names are passed whole so that no error text
// is built unless needed.
func (d *recDecoder) result(r *job.ContainerResult, what, container, errName, output string) {
	r.Container = d.string(container)
	r.Error = d.string(errName)
	r.Output = d.output(output)
	if r.Error != "" && r.Output != nil {
		d.fail("%s: has both an error and an output", what)
	}
}

func (d *recDecoder) decode(j *Job) {
	strs, outs := d.uvarint("string total"), d.uvarint("output total")
	if d.err == nil && (strs > uint64(d.left()) || outs > uint64(d.left())-strs) {
		d.fail("declared %d string and %d output bytes exceed the %d bytes left", strs, outs, d.left())
	}
	if d.err != nil {
		return
	}
	d.strsLeft, d.outsLeft = int(strs), int(outs)
	d.strs.Grow(d.strsLeft)
	if outs > 0 {
		d.outs = make([]byte, 0, outs)
	}

	j.ID = d.string("id")
	j.Client = d.string("client")
	if n := d.uvarint("containers count"); n > 0 {
		n := d.count("containers", n-1, 1)
		if d.err == nil {
			j.Containers = make([]string, n)
			for i := range j.Containers {
				j.Containers[i] = d.string("container")
			}
		}
	}
	switch st := d.byte("status"); {
	case st == recStatusOther:
		j.Status = job.Status(d.string("status"))
	case int(st) < len(recCodeStatus):
		j.Status = recCodeStatus[st]
	default:
		d.fail("status: unknown code %d", st)
	}
	j.Created = d.varint("created")
	j.Finished = d.varint("finished")
	// Result and intermediate results share one allocation (the count
	// comes first for that); the full slice expression keeps an append to
	// Intermediate off the Result.
	hasResult := d.byte("result flag")
	if hasResult > 1 {
		d.fail("result flag: unknown value %d", hasResult)
	}
	ni := d.count("intermediate results", d.uvarint("intermediate count"), 3)
	if d.err != nil {
		return
	}
	if n := ni + int(hasResult); n > 0 {
		rs := make([]job.ContainerResult, n)
		if hasResult == 1 {
			j.Result = &rs[ni]
			d.result(j.Result, "result", "result container", "result error", "result output")
		}
		if ni > 0 {
			j.Intermediate = rs[:ni:ni]
			for i := range j.Intermediate {
				d.result(&j.Intermediate[i], "intermediate result", "intermediate container", "intermediate error", "intermediate output")
			}
		}
	}
	if d.err != nil {
		return
	}
	if d.left() != 0 {
		d.fail("%d unexpected bytes after the last field", d.left())
	} else if d.strsLeft != 0 || d.outsLeft != 0 {
		d.fail("header declared %d string and %d output bytes more than the fields hold", d.strsLeft, d.outsLeft)
	}
}
