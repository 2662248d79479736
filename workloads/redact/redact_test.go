package redact

import (
	"bytes"
	"io"
	"log/slog"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

const key = "sk-0123456789abcdef"

func TestRedactor(t *testing.T) {
	r := New(key, "short", "")
	require.Equal(t, "Bearer [REDACTED] and [REDACTED]", r.String("Bearer "+key+" and "+key))
	require.Equal(t, "short stays: too short to be a key", r.String("short stays: too short to be a key"))
	require.Equal(t, "no secret", string(r.Bytes([]byte("no secret"))))
	require.True(t, New().Empty())
	require.EqualError(t, r.Err(io.ErrUnexpectedEOF), io.ErrUnexpectedEOF.Error())
}

// The reader takes a secret out however the reads cut it, and gives every
// other byte, holding back only what could start a secret.
func TestReader(t *testing.T) {
	r := New(key)
	in := "data: a " + key + " b\n\ndata: s" + key[:5] + " not it\n\ndata: ends with sk-0"
	want := "data: a [REDACTED] b\n\ndata: s" + key[:5] + " not it\n\ndata: ends with sk-0"
	for _, src := range []io.Reader{bytes.NewReader([]byte(in)), iotest.OneByteReader(bytes.NewReader([]byte(in))),
		iotest.HalfReader(bytes.NewReader([]byte(in)))} {
		got, err := io.ReadAll(r.Reader(src))
		require.NoError(t, err)
		require.Equal(t, want, string(got))
	}
	// An SSE event is given out whole as soon as it is read: none of it
	// could start a secret.
	rd := r.Reader(bytes.NewReader([]byte("data: x\n\n")))
	p := make([]byte, 64)
	n, err := rd.Read(p)
	require.NoError(t, err)
	require.Equal(t, "data: x\n\n", string(p[:n]))
}

func TestLogger(t *testing.T) {
	var buf bytes.Buffer
	log := New(key).Logger(slog.New(slog.NewTextHandler(&buf, nil)))
	log.With("k", key).Warn("call with "+key+" failed", "err", io.ErrClosedPipe, "auth", "Bearer "+key,
		slog.Group("g", "v", key))
	require.NotContains(t, buf.String(), key)
	require.Contains(t, buf.String(), Redacted)
}
