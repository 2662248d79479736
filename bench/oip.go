package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/infernode/infernode/oip"
)

// OIP modes: the request body as JSON tensors or with the binary-data
// extension (inputs and outputs as raw bytes).
const (
	OIPJSON   = "json"
	OIPBinary = "binary"
)

// oipLoad posts one Open Inference Protocol infer request per job (docs/api.md)
// to the node's /v2/models/{container}/infer or, direct, to the container's
// own; a 2xx answer is a success. The body is encoded once.
type oipLoad struct {
	cfg       Config
	url       string
	body      []byte
	headerLen string
}

func newOIPLoad(cfg Config) (*oipLoad, string, error) {
	if cfg.OIP != OIPJSON && cfg.OIP != OIPBinary {
		return nil, "", fmt.Errorf("bench: OIP mode %q: use %q or %q", cfg.OIP, OIPJSON, OIPBinary)
	}
	req, err := oip.Decode(cfg.OIPRequest, "")
	if err != nil {
		return nil, "", fmt.Errorf("bench: the OIP request: %w", err)
	}
	binary := cfg.OIP == OIPBinary
	if binary {
		req.BinaryOutput = true
		for i := range req.Outputs {
			req.Outputs[i].Binary = true
		}
	}
	body, hl, err := oip.EncodeRequest(req, binary)
	if err != nil {
		return nil, "", fmt.Errorf("bench: %w", err)
	}
	name := "oip"
	if len(cfg.Containers) > 0 {
		name = cfg.Containers[0]
	}
	base := cfg.URL
	if cfg.Direct != "" {
		base = cfg.Direct
	}
	l := &oipLoad{cfg: cfg, url: strings.TrimRight(base, "/") + "/v2/models/" + name + "/infer", body: body}
	if binary {
		l.headerLen = strconv.Itoa(hl)
	}
	return l, l.url, nil
}

func (l *oipLoad) call(ctx context.Context, start time.Time) sample {
	ctx, cancel := context.WithTimeout(ctx, l.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.url, bytes.NewReader(l.body))
	if err != nil {
		return sample{out: errored, err: err}
	}
	if l.headerLen != "" {
		req.Header.Set("Content-Type", "application/octet-stream")
		req.Header.Set(oip.HeaderLength, l.headerLen)
	} else {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := l.cfg.HTTPClient.Do(req)
	if err != nil {
		return sample{submit: time.Since(start), out: errored, err: err}
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(start)
	if err != nil {
		return sample{submit: took, out: errored, err: err}
	}
	if resp.StatusCode/100 != 2 {
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
			return sample{submit: took, out: errored, err: fmt.Errorf("%d: %.200s", resp.StatusCode, b)}
		}
		return sample{submit: took, e2e: took, out: failed, err: fmt.Errorf("%d: %.200s", resp.StatusCode, b)}
	}
	return sample{submit: took, e2e: took, out: succeeded}
}
