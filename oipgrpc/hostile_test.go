package oipgrpc

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding/gzip"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/infernode/infernode/internal/job"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
	"github.com/infernode/infernode/ratelimit"
	"github.com/infernode/infernode/rest"
)

const methodInfer = "/inference.GRPCInferenceService/ModelInfer"

// heapPeak samples the heap in use until stop is closed and returns the
// most it saw above the heap when it started.
func heapPeak(stop <-chan struct{}) <-chan uint64 {
	out := make(chan uint64, 1)
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	go func() {
		var peak uint64
		tk := time.NewTicker(2 * time.Millisecond)
		defer tk.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > base {
				peak = max(peak, ms.HeapInuse-base)
			}
			select {
			case <-stop:
				out <- peak
				return
			case <-tk.C:
			}
		}
	}()
	return out
}

// TestHeadersOnlyCalls: 256 calls whose client sends their HEADERS and never
// a message (1.6 KB on the wire), on one connection and then on four from
// the same address, reserve a window each within their connection's and
// address's caps and gRPC's half of the body budget: REST's half stays
// free throughout, those past the caps are refused at once, and the rest
// are cut after HeaderTimeout, giving everything back.
func TestHeadersOnlyCalls(t *testing.T) {
	const maxMsg = 16 << 20
	budget := ratelimit.NewBytes(256 << 20) // the defaults
	addr := serveAddr(t, &fakeBackend{}, Options{BodyBudget: budget, MaxMessageBytes: maxMsg,
		HeaderTimeout: 500 * time.Millisecond})
	q := newQuota(budget, maxMsg)
	for _, conns := range []int{1, 4} {
		var peak atomic.Int64
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				peak.Store(max(peak.Load(), budget.Held()))
				select {
				case <-stop:
					return
				case <-time.After(time.Millisecond):
				}
			}
		}()
		var rcs []*rawConn
		for range conns {
			rc := dialRaw(t, addr)
			for range 256 {
				rc.open(methodInfer)
			}
			rcs = append(rcs, rc)
		}
		require.Eventually(t, func() bool { return budget.Held() > 0 }, 10*time.Second, time.Millisecond)
		require.True(t, budget.Take(budget.Max()/2), "REST keeps its half beside %d connections of headers-only calls", conns)
		budget.Give(budget.Max() / 2)
		refused, cut := 0, 0
		for _, rc := range rcs {
			got := rc.statuses(30 * time.Second) // a guard: all end within HeaderTimeout
			require.Len(t, got, 256)
			for _, c := range got {
				switch c {
				case codes.Unavailable:
					refused++
				case codes.Canceled:
					cut++
				default:
					t.Fatalf("a headers-only call ended %v", c)
				}
			}
		}
		close(stop)
		wg.Wait()
		require.Eventually(t, func() bool { return budget.Held() == 0 }, 10*time.Second, time.Millisecond)
		limit := q.perConn
		if conns > 1 {
			limit = q.perAddr
		}
		require.LessOrEqual(t, peak.Load(), limit, "within the connection's (or address's) cap")
		require.Positive(t, cut, "calls within the caps were admitted, then cut")
		t.Logf("%d connection(s) × 256 headers-only calls: %d admitted then cut after HeaderTimeout, %d refused; peak held %d MiB of %d (cap %d MiB)",
			conns, cut, refused, peak.Load()>>20, budget.Max()>>20, limit>>20)
		for _, rc := range rcs {
			rc.c.Close()
		}
	}
}

// TestHeaderBomb: a header list of 8 MB of -bin values built from one 3.9 KB
// HPACK entry is refused at MaxHeaderListSize (64 KiB, decoded): 32 such
// calls on each of 4 connections leave the heap within 100 MB of where it
// was, and the node answers others.
func TestHeaderBomb(t *testing.T) {
	budget := ratelimit.NewBytes(256 << 20)
	addr := serveAddr(t, &fakeBackend{}, Options{BodyBudget: budget})
	stop := make(chan struct{})
	peak := heapPeak(stop)
	value := base64.RawStdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 2900)) // 3.9 KB
	var wire int
	for range 4 {
		rc := dialRaw(t, addr)
		for range 32 {
			id := rc.next
			rc.next += 2
			var b bytes.Buffer
			enc := hpack.NewEncoder(&b)
			for _, f := range [][2]string{{":method", "POST"}, {":scheme", "http"}, {":path", methodInfer}, {":authority", "node"},
				{"content-type", "application/grpc"}, {"te", "trailers"}, {"x-bomb-bin", value}} {
				require.NoError(t, enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]}))
			}
			// The last field is now the dynamic table's entry 62: 2000
			// one-byte references to it decode to 8 MB.
			b.Write(bytes.Repeat([]byte{0x80 | 62}, 2000))
			wire += b.Len()
			require.NoError(t, rc.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: b.Bytes(), EndHeaders: true, EndStream: true}))
		}
		_ = rc.statuses(time.Second) // the refusals (or the connection's end)
	}
	close(stop)
	grew := <-peak
	t.Logf("header bomb: %d KB sent on 4 connections (%d MB of headers decoded unbounded); heap peak +%d MB", wire>>10, 4*32*2000*len(value)>>20, grew>>20)
	require.Less(t, grew, uint64(100<<20), "the decoded headers are bounded")
	c := dialClient(t, addr)
	_, err := c.ServerLive(context.Background(), &pb.ServerLiveRequest{})
	require.NoError(t, err)
	require.Eventually(t, func() bool { return budget.Held() == 0 }, 10*time.Second, time.Millisecond)
}

// bigReplies answers every infer with one output of size bytes, charged to
// budget until the front door gives it back, as the node's relay does.
type bigReplies struct {
	*fakeBackend
	budget *ratelimit.Bytes
	size   int
	body   []byte
}

func (b *bigReplies) OIP(ctx context.Context, client string, call rest.OIPCall) (rest.OIPReply, error) {
	if call.Method != http.MethodPost {
		return b.fakeBackend.OIP(ctx, client, call)
	}
	if !b.budget.Take(int64(len(b.body))) {
		return rest.OIPReply{}, job.Reject(job.CodeBusy, "Node busy (reply budget)")
	}
	var once sync.Once
	return rest.OIPReply{Status: http.StatusOK, ContentType: "application/octet-stream", HeaderLength: strconv.Itoa(len(b.body) - b.size),
		Body: b.body, Release: func() { once.Do(func() { b.budget.Give(int64(len(b.body))) }) }}, nil
}

func newBigReplies(budget *ratelimit.Bytes, size int) *bigReplies {
	h := fmt.Sprintf(`{"model_name":"onnx","outputs":[{"name":"output","datatype":"UINT8","shape":[%d],"parameters":{"binary_data_size":%d}}]}`, size, size)
	return &bigReplies{fakeBackend: &fakeBackend{}, budget: budget, size: size, body: append([]byte(h), make([]byte, size)...)}
}

// TestNonReadingClients: clients that never read their 16 MiB replies (4
// connections × 24 calls) hold at most the reply budget: a reply stays
// charged until it is written, calls past the budget are refused, and a
// connection whose reply is not written within WriteTimeout is closed,
// giving its replies back. The heap stays within the budget + 100 MB.
func TestNonReadingClients(t *testing.T) {
	const size = 16 << 20
	replies := ratelimit.NewBytes(256 << 20)
	addr := serveAddr(t, newBigReplies(replies, size), Options{BodyBudget: ratelimit.NewBytes(256 << 20), ReplyBudget: replies,
		WriteTimeout: 2 * time.Second})
	msg, err := proto.Marshal(inferReq(fp32(1, 2, 3, 4)))
	require.NoError(t, err)
	stop := make(chan struct{})
	peak := heapPeak(stop)
	var rcs []*rawConn
	for range 4 {
		rc := dialRaw(t, addr)
		for range 24 {
			rc.sendMessage(rc.open(methodInfer), msg)
		}
		rcs = append(rcs, rc)
	}
	require.Eventually(t, func() bool { return replies.Held() > 0 }, 10*time.Second, time.Millisecond)
	// Nothing is read: a connection with a reply waiting is closed by the
	// server once it has waited WriteTimeout; one whose calls were all
	// refused gets their statuses (headers, which no window holds).
	closed := 0
	for _, rc := range rcs {
		require.NoError(t, rc.c.SetReadDeadline(time.Now().Add(time.Minute))) // a guard
		answered := 0
		for answered < 24 {
			f, err := rc.fr.ReadFrame()
			if err != nil {
				var ne net.Error
				require.False(t, errorsAs(err, &ne) && ne.Timeout(), "the server neither closed the connection nor answered: %v", err)
				closed++
				break
			}
			if h, ok := f.(*http2.MetaHeadersFrame); ok {
				for _, hf := range h.RegularFields() {
					if hf.Name == "grpc-status" {
						require.Equal(t, strconv.Itoa(int(codes.Unavailable)), hf.Value, "a call past the budget is refused")
						answered++
					}
				}
			}
		}
	}
	require.Positive(t, closed, "connections with replies waiting were closed")
	require.Eventually(t, func() bool { return replies.Held() == 0 }, 10*time.Second, time.Millisecond,
		"the replies are given back when their connections are closed")
	close(stop)
	grew := <-peak
	t.Logf("4 connections × 24 calls with 16 MiB replies never read: heap peak +%d MB (reply budget %d MB)", grew>>20, replies.Max()>>20)
	require.Less(t, grew, uint64(replies.Max()+100<<20), "within the reply budget + 100 MB")
}

func errorsAs(err error, target *net.Error) bool {
	ne, ok := err.(net.Error)
	if ok {
		*target = ne
	}
	return ok
}

// TestRepliesChargedUntilWritten: a reply is charged while the client has
// not read it, and given back once it has.
func TestRepliesChargedUntilWritten(t *testing.T) {
	const size = 4 << 20
	replies := ratelimit.NewBytes(64 << 20)
	addr := serveAddr(t, newBigReplies(replies, size), Options{ReplyBudget: replies, WriteTimeout: time.Minute})
	msg, err := proto.Marshal(inferReq(fp32(1, 2, 3, 4)))
	require.NoError(t, err)
	rc := dialRaw(t, addr)
	id := rc.open(methodInfer)
	rc.sendMessage(id, msg)
	require.Eventually(t, func() bool { return replies.Held() >= size }, 10*time.Second, time.Millisecond,
		"the reply waits in the transport, charged")
	got := rc.statuses(time.Minute) // reads, acknowledging the reply's bytes
	require.Equal(t, codes.OK, got[id])
	require.Eventually(t, func() bool { return replies.Held() == 0 }, 10*time.Second, time.Millisecond)
}

// TestRapidReset: streams opened and reset at once (HTTP/2 rapid reset)
// leave nothing held, and the node answers others.
func TestRapidReset(t *testing.T) {
	budget := ratelimit.NewBytes(256 << 20)
	addr := serveAddr(t, &fakeBackend{}, Options{BodyBudget: budget})
	rc := dialRaw(t, addr)
	for range 20000 {
		id := rc.open(methodInfer)
		if err := rc.fr.WriteRSTStream(id, http2.ErrCodeCancel); err != nil {
			break // the server may end the connection: that holds too
		}
	}
	rc.c.Close()
	c := dialClient(t, addr)
	_, err := c.ModelInfer(context.Background(), inferReq(fp32(1, 2, 3, 4)))
	require.NoError(t, err)
	require.Eventually(t, func() bool { return budget.Held() == 0 }, 10*time.Second, time.Millisecond)
}

// TestGzipBomb: a gzip message inflating past the largest message is
// refused (ResourceExhausted) without the node inflating it whole.
func TestGzipBomb(t *testing.T) {
	budget := ratelimit.NewBytes(256 << 20)
	c := dialClient(t, serveAddr(t, &fakeBackend{}, Options{BodyBudget: budget, MaxMessageBytes: 4 << 20}))
	req := inferReq(make([]byte, 60<<20))
	req.Inputs[0].Shape = []int64{1, 15 << 20}
	stop := make(chan struct{})
	peak := heapPeak(stop)
	_, err := c.ModelInfer(context.Background(), req, grpc.UseCompressor(gzip.Name))
	close(stop)
	grew := <-peak
	require.Equal(t, codes.ResourceExhausted, status.Code(err), "%v", err)
	t.Logf("a 60 MiB message gzipped: refused; heap peak +%d MB (the client's own 60 MiB included)", grew>>20)
	require.Eventually(t, func() bool { return budget.Held() == 0 }, 10*time.Second, time.Millisecond)
}

// TestIdleConnections: 2,000 connections that send the client preface and
// nothing else hold no body budget and no read buffer, and the node
// answers others.
func TestIdleConnections(t *testing.T) {
	budget := ratelimit.NewBytes(256 << 20)
	addr := serveAddr(t, &fakeBackend{}, Options{BodyBudget: budget})
	for range 2000 {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		_, err = io.WriteString(c, http2.ClientPreface)
		require.NoError(t, err)
	}
	c := dialClient(t, addr)
	_, err := c.ModelInfer(context.Background(), inferReq(fp32(1, 2, 3, 4)))
	require.NoError(t, err)
	require.Zero(t, budget.Held())
}
