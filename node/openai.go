package node

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/telemetry"
	"github.com/infernode/infernode/rest"
	"github.com/infernode/infernode/workloads/redact"
)

// The OpenAI-compatible front door (docs/api.md): a model is served by the
// first external container (configuration order) whose llm workload lists
// it at GET /v1/models, or takes any model (no LLM_ALLOWED_MODELS); the
// request goes to that container as it came and its reply comes back as it
// is written. What each container serves is asked at most once per
// llmListTTL, whatever clients send.

// llmListTTL is how long a container's GET /v1/models answer is used;
// llmListTimeout bounds the question (a container that hangs holds the
// front door no longer than this).
const (
	llmListTTL     = 30 * time.Second
	llmListTimeout = 5 * time.Second
)

// llmList is what one container answered to GET /v1/models; llm is false
// for a container that does not serve the OpenAI API.
type llmList struct {
	llm    bool
	any    bool
	models []string
	at     time.Time
}

// openAIFront holds the front door's state and metrics.
type openAIFront struct {
	mu    sync.Mutex
	lists map[string]llmList

	ttft   prometheus.Histogram
	tokens *prometheus.CounterVec
	// secrets are the containers' secret env values (their providers'
	// keys): taken out of every reply relayed, should a workload that is
	// not the bundled llm pass a provider's quote of them on.
	secrets redact.Redactor
}

// containerSecrets are the values of the containers' env variables whose
// names say they hold a secret (…KEY, …SECRET, …TOKEN, …PASSWORD).
func containerSecrets(cs []config.Container) redact.Redactor {
	var out []string
	for _, c := range cs {
		for k, v := range c.Env {
			u := strings.ToUpper(k)
			for _, w := range []string{"KEY", "SECRET", "TOKEN", "PASSWORD"} {
				if strings.HasSuffix(u, w) {
					out = append(out, v)
					break
				}
			}
		}
	}
	return redact.New(out...)
}

func newOpenAIFront(reg prometheus.Registerer) *openAIFront {
	f := &openAIFront{lists: map[string]llmList{},
		ttft: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "infernode_llm_time_to_first_token_seconds",
			Help:    "Time from an OpenAI API request's arrival to the first token of its answer leaving the node.",
			Buckets: []float64{0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 20, 40, 80},
		}),
		tokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "infernode_llm_tokens_total",
			Help: "Tokens of OpenAI API requests served: prompt and completion, as the provider reports them (a streamed answer without usage counts one completion token per chunk with text).",
		}, []string{"kind"}),
	}
	f.ttft = telemetry.Reuse(reg, f.ttft)
	f.tokens = telemetry.Reuse(reg, f.tokens)
	return f
}

// list returns container id's models, asking it when the last answer is
// older than llmListTTL.
func (b *backend) llmList(ctx context.Context, id string) llmList {
	f := b.openai
	f.mu.Lock()
	defer f.mu.Unlock() // one question at a time: a burst asks once
	if l, ok := f.lists[id]; ok && time.Since(l.at) < llmListTTL {
		return l
	}
	l := llmList{at: time.Now()}
	ctx, cancel := context.WithTimeout(ctx, llmListTimeout)
	defer cancel()
	r, err := b.exec.Forward(ctx, id, executor.ForwardCall{Method: http.MethodGet, Path: "/v1/models", Header: http.Header{"Accept": {"application/json"}}})
	defer r.Release()
	if err == nil && r.Status == http.StatusOK {
		var body struct {
			Object string `json:"object"`
			Data   []struct {
				ID string `json:"id"`
			} `json:"data"`
			Any bool `json:"infernode_any_model"`
		}
		if json.Unmarshal(r.Body, &body) == nil && body.Object == "list" {
			l.llm, l.any = true, body.Any
			for _, m := range body.Data {
				l.models = append(l.models, m.ID)
			}
		}
	}
	if err != nil {
		l.at = time.Now().Add(-llmListTTL + time.Second) // unreachable: ask again soon
	}
	f.lists[id] = l
	return l
}

// llmContainers calls fn for each external container client may use that
// serves the OpenAI API, in configuration order, until fn returns false.
// forbidden is the first rejection of a container the client may not use.
func (b *backend) llmContainers(ctx context.Context, client string, fn func(id string, l llmList) bool) (forbidden error) {
	for _, c := range b.cfg.Containers {
		if !c.External {
			continue
		}
		l := b.llmList(ctx, c.ID)
		if !l.llm {
			continue
		}
		if jerr := b.guard.CheckOffchain(client, []string{c.ID}, false); jerr != nil {
			if forbidden == nil {
				forbidden = jerr
			}
			continue
		}
		if !fn(c.ID, l) {
			return nil
		}
	}
	return forbidden
}

// OpenAIModels lists the models of the llm containers client may use.
func (b *backend) OpenAIModels(ctx context.Context, client string) ([]rest.OpenAIModel, error) {
	var out []rest.OpenAIModel
	seen := map[string]bool{}
	_ = b.llmContainers(ctx, client, func(id string, l llmList) bool {
		for _, m := range l.models {
			if !seen[m] {
				seen[m] = true
				out = append(out, rest.OpenAIModel{ID: m, Object: "model", OwnedBy: id})
			}
		}
		return true
	})
	return out, nil
}

// OpenAI relays call to the container serving its model. At most
// jobs.workers OIP and OpenAI calls run at once; beyond, 503 Node busy.
func (b *backend) OpenAI(ctx context.Context, client string, call rest.OpenAICall) (*rest.OpenAIReply, error) {
	start := time.Now()
	ctx, span := b.tracer.Start(ctx, "openai.call", trace.WithAttributes(
		attribute.String("http.route", call.Path), attribute.String("gen_ai.request.model", call.Model), attribute.Bool("llm.stream", call.Stream)))
	defer span.End()
	container := ""
	forbidden := b.llmContainers(ctx, client, func(id string, l llmList) bool {
		for _, m := range l.models {
			if m == call.Model {
				container = id
				return false
			}
		}
		if l.any && container == "" {
			container = id // unless a later container lists the model by name
		}
		return true
	})
	if container == "" {
		b.metrics.Rejected.WithLabelValues("invalid").Inc()
		if forbidden != nil {
			return nil, forbidden
		}
		return nil, job.Reject(job.CodeNotFound, "The model "+strconv.Quote(call.Model)+" is not served by this node; GET /v1/models lists those it serves", "field", "model")
	}
	span.SetAttributes(attribute.String("job.containers", container))
	select {
	case b.oipSlots <- struct{}{}:
	default:
		b.metrics.Rejected.WithLabelValues("busy").Inc()
		return nil, job.Reject(job.CodeBusy, "Node busy")
	}
	release := sync.OnceFunc(func() { <-b.oipSlots })
	b.metrics.Submitted.WithLabelValues("openai").Inc()
	r, err := b.exec.ForwardStream(ctx, container, executor.ForwardCall{Method: http.MethodPost, Path: call.Path,
		Header: http.Header{"Content-Type": {"application/json"}}, Body: call.Body})
	if err != nil {
		release()
		b.metrics.Finished.WithLabelValues(string(job.StatusFailed)).Inc()
		return nil, job.Reject(job.CodeUnavailable, errMessage(err), "container", container)
	}
	span.SetAttributes(attribute.Int("http.status_code", r.Status))
	status := job.StatusSuccess
	if r.Status/100 != 2 {
		status = job.StatusFailed
	}
	b.metrics.Finished.WithLabelValues(string(status)).Inc()
	ct := r.Header.Get("Content-Type")
	body := r.Body
	if r.Status/100 == 2 {
		body = &meter{body: r.Body, front: b.openai, start: start, sse: bytes.HasPrefix([]byte(ct), []byte("text/event-stream"))}
	}
	if !b.openai.secrets.Empty() {
		body = struct {
			io.Reader
			io.Closer
		}{b.openai.secrets.Reader(body), body}
	}
	return &rest.OpenAIReply{Status: r.Status, ContentType: ct, Body: &releasing{ReadCloser: body, release: release}}, nil
}

// releasing frees the call's slot when its reply is closed.
type releasing struct {
	io.ReadCloser
	release func()
}

func (r *releasing) Close() error {
	err := r.ReadCloser.Close()
	r.release()
	return err
}

// maxMeterLine bounds what the meter holds of one SSE line or of a
// non-streamed reply: usage comes in small events; beyond it the meter
// stops looking (the reply passes on untouched).
const maxMeterLine = 1 << 20

// meter watches a reply go by for the metrics: the first token's time
// (streams), and the usage (or, in a stream without usage, one completion
// token per chunk with text). It never changes the bytes.
type meter struct {
	body  io.ReadCloser
	front *openAIFront
	start time.Time
	sse   bool

	buf        []byte // the incomplete line (sse) or the body so far
	first      bool
	chunks     int
	prompt     int
	completion int
	usage      bool
	once       sync.Once
}

func (m *meter) Read(p []byte) (int, error) {
	n, err := m.body.Read(p)
	if n > 0 {
		m.see(p[:n])
	}
	if err == io.EOF {
		m.done()
	}
	return n, err
}

func (m *meter) see(b []byte) {
	if !m.sse {
		if len(m.buf)+len(b) <= maxMeterLine {
			m.buf = append(m.buf, b...)
		}
		return
	}
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			if len(m.buf)+len(b) <= maxMeterLine {
				m.buf = append(m.buf, b...)
			}
			return
		}
		line := b[:i]
		if len(m.buf) > 0 {
			line = append(m.buf, line...)
			m.buf = m.buf[:0]
		}
		m.event(line)
		b = b[i+1:]
	}
}

// event reads one SSE line: "data: {chunk}".
func (m *meter) event(line []byte) {
	data, ok := bytes.CutPrefix(bytes.TrimRight(line, "\r"), []byte("data:"))
	if !ok {
		return
	}
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return
	}
	var c chunk
	if json.Unmarshal(data, &c) != nil {
		return
	}
	m.use(c.Usage)
	for _, ch := range c.Choices {
		if ch.Text != "" || (ch.Delta != nil && ch.Delta.Content != "") {
			if !m.first {
				m.first = true
				m.front.ttft.Observe(time.Since(m.start).Seconds())
			}
			m.chunks++
			return
		}
	}
}

type chunk struct {
	Choices []struct {
		Text  string `json:"text"`
		Delta *struct {
			Content string `json:"content"`
		} `json:"delta"`
	} `json:"choices"`
	Usage *usage `json:"usage"`
}

type usage struct {
	Prompt     int `json:"prompt_tokens"`
	Completion int `json:"completion_tokens"`
}

// use keeps a usage report; a negative count (a broken provider) is 0,
// since a counter cannot go down.
func (m *meter) use(u *usage) {
	if u != nil {
		m.usage, m.prompt, m.completion = true, max(0, u.Prompt), max(0, u.Completion)
	}
}

// done counts the tokens once, at the end of the reply or its close.
func (m *meter) done() {
	m.once.Do(func() {
		if !m.sse {
			var c chunk
			if json.Unmarshal(m.buf, &c) == nil {
				m.use(c.Usage)
			}
		}
		if !m.usage {
			m.completion = m.chunks
		}
		m.front.tokens.WithLabelValues("prompt").Add(float64(m.prompt))
		m.front.tokens.WithLabelValues("completion").Add(float64(m.completion))
	})
}

func (m *meter) Close() error {
	m.done()
	return m.body.Close()
}

var _ rest.OpenAIBackend = (*backend)(nil)
