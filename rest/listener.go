package rest

import (
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// LimitListener returns a listener that holds at most max connections of
// ln open at once: beyond it, Accept waits until one closes, so new
// clients queue in the kernel's backlog instead of costing the node a file
// descriptor and a goroutine each. Each time the cap is reached,
// infernode_http_limited_total{limit="connections"} counts it, and a
// warning is logged (at most once a minute). log and reg may be nil.
func LimitListener(ln net.Listener, max int, log *slog.Logger, reg prometheus.Registerer) net.Listener {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if reg == nil {
		reg = prometheus.NewRegistry()
	}
	return &limitListener{Listener: ln, max: max, log: log, sem: make(chan struct{}, max),
		done: make(chan struct{}), limited: newLimitedCounter(reg), rare: rareLog{every: time.Minute}}
}

type limitListener struct {
	net.Listener
	max       int
	log       *slog.Logger
	sem       chan struct{}
	done      chan struct{}
	closeOnce sync.Once
	limited   *prometheus.CounterVec
	rare      rareLog
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.sem <- struct{}{}:
	default:
		l.limited.WithLabelValues(limitConnections).Inc()
		if l.rare.allow(time.Now()) {
			l.log.Warn("connection limit reached: new connections wait until one closes (server.max_connections)", "max_connections", l.max)
		}
		select {
		case l.sem <- struct{}{}:
		case <-l.done:
			return nil, net.ErrClosed
		}
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.sem }}, nil
}

func (l *limitListener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// NetConn is the connection c counts (as crypto/tls.Conn's NetConn).
func (c *limitConn) NetConn() net.Conn { return c.Conn }

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
