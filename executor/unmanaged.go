package executor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"
)

// UnmanagedOptions configures NewUnmanaged. Zero values take the
// documented defaults.
type UnmanagedOptions struct {
	// StartTimeout bounds how long Start waits for every container to
	// answer HTTP. Default 30s.
	StartTimeout time.Duration
	// ProbeInterval is how often reachability is re-checked after Start
	// (for States). Default 5s.
	ProbeInterval time.Duration
	// ProbeTimeout bounds one reachability check. Default 2s.
	ProbeTimeout time.Duration
	// HTTPClient makes the checks. Default: a client with no keep-alives.
	HTTPClient *http.Client
	// Logger gets a line every ProgressInterval while Start waits for a
	// container, so a slow start is not silent. Default: discard.
	Logger *slog.Logger
	// ProgressInterval is how often Start says it is still waiting.
	// Default 5s.
	ProgressInterval time.Duration
}

// Unmanaged is the Runtime for containers that are already running
// (manage_containers: false): each is reached at its url, or at
// http://127.0.0.1:{port}. Start waits until each answers HTTP; States
// reports reachability as last probed.
type Unmanaged struct {
	opts  UnmanagedOptions
	cfg   []Container
	index map[string]int

	mu      sync.Mutex
	started bool
	states  []ContainerState
	cancel  context.CancelFunc
	done    chan struct{}
}

// NewUnmanaged returns a runtime for the given (validated) containers.
func NewUnmanaged(containers []Container, opts UnmanagedOptions) *Unmanaged {
	if opts.StartTimeout <= 0 {
		opts.StartTimeout = 30 * time.Second
	}
	if opts.ProbeInterval <= 0 {
		opts.ProbeInterval = 5 * time.Second
	}
	if opts.ProbeTimeout <= 0 {
		opts.ProbeTimeout = 2 * time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.ProgressInterval <= 0 {
		opts.ProgressInterval = 5 * time.Second
	}
	if opts.HTTPClient == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.DisableKeepAlives = true
		opts.HTTPClient = &http.Client{Transport: tr}
	}
	u := &Unmanaged{opts: opts, cfg: append([]Container(nil), containers...), index: map[string]int{}}
	for i, c := range u.cfg {
		u.index[c.ID] = i
		u.states = append(u.states, ContainerState{ID: c.ID, State: "starting"})
	}
	return u
}

// Start waits until every container answers HTTP (any status), or returns
// an error naming those that did not within the start timeout.
func (u *Unmanaged) Start(ctx context.Context) error {
	u.mu.Lock()
	if u.started {
		u.mu.Unlock()
		return errors.New("unmanaged runtime: already started")
	}
	u.mu.Unlock()
	errs := make([]error, len(u.cfg))
	var wg sync.WaitGroup
	for i, c := range u.cfg {
		wg.Add(1)
		go func() {
			defer wg.Done()
			limit := u.opts.StartTimeout
			if c.ReadyTimeout > 0 {
				limit = c.ReadyTimeout
			}
			sctx, cancel := context.WithTimeout(ctx, limit)
			defer cancel()
			errs[i] = u.waitReady(sctx, c, limit)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	pctx, pcancel := context.WithCancel(context.WithoutCancel(ctx))
	u.mu.Lock()
	u.started = true
	u.cancel = pcancel
	u.done = make(chan struct{})
	u.mu.Unlock()
	go u.probeLoop(pctx)
	return nil
}

func (u *Unmanaged) waitReady(ctx context.Context, c Container, limit time.Duration) error {
	delay := 50 * time.Millisecond
	began := time.Now()
	lastNote := began
	for {
		err := u.probe(ctx, c)
		u.setState(c.ID, err)
		if err == nil {
			if time.Since(began) >= u.opts.ProgressInterval {
				u.opts.Logger.Info("container ready", "container", c.ID, "url", c.BaseURL(), "after", time.Since(began).Round(time.Millisecond))
			}
			return nil
		}
		if time.Since(lastNote) >= u.opts.ProgressInterval {
			lastNote = time.Now()
			u.opts.Logger.Info("waiting for container to answer HTTP", "container", c.ID, "url", c.BaseURL(),
				"waited", time.Since(began).Round(time.Second), "limit", limit, "err", err)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("container %s at %s did not answer HTTP within %s: %v; start the service, fix its url/port, or give it longer with containers[].ready_timeout", c.ID, c.BaseURL(), limit, err)
		case <-time.After(delay):
		}
		delay = min(delay*2, time.Second)
	}
}

func (u *Unmanaged) probe(ctx context.Context, c Container) error {
	ctx, cancel := context.WithTimeout(ctx, u.opts.ProbeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL()+"/", nil)
	if err != nil {
		return err
	}
	if c.Bearer != "" {
		req.Header.Set("Authorization", "Bearer "+c.Bearer)
	}
	resp, err := u.opts.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
	return resp.Body.Close()
}

func (u *Unmanaged) setState(id string, err error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	s := &u.states[u.index[id]]
	if err == nil {
		s.Ready, s.State, s.Error = true, "running", ""
		return
	}
	s.Ready, s.State, s.Error = false, "unreachable", err.Error()
}

func (u *Unmanaged) probeLoop(ctx context.Context) {
	defer close(u.done)
	t := time.NewTicker(u.opts.ProbeInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		for _, c := range u.cfg {
			u.setState(c.ID, u.probe(ctx, c))
		}
	}
}

// Endpoint returns where container id is reached. It fails for an unknown
// id or before Start succeeded. A container that stopped answering since
// is still returned: the call itself then reports why it failed.
func (u *Unmanaged) Endpoint(id string) (Endpoint, error) {
	i, ok := u.index[id]
	if !ok {
		return Endpoint{}, fmt.Errorf("unknown container %q", id)
	}
	u.mu.Lock()
	started := u.started
	u.mu.Unlock()
	if !started {
		return Endpoint{}, fmt.Errorf("container %q is not ready: runtime not started", id)
	}
	c := u.cfg[i]
	return Endpoint{URL: c.BaseURL(), Bearer: c.Bearer}, nil
}

// States reports every container in configuration order.
func (u *Unmanaged) States() []ContainerState {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]ContainerState(nil), u.states...)
}

// Stop ends the background probing. The containers keep running: the node
// does not own them.
func (u *Unmanaged) Stop(ctx context.Context) error {
	u.mu.Lock()
	cancel, done := u.cancel, u.done
	u.started, u.cancel = false, nil
	u.mu.Unlock()
	if cancel == nil {
		return nil
	}
	cancel()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

var _ Runtime = (*Unmanaged)(nil)
