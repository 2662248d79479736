package executor

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/ratelimit"
)

// fixedReply answers every call with a JSON output of about 4 KiB, its
// length declared or not (chunked).
func fixedReply(declared bool) func(w http.ResponseWriter, req Request) {
	body := []byte(`{"output":"` + strings.Repeat("a", 4<<10) + `"}`)
	return func(w http.ResponseWriter, _ Request) {
		w.Header().Set("Content-Type", "application/json")
		if declared {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		}
		_, _ = w.Write(body)
	}
}

// The reply budget: a forwarded reply without room fails at once with
// ErrReplyBudget and holds nothing; one with room is held until Release
// (once, however often called); a job's call waits for room; under
// HoldReplies a job keeps its outputs charged until released, and a later
// call of its chain that finds no room fails rather than wait.
func TestReplyBudgetCharges(t *testing.T) {
	for _, declared := range []bool{true, false} {
		t.Run("declared="+strconv.FormatBool(declared), func(t *testing.T) {
			f := newFixture(t, fake{Container{ID: "a"}, replying(fixedReply(declared))})
			budget := ratelimit.NewBytes(10 << 10)
			f.exec.budget = budget
			ctx := context.Background()
			call := ForwardCall{Method: http.MethodPost, Path: "/service_output", Header: http.Header{"Content-Type": {"application/json"}}, Body: []byte(`{"data":{}}`)}

			require.True(t, budget.Take(7<<10))
			_, err := f.exec.Forward(ctx, "a", call)
			require.ErrorIs(t, err, ErrReplyBudget)
			var ce *ContainerError
			require.ErrorAs(t, err, &ce)
			require.Contains(t, ce.Message, "server.max_reply_bytes_in_flight (10240 bytes)")
			require.Equal(t, int64(7<<10), budget.Held(), "a refused reply holds nothing")
			budget.Give(7 << 10)

			r, err := f.exec.Forward(ctx, "a", call)
			require.NoError(t, err)
			require.Equal(t, int64(len(r.Body)), budget.Held())
			r.Release()
			r.Release()
			require.Zero(t, budget.Held())

			// A job's call waits for room.
			require.True(t, budget.Take(7<<10))
			got := make(chan error, 1)
			go func() {
				_, err := f.exec.Call(ctx, "a", Request{Data: json.RawMessage(`{}`)})
				got <- err
			}()
			select {
			case err := <-got:
				t.Fatalf("the call returned (%v) without room", err)
			case <-time.After(50 * time.Millisecond):
			}
			budget.Give(7 << 10)
			require.NoError(t, <-got)
			require.Zero(t, budget.Held(), "without a lease the output is given back on return")

			// Under a lease, outputs stay charged until released; the third
			// 4 KiB output of a chain finds no room and fails at once.
			lctx, release := HoldReplies(ctx)
			res, err := f.exec.Run(lctx, Input{Containers: []string{"a", "a"}, Data: json.RawMessage(`{}`), Destination: job.OffChain})
			require.NoError(t, err)
			require.Len(t, res, 2)
			require.Greater(t, budget.Held(), int64(8<<10))
			release()
			require.Zero(t, budget.Held())
			lctx, release = HoldReplies(ctx)
			start := time.Now()
			_, err = f.exec.Run(lctx, Input{Containers: []string{"a", "a", "a"}, Data: json.RawMessage(`{}`), Destination: job.OffChain})
			require.True(t, errors.Is(err, ErrReplyBudget), "%v", err)
			require.Less(t, time.Since(start), 2*time.Second, "no wait while the job holds outputs")
			release()
			release()
			require.Zero(t, budget.Held())
		})
	}
}
