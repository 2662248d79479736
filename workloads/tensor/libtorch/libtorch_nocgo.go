//go:build !cgo

package libtorch

import (
	"context"

	"github.com/infernode/infernode/internal/tensor"
)

// Runtime loads TorchScript models on libtorch; without cgo there is none.
type Runtime struct{}

// Open fails with ErrNoCgo: this binary cannot call into C.
func Open(Config) (*Runtime, error) { return nil, ErrNoCgo }

// Version is empty without cgo.
func (r *Runtime) Version() string { return "" }

// Model is a loaded TorchScript module; without cgo there is none.
type Model struct{}

// Load fails with ErrNoCgo.
func (r *Runtime) Load([]byte) (*Model, error) { return nil, ErrNoCgo }

// Summary is empty without cgo.
func (m *Model) Summary() string { return "" }

// Forward fails with ErrNoCgo.
func (m *Model) Forward(context.Context, tensor.Tensor) (tensor.Tensor, error) {
	return tensor.Tensor{}, ErrNoCgo
}
