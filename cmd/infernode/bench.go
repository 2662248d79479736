package main

import (
	"context"
	"errors"
	"io"
)

// TODO(owner of this file): replace this placeholder.
func benchCommand() command {
	return command{name: "bench", summary: "load-test a node against its container", run: func(context.Context, []string, io.Writer, io.Writer) error {
		return errors.New("not implemented yet")
	}}
}
