package node

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"

	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/console"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/fleet"
	"github.com/infernode/infernode/internal/clock"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/promreg"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/oipgrpc"
	"github.com/infernode/infernode/ratelimit"
	"github.com/infernode/infernode/respcache"
	"github.com/infernode/infernode/rest"
)

// Chain is the node's chain side, implemented by the relay. Every method
// is safe for concurrent use.
type Chain interface {
	// Run runs the listener, scheduler and sender; it returns when ctx is
	// done (nil) or when the chain side cannot go on (an error, which stops
	// the node).
	Run(ctx context.Context) error
	// SubmitDelegated verifies and persists a delegated subscription
	// posted over REST; rejections are *job.Error values.
	SubmitDelegated(ctx context.Context, client string, raw json.RawMessage) error
	// Pending is the number of on-chain jobs not yet delivered.
	Pending() int
	// Address is the node's wallet address.
	Address() string
	// Healthy reports whether the chain link works.
	Healthy(ctx context.Context) error
	// Endpoints is each RPC endpoint's state, by index (nil when the
	// chain client was not dialled from chain.rpc_urls).
	Endpoints() []rest.ChainEndpoint
	// Fleet is the node's fleet membership, nil when it is alone.
	Fleet() *fleet.Fleet
}

// ChainDeps is what a chain side is built from once the node has opened
// its store and built its executor (see Options.NewChain).
type ChainDeps struct {
	Config   *config.Config
	Store    *storage.Store // the chain side's state goes in its tables (Store.Table)
	Executor *executor.Executor
	Guardian *access.Guardian
	Logger   *slog.Logger
	Registry *prometheus.Registry
	Tracer   trace.TracerProvider

	// registerer is where one chain's metrics go: Registry, with a chain
	// label when the node serves several chains.
	registerer prometheus.Registerer
}

// Options configures New. Zero values take the documented defaults.
type Options struct {
	// Runtime provides the containers. Nil: chosen from the config, the
	// unmanaged runtime when manage_containers is false, else
	// NewManagedRuntime.
	Runtime executor.Runtime
	// NewManagedRuntime builds the runtime for manage_containers: true.
	// Nil: the Docker runtime wired in runtime_docker.go.
	NewManagedRuntime func(cfg *config.Config, log *slog.Logger) (executor.Runtime, error)
	// Chain is the chain side. Nil with NewChain nil: the relay
	// (NewRelayChain) when chain.enabled is true, else chain disabled.
	Chain Chain
	// NewChain builds the chain side from the node's store and executor
	// when Run starts; it takes precedence over Chain.
	NewChain func(context.Context, ChainDeps) (Chain, error)
	// Logger. Default: slog.Default().
	Logger *slog.Logger
	// Listener serves REST. Default: a listener on server.host:server.port.
	Listener net.Listener
	// GRPCListener serves the gRPC front door. Default: a listener on
	// server.host:server.grpc_port when that is set, else none.
	GRPCListener net.Listener
	// Registry receives every metric and is served at /metrics. Default: a
	// fresh registry with the Go and process collectors.
	Registry *prometheus.Registry
	// TracerProvider. Default: the global provider.
	TracerProvider trace.TracerProvider
	// Propagator carries the trace context to containers. Default: the
	// global propagator.
	Propagator propagation.TextMapPropagator
	// ShutdownGrace is how long a stopping node lets in-flight requests and
	// queued jobs finish before cancelling them. Default 10s.
	ShutdownGrace time.Duration
	// StoreNoSync skips fsync in the store: benchmarks only.
	StoreNoSync bool

	// streamIDGrace overrides defaultStreamIDGrace when positive (tests).
	streamIDGrace time.Duration
}

// newManagedRuntime is the Docker runtime constructor, set by
// runtime_docker.go; nil in a build without it.
var newManagedRuntime func(cfg *config.Config, log *slog.Logger) (executor.Runtime, error)

// Node is a compute node. Create it with New and run it once with Run.
type Node struct {
	cfg  *config.Config
	opts Options
	log  *slog.Logger
	reg  *prometheus.Registry
	// events are the recent chain-side log lines the console shows.
	events *console.Events
	tp     trace.TracerProvider
	guard  *access.Guardian

	ready   chan struct{}
	mu      sync.Mutex
	running bool
	addr    net.Addr
	back    *backend
	// bodyBudget bounds the request-body bytes the front doors read at
	// once (server.max_body_bytes_in_flight), shared by all of them.
	bodyBudget *ratelimit.Bytes
	// replyBudget bounds the container reply bytes the node buffers at
	// once (server.max_reply_bytes_in_flight): forwarded replies and job
	// outputs.
	replyBudget *ratelimit.Bytes
}

// New applies the defaults to a copy of cfg, validates it, and returns a
// node ready to Run.
func New(cfg *config.Config, opts Options) (*Node, error) {
	if cfg == nil {
		return nil, errors.New("node: nil config")
	}
	// Work on a defaulted copy: callers may pass a hand-built config, and
	// the node must not change theirs.
	c := *cfg
	c.Containers = append([]config.Container(nil), cfg.Containers...)
	c.Chains = append([]config.Chain(nil), cfg.Chains...)
	if cfg.Log != nil {
		l := *cfg.Log
		c.Log = &l
	}
	cfg = &c
	cfg.ApplyDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	// The console lists the chain side's recent log lines, whatever the
	// level the node logs at.
	events := console.NewEvents(opts.Logger.Handler(), console.DefaultEvents)
	opts.Logger = slog.New(events)
	if opts.Registry == nil {
		opts.Registry = prometheus.NewRegistry()
		opts.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	if opts.TracerProvider == nil {
		opts.TracerProvider = otel.GetTracerProvider()
	}
	if opts.ShutdownGrace <= 0 {
		opts.ShutdownGrace = 10 * time.Second
	}
	if opts.NewManagedRuntime == nil {
		opts.NewManagedRuntime = newManagedRuntime
	}
	if err := chainsServed(cfg); err != nil {
		return nil, err
	}
	if cfg.ChainEnabled() && opts.Chain == nil && opts.NewChain == nil {
		opts.NewChain = NewRelayChain
	}
	return &Node{
		cfg: cfg, opts: opts, log: opts.Logger, reg: opts.Registry, tp: opts.TracerProvider, events: events,
		guard: access.NewGuardian(AccessContainers(cfg.Containers)), ready: make(chan struct{}),
		bodyBudget:  ratelimit.NewBytes(cfg.Server.MaxBodyBytesInFlight),
		replyBudget: ratelimit.NewBytes(cfg.Server.MaxReplyBytesInFlight),
	}, nil
}

// Ready is closed once the node serves REST.
func (n *Node) Ready() <-chan struct{} { return n.ready }

// Addr is the REST listener's address; valid once Ready is closed.
func (n *Node) Addr() net.Addr {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.addr
}

// Run opens the store, recovers interrupted jobs, starts the containers,
// the job manager, the chain side and the REST server, and runs until ctx
// is done; then it stops everything in reverse order and returns nil, or
// the error that stopped it.
func (n *Node) Run(ctx context.Context) (err error) {
	n.mu.Lock()
	if n.running {
		n.mu.Unlock()
		return errors.New("node: Run called twice")
	}
	n.running = true
	n.mu.Unlock()
	serving := false
	defer func() {
		// A listener handed in is closed even when Run fails before serving.
		if !serving && n.opts.Listener != nil {
			n.opts.Listener.Close()
		}
		if !serving && n.opts.GRPCListener != nil {
			n.opts.GRPCListener.Close()
		}
	}()
	cfg := n.cfg
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil { // the store makes it private

		return fmt.Errorf("create data_dir %s: %w", cfg.DataDir, err)
	}
	so := storage.Options{Logger: n.log, NoSync: n.opts.StoreNoSync}
	if cfg.Fleet != nil { // job ids name this member (fleet.NewJobID)
		so.NewID = fleet.NewJobID(cfg.Fleet.NodeID)
	}
	st, err := storage.Open(cfg.DataDir, so)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := st.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("close store: %w", cerr)
		}
	}()
	recovered, err := st.RecoverInterrupted()
	if err != nil {
		return err
	}
	if recovered > 0 {
		n.log.Warn("marked jobs interrupted by the last stop as failed", "count", recovered)
	}

	rt, err := n.runtime()
	if err != nil {
		return err
	}
	unregister, err := n.registerRuntime(rt)
	if err != nil {
		return err
	}
	defer unregister()
	n.log.Info("starting containers", "count", len(cfg.Containers), "managed", cfg.Managed())
	if err := rt.Start(ctx); err != nil {
		_ = rt.Stop(context.WithoutCancel(ctx))
		return fmt.Errorf("start containers: %w", err)
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		if serr := rt.Stop(sctx); serr != nil {
			n.log.Error("stop containers", "err", serr)
		}
	}()

	cache, err := n.openCache(st)
	if err != nil {
		return err
	}
	if cache != nil {
		defer cache.Close() // before the store closes
	}
	exec, err := executor.New(executor.Options{Runtime: rt, Containers: ExecutorContainers(cfg.Containers), HTTPClient: containerClient(cfg.Jobs.Workers),
		TracerProvider: n.tp, Registerer: n.reg, Propagator: n.opts.Propagator, Cache: cache, ReplyBudget: n.replyBudget})
	if err != nil {
		return err
	}
	chain := n.opts.Chain
	if n.opts.NewChain != nil {
		chain, err = n.opts.NewChain(ctx, ChainDeps{Config: cfg, Store: st, Executor: exec, Guardian: n.guard, Logger: n.log, Registry: n.reg, Tracer: n.tp})
		if err != nil {
			return fmt.Errorf("chain: %w", err)
		}
	}

	b, err := newBackend(n, st, rt, exec, chain)
	if err != nil {
		return err
	}
	defer b.mgr.Close(n.opts.ShutdownGrace)

	ln := n.opts.Listener
	if ln == nil {
		addr := net.JoinHostPort(cfg.Server.Host, strconv.Itoa(cfg.Server.Port))
		if ln, err = net.Listen("tcp", addr); err != nil {
			return fmt.Errorf("listen on %s (server.host, server.port): %w", addr, err)
		}
	}
	handler, err := n.handler(b)
	if err != nil {
		ln.Close()
		return err
	}
	sc := cfg.Server
	if sc.MaxConnections > 0 {
		ln = rest.LimitListener(ln, sc.MaxConnections, n.log, n.reg)
	}
	// Slow or idle clients are cut: a body trickled byte by byte, or a
	// keep-alive connection left open, would otherwise hold a descriptor
	// and a goroutine forever.
	srv := &http.Server{Handler: handler, ErrorLog: slog.NewLogLogger(n.log.Handler(), slog.LevelDebug),
		ReadHeaderTimeout: sc.ReadHeaderTimeout.D(), ReadTimeout: sc.ReadTimeout.D(),
		WriteTimeout: sc.WriteTimeout.D(), IdleTimeout: sc.IdleTimeout.D()}
	srv.RegisterOnShutdown(b.stopWaits)

	gsrv, gln, err := n.grpcServer(b)
	if err != nil {
		ln.Close()
		return err
	}

	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var wg sync.WaitGroup
	errc := make(chan error, 4)
	serving = true
	if gsrv != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := gsrv.Serve(gln); err != nil && !errors.Is(err, grpc.ErrServerStopped) {
				errc <- fmt.Errorf("serve gRPC: %w", err)
			}
		}()
	}
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- fmt.Errorf("serve REST: %w", err)
		}
	}()
	go func() {
		defer wg.Done()
		n.purgeLoop(rctx, st)
	}()
	wg.Add(1)
	go func() {
		defer wg.Done()
		n.expireLoop(rctx, st)
	}()
	if chain != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := chain.Run(rctx); err != nil && rctx.Err() == nil {
				errc <- fmt.Errorf("chain: %w", err)
			}
		}()
	}
	n.mu.Lock()
	n.addr, n.back = ln.Addr(), b
	n.mu.Unlock()
	close(n.ready)
	n.log.Info("node serving", "addr", ln.Addr().String(), "data_dir", cfg.DataDir, "containers", len(cfg.Containers), "chain", chain != nil)

	var runErr error
	select {
	case <-ctx.Done():
	case runErr = <-errc:
		n.log.Error("node stopping", "err", runErr)
	}
	n.log.Info("node stopping")
	sctx, scancel := context.WithTimeout(context.WithoutCancel(ctx), n.opts.ShutdownGrace)
	if gsrv != nil {
		stopGRPC(sctx, gsrv)
	}
	if err := srv.Shutdown(sctx); err != nil {
		_ = srv.Close()
	}
	scancel()
	cancel(ErrShuttingDown)
	wg.Wait()
	return runErr
}

func (n *Node) runtime() (executor.Runtime, error) {
	if n.opts.Runtime != nil {
		return n.opts.Runtime, nil
	}
	if !n.cfg.Managed() {
		return executor.NewUnmanaged(ExecutorContainers(n.cfg.Containers), executor.UnmanagedOptions{Logger: n.log}), nil
	}
	if n.opts.NewManagedRuntime == nil {
		return nil, errors.New("manage_containers is true but this build has no Docker runtime; set manage_containers to false and run the containers yourself")
	}
	// Auto-assigned host ports skip ports another process holds.
	for id, move := range n.cfg.ReassignTakenPorts(hostPortTaken) {
		n.log.Info("container's auto-assigned port is taken: moved", "container", id, "port", move)
	}
	rt, err := n.opts.NewManagedRuntime(n.cfg, n.log)
	if err != nil {
		return nil, fmt.Errorf("managed runtime: %w", err)
	}
	return rt, nil
}

// hostPortTaken reports whether port on 127.0.0.1 (where the Docker runtime
// publishes containers) is held by another process.
func hostPortTaken(port int) bool {
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return true
	}
	_ = ln.Close()
	return false
}

// containerClient is the executor's HTTP client, with enough idle
// keep-alive connections per container for every job worker and every
// stream slot (jobs.workers each) to call the same container at once: a
// smaller pool closes and redials connections under full load.
func containerClient(workers int) *http.Client {
	return executor.NewHTTPClient(idlePerContainer(workers))
}

func idlePerContainer(workers int) int { return max(executor.DefaultIdlePerHost, 2*workers) }

// registerRuntime exports the metrics of a runtime that is a
// prometheus.Collector (the Docker runtime) at /metrics. A collector the
// registry already holds (the caller registered it) is left alone; one
// registered here is unregistered by the returned func, so a registry
// reused by a later node serves that node's runtime, not a stopped one.
func (n *Node) registerRuntime(rt executor.Runtime) (func(), error) {
	unready, err := n.register(containerReady{rt}, "container metrics")
	if err != nil {
		return nil, err
	}
	c, ok := rt.(prometheus.Collector)
	if !ok {
		return unready, nil
	}
	unruntime, err := n.register(c, "container runtime metrics")
	if err != nil {
		unready()
		return nil, err
	}
	return func() { unruntime(); unready() }, nil
}

// register adds c to the node's registry and returns what removes it; a
// collector the registry already holds (another node on the same registry
// registered it) is left alone.
func (n *Node) register(c prometheus.Collector, what string) (func(), error) {
	got, err := promreg.Register(n.reg, c)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if got != c { // registered by another node: left alone
		return func() {}, nil
	}
	return func() { n.reg.Unregister(c) }, nil
}

// containerReadyDesc is infernode_container_ready{container}: 1 while the
// container answers, as /health sees it, for every runtime. The label set
// is the configured containers.
var containerReadyDesc = prometheus.NewDesc("infernode_container_ready",
	"1 while the container answers (as /health sees it), 0 while it does not.", []string{"container"}, nil)

// containerReady exports each container's readiness at scrape time.
type containerReady struct{ rt executor.Runtime }

func (c containerReady) Describe(ch chan<- *prometheus.Desc) { ch <- containerReadyDesc }

func (c containerReady) Collect(ch chan<- prometheus.Metric) {
	for _, s := range c.rt.States() {
		v := 0.0
		if s.Ready {
			v = 1
		}
		ch <- prometheus.MustNewConstMetric(containerReadyDesc, prometheus.GaugeValue, v, s.ID)
	}
}

func (n *Node) handler(b *backend) (http.Handler, error) {
	s := n.cfg.Server
	ro := rest.Options{
		Logger: n.log, MaxBodyBytes: s.MaxBodyBytes, Registry: n.reg, TracerProvider: n.tp,
		MaxBatchItems: s.MaxBatchItems, MaxIDs: s.MaxIDs, MaxWaits: s.MaxWaits, WriteTimeout: s.WriteTimeout.D(),
		Hosts: s.Hosts, OIP: b, OpenAI: b, Console: console.New(console.Options{Gatherer: n.reg, Events: n.events, Health: b.Healthy}),
		BodyBudget: n.bodyBudget, ReplyBudget: n.replyBudget, RateLimitIPv6Prefix: s.RateLimitIPv6Prefix,
	}
	if s.RateLimit != nil {
		ro.RateLimit = s.RateLimit.NumRequests
		ro.RatePeriod = time.Duration(s.RateLimit.Period * float64(time.Second))
	}
	for _, c := range s.StatusNetworks {
		p, err := config.ParsePrefix(c)
		if err != nil {
			return nil, fmt.Errorf("server.status_networks: %w", err)
		}
		ro.StatusNetworks = append(ro.StatusNetworks, p)
	}
	for _, c := range s.TrustedProxies {
		p, err := config.ParsePrefix(c)
		if err != nil {
			return nil, fmt.Errorf("server.trusted_proxies: %w", err)
		}
		ro.TrustedProxies = append(ro.TrustedProxies, p)
	}
	return rest.New(b, ro), nil
}

// grpcServer builds the gRPC front door and its listener when
// server.grpc_port (or Options.GRPCListener) asks for one; nil otherwise.
// It has REST's body bound, rate limit, connection cap, metrics and spans.
func (n *Node) grpcServer(b *backend) (*grpc.Server, net.Listener, error) {
	sc := n.cfg.Server
	ln := n.opts.GRPCListener
	if ln == nil {
		if sc.GRPCPort == 0 {
			return nil, nil, nil
		}
		addr := net.JoinHostPort(sc.Host, strconv.Itoa(sc.GRPCPort))
		var err error
		if ln, err = net.Listen("tcp", addr); err != nil {
			return nil, nil, fmt.Errorf("listen on %s (server.host, server.grpc_port): %w", addr, err)
		}
	}
	if sc.MaxConnections > 0 {
		ln = rest.LimitListener(ln, sc.MaxConnections, n.log, n.reg)
	}
	o := oipgrpc.Options{Logger: n.log, MaxMessageBytes: sc.MaxBodyBytes, Registerer: n.reg,
		TracerProvider: n.tp, Propagator: n.opts.Propagator,
		IdleTimeout: sc.IdleTimeout.D(), HandshakeTimeout: sc.ReadHeaderTimeout.D(), BodyBudget: n.bodyBudget,
		ReceiveTimeout: sc.ReadTimeout.D(), ReplyBudget: n.replyBudget,
		HeaderTimeout: sc.HeaderTimeout.D(), WriteTimeout: sc.WriteTimeout.D()}
	o.RateLimitIPv6Prefix = sc.RateLimitIPv6Prefix
	if sc.RateLimit != nil {
		o.RateLimit = sc.RateLimit.NumRequests
		o.RatePeriod = time.Duration(sc.RateLimit.Period * float64(time.Second))
	}
	n.log.Info("serving gRPC (KServe v2 GRPCInferenceService)", "addr", ln.Addr().String())
	return oipgrpc.New(b, o), ln, nil
}

// stopGRPC lets the calls in flight finish until ctx ends, then cuts them.
func stopGRPC(ctx context.Context, g *grpc.Server) {
	done := make(chan struct{})
	go func() {
		g.GracefulStop()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		g.Stop()
		<-done
	}
}

// sweep fails the jobs that containers keep (PUT /api/status) left running
// past jobs.timeout, then deletes finished jobs older than jobs.retention.
func (n *Node) sweep(ctx context.Context, st *storage.Store, now time.Time) {
	n.expireReported(ctx, st, now)
	k, err := st.Purge(ctx, now.Add(-n.cfg.Jobs.Retention.D()))
	if err != nil && ctx.Err() == nil {
		n.log.Error("purge finished jobs", "err", err)
	}
	if k > 0 {
		n.log.Debug("purged finished jobs", "count", k)
	}
}

// expireReported fails the reported jobs left running past jobs.timeout at
// now; false when the store could not be swept.
func (n *Node) expireReported(ctx context.Context, st *storage.Store, now time.Time) bool {
	to := n.cfg.Jobs.Timeout.D()
	k, err := st.ExpireReported(ctx, now.Add(-to), fmt.Sprintf("job timed out after %s: no final status was reported (PUT /api/status)", to))
	if err != nil && ctx.Err() == nil {
		n.log.Error("expire reported jobs", "err", err)
	}
	if k > 0 {
		n.log.Warn("reported jobs timed out", "count", k, "timeout", to)
	}
	return err == nil
}

// expireLoop fails each reported job at its jobs.timeout, whatever
// jobs.purge_every is: it sleeps until the oldest one's deadline.
func (n *Node) expireLoop(ctx context.Context, st *storage.Store) {
	to := n.cfg.Jobs.Timeout.D()
	for {
		oldest, ok, err := st.OldestReported()
		if err != nil && ctx.Err() == nil {
			n.log.Error("expire reported jobs: find the oldest", "err", err)
		}
		wait := nextExpiry(time.Now(), oldest, ok && err == nil, to)
		if err != nil {
			wait = retryExpiry
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		if !n.expireReported(ctx, st, time.Now()) {
			// Do not spin on a store that fails.
			if !clock.Sleep(ctx, retryExpiry) {
				return
			}
		}
	}
}

// retryExpiry is how long expireLoop waits after a store error.
const retryExpiry = time.Second

// minExpiryWait is the shortest idle wait of expireLoop with nothing to
// expire (a job reported meanwhile is then at most this late).
const minExpiryWait = 100 * time.Millisecond

// nextExpiry is how long to sleep before the oldest reported job (created
// at oldest, when ok) is past its timeout. With none, one timeout: a job
// reported meanwhile cannot be due sooner, and the oldest is looked up
// again after each wake.
func nextExpiry(now, oldest time.Time, ok bool, timeout time.Duration) time.Duration {
	if !ok {
		return max(timeout, minExpiryWait) // a tiny timeout must not make the loop spin
	}
	// ExpireReported takes the jobs created strictly before its cutoff.
	return max(oldest.Add(timeout).Sub(now)+time.Millisecond, 0)
}

// purgeLoop sweeps (see sweep) every jobs.purge_every.
func (n *Node) purgeLoop(ctx context.Context, st *storage.Store) {
	t := time.NewTicker(n.cfg.Jobs.PurgeEvery.D())
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		n.sweep(ctx, st, time.Now())
	}
}

// openCache opens the response cache in its table of st, or returns nil
// when no container is marked "cache".
func (n *Node) openCache(st *storage.Store) (*respcache.Cache, error) {
	if !slices.ContainsFunc(n.cfg.Containers, func(c config.Container) bool { return c.Cache }) {
		return nil, nil
	}
	c, err := respcache.Open(respcache.Options{Store: st.Table(storage.TableCache), MaxBytes: n.cfg.Cache.MaxBytes,
		TTL: n.cfg.Cache.TTL.D(), Registerer: n.reg, Logger: n.log, Budget: n.replyBudget})
	if err != nil {
		return nil, fmt.Errorf("response cache: %w", err)
	}
	n.log.Info("response cache", "entries", c.Len(), "bytes", c.Bytes(), "max_bytes", n.cfg.Cache.MaxBytes)
	return c, nil
}
