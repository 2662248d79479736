// Package bench is the load generator behind `infernode bench`: it drives
// N jobs against a node (submit, then wait until each is finished) at a
// fixed concurrency (closed loop) or a fixed arrival rate (open loop), and
// reports throughput and latency percentiles. The same load can be sent
// straight to a container's /service_output as the reference limit.
//
// Latencies in open-loop mode are measured from each job's scheduled start,
// so a node that falls behind shows it in the percentiles instead of
// silently slowing the generator down (coordinated omission).
package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/infernode/infernode/client"
)

// Config describes one run. Zero values take the documented defaults.
type Config struct {
	// URL is the node's base URL (node mode).
	URL string
	// Direct, when set, is a container's base URL: jobs are POSTed to
	// {Direct}/service_output as the node would, and URL is ignored.
	Direct string
	// Containers and Data make up each JobRequest. Data default {}.
	Containers []string
	Data       json.RawMessage
	// Jobs is the number of jobs (default 1000).
	Jobs int
	// Concurrency is the number of jobs in flight in closed-loop mode, and
	// the cap on jobs in flight in open-loop mode (default 16; 10,000 with Rate).
	Concurrency int
	// Rate, when positive, starts jobs at this many per second (open loop).
	Rate float64
	// SubmitOnly skips waiting for completion: only submit latency is
	// measured (node mode).
	SubmitOnly bool
	// Batch, when above 1, submits jobs in POST /api/jobs/batch requests
	// of at most Batch items, as a client with many jobs to send would
	// (node mode). In closed loop, Concurrency/Batch clients each send a
	// batch and wait for all of it in one GET /api/jobs?wait=...; in open
	// loop, the submits waiting at the same moment are coalesced.
	Batch int
	// PollInterval is how often the shared poller asks the node for the
	// jobs in flight, all in one request (default 2ms).
	PollInterval time.Duration
	// Timeout bounds each job from start to finish (default 60s).
	Timeout time.Duration
	// HTTPClient sends every request. Default: one with enough idle
	// connections for Concurrency.
	HTTPClient *http.Client
	// OIP, when "json" or "binary", sends each job as an Open Inference
	// Protocol infer request (bench/oip.go) for model Containers[0]
	// instead of a job: OIPRequest (an OIP JSON request) with JSON
	// tensors, or with binary inputs and outputs; "grpc" as a gRPC
	// ModelInfer call to GRPC with raw tensors.
	OIP        string
	OIPRequest []byte
	// GRPC is the node's gRPC address (host:port, server.grpc_port) for
	// OIP mode "grpc" (bench/oipgrpc.go).
	GRPC string
}

// Latencies are percentiles of one latency distribution.
type Latencies struct {
	Count int           `json:"count"`
	Mean  time.Duration `json:"mean_ns"`
	P50   time.Duration `json:"p50_ns"`
	P90   time.Duration `json:"p90_ns"`
	P99   time.Duration `json:"p99_ns"`
	Max   time.Duration `json:"max_ns"`
}

// Report is the outcome of a run.
type Report struct {
	Mode        string  `json:"mode"` // "node" or "direct"
	Target      string  `json:"target"`
	Jobs        int     `json:"jobs"`
	Concurrency int     `json:"concurrency"`
	Rate        float64 `json:"rate,omitempty"`
	// Succeeded jobs finished with status success (direct: a 2xx answer);
	// Failed finished with status failed; Errors were rejected or lost
	// (HTTP errors, timeouts).
	Succeeded int `json:"succeeded"`
	Failed    int `json:"failed"`
	Errors    int `json:"errors"`
	// ErrorSamples are the first few distinct error messages.
	ErrorSamples []string `json:"error_samples,omitempty"`
	// RateLimited of the Errors were refused with 429: the node's
	// server.rate_limit, which the summary names.
	RateLimited int           `json:"rate_limited,omitempty"`
	Duration    time.Duration `json:"duration_ns"`
	// Throughput is finished jobs (succeeded + failed) per second of wall time.
	Throughput float64   `json:"throughput"`
	Submit     Latencies `json:"submit_latency"`
	EndToEnd   Latencies `json:"end_to_end_latency"`
}

func (c *Config) defaults() error {
	if c.Jobs <= 0 {
		c.Jobs = 1000
	}
	if c.Concurrency <= 0 {
		c.Concurrency = 16
		if c.Rate > 0 {
			c.Concurrency = 10000
		}
	}
	if len(c.Data) == 0 {
		c.Data = json.RawMessage(`{}`)
	}
	if c.PollInterval <= 0 {
		c.PollInterval = 2 * time.Millisecond
	}
	if c.Timeout <= 0 {
		c.Timeout = time.Minute
	}
	if c.Direct == "" && c.URL == "" {
		return errors.New("bench: no node URL and no direct URL")
	}
	if (c.Direct == "" || c.OIP != "") && len(c.Containers) == 0 {
		return errors.New("bench: no containers")
	}
	if c.HTTPClient == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConns = c.Concurrency + 16
		tr.MaxIdleConnsPerHost = c.Concurrency + 16
		tr.DisableCompression = true
		c.HTTPClient = &http.Client{Transport: tr}
	}
	return nil
}

// outcome is what one job ended as.
type outcome int

const (
	succeeded outcome = iota
	failed
	errored
)

// sample is one job's measurements.
type sample struct {
	submit, e2e time.Duration
	out         outcome
	err         error
}

// Run performs one run and reports it. It returns an error only when the
// run could not be carried out (bad config, ctx cancelled); failing jobs
// are counted in the report.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	var one func(ctx context.Context, start time.Time) sample
	var batchLoop func([]sample)
	rep := &Report{Jobs: cfg.Jobs, Concurrency: cfg.Concurrency, Rate: cfg.Rate}
	if cfg.OIP == OIPGRPC {
		l, target, err := newGRPCLoad(cfg)
		if err != nil {
			return nil, err
		}
		defer l.conn.Close()
		rep.Mode, rep.Target = "oip-"+cfg.OIP, target
		one = l.call
	} else if cfg.OIP != "" {
		l, target, err := newOIPLoad(cfg)
		if err != nil {
			return nil, err
		}
		rep.Mode, rep.Target = "oip-"+cfg.OIP, target
		one = l.call
	} else if cfg.Direct != "" {
		rep.Mode, rep.Target = "direct", cfg.Direct
		d, err := newDirect(cfg)
		if err != nil {
			return nil, err
		}
		one = d.call
	} else {
		rep.Mode, rep.Target = "node", cfg.URL
		n, err := newNodeLoad(cfg)
		if err != nil {
			return nil, err
		}
		if cfg.Batch > 1 && cfg.Rate <= 0 && !cfg.SubmitOnly {
			// Each client waits for its own batches: no poller, no batcher
			// (idle, they would still wake the generator every tick).
			batchLoop = func(samples []sample) { n.batchLoop(ctx, samples) }
		} else {
			c, err := client.New(cfg.URL, client.WithHTTPClient(cfg.HTTPClient))
			if err != nil {
				return nil, err
			}
			pctx, stop := context.WithCancel(ctx)
			defer stop()
			n.p = newPoller(c, cfg.PollInterval)
			go n.p.run(pctx)
			if cfg.Batch > 1 {
				b := newBatcher(n, cfg.Batch)
				go b.run(pctx)
				n.submitFn = b.submit
			}
			one = n.call
		}
	}

	samples := make([]sample, cfg.Jobs)
	began := time.Now()
	if batchLoop != nil {
		batchLoop(samples)
	} else if cfg.Rate > 0 {
		openLoop(ctx, cfg, began, samples, one)
	} else {
		closedLoop(ctx, cfg, samples, one)
	}
	rep.Duration = time.Since(began)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	summarize(rep, samples)
	return rep, nil
}

func closedLoop(ctx context.Context, cfg Config, samples []sample, one func(context.Context, time.Time) sample) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(cfg.Concurrency, cfg.Jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(samples) || ctx.Err() != nil {
					return
				}
				samples[i] = one(ctx, time.Now())
			}
		}()
	}
	wg.Wait()
}

func openLoop(ctx context.Context, cfg Config, began time.Time, samples []sample, one func(context.Context, time.Time) sample) {
	sem := make(chan struct{}, cfg.Concurrency)
	var wg sync.WaitGroup
	gap := time.Duration(float64(time.Second) / cfg.Rate)
	for i := range samples {
		at := began.Add(time.Duration(i) * gap)
		if d := time.Until(at); d > 0 {
			select {
			case <-ctx.Done():
				wg.Wait()
				return
			case <-time.After(d):
			}
		}
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			samples[i] = one(ctx, at)
		}()
	}
	wg.Wait()
}

func summarize(rep *Report, samples []sample) {
	var submit, e2e []time.Duration
	seen := map[string]bool{}
	for _, s := range samples {
		switch s.out {
		case succeeded:
			rep.Succeeded++
		case failed:
			rep.Failed++
		case errored:
			rep.Errors++
			if ce := (*client.Error)(nil); errors.As(s.err, &ce) && ce.StatusCode == http.StatusTooManyRequests {
				rep.RateLimited++
			}
			if msg := s.err.Error(); len(rep.ErrorSamples) < 5 && !seen[msg] {
				seen[msg] = true
				rep.ErrorSamples = append(rep.ErrorSamples, msg)
			}
		}
		if s.submit > 0 {
			submit = append(submit, s.submit)
		}
		if s.out != errored && s.e2e > 0 {
			e2e = append(e2e, s.e2e)
		}
	}
	rep.Submit = percentiles(submit)
	rep.EndToEnd = percentiles(e2e)
	if rep.Duration > 0 {
		rep.Throughput = float64(rep.Succeeded+rep.Failed) / rep.Duration.Seconds()
	}
}

// percentiles uses the nearest-rank method.
func percentiles(ds []time.Duration) Latencies {
	if len(ds) == 0 {
		return Latencies{}
	}
	slices.Sort(ds)
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	rank := func(q float64) time.Duration {
		i := int(q*float64(len(ds))+0.999999999) - 1
		return ds[max(0, min(i, len(ds)-1))]
	}
	return Latencies{Count: len(ds), Mean: sum / time.Duration(len(ds)),
		P50: rank(0.50), P90: rank(0.90), P99: rank(0.99), Max: ds[len(ds)-1]}
}

// nodeLoad submits jobs to a node and waits for them: through the poller
// (p, one request per job), or per batch (batchLoop).
// The request body is encoded once, as in direct mode, so that the load
// generator spends as little of the shared CPU as possible.
type nodeLoad struct {
	cfg  Config
	url  string
	body []byte
	p    *poller
	// submitFn replaces submit when set (batch mode).
	submitFn func(ctx context.Context) (string, error)
}

func newNodeLoad(cfg Config) (*nodeLoad, error) {
	body, err := json.Marshal(client.JobRequest{Containers: cfg.Containers, Data: cfg.Data})
	if err != nil {
		return nil, fmt.Errorf("bench: encode job request: %w", err)
	}
	return &nodeLoad{cfg: cfg, url: strings.TrimRight(cfg.URL, "/") + "/api/jobs", body: body}, nil
}

// submit posts the job and returns its id, or the node's error.
func (n *nodeLoad) submit(ctx context.Context) (string, error) {
	status, b, err := n.exchange(ctx, http.MethodPost, n.url, n.body)
	if err != nil {
		return "", err
	}
	var out struct {
		ID     string         `json:"id"`
		Error  string         `json:"error"`
		Params map[string]any `json:"params"`
	}
	_ = json.Unmarshal(b, &out)
	if status != http.StatusOK || out.ID == "" {
		if out.Error == "" {
			out.Error = strings.TrimSpace(string(b))
		}
		return "", &client.Error{StatusCode: status, Message: out.Error, Params: out.Params}
	}
	return out.ID, nil
}

func (n *nodeLoad) call(ctx context.Context, start time.Time) sample {
	ctx, cancel := context.WithTimeout(ctx, n.cfg.Timeout)
	defer cancel()
	submit := n.submit
	if n.submitFn != nil {
		submit = n.submitFn
	}
	id, err := submit(ctx)
	submitted := time.Since(start)
	if err != nil {
		return sample{submit: submitted, out: errored, err: fmt.Errorf("submit: %w", err)}
	}
	if n.cfg.SubmitOnly {
		return sample{submit: submitted, e2e: submitted, out: succeeded}
	}
	st, err := n.p.wait(ctx, id)
	done := time.Since(start)
	switch {
	case err != nil:
		return sample{submit: submitted, out: errored, err: err}
	case st == client.StatusSuccess:
		return sample{submit: submitted, e2e: done, out: succeeded}
	default:
		return sample{submit: submitted, e2e: done, out: failed}
	}
}

// batchLoop is the closed loop in batches: ceil(Concurrency/Batch) clients
// each take the next Batch jobs, submit them in one POST /api/jobs/batch
// and wait for all of them with GET /api/jobs?wait=... (one request unless
// the wait runs out), so a job's end-to-end latency is its batch's.
func (n *nodeLoad) batchLoop(ctx context.Context, samples []sample) {
	k := n.cfg.Batch
	bodies := map[int][]byte{}
	body := func(size int) []byte {
		if b, ok := bodies[size]; ok {
			return b
		}
		b := append([]byte{'['}, bytes.Repeat(append(append([]byte{}, n.body...), ','), size)...)
		b[len(b)-1] = ']'
		bodies[size] = b
		return b
	}
	// The bodies are built before the clients start, so they only read them.
	body(k)
	if r := len(samples) % k; r > 0 {
		body(r)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min((n.cfg.Concurrency+k-1)/k, (len(samples)+k-1)/k) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				lo := int(next.Add(int64(k))) - k
				if lo >= len(samples) {
					return
				}
				part := samples[lo:min(lo+k, len(samples))]
				n.batch(ctx, body(len(part)), part)
			}
		}()
	}
	wg.Wait()
}

// batch submits len(out) jobs in one request, waits for them, and fills out.
func (n *nodeLoad) batch(ctx context.Context, body []byte, out []sample) {
	ctx, cancel := context.WithTimeout(ctx, n.cfg.Timeout)
	defer cancel()
	start := time.Now()
	items, err := n.postBatch(ctx, n.url+"/batch", body, len(out))
	submitted := time.Since(start)
	var ids []string
	at := map[string]int{}
	for i := range out {
		if err == nil && items[i].err != nil {
			out[i] = sample{submit: submitted, out: errored, err: fmt.Errorf("submit: %w", items[i].err)}
			continue
		}
		if err != nil {
			out[i] = sample{submit: submitted, out: errored, err: fmt.Errorf("submit: %w", err)}
			continue
		}
		out[i] = sample{submit: submitted}
		ids = append(ids, items[i].id)
		at[items[i].id] = i
	}
	for len(ids) > 0 {
		wait := client.MaxWait
		if dl, ok := ctx.Deadline(); ok {
			wait = min(wait, time.Until(dl))
		}
		res, err := n.waitBatch(ctx, ids, wait)
		if err != nil {
			for _, id := range ids {
				out[at[id]] = sample{submit: submitted, out: errored, err: fmt.Errorf("wait: %w", err)}
			}
			return
		}
		done := time.Since(start)
		left := ids[:0]
		seen := map[string]bool{}
		for _, r := range res {
			seen[r.ID] = true
			switch {
			case !r.Status.Terminal():
				left = append(left, r.ID)
			case r.Status == client.StatusSuccess:
				out[at[r.ID]] = sample{submit: submitted, e2e: done, out: succeeded}
			default:
				out[at[r.ID]] = sample{submit: submitted, e2e: done, out: failed}
			}
		}
		for _, id := range ids {
			if !seen[id] {
				out[at[id]] = sample{submit: submitted, out: errored, err: fmt.Errorf("job %s: %w", id, client.ErrNotFound)}
			}
		}
		ids = left
	}
}

// jobState is the part of a JobResult the generator reads.
type jobState struct {
	ID     string        `json:"id"`
	Status client.Status `json:"status"`
}

// waitBatch is client.WaitResults reduced to what the generator needs: it
// decodes only ids and statuses, so the generator spends as little of the
// shared CPU as it can.
func (n *nodeLoad) waitBatch(ctx context.Context, ids []string, wait time.Duration) ([]jobState, error) {
	var u strings.Builder
	u.Grow(len(n.url) + len(ids)*40 + 16)
	u.WriteString(n.url)
	u.WriteString("?wait=")
	u.WriteString(wait.String())
	for _, id := range ids {
		u.WriteString("&id=")
		u.WriteString(id) // node-issued UUIDs need no escaping
	}
	status, raw, err := n.exchange(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	var out []jobState
	if status != http.StatusOK || json.Unmarshal(raw, &out) != nil {
		return nil, &client.Error{StatusCode: status, Message: strings.TrimSpace(string(raw))}
	}
	return out, nil
}

// exchange sends one request (body, if any, as JSON) and returns the
// answer's status and body; err is for the exchange itself.
func (n *nodeLoad) exchange(ctx context.Context, method, url string, body []byte) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := n.cfg.HTTPClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return resp.StatusCode, raw, err
}

// poller asks the node for every job in flight in one request per tick and
// wakes each job's waiter when it is finished.
type poller struct {
	c        *client.Client
	interval time.Duration

	mu      sync.Mutex
	waiters map[string]chan client.Status
}

func newPoller(c *client.Client, interval time.Duration) *poller {
	return &poller{c: c, interval: interval, waiters: map[string]chan client.Status{}}
}

func (p *poller) wait(ctx context.Context, id string) (client.Status, error) {
	ch := make(chan client.Status, 1)
	p.mu.Lock()
	p.waiters[id] = ch
	p.mu.Unlock()
	select {
	case st := <-ch:
		return st, nil
	case <-ctx.Done():
		p.mu.Lock()
		delete(p.waiters, id)
		p.mu.Unlock()
		return "", fmt.Errorf("wait for job %s: %w", id, ctx.Err())
	}
}

// maxPollIDs bounds one poll request's URL (~40 bytes per id).
const maxPollIDs = 256

func (p *poller) run(ctx context.Context) {
	t := time.NewTicker(p.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		p.mu.Lock()
		ids := make([]string, 0, len(p.waiters))
		for id := range p.waiters {
			ids = append(ids, id)
		}
		p.mu.Unlock()
		for len(ids) > 0 {
			chunk := ids[:min(len(ids), maxPollIDs)]
			ids = ids[len(chunk):]
			res, err := p.c.Results(ctx, chunk, false)
			if err != nil {
				continue // transient; the next tick asks again, each waiter has a timeout
			}
			p.mu.Lock()
			for _, r := range res {
				if !r.Status.Terminal() {
					continue
				}
				if ch, ok := p.waiters[r.ID]; ok {
					ch <- r.Status
					delete(p.waiters, r.ID)
				}
			}
			p.mu.Unlock()
		}
	}
}

// direct calls a container's /service_output the way the node does.
type direct struct {
	cfg  Config
	url  string
	body []byte
}

func newDirect(cfg Config) (*direct, error) {
	body, err := json.Marshal(map[string]any{"source": 1, "destination": 1, "data": cfg.Data, "requires_proof": false})
	if err != nil {
		return nil, fmt.Errorf("bench: encode container input: %w", err)
	}
	return &direct{cfg: cfg, url: strings.TrimRight(cfg.Direct, "/") + "/service_output", body: body}, nil
}

func (d *direct) call(ctx context.Context, start time.Time) sample {
	ctx, cancel := context.WithTimeout(ctx, d.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.url, bytes.NewReader(d.body))
	if err != nil {
		return sample{out: errored, err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := d.cfg.HTTPClient.Do(req)
	if err != nil {
		return sample{submit: time.Since(start), out: errored, err: err}
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(start)
	if err != nil {
		return sample{submit: took, out: errored, err: err}
	}
	if resp.StatusCode/100 != 2 || !json.Valid(body) {
		return sample{submit: took, e2e: took, out: failed}
	}
	return sample{submit: took, e2e: took, out: succeeded}
}

// Text writes a human-readable summary of r.
func (r *Report) Text(w io.Writer) {
	fmt.Fprintf(w, "%s %s: %d jobs, concurrency %d", r.Mode, r.Target, r.Jobs, r.Concurrency)
	if r.Rate > 0 {
		fmt.Fprintf(w, ", open loop at %.0f jobs/s", r.Rate)
	}
	fmt.Fprintf(w, "\n  %d succeeded, %d failed, %d errors in %s: %.1f jobs/s\n",
		r.Succeeded, r.Failed, r.Errors, r.Duration.Round(time.Millisecond), r.Throughput)
	line := func(name string, l Latencies) {
		fmt.Fprintf(w, "  %-19s p50 %-9s p90 %-9s p99 %-9s max %s\n", name+" latency:",
			round(l.P50), round(l.P90), round(l.P99), round(l.Max))
	}
	line("submit", r.Submit)
	if r.Mode == "node" {
		line("end-to-end", r.EndToEnd)
	}
	for _, e := range r.ErrorSamples {
		fmt.Fprintf(w, "  error: %s\n", e)
	}
	if r.RateLimited > 0 {
		fmt.Fprintf(w, "  %d requests were refused with 429 by the node's rate limit (server.rate_limit, per client and route):\n"+
			"  raise it in the node's config, or send fewer requests (--batch, a lower -c or --rate)\n", r.RateLimited)
	}
}

func round(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	default:
		return d.Round(time.Microsecond)
	}
}

// batcher coalesces concurrent submits into batch requests: the first
// waiting submit opens a batch, every submit already waiting joins it (up
// to max), and the batch is sent at once, so there is no added delay
// beyond the jobs' own queueing.
type batcher struct {
	n   *nodeLoad
	url string
	max int
	in  chan batchReq
}

type batchReq struct {
	ctx context.Context
	out chan batchRes
}

type batchRes struct {
	id  string
	err error
}

func newBatcher(n *nodeLoad, max int) *batcher {
	return &batcher{n: n, url: n.url + "/batch", max: max, in: make(chan batchReq, max)}
}

func (b *batcher) submit(ctx context.Context) (string, error) {
	r := batchReq{ctx: ctx, out: make(chan batchRes, 1)}
	select {
	case b.in <- r:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	select {
	case res := <-r.out:
		return res.id, res.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (b *batcher) run(ctx context.Context) {
	for {
		var reqs []batchReq
		select {
		case r := <-b.in:
			reqs = append(reqs, r)
		case <-ctx.Done():
			return
		}
	gather:
		for len(reqs) < b.max {
			select {
			case r := <-b.in:
				reqs = append(reqs, r)
			default:
				break gather
			}
		}
		go b.send(ctx, reqs)
	}
}

// send posts one batch and hands each item's answer to its submitter.
func (b *batcher) send(ctx context.Context, reqs []batchReq) {
	body := bytes.NewBuffer(make([]byte, 0, len(reqs)*(len(b.n.body)+1)+1))
	body.WriteByte('[')
	for i := range reqs {
		if i > 0 {
			body.WriteByte(',')
		}
		body.Write(b.n.body)
	}
	body.WriteByte(']')
	items, err := b.n.postBatch(ctx, b.url, body.Bytes(), len(reqs))
	for i, r := range reqs {
		if err != nil {
			r.out <- batchRes{err: err}
			continue
		}
		r.out <- items[i]
	}
}

// postBatch posts a batch of want items and returns each item's id or
// rejection; err is for the request as a whole.
func (n *nodeLoad) postBatch(ctx context.Context, url string, body []byte, want int) ([]batchRes, error) {
	status, raw, err := n.exchange(ctx, http.MethodPost, url, body)
	if err != nil {
		return nil, err
	}
	var items []struct {
		ID     string         `json:"id"`
		Error  string         `json:"error"`
		Params map[string]any `json:"params"`
	}
	if status != http.StatusOK || json.Unmarshal(raw, &items) != nil || len(items) != want {
		return nil, &client.Error{StatusCode: status, Message: strings.TrimSpace(string(raw))}
	}
	out := make([]batchRes, want)
	for i, it := range items {
		if it.ID == "" {
			out[i].err = &client.Error{StatusCode: status, Message: it.Error, Params: it.Params}
			continue
		}
		out[i].id = it.ID
	}
	return out, nil
}
