package rest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/console"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/ratelimit"
)

// Route patterns, as registered and as they appear in metrics, spans and
// docs/openapi.yaml.
const (
	routeHealth    = "/health"
	routeInfo      = "/info"
	routeResources = "/resources"
	routeJobs      = "/api/jobs"
	routeBatch     = "/api/jobs/batch"
	routeStream    = "/api/jobs/stream"
	routeStatus    = "/api/status"
	routeMetrics   = "/metrics"
)

type server struct {
	b       Backend
	opts    Options
	log     *slog.Logger
	tracer  trace.Tracer
	metrics *httpMetrics
	limiter *ratelimit.Limiter
	// waits holds a token per GET /api/jobs?wait=... being held
	// (Options.MaxWaits).
	waits chan struct{}
	// allow lists the methods of each route, for the Allow header of 405
	// answers.
	allow   map[string]string
	waitLog rareLog
}

// New returns the node's HTTP API (docs/api.md) served from b. The handler is
// safe for concurrent use; it starts no goroutines.
func New(b Backend, opts Options) http.Handler {
	return newServer(b, opts).routes()
}

func newServer(b Backend, opts Options) *server {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.MaxBodyBytes <= 0 {
		opts.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if opts.MaxBatchItems <= 0 {
		opts.MaxBatchItems = DefaultMaxBatchItems
	}
	if opts.MaxIDs <= 0 {
		opts.MaxIDs = DefaultMaxIDs
	}
	if opts.MaxWaits <= 0 {
		opts.MaxWaits = DefaultMaxWaits
	}
	if opts.Registry == nil {
		opts.Registry = prometheus.NewRegistry()
	}
	if opts.TracerProvider == nil {
		opts.TracerProvider = otel.GetTracerProvider()
	}
	if opts.now == nil {
		opts.now = time.Now
	}
	s := &server{
		b:       b,
		opts:    opts,
		log:     opts.Logger,
		tracer:  opts.TracerProvider.Tracer("github.com/infernode/infernode/rest"),
		metrics: newHTTPMetrics(opts.Registry),
		waits:   make(chan struct{}, opts.MaxWaits),
		allow:   map[string]string{},
		waitLog: rareLog{every: time.Minute},
	}
	if opts.RateLimit > 0 {
		period := opts.RatePeriod
		if period <= 0 {
			period = time.Second
		}
		s.limiter = ratelimit.New(opts.RateLimit, period, opts.now)
	}
	return s
}

func (s *server) routes() chi.Router {
	r := chi.NewRouter()
	// HEAD is answered wherever GET is (monitors probe /health with HEAD).
	r.Use(middleware.GetHead)
	r.Use(s.observe)
	hosts := map[string]bool{}
	for _, h := range s.opts.Hosts {
		hosts[strings.TrimSuffix(strings.ToLower(h), ".")] = true
	}
	r.Use(func(next http.Handler) http.Handler { return checkHost(hosts, next) })
	r.NotFound(func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusNotFound, errorBody{Error: msgNotFound})
	})
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
		allow, ok := s.allow[r.URL.Path]
		if !ok {
			// An unknown method on an unknown path: there is nothing to
			// allow, so the path is what is wrong.
			writeJSON(w, http.StatusNotFound, errorBody{Error: msgNotFound})
			return
		}
		w.Header().Set("Allow", allow)
		writeJSON(w, http.StatusMethodNotAllowed, errorBody{Error: msgMethod})
	})
	s.route(r, http.MethodGet, routeHealth, s.health)
	s.route(r, http.MethodGet, routeInfo, s.info)
	s.route(r, http.MethodGet, routeResources, s.resources)
	s.route(r, http.MethodPost, routeJobs, s.submit)
	s.route(r, http.MethodGet, routeJobs, s.jobs)
	s.route(r, http.MethodPost, routeBatch, s.batch)
	s.route(r, http.MethodPost, routeStream, s.stream)
	s.route(r, http.MethodPut, routeStatus, s.status)
	metrics := promhttp.HandlerFor(s.opts.Registry, promhttp.HandlerOpts{ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelError)})
	s.route(r, http.MethodGet, routeMetrics, metrics.ServeHTTP)
	s.routeOIP(r)
	s.routeOpenAI(r)
	if s.opts.Console != nil {
		for _, p := range console.Paths {
			s.route(r, http.MethodGet, p, s.opts.Console.ServeHTTP)
		}
	}
	return r
}

// route registers h for method and pattern behind the rate limiter and
// records the method for the route's Allow header (GET implies HEAD).
func (s *server) route(r chi.Router, method, pattern string, h http.HandlerFunc) {
	if method == http.MethodPost || method == http.MethodPut {
		types, untyped := bodyTypes(pattern)
		h = s.budgeted(requireType(types, untyped, h))
	}
	r.Method(method, pattern, s.limited(method+" "+pattern, h))
	methods := method
	if method == http.MethodGet {
		methods += ", " + http.MethodHead
	}
	if prev := s.allow[pattern]; prev != "" {
		methods = prev + ", " + methods
	}
	s.allow[pattern] = methods
}

// fail answers err: rejections as themselves, anything else as a bare 500
// logged here with what was being done.
func (s *server) fail(w http.ResponseWriter, r *http.Request, what string, err error) {
	je, ok := rejection(err)
	if !ok {
		s.log.LogAttrs(r.Context(), slog.LevelError, what+" failed",
			slog.String("error", err.Error()), slog.String("client", clientOf(r)))
	}
	writeRejection(w, je)
}

// readBody reads the whole body within the size limit.
func (s *server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, *job.Error) {
	if r.ContentLength > s.opts.MaxBodyBytes {
		return nil, s.tooLarge()
	}
	body, err := readAll(http.MaxBytesReader(w, r.Body, s.opts.MaxBodyBytes), r.ContentLength)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, s.tooLarge()
		}
		if errors.Is(err, errBodyBudget) {
			return nil, s.budgetFull()
		}
		return nil, invalid("", "could not read body: "+err.Error())
	}
	return body, nil
}

// readAll reads rd to its end into one allocation of the declared length
// when there is one (what the body budget charged), else as it comes.
func readAll(rd io.Reader, declared int64) ([]byte, error) {
	if declared <= 0 {
		return io.ReadAll(rd)
	}
	body := make([]byte, declared)
	if _, err := io.ReadFull(rd, body); err != nil {
		return nil, err
	}
	// net/http ends the body at Content-Length; this read sees its EOF.
	var one [1]byte
	if n, err := rd.Read(one[:]); n > 0 || (err != nil && err != io.EOF) {
		if err == nil {
			err = errors.New("body longer than its Content-Length")
		}
		return nil, err
	}
	return body, nil
}

func (s *server) tooLarge() *job.Error {
	return job.Reject(job.CodeTooLarge, msgTooLarge, "limit", s.opts.MaxBodyBytes)
}

func (s *server) health(w http.ResponseWriter, r *http.Request) {
	if err := s.b.Healthy(r.Context()); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unhealthy", "reason": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "healthy"})
}

func (s *server) info(w http.ResponseWriter, r *http.Request) {
	info := s.b.Info(r.Context())
	if info.Containers == nil {
		info.Containers = []InfoContainer{}
	}
	writeJSON(w, http.StatusOK, info)
}

func (s *server) resources(w http.ResponseWriter, r *http.Request) {
	q, jerr := parseQuery(r)
	if jerr != nil {
		writeRejection(w, jerr)
		return
	}
	res := s.b.Resources(r.Context(), clientOf(r), q.Get("model_id"))
	if res == nil {
		res = map[string]json.RawMessage{}
	}
	writeJSON(w, http.StatusOK, res)
}

// idBody is the answer to an accepted job.
type idBody struct {
	ID string `json:"id"`
}

// submitOne hands one decoded submission to the backend and returns the
// success body ({"id"} or {}) or the error.
func (s *server) submitOne(r *http.Request, sub submission) (any, error) {
	if sub.Delegated {
		if err := s.b.SubmitDelegated(r.Context(), clientOf(r), sub.Raw); err != nil {
			return nil, err
		}
		return struct{}{}, nil
	}
	id, err := s.b.Submit(r.Context(), clientOf(r), sub.Job)
	if err != nil {
		return nil, err
	}
	return idBody{ID: id}, nil
}

func (s *server) submit(w http.ResponseWriter, r *http.Request) {
	body, jerr := s.readBody(w, r)
	if jerr != nil {
		writeRejection(w, jerr)
		return
	}
	sub, jerr := decodeSubmissionBody(body)
	if jerr != nil {
		writeRejection(w, jerr)
		return
	}
	out, err := s.submitOne(r, sub)
	if err != nil {
		s.fail(w, r, "submit job", err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *server) batch(w http.ResponseWriter, r *http.Request) {
	body, jerr := s.readBody(w, r)
	if jerr != nil {
		writeRejection(w, jerr)
		return
	}
	items, jerr := decodeBatch(body, s.opts.MaxBatchItems)
	if jerr != nil {
		writeRejection(w, jerr)
		return
	}
	if !s.chargeItems(w, r, routeBatch, len(items)) {
		return
	}
	out := make([]any, len(items))
	client := clientOf(r)
	// Jobs go to the backend together, so that they share one durable
	// write; delegated subscriptions, each verified on its own, are
	// submitted concurrently. Each answer lands at its item's position.
	var reqs []job.Request
	var reqAt []int
	var wg sync.WaitGroup
	sem := make(chan struct{}, batchParallelism)
	for i, it := range items {
		if req, ok := decodeJobFast(it); ok { // items are valid JSON: decodeBatch checked
			reqs = append(reqs, req)
			reqAt = append(reqAt, i)
			continue
		}
		sub, jerr := decodeSubmission(it, "")
		if jerr != nil {
			out[i] = bodyOf(jerr)
			continue
		}
		if !sub.Delegated {
			reqs = append(reqs, sub.Job)
			reqAt = append(reqAt, i)
			continue
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			res, err := s.submitOne(r, sub)
			out[i] = s.batchAnswer(r, i, res, err)
		}()
	}
	if len(reqs) > 0 {
		ids, errs := s.b.SubmitBatch(r.Context(), client, reqs)
		for k, i := range reqAt {
			out[i] = s.batchAnswer(r, i, idBody{ID: ids[k]}, errs[k])
		}
	}
	wg.Wait()
	writeJSON(w, http.StatusOK, out)
}

// batchAnswer is item i's entry in a batch answer: res, or the rejection;
// an internal failure is logged and answered as a bare 500 entry.
func (s *server) batchAnswer(r *http.Request, i int, res any, err error) any {
	if err == nil {
		return res
	}
	je, ok := rejection(err)
	if !ok {
		s.log.LogAttrs(r.Context(), slog.LevelError, "submit batch item failed",
			slog.Int("item", i), slog.String("error", err.Error()), slog.String("client", clientOf(r)))
	}
	return bodyOf(je)
}

// batchParallelism bounds the items of one batch submitted at once.
const batchParallelism = 32

// streamChunk is the read size of the stream relay; every read is flushed
// to the client at once, so this bounds latency, not throughput.
const streamChunk = 32 << 10

func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	body, jerr := s.readBody(w, r)
	if jerr != nil {
		writeRejection(w, jerr)
		return
	}
	req, jerr := decodeStreamBody(body)
	if jerr != nil {
		writeRejection(w, jerr)
		return
	}
	st, err := s.b.StartStream(r.Context(), clientOf(r), req)
	if err != nil {
		s.fail(w, r, "start stream", err)
		return
	}
	defer st.Body.Close()

	ct := st.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	if _, err := io.WriteString(w, st.ID+"\n"); err != nil {
		return // client gone; closing the body ends the job's stream
	}
	_ = rc.Flush()

	if rerr := s.copyFlushing(w, st.Body); rerr != nil {
		// The status is sent; the job records the failure, the log the cause.
		s.log.LogAttrs(r.Context(), slog.LevelWarn, "stream ended early",
			slog.String("job", st.ID), slog.String("error", rerr.Error()))
	}
}

// copyFlushing writes what src yields to w as it comes, flushing after
// each read; the write timeout bounds each chunk, not the whole. It
// returns the read error that cut the copy short, nil at the end or when
// the client went away.
func (s *server) copyFlushing(w http.ResponseWriter, src io.Reader) error {
	rc := http.NewResponseController(w)
	buf := make([]byte, streamChunk)
	for {
		n, rerr := src.Read(buf)
		if n > 0 {
			if s.opts.WriteTimeout > 0 {
				_ = rc.SetWriteDeadline(time.Now().Add(s.opts.WriteTimeout))
			}
			if _, werr := w.Write(buf[:n]); werr != nil {
				return nil
			}
			if ferr := rc.Flush(); ferr != nil {
				return nil
			}
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

func (s *server) jobs(w http.ResponseWriter, r *http.Request) {
	vals, jerr := parseQuery(r)
	if jerr != nil {
		writeRejection(w, jerr)
		return
	}
	q, jerr := decodeJobsQuery(vals, s.opts.MaxIDs)
	if jerr != nil {
		writeRejection(w, jerr)
		return
	}
	if q.IDs != nil {
		if q.Wait > 0 {
			if err := s.wait(r, q); err != nil {
				s.fail(w, r, "wait for jobs", err)
				return
			}
		}
		res, err := s.b.Results(r.Context(), clientOf(r), q.IDs, q.Intermediate)
		if err != nil {
			s.fail(w, r, "read results", err)
			return
		}
		if b, ok := appendResults(make([]byte, 0, 128*len(res)+2), res); ok {
			writeEncoded(w, http.StatusOK, b)
			return
		}
		writeJSON(w, http.StatusOK, res)
		return
	}
	ids, err := s.b.IDs(r.Context(), clientOf(r), q.Pending)
	if err != nil {
		s.fail(w, r, "list jobs", err)
		return
	}
	if ids == nil {
		ids = []string{}
	}
	writeJSON(w, http.StatusOK, ids)
}

// wait holds the answer to GET /api/jobs?wait=... until the jobs finish or
// the wait ends, within the budget of Options.MaxWaits held waits: beyond
// it the answer comes at once, with the jobs as they are, which a client
// reads as it reads a wait that ended.
func (s *server) wait(r *http.Request, q jobsQuery) error {
	select {
	case s.waits <- struct{}{}:
	default:
		s.metrics.limited.WithLabelValues(limitWaits).Inc()
		if s.waitLog.allow(time.Now()) {
			s.log.LogAttrs(r.Context(), slog.LevelWarn, "wait limit reached: waits beyond it are answered at once (server.max_waits)",
				slog.Int("max_waits", s.opts.MaxWaits))
		}
		return nil
	}
	defer func() { <-s.waits }()
	ctx, cancel := context.WithTimeout(r.Context(), q.Wait)
	defer cancel()
	return s.b.Wait(ctx, clientOf(r), q.IDs)
}

// statusAllowed reports whether the caller may PUT /api/status: loopback
// or one of the configured container networks.
func (s *server) statusAllowed(r *http.Request) bool {
	a, err := netip.ParseAddr(clientOf(r))
	if err != nil {
		return false
	}
	return a.IsLoopback() || inAny(a, s.opts.StatusNetworks)
}

func (s *server) status(w http.ResponseWriter, r *http.Request) {
	if !s.statusAllowed(r) {
		writeJSON(w, http.StatusForbidden, errorBody{Error: msgUnauthorized})
		return
	}
	body, jerr := s.readBody(w, r)
	if jerr != nil {
		writeRejection(w, jerr)
		return
	}
	st, jerr := decodeStatus(body)
	if jerr != nil {
		writeRejection(w, jerr)
		return
	}
	if err := s.b.PutStatus(r.Context(), clientOf(r), st.ID, st.Status, st.Containers); err != nil {
		s.fail(w, r, "put status", err)
		return
	}
	writeJSON(w, http.StatusOK, struct{}{})
}
