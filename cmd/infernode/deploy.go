package main

import (
	"context"
	"errors"
	"io"
)

// TODO(owner of this file): replace this placeholder.
func deployCommand() command {
	return command{name: "deploy", summary: "deploy the contracts to a chain", run: func(context.Context, []string, io.Writer, io.Writer) error {
		return errors.New("not implemented yet")
	}}
}
