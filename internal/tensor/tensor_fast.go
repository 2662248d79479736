package tensor

import "unsafe"

// fastTensor reads b as a tensor `{values, shape, dtype}` in one pass over
// the bytes, for the common form: the keys spelled exactly "values",
// "shape" and "dtype" (any order, each once, no escapes), a real or integer
// dtype, shape a list of plain non-negative integers and values a flat list
// of JSON numbers. It reports false for anything else, including every
// mistake, and the caller then takes encoding/json's path, which accepts the
// same tensors and explains what is wrong. Elements are converted by
// putNumber, as on that path, so both give the same bits.
//
// An image as JSON is 150,528 numbers in about 3 MB; going through
// encoding/json (a RawMessage per element, a json.Number per element) cost
// about 170 ms of CPU per tensor, this pass a few ms. The only allocation
// proportional to the input is the element data itself, made after the
// element count matched the shape.
func fastTensor(b []byte) (Tensor, bool) {
	p := scanner{b: b}
	p.ws()
	if !p.eat('{') {
		return Tensor{}, false
	}
	var (
		seen                 [3]bool
		valStart, valEnd, nv int
		shape                []int
		dtype                DType
	)
	for first := true; ; first = false {
		p.ws()
		if p.eat('}') {
			if first {
				return Tensor{}, false
			}
			break
		}
		if !first && (!p.eat(',') || !p.wsThen()) {
			return Tensor{}, false
		}
		key, ok := p.key()
		if !ok || seen[key] {
			return Tensor{}, false
		}
		seen[key] = true
		p.ws()
		if !p.eat(':') {
			return Tensor{}, false
		}
		p.ws()
		switch key {
		case keyValues:
			valStart = p.i
			if nv, ok = p.numbers(nil); !ok {
				return Tensor{}, false
			}
			valEnd = p.i
		case keyShape:
			if shape, ok = p.shape(); !ok {
				return Tensor{}, false
			}
		case keyDType:
			code, ok := p.uint(2)
			if !ok {
				return Tensor{}, false
			}
			dtype = DType(code)
		}
	}
	p.ws()
	if p.i != len(b) || !seen[keyValues] || !seen[keyShape] || !seen[keyDType] {
		return Tensor{}, false
	}
	if dtype == Bool || dtype == Complex64 || dtype == Complex128 {
		return Tensor{}, false
	}
	size, err := dtype.Size()
	if err != nil {
		return Tensor{}, false
	}
	n, err := NumElements(shape)
	if err != nil || n != nv {
		return Tensor{}, false
	}
	data := make([]byte, n*size)
	q := scanner{b: b[:valEnd], i: valStart}
	i := 0
	if _, ok := q.numbers(func(lit []byte) bool {
		err := putNumber(dtype, data[i*size:(i+1)*size], unsafe.String(&lit[0], len(lit)))
		i++
		return err == nil
	}); !ok {
		return Tensor{}, false
	}
	return Tensor{DType: dtype, Shape: shape, data: data}, true
}

const (
	keyValues = iota
	keyShape
	keyDType
)

// scanner reads JSON from b at i; every method reports false, leaving i
// anywhere, where the text is not what it expects.
type scanner struct {
	b []byte
	i int
}

func (p *scanner) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// wsThen skips white space and reports whether anything follows.
func (p *scanner) wsThen() bool {
	p.ws()
	return p.i < len(p.b)
}

func (p *scanner) eat(c byte) bool {
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// key reads one of the three keys, exactly spelled.
func (p *scanner) key() (int, bool) {
	for k, name := range [...]string{`"values"`, `"shape"`, `"dtype"`} {
		if len(p.b)-p.i >= len(name) && string(p.b[p.i:p.i+len(name)]) == name {
			p.i += len(name)
			return k, true
		}
	}
	return 0, false
}

// uint reads a JSON integer literal without sign, fraction or exponent, of
// at most maxDigits digits (no leading zeros, as JSON requires).
func (p *scanner) uint(maxDigits int) (int, bool) {
	start := p.i
	v := 0
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		v = 10*v + int(p.b[p.i]-'0')
		p.i++
	}
	n := p.i - start
	if n == 0 || n > maxDigits || (n > 1 && p.b[start] == '0') {
		return 0, false
	}
	if p.i < len(p.b) {
		switch p.b[p.i] {
		case '.', 'e', 'E', '-', '+':
			return 0, false
		}
	}
	return v, true
}

// shape reads a list of plain non-negative integers.
func (p *scanner) shape() ([]int, bool) {
	if !p.eat('[') {
		return nil, false
	}
	shape := []int{}
	p.ws()
	if p.eat(']') {
		return shape, true
	}
	for {
		p.ws()
		d, ok := p.uint(12)
		if !ok || len(shape) >= 64 {
			return nil, false
		}
		shape = append(shape, d)
		p.ws()
		if p.eat(']') {
			return shape, true
		}
		if !p.eat(',') {
			return nil, false
		}
	}
}

// numbers reads a flat list of JSON numbers, handing each literal to put
// (nil: only count them) and stopping where put reports false.
func (p *scanner) numbers(put func(lit []byte) bool) (int, bool) {
	if !p.eat('[') {
		return 0, false
	}
	p.ws()
	if p.eat(']') {
		return 0, true
	}
	n := 0
	for {
		p.ws()
		start := p.i
		if !p.number() {
			return 0, false
		}
		if put != nil && !put(p.b[start:p.i]) {
			return 0, false
		}
		n++
		p.ws()
		if p.eat(']') {
			return n, true
		}
		if !p.eat(',') {
			return 0, false
		}
	}
}

// number reads one JSON number literal:
// -? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?
func (p *scanner) number() bool {
	p.eat('-')
	switch {
	case p.eat('0'):
	case p.i < len(p.b) && p.b[p.i] >= '1' && p.b[p.i] <= '9':
		p.digits()
	default:
		return false
	}
	if p.eat('.') && p.digits() == 0 {
		return false
	}
	if p.eat('e') || p.eat('E') {
		if !p.eat('+') {
			p.eat('-')
		}
		if p.digits() == 0 {
			return false
		}
	}
	return true
}

func (p *scanner) digits() int {
	start := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
	}
	return p.i - start
}
