package protocol

import (
	"context"
	"errors"
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

func TestRun(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	getenv := func(k string) string { return map[string]string{"MODEL": "m"}[k] }
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	// The build step sees the context, the environment and the logger; its
	// error stops Run before anything listens.
	err := Run(ctx, "127.0.0.1:0", getenv, log, func(bctx context.Context, env func(string) string, l *slog.Logger) (http.Handler, error) {
		require.Equal(t, ctx, bctx)
		require.Same(t, log, l)
		return nil, errors.New("load " + env("MODEL"))
	})
	require.EqualError(t, err, "load m")

	// A built handler goes to Serve on addr, until ctx is done.
	err = Run(ctx, "127.0.0.1:-1", getenv, log, func(context.Context, func(string) string, *slog.Logger) (http.Handler, error) {
		return http.NotFoundHandler(), nil
	})
	require.ErrorContains(t, err, "listen on 127.0.0.1:-1")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	served := make(chan error, 1)
	go func() {
		served <- Run(ctx, addr, getenv, log, func(context.Context, func(string) string, *slog.Logger) (http.Handler, error) {
			return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("built")) }), nil
		})
	}()
	require.Eventually(t, func() bool {
		resp, err := http.Get("http://" + addr + "/")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b) == "built"
	}, 5*time.Second, 10*time.Millisecond)
	cancel()
	require.NoError(t, <-served)
}
