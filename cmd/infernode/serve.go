package main

import (
	"context"
	"errors"
	"io"
)

// TODO(owner of this file): replace this placeholder.
func serveCommand() command {
	return command{name: "serve", summary: "run the node", run: func(context.Context, []string, io.Writer, io.Writer) error {
		return errors.New("not implemented yet")
	}}
}
