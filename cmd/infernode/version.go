package main

import (
	"context"
	"fmt"
	"io"

	"github.com/infernode/infernode/internal/version"
)

func versionCommand() command {
	return command{name: "version", summary: "print the node version", run: func(_ context.Context, _ []string, stdout, _ io.Writer) error {
		_, err := fmt.Fprintln(stdout, version.Version)
		return err
	}}
}
