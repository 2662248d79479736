package chain

import (
	"context"
	"time"
)

// Run compares the endpoints' heads every PollInterval (eth_blockNumber on
// each one in rotation or due for a retry), so that a stalled or lagging
// endpoint leaves the rotation and a recovered one comes back without a
// call having to fail first. With one endpoint it does nothing: the calls
// themselves tell its health, and idle cost stays what it was; with a
// quorum of two or more neither, since every head read asks each endpoint.
// It returns when ctx is done.
func (c *Client) Run(ctx context.Context) error {
	if len(c.eps) < 2 || c.o.Quorum > 1 {
		// One endpoint: its calls tell its health. A quorum: every
		// head read asks each endpoint already.
		<-ctx.Done()
		return nil
	}
	t := time.NewTicker(c.o.PollInterval)
	defer t.Stop()
	for {
		c.probe(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// probe reads each eligible endpoint's block number.
func (c *Client) probe(ctx context.Context) {
	now := c.o.Now()
	for _, e := range c.eps {
		st, _, until := e.snapshot()
		if (st == Dead || st == Limited) && now.Before(until) {
			continue
		}
		if e.rc == nil {
			if err := c.connect(ctx, e); err != nil {
				c.report(ctx, e, err)
				continue
			}
		}
		if c.checkID(ctx, e) != nil {
			continue
		}
		tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
		n, err := e.ec.BlockNumber(tctx)
		cancel()
		if oc, _ := c.report(ctx, e, err); oc == answered && err == nil {
			e.mu.Lock()
			e.head = n
			e.mu.Unlock()
		}
	}
	c.rank()
}
