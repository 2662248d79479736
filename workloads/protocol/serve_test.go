package protocol

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestServeShutsDownGracefully(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	started, release := make(chan struct{}), make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
		_, _ = w.Write([]byte("done"))
	})
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- ServeListener(ctx, ln, h, slog.New(slog.DiscardHandler)) }()

	got := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got <- string(b)
	}()
	<-started
	cancel() // shutdown begins while a request is in flight
	select {
	case err := <-served:
		t.Fatalf("returned before the in-flight request finished: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	require.Equal(t, "done", <-got, "the in-flight request completes")
	require.NoError(t, <-served)
	_, err = net.Dial("tcp", ln.Addr().String())
	require.Error(t, err, "the listener is closed")
}

func TestServeBadAddress(t *testing.T) {
	err := Serve(context.Background(), "127.0.0.1:-1", http.NotFoundHandler(), slog.New(slog.DiscardHandler))
	require.ErrorContains(t, err, "listen on 127.0.0.1:-1")
}
