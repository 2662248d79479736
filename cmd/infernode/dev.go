package main

import (
	"context"
	"errors"
	"io"
)

// TODO(owner of this file): replace this placeholder.
func devCommand() command {
	return command{name: "dev", summary: "run the one-command local stack", run: func(context.Context, []string, io.Writer, io.Writer) error {
		return errors.New("not implemented yet")
	}}
}
