package torch

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// A small pickle virtual machine (protocols 0-5, the opcodes torch.save
// emits). It never executes code: globals resolve to plain descriptors and
// calls to them build data, except for the few constructors torch needs
// (OrderedDict, set, tensor and parameter rebuilders), which are
// interpreted here.

// Global is a class or function named by a pickle.
type Global struct{ Module, Name string }

func (g Global) String() string { return g.Module + "." + g.Name }

// Object is an instance of a class the VM does not interpret: the class,
// the constructor arguments and the state given by BUILD.
type Object struct {
	Class Global
	Args  []any
	State any
}

// Dict is an ordered dictionary (pickle dicts keep insertion order since
// Python 3.7, and OrderedDict always does).
type Dict struct {
	Keys   []any
	Values []any
}

// Get returns the value of a string key.
func (d *Dict) Get(key string) (any, bool) {
	for i, k := range d.Keys {
		if s, ok := k.(string); ok && s == key {
			return d.Values[i], true
		}
	}
	return nil, false
}

func (d *Dict) set(k, v any) {
	if s, ok := k.(string); ok {
		for i, x := range d.Keys {
			if xs, ok := x.(string); ok && xs == s {
				d.Values[i] = v
				return
			}
		}
	}
	d.Keys = append(d.Keys, k)
	d.Values = append(d.Values, v)
}

type mark struct{}

// Tuple is a pickled tuple.
type Tuple []any

// storageRef is a persistent id naming a raw storage in the archive.
type storageRef struct {
	dtype string // e.g. "float32"
	key   string
	numel int
}

// rawTensor is a tensor as rebuilt from the pickle: a view into a storage.
type rawTensor struct {
	storage storageRef
	offset  int
	size    []int
	stride  []int
}

const maxPickleItems = 1 << 20 // bounds memo and stack growth on hostile input

type unpickler struct {
	data    []byte
	pos     int
	stack   []any
	marks   []int
	memo    map[int]any
	persist func(pid any) (any, error)
}

var errPickleEOF = errors.New("pickle: unexpected end of data")

func (u *unpickler) read(n int) ([]byte, error) {
	if n < 0 || u.pos+n > len(u.data) || u.pos+n < u.pos {
		return nil, errPickleEOF
	}
	b := u.data[u.pos : u.pos+n]
	u.pos += n
	return b, nil
}

func (u *unpickler) line() (string, error) {
	i := bytes.IndexByte(u.data[u.pos:], '\n')
	if i < 0 {
		return "", errPickleEOF
	}
	s := string(u.data[u.pos : u.pos+i])
	u.pos += i + 1
	return s, nil
}

func (u *unpickler) push(v any) error {
	if len(u.stack) >= maxPickleItems {
		return errors.New("pickle: stack too deep")
	}
	u.stack = append(u.stack, v)
	return nil
}

func (u *unpickler) pop() (any, error) {
	if len(u.stack) == 0 {
		return nil, errors.New("pickle: stack underflow")
	}
	v := u.stack[len(u.stack)-1]
	u.stack = u.stack[:len(u.stack)-1]
	if _, ok := v.(mark); ok {
		return nil, errors.New("pickle: unexpected mark")
	}
	return v, nil
}

func (u *unpickler) popMark() ([]any, error) {
	if len(u.marks) == 0 {
		return nil, errors.New("pickle: no mark")
	}
	m := u.marks[len(u.marks)-1]
	u.marks = u.marks[:len(u.marks)-1]
	if m > len(u.stack) {
		return nil, errors.New("pickle: bad mark")
	}
	items := append([]any(nil), u.stack[m:]...)
	u.stack = u.stack[:m]
	return items, nil
}

func (u *unpickler) top() (any, error) {
	if len(u.stack) == 0 {
		return nil, errors.New("pickle: stack underflow")
	}
	return u.stack[len(u.stack)-1], nil
}

// topAs is the top of the stack as a T; when it is something else, the
// error is "pickle: " + what.
func topAs[T any](u *unpickler, what string) (T, error) {
	var zero T
	t, err := u.top()
	if err != nil {
		return zero, err
	}
	v, ok := t.(T)
	if !ok {
		return zero, errors.New("pickle: " + what)
	}
	return v, nil
}

// uint reads a little-endian unsigned integer of width 1, 2, 4 or 8 bytes.
func (u *unpickler) uint(width int) (uint64, error) {
	b, err := u.read(width)
	if err != nil {
		return 0, err
	}
	switch width {
	case 1:
		return uint64(b[0]), nil
	case 2:
		return uint64(binary.LittleEndian.Uint16(b)), nil
	case 4:
		return uint64(binary.LittleEndian.Uint32(b)), nil
	default:
		return binary.LittleEndian.Uint64(b), nil
	}
}

// argWidth is the byte width of the unsigned argument of BININT1/2,
// BINPUT/LONG_BINPUT and BINGET/LONG_BINGET.
func argWidth(op byte) int {
	switch op {
	case 'K', 'q', 'h':
		return 1
	case 'M':
		return 2
	}
	return 4
}

// sized reads a length of width bytes (see uint), then that many bytes.
func (u *unpickler) sized(width int) ([]byte, error) {
	n, err := u.uint(width)
	if err != nil {
		return nil, err
	}
	if n > uint64(len(u.data)) {
		return nil, errPickleEOF
	}
	return u.read(int(n))
}

func (u *unpickler) memoPut(i int) error {
	v, err := u.top()
	if err != nil {
		return err
	}
	if len(u.memo) >= maxPickleItems {
		return errors.New("pickle: memo too large")
	}
	u.memo[i] = v
	return nil
}

func (u *unpickler) memoGet(i int) error {
	v, ok := u.memo[i]
	if !ok {
		return fmt.Errorf("pickle: memo %d missing", i)
	}
	return u.push(v)
}

// unpickle runs the VM over data and returns the pickled value.
func unpickle(data []byte, persist func(pid any) (any, error)) (any, error) {
	u := &unpickler{data: data, memo: map[int]any{}, persist: persist}
	for {
		opb, err := u.read(1)
		if err != nil {
			return nil, err
		}
		op := opb[0]
		if err := u.step(op); err != nil {
			if errors.Is(err, errStop) {
				return u.pop()
			}
			return nil, err
		}
	}
}

var errStop = errors.New("stop")

func (u *unpickler) step(op byte) error {
	switch op {
	case 0x80: // PROTO
		_, err := u.read(1)
		return err
	case 0x95: // FRAME
		_, err := u.read(8)
		return err
	case '.': // STOP
		return errStop
	case '(': // MARK
		u.marks = append(u.marks, len(u.stack))
		return u.push(mark{})
	case '0': // POP
		if len(u.stack) > 0 {
			if _, ok := u.stack[len(u.stack)-1].(mark); ok {
				_, err := u.popMark()
				return err
			}
		}
		_, err := u.pop()
		return err
	case '1': // POP_MARK
		_, err := u.popMark()
		return err
	case '2': // DUP
		v, err := u.top()
		if err != nil {
			return err
		}
		return u.push(v)
	case 'N':
		return u.push(nil)
	case 0x88:
		return u.push(true)
	case 0x89:
		return u.push(false)
	case 'J': // BININT
		b, err := u.read(4)
		if err != nil {
			return err
		}
		return u.push(int64(int32(binary.LittleEndian.Uint32(b))))
	case 'K', 'M': // BININT1, BININT2
		v, err := u.uint(argWidth(op))
		if err != nil {
			return err
		}
		return u.push(int64(v))
	case 0x8a: // LONG1
		b, err := u.sized(1)
		if err != nil {
			return err
		}
		return u.push(decodeLong(b))
	case 0x8b: // LONG4
		n, err := u.uint(4)
		if err != nil {
			return err
		}
		if n > 1<<16 {
			return errors.New("pickle: LONG4 too long")
		}
		b, err := u.read(int(n))
		if err != nil {
			return err
		}
		return u.push(decodeLong(b))
	case 'I', 'L': // INT, LONG (text)
		s, err := u.line()
		if err != nil {
			return err
		}
		s = strings.TrimSuffix(s, "L")
		switch s {
		case "00":
			return u.push(false)
		case "01":
			return u.push(true)
		}
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("pickle: bad INT %q", s)
		}
		return u.push(v)
	case 'G': // BINFLOAT
		b, err := u.read(8)
		if err != nil {
			return err
		}
		return u.push(math.Float64frombits(binary.BigEndian.Uint64(b)))
	case 'F': // FLOAT (text)
		s, err := u.line()
		if err != nil {
			return err
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fmt.Errorf("pickle: bad FLOAT %q", s)
		}
		return u.push(f)
	case 'X', 'B': // BINUNICODE, BINBYTES
		b, err := u.sized(4)
		if err != nil {
			return err
		}
		if op == 'X' {
			return u.push(string(b))
		}
		return u.push(append([]byte(nil), b...))
	case 0x8c, 'U', 'C': // SHORT_BINUNICODE, SHORT_BINSTRING, SHORT_BINBYTES
		b, err := u.sized(1)
		if err != nil {
			return err
		}
		if op == 'C' {
			return u.push(append([]byte(nil), b...))
		}
		return u.push(string(b))
	case 'T': // BINSTRING (a signed length; a negative one is past the end either way)
		b, err := u.sized(4)
		if err != nil {
			return err
		}
		return u.push(string(b))
	case 0x8d, 0x8e: // BINUNICODE8, BINBYTES8
		b, err := u.sized(8)
		if err != nil {
			return err
		}
		if op == 0x8d {
			return u.push(string(b))
		}
		return u.push(append([]byte(nil), b...))
	case ')':
		return u.push(Tuple{})
	case 't':
		items, err := u.popMark()
		if err != nil {
			return err
		}
		return u.push(Tuple(items[1:]))
	case 0x85, 0x86, 0x87: // TUPLE1..3
		n := int(op - 0x84)
		if len(u.stack) < n {
			return errors.New("pickle: stack underflow")
		}
		t := append(Tuple(nil), u.stack[len(u.stack)-n:]...)
		u.stack = u.stack[:len(u.stack)-n]
		return u.push(t)
	case ']':
		return u.push(&[]any{})
	case 'l': // LIST
		items, err := u.popMark()
		if err != nil {
			return err
		}
		l := items[1:]
		return u.push(&l)
	case 'a': // APPEND
		v, err := u.pop()
		if err != nil {
			return err
		}
		l, err := topAs[*[]any](u, "APPEND to a non-list")
		if err != nil {
			return err
		}
		*l = append(*l, v)
		return nil
	case 'e': // APPENDS
		items, err := u.popMark()
		if err != nil {
			return err
		}
		l, err := topAs[*[]any](u, "APPENDS to a non-list")
		if err != nil {
			return err
		}
		*l = append(*l, items[1:]...)
		return nil
	case '}':
		return u.push(&Dict{})
	case 'd': // DICT
		items, err := u.popMark()
		if err != nil {
			return err
		}
		d := &Dict{}
		if err := setItems(d, items[1:]); err != nil {
			return err
		}
		return u.push(d)
	case 's': // SETITEM
		v, err := u.pop()
		if err != nil {
			return err
		}
		k, err := u.pop()
		if err != nil {
			return err
		}
		d, err := topAs[*Dict](u, "SETITEM on a non-dict")
		if err != nil {
			return err
		}
		d.set(k, v)
		return nil
	case 'u': // SETITEMS
		items, err := u.popMark()
		if err != nil {
			return err
		}
		d, err := topAs[*Dict](u, "SETITEMS on a non-dict")
		if err != nil {
			return err
		}
		return setItems(d, items[1:])
	case 0x8f: // EMPTY_SET
		return u.push(&[]any{})
	case 0x90: // ADDITEMS
		items, err := u.popMark()
		if err != nil {
			return err
		}
		l, err := topAs[*[]any](u, "ADDITEMS on a non-set")
		if err != nil {
			return err
		}
		*l = append(*l, items[1:]...)
		return nil
	case 0x91: // FROZENSET
		items, err := u.popMark()
		if err != nil {
			return err
		}
		l := items[1:]
		return u.push(&l)
	case 'c': // GLOBAL
		mod, err := u.line()
		if err != nil {
			return err
		}
		name, err := u.line()
		if err != nil {
			return err
		}
		return u.push(Global{mod, name})
	case 0x93: // STACK_GLOBAL
		name, err := u.pop()
		if err != nil {
			return err
		}
		mod, err := u.pop()
		if err != nil {
			return err
		}
		ms, ok1 := mod.(string)
		ns, ok2 := name.(string)
		if !ok1 || !ok2 {
			return errors.New("pickle: STACK_GLOBAL needs strings")
		}
		return u.push(Global{ms, ns})
	case 'R', 0x81: // REDUCE, NEWOBJ
		args, err := u.pop()
		if err != nil {
			return err
		}
		fn, err := u.pop()
		if err != nil {
			return err
		}
		t, ok := args.(Tuple)
		if !ok {
			return errors.New("pickle: call arguments are not a tuple")
		}
		v, err := call(fn, t)
		if err != nil {
			return err
		}
		return u.push(v)
	case 'b': // BUILD
		state, err := u.pop()
		if err != nil {
			return err
		}
		t, err := u.top()
		if err != nil {
			return err
		}
		switch o := t.(type) {
		case *Object:
			o.State = state
		case *Dict:
			if sd, ok := state.(*Dict); ok {
				for i := range sd.Keys {
					o.set(sd.Keys[i], sd.Values[i])
				}
			}
		case *rawTensor:
			// torch sets Python attributes on parameters; ignored
		default:
			return fmt.Errorf("pickle: BUILD on %T", t)
		}
		return nil
	case 'Q': // BINPERSID
		pid, err := u.pop()
		if err != nil {
			return err
		}
		if u.persist == nil {
			return errors.New("pickle: persistent id without a loader")
		}
		v, err := u.persist(pid)
		if err != nil {
			return err
		}
		return u.push(v)
	case 'q', 'r': // BINPUT, LONG_BINPUT
		i, err := u.uint(argWidth(op))
		if err != nil {
			return err
		}
		return u.memoPut(int(i))
	case 0x94: // MEMOIZE
		return u.memoPut(len(u.memo))
	case 'p': // PUT
		s, err := u.line()
		if err != nil {
			return err
		}
		i, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("pickle: bad PUT %q", s)
		}
		return u.memoPut(i)
	case 'h', 'j': // BINGET, LONG_BINGET
		i, err := u.uint(argWidth(op))
		if err != nil {
			return err
		}
		return u.memoGet(int(i))
	case 'g': // GET
		s, err := u.line()
		if err != nil {
			return err
		}
		i, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("pickle: bad GET %q", s)
		}
		return u.memoGet(i)
	}
	return fmt.Errorf("pickle: opcode %#x at byte %d is not supported", op, u.pos-1)
}

func setItems(d *Dict, items []any) error {
	if len(items)%2 != 0 {
		return errors.New("pickle: odd number of dict items")
	}
	for i := 0; i < len(items); i += 2 {
		d.set(items[i], items[i+1])
	}
	return nil
}

// decodeLong reads a little-endian two's complement integer.
func decodeLong(b []byte) any {
	if len(b) == 0 {
		return int64(0)
	}
	if len(b) <= 8 {
		var v int64
		for i := len(b) - 1; i >= 0; i-- {
			v = v<<8 | int64(b[i])
		}
		shift := uint(64 - 8*len(b))
		return v << shift >> shift
	}
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	n := new(big.Int).SetBytes(be)
	if b[len(b)-1]&0x80 != 0 {
		n.Sub(n, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return n
}

// call interprets the constructors torch pickles use and records any other
// call as an *Object.
func call(fn any, args Tuple) (any, error) {
	g, ok := fn.(Global)
	if !ok {
		return nil, fmt.Errorf("pickle: call of a %T", fn)
	}
	switch g.String() {
	case "collections.OrderedDict":
		return &Dict{}, nil
	case "builtins.set", "__builtin__.set":
		l := []any{}
		if len(args) == 1 {
			if src, ok := args[0].(*[]any); ok {
				l = append(l, *src...)
			}
		}
		return &l, nil
	case "torch._utils._rebuild_tensor_v2", "torch._utils._rebuild_tensor":
		return rebuildTensor(args)
	case "torch._utils._rebuild_parameter", "torch._utils._rebuild_parameter_with_state":
		if len(args) < 1 {
			return nil, errors.New("pickle: _rebuild_parameter without a tensor")
		}
		t, ok := args[0].(*rawTensor)
		if !ok {
			return nil, fmt.Errorf("pickle: _rebuild_parameter of a %T", args[0])
		}
		return t, nil
	}
	return &Object{Class: g, Args: args}, nil
}

func rebuildTensor(args Tuple) (any, error) {
	if len(args) < 4 {
		return nil, errors.New("pickle: _rebuild_tensor needs storage, offset, size and stride")
	}
	st, ok := args[0].(storageRef)
	if !ok {
		return nil, fmt.Errorf("pickle: tensor storage is a %T", args[0])
	}
	off, ok := args[1].(int64)
	if !ok || off < 0 {
		return nil, errors.New("pickle: bad tensor storage offset")
	}
	size, err := intTuple(args[2])
	if err != nil {
		return nil, fmt.Errorf("pickle: tensor size: %w", err)
	}
	stride, err := intTuple(args[3])
	if err != nil {
		return nil, fmt.Errorf("pickle: tensor stride: %w", err)
	}
	if len(size) != len(stride) {
		return nil, errors.New("pickle: tensor size and stride differ in rank")
	}
	return &rawTensor{storage: st, offset: int(off), size: size, stride: stride}, nil
}

func intTuple(v any) ([]int, error) {
	t, ok := v.(Tuple)
	if !ok {
		return nil, fmt.Errorf("not a tuple but %T", v)
	}
	out := make([]int, len(t))
	for i, x := range t {
		n, ok := x.(int64)
		if !ok || n < 0 || n > math.MaxInt32 {
			return nil, fmt.Errorf("element %d is not a dimension", i)
		}
		out[i] = int(n)
	}
	return out, nil
}
