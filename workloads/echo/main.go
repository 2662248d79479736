// Command echo is the echo workload (docs/workloads.md) as a standalone container
// protocol server: it returns its input.
package main

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/infernode/infernode/workloads/echo/service"
	"github.com/infernode/infernode/workloads/protocol"
)

func main() {
	protocol.Main("echo", func(_ context.Context, _ func(string) string, log *slog.Logger) (http.Handler, error) {
		return service.New(service.Config{Logger: log})
	})
}
