package docker

import (
	"log/slog"
	"time"

	"github.com/docker/docker/client"
	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// Options configures a Runtime. The zero value is usable: every zero field
// takes the default documented beside it.
type Options struct {
	// Host is the engine address ("unix:///var/run/docker.sock",
	// "tcp://127.0.0.1:2375"); default: DOCKER_HOST, else the default socket.
	Host string
	// Client, when set, is used instead of a client built from Host; the
	// Runtime does not close it.
	Client *client.Client
	// Auth is registry auth for image pulls (config "docker"); nil pulls
	// anonymously.
	Auth *Auth
	// KeepContainers leaves the containers running at Stop (switched to
	// Docker's "unless-stopped" restart policy so they outlive the node).
	KeepContainers bool
	// NamePrefix is put before every container name ("<prefix>infernode-<id>")
	// and recorded in a label; nodes (or test runs) sharing one engine use
	// different prefixes. Default "".
	NamePrefix string
	// Logger receives lifecycle, pull progress and supervision logs; default
	// discards.
	Logger *slog.Logger
	// Registerer, when set, receives the runtime's Prometheus metrics.
	Registerer prometheus.Registerer
	// Tracer records a span per container bring-up (image, create or
	// reuse, readiness) and per restart; default: no tracing.
	Tracer trace.Tracer

	// PullTimeout bounds one image pull; default 10m.
	PullTimeout time.Duration
	// ReadyTimeout bounds the wait for a started container to answer HTTP;
	// default 60s.
	ReadyTimeout time.Duration
	// StopTimeout is the grace period between SIGTERM and SIGKILL at Stop;
	// default 10s.
	StopTimeout time.Duration
	// BackoffInitial is the wait before the first restart of a container
	// that exited; it doubles per consecutive failure up to BackoffMax.
	// Defaults 1s and 1m.
	BackoffInitial time.Duration
	BackoffMax     time.Duration
	// BackoffReset: a container that stayed up this long before exiting
	// restarts after BackoffInitial again; default 1m.
	BackoffReset time.Duration

	// SwarmPollInterval is how often the Swarm runtime lists its services'
	// tasks to follow replicas (also at once after a replica failed);
	// default 500ms.
	SwarmPollInterval time.Duration
	// SwarmRestartDelay is the wait Swarm puts before replacing a task that
	// exited; default 1s.
	SwarmRestartDelay time.Duration
}

func (o Options) withDefaults() Options {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Tracer == nil {
		o.Tracer = noop.NewTracerProvider().Tracer("")
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.PullTimeout, 10*time.Minute)
	def(&o.ReadyTimeout, 60*time.Second)
	def(&o.StopTimeout, 10*time.Second)
	def(&o.BackoffInitial, time.Second)
	def(&o.BackoffMax, time.Minute)
	def(&o.BackoffReset, time.Minute)
	def(&o.SwarmPollInterval, 500*time.Millisecond)
	def(&o.SwarmRestartDelay, time.Second)
	return o
}

// backoff returns the wait before restart number n (1-based) of a run of
// consecutive failures: initial, 2*initial, 4*initial, ... capped at max.
func backoff(n int, initial, max time.Duration) time.Duration {
	d := initial
	for i := 1; i < n && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}

// Auth is a registry's user name and password (docker.username and
// docker.password).
type Auth struct {
	Username, Password string
}
