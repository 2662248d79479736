package circuit

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/infernode/infernode/workloads/onnx/engine"
)

// The float stage: the ONNX graph (a DAG: skip connections, concatenations)
// becomes a sequence of float layers over one global vector of values: the
// input's values, then each layer's outputs in turn; a layer reads any
// values before its own. Linear steps are not materialized as they come:
// each tensor of the graph is a linear function of materialized values
// (a conv, a bias or BatchNormalization, an average pool's division, the
// sum of a residual block's two branches, a concatenation all compose),
// and only a ReLU, a max pool or the graph's output materializes it, as
// one Linear layer. So every linear layer is followed by a ReLU, a max
// pool or the end; ReLU is moved after a max pool that follows it (they
// commute), so it runs on a quarter of the values. The quantization
// (model.go) then rounds each composed layer once.

// term is one weight of a sparse row.
type term struct {
	in int
	w  float64
}

// flayer is a float layer, writing values [base, base+out) of the global
// vector.
type flayer struct {
	kind    Kind
	nodes   []string // the ONNX nodes folded into it
	ops     []string // what they were, for Describe ("conv 6@5×5", "avgpool 2×2")
	in, out int
	base    int
	rows    [][]term  // Linear: per output, its sparse weights over global values
	bias    []float64 // Linear
	windows [][]int   // Max: global values
	from    int       // ReLU: the global index of its first input
}

// tensor is a graph tensor during the float stage: exactly the
// materialized values [base, base+n) (base >= 0), or a linear function of
// materialized values (rows, bias). The ops list what was folded into it.
type tensor struct {
	shape []int
	base  int
	rows  [][]term
	bias  []float64
	nodes []string
	ops   []string
	// relu: the layer that wrote it when that is a ReLU (-1 otherwise), and
	// name: its graph name, for the max pool swap.
	relu int
	name string
}

// Limits on what a model may make the compiler hold: a model file can come
// from a hub repository a job names, so its size must not be a way to make
// the workload allocate without bound. LeNet: 9,216 values, 711k weights.
const (
	maxValues = 1 << 21 // values of one activation
	maxTerms  = 1 << 23 // weights of one (composed) layer
	maxGlobal = 1 << 23 // values of all layers together
)

// compiler turns graph nodes into float layers.
type compiler struct {
	g       *engine.Graph
	layers  []*flayer
	vals    map[string]*tensor // the graph's tensors so far
	uses    map[string]int     // how many nodes read each name (the output counts)
	next    int                // the global vector's length
	in      *tensor            // the node's tensor input
	shape   []int              // the node's result shape (starts as in's)
	out     *tensor            // the node's result
	dropped bool               // a final Softmax was seen
	err     error              // a limit push ran into
}

func (c *compiler) size() int { return product(c.shape) }

// unaryOps take one tensor and constants.
var unaryOps = []string{"Gemm", "MatMul", "Relu", "Conv", "AveragePool", "MaxPool", "GlobalAveragePool",
	"BatchNormalization", "Flatten", "Reshape", "Softmax"}

func (c *compiler) node(n engine.Node, last bool) error {
	where := fmt.Sprintf("operator %q (node %q)", n.OpType, n.Name)
	if c.dropped {
		return &UnsupportedError{What: where + " after a Softmax"}
	}
	if len(n.Outputs) < 1 || (len(n.Outputs) > 1 && n.OpType != "BatchNormalization") {
		return &UnsupportedError{What: fmt.Sprintf("%s with %d outputs", where, len(n.Outputs))}
	}
	// Every input is a tensor computed before, or a constant.
	var consts []string
	var ins []*tensor
	for _, name := range n.Inputs {
		if name == "" {
			continue
		}
		if t, ok := c.vals[name]; ok {
			ins = append(ins, t)
			continue
		}
		if _, ok := c.g.Initializers[name]; !ok {
			return &UnsupportedError{What: fmt.Sprintf("%s reading %q, which is neither an earlier node's output nor a constant", where, name)}
		}
		consts = append(consts, name)
	}
	if len(ins) == 0 {
		return &UnsupportedError{What: fmt.Sprintf("%s on constants only", where)}
	}
	if slices.Contains(unaryOps, n.OpType) && (len(ins) > 1 || n.Inputs[0] != ins[0].name) {
		return &UnsupportedError{What: fmt.Sprintf("%s other than (tensor, constants...)", where)}
	}
	if len(n.Other) > 0 && !(n.OpType == "AveragePool" || n.OpType == "MaxPool" || n.OpType == "Conv") {
		return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, n.Other[0])}
	}
	c.in, c.shape, c.out = ins[0], slices.Clone(ins[0].shape), nil
	var err error
	switch n.OpType {
	case "Gemm":
		err = c.gemm(n, where, consts)
	case "MatMul":
		if len(consts) != 1 {
			return &UnsupportedError{What: where + " other than (previous output) × (constant matrix)"}
		}
		err = c.dense(n, where, consts[0], false, 1, "", 1)
	case "Add", "Sub", "Mul":
		err = c.arith(n, where, ins, consts)
	case "Concat":
		err = c.concat(n, where, ins, consts)
	case "Relu":
		if len(consts) != 0 {
			return &UnsupportedError{What: where + " with extra inputs"}
		}
		c.relu(n)
	case "Conv":
		err = c.conv(n, where, consts)
	case "AveragePool", "MaxPool", "GlobalAveragePool":
		err = c.pool(n, where, consts)
	case "BatchNormalization":
		err = c.batchNorm(n, where, consts)
	case "Flatten":
		err = c.flatten(n, where, consts)
	case "Reshape":
		err = c.reshape(n, where, consts)
	case "Softmax":
		if !last {
			return &UnsupportedError{What: where + " that is not the graph's last node (only a final Softmax is left out)"}
		}
		axis, ok := n.Ints["axis"]
		if !ok {
			axis = -1
			if c.g.Opset < 13 {
				axis = 1
			}
		}
		if axis != -1 && axis != int64(len(c.shape)-1) {
			return &UnsupportedError{What: fmt.Sprintf("%s over axis %d (only the last axis)", where, axis)}
		}
		c.dropped = true
	default:
		return &UnsupportedError{What: where}
	}
	if err != nil {
		return err
	}
	if c.err != nil {
		return c.err
	}
	out := c.out
	if out == nil { // a shape change, or the Softmax: the same values
		cp := *c.in
		cp.relu = -1 // others may read the original: no max pool swap
		out = &cp
	}
	out.shape, out.name = c.shape, n.Outputs[0]
	c.vals[n.Outputs[0]] = out
	return nil
}

// linear is t as rows over global values.
func (t *tensor) linear() ([][]term, []float64) {
	if t.base < 0 {
		return t.rows, t.bias
	}
	n := product(t.shape)
	rows := make([][]term, n)
	for i := range rows {
		rows[i] = []term{{t.base + i, 1}}
	}
	return rows, make([]float64, n)
}

// virtual is a tensor of rows over global values.
func virtual(rows [][]term, bias []float64, nodes, ops []string) *tensor {
	return &tensor{base: -1, relu: -1, rows: rows, bias: bias, nodes: nodes, ops: ops}
}

// push applies the local layer l (Linear or Max, over the positions of the
// node's input) to the node's input: a Linear composes into it, a Max
// materializes it.
func (c *compiler) push(l *flayer) {
	if l.kind == Max {
		c.maxPool(l)
		return
	}
	rows, bias := c.in.linear()
	n := 0
	for _, row := range l.rows {
		for _, t := range row {
			n += len(rows[t.in])
		}
	}
	if n > maxTerms {
		c.err = &UnsupportedError{What: fmt.Sprintf("model whose layers %s compose into %d weights (at most %d)", strings.Join(append(slices.Clone(c.in.nodes), l.nodes...), ", "), n, maxTerms)}
		return
	}
	out := virtual(make([][]term, l.out), make([]float64, l.out), append(slices.Clone(c.in.nodes), l.nodes...), append(slices.Clone(c.in.ops), l.ops...))
	if c.in.base >= 0 {
		out.nodes, out.ops = l.nodes, l.ops
	}
	for o, row := range l.rows {
		out.rows[o], out.bias[o] = substitute(row, l.bias[o], rows, bias)
	}
	c.out = out
}

// substitute is Σ row·(rows, bias) + b: a row over local values whose
// values are linear functions of global ones.
func substitute(row []term, b float64, rows [][]term, bias []float64) ([]term, float64) {
	if len(row) == 1 && len(rows[row[0].in]) == 1 {
		u := rows[row[0].in][0]
		return []term{{u.in, row[0].w * u.w}}, b + row[0].w*bias[row[0].in]
	}
	acc := map[int]float64{}
	for _, t := range row {
		for _, u := range rows[t.in] {
			acc[u.in] += t.w * u.w
		}
		b += t.w * bias[t.in]
	}
	out := make([]term, 0, len(acc))
	for _, i := range slices.Sorted(maps.Keys(acc)) {
		out = append(out, term{i, acc[i]})
	}
	return out, b
}

// append adds a layer writing the next l.out global values.
func (c *compiler) append(l *flayer) {
	l.base = c.next
	c.next += l.out
	if c.next > maxGlobal && c.err == nil {
		c.err = &UnsupportedError{What: fmt.Sprintf("model of more than %d values in all", maxGlobal)}
	}
	c.layers = append(c.layers, l)
}

// materialize makes t a range of the global vector (a Linear layer when it
// is not one yet) and returns its base.
func (c *compiler) materialize(t *tensor) int {
	if t.base >= 0 {
		return t.base
	}
	n := len(t.rows)
	l := &flayer{kind: Linear, nodes: t.nodes, ops: t.ops, in: n, out: n, rows: t.rows, bias: t.bias}
	c.append(l)
	t.base, t.rows, t.bias, t.relu = l.base, nil, nil, -1
	return t.base
}

func (c *compiler) relu(n engine.Node) {
	from := c.materialize(c.in)
	size := product(c.in.shape)
	c.append(&flayer{kind: ReLU, nodes: []string{n.Name}, ops: []string{"relu"}, in: size, out: size, from: from})
	c.out = &tensor{base: c.next - size, relu: len(c.layers) - 1}
}

// maxPool appends the max pool l over the node's input. max(relu(x)) =
// relu(max(x)), and the rescale a ReLU carries is monotone too: when the
// input is the last layer's ReLU and nothing else reads it, the pool goes
// before it and the ReLU then runs on the pooled values only.
func (c *compiler) maxPool(l *flayer) {
	in := c.in
	k := len(c.layers) - 1
	if in.base >= 0 && in.relu == k && k >= 0 && c.uses[in.name] == 1 {
		relu := c.layers[k]
		c.layers, c.next = c.layers[:k], relu.base
		for _, w := range l.windows {
			for i := range w {
				w[i] += relu.from
			}
		}
		c.append(l)
		relu.in, relu.out, relu.from = l.out, l.out, l.base
		relu.nodes = append(relu.nodes, l.nodes...)
		c.append(relu)
		c.out = &tensor{base: relu.base, relu: len(c.layers) - 1}
		return
	}
	base := c.materialize(in)
	for _, w := range l.windows {
		for i := range w {
			w[i] += base
		}
	}
	c.append(l)
	c.out = &tensor{base: l.base, relu: -1}
}

// finish materializes the graph's output as the last layer.
func (c *compiler) finish(t *tensor) {
	if t.base >= 0 && len(c.layers) > 0 && c.layers[len(c.layers)-1].base == t.base {
		return
	}
	if t.base >= 0 {
		// An earlier range (or the input itself): copy it, for free.
		rows, bias := t.linear()
		t = virtual(rows, bias, []string{"output"}, []string{"copy"})
	}
	c.materialize(t)
}

func (c *compiler) gemm(n engine.Node, where string, consts []string) error {
	for name := range n.Ints {
		if name != "transA" && name != "transB" {
			return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	if n.Ints["transA"] != 0 {
		return &UnsupportedError{What: where + " with transA=1"}
	}
	if len(consts) < 1 {
		return &UnsupportedError{What: where + " other than (previous output) × (constant matrix)"}
	}
	alpha, beta := float32(1), float32(1)
	for name, v := range n.Floats {
		switch name {
		case "alpha":
			alpha = v
		case "beta":
			beta = v
		default:
			return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	bias := ""
	if len(consts) == 2 {
		bias = consts[1]
	}
	return c.dense(n, where, consts[0], n.Ints["transB"] != 0, alpha, bias, beta)
}

// vectorInput reports whether the activation is a single vector ([n] or
// [1, n]), what Gemm and MatMul take.
func (c *compiler) vectorInput(where string) error {
	if len(c.shape) == 1 || (len(c.shape) == 2 && c.shape[0] == 1) {
		return nil
	}
	return &UnsupportedError{What: fmt.Sprintf("%s on an input of shape %v (Gemm and MatMul take a vector; add a Flatten)", where, c.shape)}
}

// dense appends W x + b from the constant matrix w ([n, out], or [out, n]
// when transposed) times alpha, and the optional bias times beta.
func (c *compiler) dense(n engine.Node, where, w string, trans bool, alpha float32, bias string, beta float32) error {
	if err := c.vectorInput(where); err != nil {
		return err
	}
	init := c.g.Initializers[w]
	if len(init.Shape) != 2 || init.Float == nil {
		return &UnsupportedError{What: fmt.Sprintf("%s with weight %q of shape %v (want a float matrix)", where, w, init.Shape)}
	}
	rows, cols := init.Shape[0], init.Shape[1]
	inDim, outDim := rows, cols
	if trans {
		inDim, outDim = cols, rows
	}
	if inDim != c.size() {
		return &UnsupportedError{What: fmt.Sprintf("%s: weight %q of shape %v does not fit an input of %d values", where, w, init.Shape, c.size())}
	}
	b, err := c.vector(bias, where, outDim, beta)
	if err != nil {
		return err
	}
	if err := limit(where, outDim, inDim*outDim); err != nil {
		return err
	}
	l := &flayer{kind: Linear, nodes: []string{n.Name}, ops: []string{fmt.Sprintf("dense %d→%d", inDim, outDim)},
		in: inDim, out: outDim, rows: make([][]term, outDim), bias: b}
	for o := range outDim {
		l.rows[o] = make([]term, 0, inDim)
		for i := range inDim {
			idx := i*cols + o
			if trans {
				idx = o*cols + i
			}
			l.rows[o] = append(l.rows[o], term{i, float64(alpha) * float64(init.Float[idx])})
		}
	}
	c.push(l)
	if len(c.shape) == 1 {
		c.shape = []int{outDim}
	} else {
		c.shape = []int{1, outDim}
	}
	return nil
}

// arith is Add, Sub and Mul: of two tensors of one shape (Add, Sub: a
// residual block's sum), or of a tensor and a constant broadcast to it
// (Mul: only by a constant; the product of two tensors is not linear).
func (c *compiler) arith(n engine.Node, where string, ins []*tensor, consts []string) error {
	if len(n.Inputs) != 2 {
		return &UnsupportedError{What: where + " with other than two inputs"}
	}
	size := product(ins[0].shape)
	if len(ins) == 2 {
		if n.OpType == "Mul" {
			return &UnsupportedError{What: where + " of two tensors (only by a constant)"}
		}
		if !slices.Equal(ins[0].shape, ins[1].shape) {
			return &UnsupportedError{What: fmt.Sprintf("%s of shapes %v and %v (only equal shapes)", where, ins[0].shape, ins[1].shape)}
		}
		sign := 1.0
		if n.OpType == "Sub" {
			sign = -1
		}
		ra, ba := ins[0].linear()
		rb, bb := ins[1].linear()
		out := virtual(make([][]term, size), make([]float64, size), append(append(slices.Clone(ins[0].nodes), ins[1].nodes...), n.Name),
			append(append(slices.Clone(ins[0].ops), ins[1].ops...), strings.ToLower(n.OpType)))
		terms := 0
		for o := range out.rows {
			out.rows[o] = merge(ra[o], rb[o], sign)
			out.bias[o] = ba[o] + sign*bb[o]
			terms += len(out.rows[o])
		}
		if terms > maxTerms {
			return &UnsupportedError{What: fmt.Sprintf("%s composing into %d weights (at most %d)", where, terms, maxTerms)}
		}
		c.out = out
		return nil
	}
	v, err := c.vector(consts[0], where, size, 1)
	if err != nil {
		return err
	}
	constFirst := n.Inputs[0] == consts[0]
	l := &flayer{kind: Linear, nodes: []string{n.Name}, ops: []string{strings.ToLower(n.OpType)}, in: size, out: size, rows: make([][]term, size), bias: make([]float64, size)}
	for o := range l.rows {
		switch {
		case n.OpType == "Mul":
			l.rows[o] = []term{{o, v[o]}}
		case n.OpType == "Sub" && constFirst: // c - x
			l.rows[o], l.bias[o] = []term{{o, -1}}, v[o]
		case n.OpType == "Sub":
			l.rows[o], l.bias[o] = []term{{o, 1}}, -v[o]
		default:
			l.rows[o], l.bias[o] = []term{{o, 1}}, v[o]
		}
	}
	c.push(l)
	return nil
}

// merge is a + sign·b for two sorted rows.
func merge(a, b []term, sign float64) []term {
	out := make([]term, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i].in < b[j].in):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j].in < a[i].in:
			out = append(out, term{b[j].in, sign * b[j].w})
			j++
		default:
			out = append(out, term{a[i].in, a[i].w + sign*b[j].w})
			i++
			j++
		}
	}
	return out
}

// concat joins tensors along the channel axis (1×C×H×W) or the feature
// axis (1×n): with batch 1 both are the values one after the other.
func (c *compiler) concat(n engine.Node, where string, ins []*tensor, consts []string) error {
	if len(consts) > 0 {
		return &UnsupportedError{What: where + " with a constant input"}
	}
	axis, ok := n.Ints["axis"]
	if !ok || len(n.Ints) != 1 || len(n.IntLists)+len(n.Floats) > 0 {
		return &UnsupportedError{What: where + " without an axis attribute, or with others"}
	}
	rank := len(ins[0].shape)
	if axis < 0 {
		axis += int64(rank)
	}
	if axis != 1 || rank < 2 || ins[0].shape[0] != 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s along axis %d of shape %v (only axis 1 with batch 1)", where, n.Ints["axis"], ins[0].shape)}
	}
	shape := slices.Clone(ins[0].shape)
	shape[1] = 0
	out := virtual(nil, nil, nil, nil)
	for _, t := range ins {
		if len(t.shape) != rank || !slices.Equal(t.shape[2:], ins[0].shape[2:]) {
			return &UnsupportedError{What: fmt.Sprintf("%s of shapes %v and %v", where, ins[0].shape, t.shape)}
		}
		shape[1] += t.shape[1]
		rows, bias := t.linear()
		out.rows, out.bias = append(out.rows, rows...), append(out.bias, bias...)
		out.nodes, out.ops = append(out.nodes, t.nodes...), append(out.ops, t.ops...)
	}
	out.nodes, out.ops = append(out.nodes, n.Name), append(out.ops, "concat")
	c.out, c.shape = out, shape
	return nil
}

// vector reads the constant name (empty: zeros), broadcast to n values,
// times mul.
func (c *compiler) vector(name, where string, n int, mul float32) ([]float64, error) {
	out := make([]float64, n)
	if name == "" {
		return out, nil
	}
	init := c.g.Initializers[name]
	size := product(init.Shape)
	okShape := (size == n || size == 1) && (len(init.Shape) <= 1 || (len(init.Shape) == 2 && init.Shape[0] == 1))
	if init.Float == nil || !okShape {
		return nil, &UnsupportedError{What: fmt.Sprintf("%s with constant %q of shape %v (want a float vector of %d values)", where, name, init.Shape, n)}
	}
	for i := range out {
		v := init.Float[0]
		if size == n {
			v = init.Float[i]
		}
		out[i] = float64(mul) * float64(v)
	}
	return out, nil
}

// image is the activation as C×H×W (the batch dimension 1 dropped).
func (c *compiler) image(where string) (ch, h, w int, err error) {
	if len(c.shape) != 4 || c.shape[0] != 1 {
		return 0, 0, 0, &UnsupportedError{What: fmt.Sprintf("%s on an input of shape %v (want 1×C×H×W)", where, c.shape)}
	}
	return c.shape[1], c.shape[2], c.shape[3], nil
}

// window is the 2-D kernel, strides and pads of a Conv or pool.
type window struct {
	kh, kw, sh, sw           int
	top, left, bottom, right int
}

// window reads a window's attributes; allowed lists the integer
// attributes the op may have beyond them.
func (c *compiler) window(n engine.Node, where string, kernel []int64, allowed ...string) (window, error) {
	// String attributes are not read: auto_pad's padding rules would need
	// its value, so every one (auto_pad included) is refused.
	if len(n.Other) > 0 {
		what := fmt.Sprintf("%s with attribute %q", where, n.Other[0])
		if n.Other[0] == "auto_pad" {
			what += " (give explicit pads)"
		}
		return window{}, &UnsupportedError{What: what}
	}
	for name := range n.IntLists {
		if !slices.Contains([]string{"kernel_shape", "strides", "pads", "dilations"}, name) {
			return window{}, &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	for name := range n.Ints {
		if !slices.Contains(allowed, name) {
			return window{}, &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	if len(n.Floats) > 0 {
		return window{}, &UnsupportedError{What: fmt.Sprintf("%s with a float attribute", where)}
	}
	if ks, ok := n.IntLists["kernel_shape"]; ok {
		kernel = ks
	}
	if len(kernel) != 2 {
		return window{}, &UnsupportedError{What: fmt.Sprintf("%s with kernel %v (only 2-D)", where, kernel)}
	}
	win := window{kh: int(kernel[0]), kw: int(kernel[1]), sh: 1, sw: 1}
	if s, ok := n.IntLists["strides"]; ok {
		if len(s) != 2 || s[0] < 1 || s[1] < 1 {
			return window{}, &UnsupportedError{What: fmt.Sprintf("%s with strides %v", where, s)}
		}
		win.sh, win.sw = int(s[0]), int(s[1])
	}
	if p, ok := n.IntLists["pads"]; ok {
		if len(p) != 4 || slices.ContainsFunc(p, func(v int64) bool { return v < 0 }) {
			return window{}, &UnsupportedError{What: fmt.Sprintf("%s with pads %v", where, p)}
		}
		win.top, win.left, win.bottom, win.right = int(p[0]), int(p[1]), int(p[2]), int(p[3])
	}
	if d, ok := n.IntLists["dilations"]; ok && slices.ContainsFunc(d, func(v int64) bool { return v != 1 }) {
		return window{}, &UnsupportedError{What: fmt.Sprintf("%s with dilations %v (only 1)", where, d)}
	}
	if win.kh < 1 || win.kw < 1 {
		return window{}, &UnsupportedError{What: fmt.Sprintf("%s with kernel %v", where, kernel)}
	}
	return win, nil
}

// limit refuses a layer of more than maxValues outputs or maxTerms weights.
func limit(where string, values, terms int) error {
	if values > maxValues || terms > maxTerms || values < 0 || terms < 0 {
		return &UnsupportedError{What: fmt.Sprintf("%s of %d outputs and %d weights (at most %d and %d)", where, values, terms, maxValues, maxTerms)}
	}
	return nil
}

// outSize is the output extent along one axis (floor mode).
func outSize(in, k, s, lo, hi int) int { return (in+lo+hi-k)/s + 1 }

func (c *compiler) conv(n engine.Node, where string, consts []string) error {
	ch, h, w, err := c.image(where)
	if err != nil {
		return err
	}
	if g, ok := n.Ints["group"]; ok && g != 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s with group %d (only group 1)", where, g)}
	}
	if len(consts) < 1 {
		return &UnsupportedError{What: where + " other than (previous output) ⊛ (constant kernel)"}
	}
	wt := c.g.Initializers[consts[0]]
	if len(wt.Shape) != 4 || wt.Float == nil || wt.Shape[1] != ch {
		return &UnsupportedError{What: fmt.Sprintf("%s with weight %q of shape %v (want a float kernel M×%d×kH×kW)", where, consts[0], wt.Shape, ch)}
	}
	win, err := c.window(n, where, []int64{int64(wt.Shape[2]), int64(wt.Shape[3])}, "group")
	if err != nil {
		return err
	}
	if win.kh != wt.Shape[2] || win.kw != wt.Shape[3] {
		return &UnsupportedError{What: fmt.Sprintf("%s whose kernel_shape does not match its weight's shape %v", where, wt.Shape)}
	}
	m := wt.Shape[0]
	bias := ""
	if len(consts) == 2 {
		bias = consts[1]
	}
	b, err := c.vector(bias, where, m, 1)
	if err != nil {
		return err
	}
	oh, ow := outSize(h, win.kh, win.sh, win.top, win.bottom), outSize(w, win.kw, win.sw, win.left, win.right)
	if oh < 1 || ow < 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s: its kernel does not fit the %d×%d input", where, h, w)}
	}
	if err := limit(where, m*oh*ow, m*oh*ow*ch*win.kh*win.kw); err != nil {
		return err
	}
	l := &flayer{kind: Linear, nodes: []string{n.Name}, ops: []string{fmt.Sprintf("conv %d@%d×%d", m, win.kh, win.kw)},
		in: c.size(), out: m * oh * ow, rows: make([][]term, 0, m*oh*ow), bias: make([]float64, 0, m*oh*ow)}
	for oc := range m {
		for oy := range oh {
			for ox := range ow {
				var row []term
				for ic := range ch {
					for ky := range win.kh {
						y := oy*win.sh - win.top + ky
						if y < 0 || y >= h {
							continue
						}
						for kx := range win.kw {
							x := ox*win.sw - win.left + kx
							if x < 0 || x >= w {
								continue
							}
							if wv := wt.Float[((oc*ch+ic)*win.kh+ky)*win.kw+kx]; wv != 0 {
								row = append(row, term{(ic*h+y)*w + x, float64(wv)})
							}
						}
					}
				}
				l.rows = append(l.rows, row)
				l.bias = append(l.bias, b[oc])
			}
		}
	}
	c.push(l)
	c.shape = []int{1, m, oh, ow}
	return nil
}

func (c *compiler) pool(n engine.Node, where string, consts []string) error {
	ch, h, w, err := c.image(where)
	if err != nil {
		return err
	}
	if len(consts) != 0 {
		return &UnsupportedError{What: where + " with extra inputs"}
	}
	var win window
	if n.OpType == "GlobalAveragePool" {
		if len(n.Ints)+len(n.IntLists)+len(n.Floats)+len(n.Other) > 0 {
			return &UnsupportedError{What: where + " with attributes"}
		}
		win = window{kh: h, kw: w, sh: 1, sw: 1}
	} else {
		allowed := []string{"ceil_mode"}
		if n.OpType == "AveragePool" {
			allowed = append(allowed, "count_include_pad")
		} else {
			allowed = append(allowed, "storage_order")
		}
		if win, err = c.window(n, where, nil, allowed...); err != nil {
			return err
		}
		if n.Ints["ceil_mode"] != 0 {
			return &UnsupportedError{What: where + " with ceil_mode 1"}
		}
	}
	oh, ow := outSize(h, win.kh, win.sh, win.top, win.bottom), outSize(w, win.kw, win.sw, win.left, win.right)
	if oh < 1 || ow < 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s: its kernel does not fit the %d×%d input", where, h, w)}
	}
	if err := limit(where, ch*oh*ow, ch*oh*ow*win.kh*win.kw); err != nil {
		return err
	}
	op := fmt.Sprintf("%spool %d×%d", map[bool]string{true: "max", false: "avg"}[n.OpType == "MaxPool"], win.kh, win.kw)
	l := &flayer{kind: Linear, nodes: []string{n.Name}, ops: []string{op}, in: c.size(), out: ch * oh * ow}
	if n.OpType == "MaxPool" {
		l.kind = Max
	}
	includePad := n.Ints["count_include_pad"] != 0
	for ic := range ch {
		for oy := range oh {
			for ox := range ow {
				var idx []int
				for ky := range win.kh {
					y := oy*win.sh - win.top + ky
					for kx := range win.kw {
						x := ox*win.sw - win.left + kx
						if y >= 0 && y < h && x >= 0 && x < w {
							idx = append(idx, (ic*h+y)*w+x)
						}
					}
				}
				if l.kind == Max {
					l.windows = append(l.windows, idx)
					continue
				}
				// The division is a constant of the sum: it folds into the
				// next layer's weights when the layers are composed.
				div := float64(len(idx))
				if includePad {
					div = float64(win.kh * win.kw)
				}
				row := make([]term, len(idx))
				for i, j := range idx {
					row[i] = term{j, 1 / div}
				}
				l.rows = append(l.rows, row)
				l.bias = append(l.bias, 0)
			}
		}
	}
	c.push(l)
	c.shape = []int{1, ch, oh, ow}
	return nil
}

// batchNorm is inference-mode BatchNormalization: per channel y = (x -
// mean)·scale/sqrt(var + eps) + bias, a linear layer composed into the one
// before it.
func (c *compiler) batchNorm(n engine.Node, where string, consts []string) error {
	if len(n.Outputs) != 1 {
		return &UnsupportedError{What: where + " in training mode (several outputs); export the model in eval mode"}
	}
	if n.Ints["training_mode"] != 0 {
		return &UnsupportedError{What: where + " with training_mode 1; export the model in eval mode"}
	}
	for name := range n.Ints {
		if name != "training_mode" && name != "spatial" {
			return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	if s, ok := n.Ints["spatial"]; ok && s != 1 {
		return &UnsupportedError{What: where + " with spatial 0"}
	}
	if len(consts) != 4 || len(n.Inputs) != 5 {
		return &UnsupportedError{What: where + " other than (previous output, scale, bias, mean, var) with constants"}
	}
	eps := 1e-5
	if v, ok := n.Floats["epsilon"]; ok {
		eps = float64(v)
	}
	if len(c.shape) < 2 || c.shape[0] != 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s on an input of shape %v (want 1×C×...)", where, c.shape)}
	}
	ch := c.shape[1]
	per := c.size() / ch
	var p [4][]float64
	for i, name := range consts {
		init := c.g.Initializers[name]
		if init.Float == nil || product(init.Shape) != ch {
			return &UnsupportedError{What: fmt.Sprintf("%s with constant %q of shape %v (want %d values)", where, name, init.Shape, ch)}
		}
		p[i] = make([]float64, ch)
		for j, v := range init.Float {
			p[i][j] = float64(v)
		}
	}
	l := &flayer{kind: Linear, nodes: []string{n.Name}, ops: []string{"batchnorm"}, in: c.size(), out: c.size(),
		rows: make([][]term, c.size()), bias: make([]float64, c.size())}
	for o := range l.rows {
		k := o / per
		if p[3][k]+eps <= 0 {
			return fmt.Errorf("%s: variance %g + epsilon is not positive", where, p[3][k])
		}
		s := p[0][k] / math.Sqrt(p[3][k]+eps)
		l.rows[o] = []term{{o, s}}
		l.bias[o] = p[1][k] - p[2][k]*s
	}
	c.push(l)
	return nil
}

// flatten and reshape only rename the shape: the values stay row-major.
func (c *compiler) flatten(n engine.Node, where string, consts []string) error {
	if len(consts) != 0 {
		return &UnsupportedError{What: where + " with extra inputs"}
	}
	axis := int64(1)
	for name, v := range n.Ints {
		if name != "axis" {
			return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
		axis = v
	}
	if axis < 0 {
		axis += int64(len(c.shape))
	}
	if axis != 1 && !(axis == 0 && c.shape[0] == 1) {
		return &UnsupportedError{What: fmt.Sprintf("%s with axis %d (only 1: batch × features)", where, n.Ints["axis"])}
	}
	c.shape = []int{1, c.size()}
	return nil
}

func (c *compiler) reshape(n engine.Node, where string, consts []string) error {
	if len(consts) != 1 {
		return &UnsupportedError{What: where + " other than (previous output, constant shape)"}
	}
	if len(n.Ints) > 0 {
		for name, v := range n.Ints {
			if name != "allowzero" || v != 0 {
				return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
			}
		}
	}
	init := c.g.Initializers[consts[0]]
	if init.Int == nil || len(init.Shape) != 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s with shape constant %q (want an integer vector)", where, consts[0])}
	}
	shape := make([]int, len(init.Int))
	infer, known := -1, 1
	for i, d := range init.Int {
		switch {
		case d == -1 && infer < 0:
			infer = i
		case d == 0 && i < len(c.shape):
			shape[i] = c.shape[i]
			known *= shape[i]
		case d > 0:
			shape[i] = int(d)
			known *= shape[i]
		default:
			return &UnsupportedError{What: fmt.Sprintf("%s to shape %v", where, init.Int)}
		}
	}
	if infer >= 0 {
		if known == 0 || c.size()%known != 0 {
			return &UnsupportedError{What: fmt.Sprintf("%s to shape %v of %d values", where, init.Int, c.size())}
		}
		shape[infer] = c.size() / known
	}
	if product(shape) != c.size() || (len(shape) > 0 && shape[0] != 1) {
		return &UnsupportedError{What: fmt.Sprintf("%s to shape %v of %d values (batch 1)", where, init.Int, c.size())}
	}
	c.shape = shape
	return nil
}

// evalFloat runs the float layers on x: the float model, against which
// setup reports the fixed point's error.
func evalFloat(layers []*flayer, x []float64) []float64 {
	vals := slices.Clone(x)
	for _, l := range layers {
		switch l.kind {
		case Linear:
			for o, row := range l.rows {
				s := l.bias[o]
				for _, t := range row {
					s += t.w * vals[t.in]
				}
				vals = append(vals, s)
			}
		case ReLU:
			for o := range l.out {
				vals = append(vals, max(vals[l.from+o], 0))
			}
		case Max:
			for _, win := range l.windows {
				m := math.Inf(-1)
				for _, i := range win {
					m = max(m, vals[i])
				}
				vals = append(vals, m)
			}
		}
	}
	return vals[len(vals)-layers[len(layers)-1].out:]
}
