package node

import (
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"
)

// FuzzOpenAIMeter: whatever a provider streams, the meter passes the
// bytes on unchanged, however they are split, and counts without failing.
func FuzzOpenAIMeter(f *testing.F) {
	f.Add([]byte("data: {\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n\ndata: [DONE]\n\n"), uint8(3), true)
	f.Add([]byte(`{"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":4}}`), uint8(7), false)
	f.Add([]byte("data: {\"choices\":[{\"text\":\"a\"}],\"usage\":{\"prompt_tokens\":-1}}\r\n"), uint8(1), true)
	front := newOpenAIFront(prometheus.NewRegistry())
	f.Fuzz(func(t *testing.T, body []byte, split uint8, sse bool) {
		m := &meter{body: io.NopCloser(&splitReader{b: body, n: int(split)%16 + 1}), front: front, start: time.Now(), sse: sse}
		got, err := io.ReadAll(m)
		require.NoError(t, err)
		require.True(t, bytes.Equal(body, got))
		require.NoError(t, m.Close())
	})
}

// splitReader returns b at most n bytes per Read.
type splitReader struct {
	b []byte
	n int
}

func (r *splitReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.n)], r.b)
	r.b = r.b[n:]
	return n, nil
}
