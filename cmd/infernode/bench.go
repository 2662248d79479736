package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/infernode/infernode/bench"
)

// benchCommand is `infernode bench`: a load test of a node (or, with
// --direct, of a container alone as the reference limit). See
// docs/benchmarks.md.
func benchCommand() command {
	return command{name: "bench", summary: "load-test a node against its container", run: runBench}
}

func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bench", "[--url URL | --direct URL] --containers a,b [-n N] [-c C] [--rate R] [--runs K] [--json] [--oip json|binary|grpc --oip-request FILE [--grpc HOST:PORT]]", stderr)
	url := fs.String("url", defaultURL(), "node URL (env SERVER_URL)")
	direct := fs.String("direct", "", "container base URL: send the same load straight to its /service_output")
	containers := fs.String("containers", "echo", "comma-separated container ids of each job")
	data := fs.String("data", `{"x":1}`, "each job's input (a JSON object)")
	dataFile := fs.String("data-file", "", "read each job's input from this file instead of --data (an image tensor is too long for a command line)")
	n := fs.Int("n", 1000, "number of jobs per run")
	c := fs.Int("c", 0, "jobs in flight: closed loop default 16; with --rate, the cap on jobs in flight, default 10000")
	rate := fs.Float64("rate", 0, "open loop: start jobs at this many per second")
	submitOnly := fs.Bool("submit-only", false, "do not wait for jobs to finish; measure submission only")
	batch := fs.Int("batch", 0, "submit in POST /api/jobs/batch requests of this many jobs; closed loop: c/batch clients each wait for a whole batch with GET /api/jobs?wait=")
	cpuProfile := fs.String("cpuprofile", "", "write the generator's own CPU profile to this file")
	poll := fs.Duration("poll", 2*time.Millisecond, "how often to ask the node for the jobs in flight")
	timeout := fs.Duration("timeout", time.Minute, "per-job limit from start to finish")
	runs := fs.Int("runs", 1, "repeat the run K times and report the median")
	warmup := fs.Int("warmup", 0, "jobs to run (unmeasured) before the first run")
	asJSON := fs.Bool("json", false, "print the reports as JSON")
	oipMode := fs.String("oip", "", "send Open Inference Protocol infer requests to /v2/models/{first container}/infer instead of jobs: json or binary (binary inputs and outputs); grpc: gRPC ModelInfer calls with raw tensors to --grpc")
	grpcAddr := fs.String("grpc", "", "with --oip grpc: the node's gRPC address, host:port (server.grpc_port)")
	oipFile := fs.String("oip-request", "", "with --oip: a file holding an OIP JSON inference request {\"inputs\": [...]}")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	if *n <= 0 || *runs <= 0 || *rate < 0 || *warmup < 0 {
		return usagef(fs, "-n and --runs must be positive, --rate and --warmup not negative")
	}
	if *dataFile != "" {
		b, err := os.ReadFile(*dataFile)
		if err != nil {
			return fmt.Errorf("--data-file: %w", err)
		}
		*data = string(b)
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal([]byte(*data), &obj) != nil || obj == nil {
		return usagef(fs, "--data must be a JSON object, got %.60q", *data)
	}
	cfg := bench.Config{
		URL: withScheme(*url), Direct: withScheme(*direct), Data: json.RawMessage(*data),
		Jobs: *n, Rate: *rate, SubmitOnly: *submitOnly, Batch: *batch, PollInterval: *poll, Timeout: *timeout,
	}
	if *c < 0 {
		return usagef(fs, "-c %d: write a number of jobs in flight, 1 or more", *c)
	}
	cfg.Concurrency = *c // 0: bench's default for the mode
	if *oipMode != "" {
		if *oipMode != bench.OIPJSON && *oipMode != bench.OIPBinary && *oipMode != bench.OIPGRPC {
			return usagef(fs, "--oip %q: use json, binary or grpc", *oipMode)
		}
		if *oipMode == bench.OIPGRPC && *grpcAddr == "" {
			return usagef(fs, "--oip grpc needs --grpc HOST:PORT, the node's server.grpc_port")
		}
		cfg.GRPC = *grpcAddr
		if *oipFile == "" {
			return usagef(fs, "--oip needs --oip-request FILE, an OIP JSON inference request")
		}
		if cfg.OIPRequest, err = os.ReadFile(*oipFile); err != nil {
			return fmt.Errorf("--oip-request: %w", err)
		}
		cfg.OIP = *oipMode
	}
	for _, id := range strings.Split(*containers, ",") {
		if id = strings.TrimSpace(id); id != "" {
			cfg.Containers = append(cfg.Containers, id)
		}
	}
	if cfg.Direct == "" && len(cfg.Containers) == 0 {
		return usagef(fs, "--containers is required")
	}

	if cfg.Direct == "" {
		if err := checkContainers(ctx, fs, cfg.URL, cfg.Containers); err != nil {
			return err
		}
	}

	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	if *warmup > 0 {
		w := cfg
		w.Jobs, w.Rate = *warmup, 0
		if _, err := bench.Run(ctx, w); err != nil {
			return fmt.Errorf("warm-up: %w", err)
		}
	}
	var reports []*bench.Report
	for i := range *runs {
		rep, err := bench.Run(ctx, cfg)
		if err != nil {
			return err
		}
		reports = append(reports, rep)
		if !*asJSON {
			if *runs > 1 {
				fmt.Fprintf(stdout, "run %d/%d: ", i+1, *runs)
			}
			rep.Text(stdout)
		}
	}
	med := median(reports)
	if *asJSON {
		return printJSON(stdout, map[string]any{"runs": reports, "median": med})
	}
	if *runs > 1 {
		fmt.Fprintf(stdout, "median of %d runs: %.1f jobs/s, submit p99 %s, end-to-end p99 %s\n",
			*runs, med.Throughput, med.SubmitP99, med.EndToEndP99)
	}
	if errs := reports[len(reports)-1].Errors; errs > 0 {
		return fmt.Errorf("%d jobs could not be run (see error samples)", errs)
	}
	return nil
}

// medianReport is the median of each headline figure over several runs.
type medianReport struct {
	Runs        int           `json:"runs"`
	Throughput  float64       `json:"throughput"`
	SubmitP50   time.Duration `json:"submit_p50_ns"`
	SubmitP99   time.Duration `json:"submit_p99_ns"`
	EndToEndP50 time.Duration `json:"end_to_end_p50_ns"`
	EndToEndP99 time.Duration `json:"end_to_end_p99_ns"`
}

func median(rs []*bench.Report) medianReport {
	pick := func(f func(*bench.Report) float64) float64 {
		v := make([]float64, len(rs))
		for i, r := range rs {
			v[i] = f(r)
		}
		slices.Sort(v)
		if len(v)%2 == 1 {
			return v[len(v)/2]
		}
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	d := func(f func(*bench.Report) time.Duration) time.Duration {
		return time.Duration(pick(func(r *bench.Report) float64 { return float64(f(r)) }))
	}
	return medianReport{
		Runs:        len(rs),
		Throughput:  pick(func(r *bench.Report) float64 { return r.Throughput }),
		SubmitP50:   d(func(r *bench.Report) time.Duration { return r.Submit.P50 }),
		SubmitP99:   d(func(r *bench.Report) time.Duration { return r.Submit.P99 }),
		EndToEndP50: d(func(r *bench.Report) time.Duration { return r.EndToEnd.P50 }),
		EndToEndP99: d(func(r *bench.Report) time.Duration { return r.EndToEnd.P99 }),
	}
}

// checkContainers asks the node for its containers before N jobs are sent,
// so that a typo costs one request and a clear message, not N errors.
func checkContainers(ctx context.Context, fs *flag.FlagSet, url string, ids []string) error {
	c, err := dial(fs, url)
	if err != nil {
		return err
	}
	info, err := c.Info(ctx)
	if err != nil {
		return nodeErr(c, err)
	}
	var have []string
	for _, ic := range info.Containers {
		have = append(have, ic.ID)
	}
	for _, id := range ids {
		if !slices.Contains(have, id) {
			return fmt.Errorf("node %s has no container %q (it has: %s); set --containers", c.URL(), id, strings.Join(have, ", "))
		}
	}
	return nil
}
