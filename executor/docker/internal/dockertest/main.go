package dockertest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/docker/docker/client"
)

// Setup prepares a package's container tests on the engine (builds its
// images) for the run runID. It returns what to undo after the tests; on
// error, what it had done so far, which is undone too.
type Setup func(ctx context.Context, cli *client.Client, runID string) (cleanup func(context.Context), err error)

// Main is the TestMain of a package whose tests run containers. Under
// -short it only runs the tests. Otherwise it connects to the engine,
// names the run (idPrefix followed by RunID), runs setup, the tests, then
// removes the run's containers and calls setup's cleanup. what names the
// tests in the message when there is no engine. It does not return.
func Main(m *testing.M, what, idPrefix string, setup Setup) {
	flag.Parse()
	if testing.Short() {
		os.Exit(m.Run())
	}
	os.Exit(runWithEngine(m, what, idPrefix, setup))
}

func runWithEngine(m *testing.M, what, idPrefix string, setup Setup) int {
	// Setup builds every bundled image (onnx with cgo and a 40 MB library);
	// on a busy 2-core machine that has taken more than five minutes.
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cli, err := Client(ctx)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s need a Docker engine: %v\n", what, err)
		return 1
	}
	defer cli.Close()
	runID := idPrefix + RunID()
	cleanup, err := setup(ctx, cli, runID)
	defer func() {
		if cleanup != nil {
			cctx, ccancel := context.WithTimeout(context.Background(), time.Minute)
			defer ccancel()
			cleanup(cctx)
		}
	}()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	code := m.Run()
	cctx, ccancel := context.WithTimeout(context.Background(), time.Minute)
	defer ccancel()
	if err := RemoveServices(cctx, cli, runID); err != nil {
		fmt.Fprintln(os.Stderr, "cleanup services:", err)
	}
	if err := RemoveContainers(cctx, cli, runID); err != nil {
		fmt.Fprintln(os.Stderr, "cleanup containers:", err)
	}
	return code
}
