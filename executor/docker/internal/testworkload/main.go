// Command testworkload is the docker runtime tests' container: it serves the
// container protocol (echo) and reports what the runtime gave it.
//
//	POST /service_output  {"data": X, "destination": D} -> {"output": X}; D=2 streams X back
//	GET  /report          {"env": [...], "argv": [...], "file": "<content of $REPORT_FILE>"}
//	POST /exit?code=N     answers, then exits with code N (a crash when N != 0)
//	GET  /service-resources, GET /   small JSON
//
// Flags: --addr (default :3000), --exit-at-start N (exit at once with N),
// --exit-after D (serve for D, then exit with code 5: a crash loop).
// Environment: ECHO_HOST=1 adds "host" (the hostname: one per container) to
// every output, ECHO_TAG=X adds "tag": X; WORK_ITERS=N makes every call CPU-bound (N SHA-256 rounds
// before it answers). SIGTERM stops it gracefully: calls in progress finish.
package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

func main() {
	addr := flag.String("addr", ":3000", "listen address")
	exitAtStart := flag.Int("exit-at-start", -1, "exit at once with this code")
	exitAfter := flag.Duration("exit-after", 0, "serve this long, then exit with code 5")
	flag.Parse()
	if *exitAfter > 0 {
		time.AfterFunc(*exitAfter, func() {
			fmt.Fprintf(os.Stderr, "testworkload: exiting after %s with code 5\n", *exitAfter)
			os.Exit(5)
		})
	}
	if *exitAtStart >= 0 {
		fmt.Fprintf(os.Stderr, "testworkload: exiting at start with code %d\n", *exitAtStart)
		os.Exit(*exitAtStart)
	}
	host, _ := os.Hostname()
	echoHost := os.Getenv("ECHO_HOST") == "1"
	tag := os.Getenv("ECHO_TAG")
	iters, _ := strconv.Atoi(os.Getenv("WORK_ITERS"))
	mux := http.NewServeMux()
	srv := &http.Server{Addr: *addr, Handler: mux}
	// PID 1 in a container: SIGTERM only stops it when it is handled.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, os.Interrupt)
	go func() {
		<-sigs
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		os.Exit(0)
	}()
	mux.HandleFunc("POST /service_output", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Destination int             `json:"destination"`
			Data        json.RawMessage `json:"data"`
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			http.Error(w, "bad input: "+err.Error(), http.StatusBadRequest)
			return
		}
		sum := sha256.Sum256(in.Data)
		for range iters {
			sum = sha256.Sum256(sum[:])
		}
		if in.Destination == 2 {
			w.Header().Set("Content-Type", "text/plain")
			w.Write(in.Data)
			return
		}
		out := map[string]any{"output": in.Data}
		if echoHost {
			out["host"] = host
		}
		if tag != "" {
			out["tag"] = tag
		}
		if iters > 0 {
			out["work"] = hex.EncodeToString(sum[:4])
		}
		writeJSON(w, out)
	})
	mux.HandleFunc("GET /report", func(w http.ResponseWriter, r *http.Request) {
		rep := map[string]any{"env": os.Environ(), "argv": os.Args}
		if p := os.Getenv("REPORT_FILE"); p != "" {
			b, err := os.ReadFile(p)
			if err != nil {
				rep["file_error"] = err.Error()
			}
			rep["file"] = string(b)
		}
		writeJSON(w, rep)
	})
	mux.HandleFunc("POST /exit", func(w http.ResponseWriter, r *http.Request) {
		code, _ := strconv.Atoi(r.URL.Query().Get("code"))
		writeJSON(w, map[string]any{"exiting": code})
		go func() {
			time.Sleep(50 * time.Millisecond)
			os.Exit(code)
		}()
	})
	mux.HandleFunc("GET /service-resources", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, map[string]any{"testworkload": map[string]any{}})
	})
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, map[string]any{"status": "ok"})
	})
	fmt.Fprintf(os.Stderr, "testworkload: listening on %s\n", *addr)
	if err := srv.ListenAndServe(); err != http.ErrServerClosed {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	select {} // Shutdown drains the calls in progress, then exits

}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	b, _ := json.Marshal(v)
	w.Write(b)
}
