//go:build !cgo

package ort

import (
	"context"

	"github.com/infernode/infernode/internal/tensor"
)

// Runtime loads models on ONNX Runtime; without cgo there is none.
type Runtime struct{}

// Open fails with ErrNoCgo: this binary cannot call into C.
func Open(Config) (*Runtime, error) { return nil, ErrNoCgo }

// Version is empty without cgo.
func (r *Runtime) Version() string { return "" }

// Model is a model with its ORT session; without cgo there is none.
type Model struct{}

// Load fails with ErrNoCgo.
func (r *Runtime) Load([]byte) (*Model, error) { return nil, ErrNoCgo }

// Inputs is empty without cgo.
func (m *Model) Inputs() []IO { return nil }

// Outputs is empty without cgo.
func (m *Model) Outputs() []IO { return nil }

// Run fails with ErrNoCgo.
func (m *Model) Run(context.Context, map[string]tensor.Tensor) ([]Output, error) {
	return nil, ErrNoCgo
}
