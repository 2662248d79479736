package node

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/infernode/infernode/fleet"
	"github.com/infernode/infernode/internal/job"
)

// A fleet member's off-chain jobs stay in its own store; a read of a job
// another member created (its id carries that member's tag,
// fleet.NewJobID) is forwarded to it at its fleet.advertise_url, naming
// the client in X-Forwarded-For (the owner counts the other members among
// its server.trusted_proxies). An owner that is down is a 503 naming it.

// forwardTimeout bounds one forwarded read beyond its wait.
const forwardTimeout = 10 * time.Second

// fleetOf is the node's fleet, nil when it is alone.
func (b *backend) fleetOf() *fleet.Fleet {
	if b.chain == nil {
		return nil
	}
	return b.chain.Fleet()
}

// remoteJobs groups ids this node does not hold by the live member that
// created them; an id whose owner is down is a 503 naming it; ids no
// member is known to have made are left out (as unknown ids are).
func remoteJobs(f *fleet.Fleet, ids []string) (map[fleet.Member][]string, error) {
	by := map[fleet.Member][]string{}
	for _, id := range ids {
		m, live, ok := f.Members().JobOwner(id)
		switch {
		case !ok:
			continue
		case !live || m.AdvertiseURL == "":
			return nil, job.Reject(job.CodeUnavailable, fmt.Sprintf("job %s is fleet member %q's, which is down (or advertises no URL): try again later", id, m.NodeID))
		}
		by[m] = append(by[m], id)
	}
	return by, nil
}

// forward asks member m for ids on behalf of client (GET /api/jobs), with
// wait when positive; it returns the results m answered.
func forward(ctx context.Context, m fleet.Member, client string, ids []string, intermediate bool, wait time.Duration) ([]job.Result, error) {
	q := url.Values{"id": ids}
	if intermediate {
		q.Set("intermediate", "true")
	}
	if wait > 0 {
		q.Set("wait", wait.Round(time.Millisecond).String())
	}
	ctx, cancel := context.WithTimeout(ctx, wait+forwardTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(m.AdvertiseURL, "/")+"/api/jobs?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Forwarded-For", client)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, job.Reject(job.CodeUnavailable, fmt.Sprintf("fleet member %q, which holds job %s, does not answer: try again later", m.NodeID, ids[0]))
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil || resp.StatusCode != http.StatusOK {
		return nil, job.Reject(job.CodeUnavailable, fmt.Sprintf("fleet member %q, which holds job %s, answered %d: try again later", m.NodeID, ids[0], resp.StatusCode))
	}
	var out []job.Result
	if err := json.Unmarshal(body, &out); err != nil {
		return nil, fmt.Errorf("read fleet member %q's results: %w", m.NodeID, err)
	}
	return out, nil
}

// remoteResults reads the ids this node does not hold from their owners.
func (b *backend) remoteResults(ctx context.Context, client string, missing []string, intermediate bool, wait time.Duration) ([]job.Result, error) {
	f := b.fleetOf()
	if f == nil || len(missing) == 0 {
		return nil, nil
	}
	by, err := remoteJobs(f, missing)
	if err != nil {
		return nil, err
	}
	var out []job.Result
	for m, ids := range by {
		res, err := forward(ctx, m, client, ids, intermediate, wait)
		if err != nil {
			return nil, err
		}
		out = append(out, res...)
	}
	return out, nil
}

// waitLeft is how long ctx lets a forwarded wait hold, at most a minute.
func waitLeft(ctx context.Context) time.Duration {
	dl, ok := ctx.Deadline()
	if !ok {
		return 0
	}
	return min(time.Until(dl), time.Minute)
}
