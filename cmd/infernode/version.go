package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/infernode/infernode/internal/version"
)

func versionCommand() command {
	return command{name: "version", summary: "print the node version, commit, Go version and platform", run: func(_ context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) > 0 {
			fmt.Fprintf(stderr, "infernode version: unexpected argument %q\nsee `infernode --help`\n", args[0])
			return errUsage
		}
		_, err := fmt.Fprintln(stdout, versionLine(readBuildInfo()))
		return err
	}}
}

// readBuildInfo is the binary's build information, nil when it has none.
func readBuildInfo() *debug.BuildInfo {
	bi, _ := debug.ReadBuildInfo()
	return bi
}

// versionLine is what `infernode version` and `infernode --version` print:
// the node version, the commit it was built from (the Go toolchain records
// it when building in a git checkout; "-dirty" with uncommitted changes),
// the Go version and the platform, as `go version` and `docker version` do.
func versionLine(bi *debug.BuildInfo) string {
	commit, dirty := "unknown", ""
	if version.Commit != "" {
		commit, bi = version.Commit, nil
	}
	if bi != nil {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value[:min(len(s.Value), 12)]
			case "vcs.modified":
				if s.Value == "true" {
					dirty = "-dirty"
				}
			}
		}
	}
	return fmt.Sprintf("infernode %s (commit %s%s, %s, %s/%s)", version.Version, commit, dirty, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
