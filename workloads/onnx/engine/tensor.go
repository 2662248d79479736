package engine

// value is a decoded constant tensor: float32 data, or int64 data for
// integer types.
type value struct {
	shape []int
	f     []float32
	i     []int64
	isInt bool
}

func floatValue(shape []int, f []float32) *value { return &value{shape: shape, f: f} }
func intValue(shape []int, i []int64) *value     { return &value{shape: shape, i: i, isInt: true} }
