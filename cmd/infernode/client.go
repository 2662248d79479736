package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/infernode/infernode/client"
)

// clientCommands are the REST client subcommands (docs/api.md): each talks to
// a running node at --url (env SERVER_URL, default http://127.0.0.1:4000)
// and prints the node's answer as JSON on stdout.
func clientCommands() []command {
	return []command{
		{name: "health", summary: "check a node's health (exit 1 when unhealthy)", run: runHealth},
		{name: "info", summary: "print a node's version, containers, pending jobs and chain link", run: runInfo},
		{name: "resources", summary: "print the containers' resources (or support for --model-id)", run: runResources},
		{name: "job", summary: "submit a job (--sync waits for its result)", run: runJob},
		{name: "batch", summary: "submit a JSON array of jobs from --file", run: runBatch},
		{name: "stream", summary: "run a streaming job: id on stderr, output on stdout", run: runStream},
		{name: "results", summary: "print the results of job ids", run: runResults},
		{name: "ids", summary: "list your job ids (--pending true|false)", run: runIDs},
	}
}

// defaultURL is the node the client commands talk to without --url.
func defaultURL() string {
	if u := os.Getenv("SERVER_URL"); u != "" {
		return u
	}
	return "http://127.0.0.1:4000"
}

// newFlags returns a flag set for a subcommand that reports its own usage
// on stderr.
func newFlags(name, args string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: infernode %s %s\n\nflags:\n", name, args)
		printFlags(stderr, fs)
	}
	return fs
}

// printFlags is flag.PrintDefaults with each flag spelled as the usage
// lines and the docs spell it: --name, and -x for a one-letter flag.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		dash := "--"
		if len(f.Name) == 1 {
			dash = "-"
		}
		var b strings.Builder
		fmt.Fprintf(&b, "  %s%s", dash, f.Name)
		kind, usage := flag.UnquoteUsage(f)
		if kind != "" {
			b.WriteString(" " + kind)
		}
		b.WriteString("\n    \t")
		b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
		switch f.DefValue {
		case "", "0", "false", "0s", "[]":
		default:
			if kind == "string" {
				fmt.Fprintf(&b, " (default %q)", f.DefValue)
			} else {
				fmt.Fprintf(&b, " (default %v)", f.DefValue)
			}
		}
		fmt.Fprintln(w, b.String())
	})
}

// parseFlags parses args allowing flags after positional arguments
// (`results ID --intermediate`) and returns the positional ones. -h prints
// the full usage; a bad flag is a usage error (exit 2) told in one line and
// a pointer to --help, not the whole flag list.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			fs.SetOutput(out)
			if errors.Is(err, flag.ErrHelp) {
				usage()
				return nil, err
			}
			// The flag package spells every flag -name; so do not we.
			return nil, usagef(fs, "%s", flagSpelling.ReplaceAllString(err.Error(), "$1--$2$3"))
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// flagSpelling finds "-name" in the flag package's errors.
var flagSpelling = regexp.MustCompile(`(^|\s)-([A-Za-z0-9][A-Za-z0-9-]+)(:|$)`)

// usagef reports a usage mistake in one line and where the flags are
// described, and returns errUsage.
func usagef(fs *flag.FlagSet, format string, a ...any) error {
	fmt.Fprintf(fs.Output(), "infernode %s: %s\nsee `infernode %s --help`\n", fs.Name(), fmt.Sprintf(format, a...), fs.Name())
	return errUsage
}

// parse parses a job command's flags (no positional arguments), builds
// its JobRequest (reading @FILE or stdin as asked) and dials the node.
func (j *jobFlags) parse(fs *flag.FlagSet, args []string) (*client.Client, client.JobRequest, error) {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return nil, client.JobRequest{}, err
	}
	if len(pos) > 0 {
		return nil, client.JobRequest{}, usagef(fs, "unexpected argument %q", pos[0])
	}
	req, err := j.request(fs, os.Stdin)
	if err != nil {
		return nil, client.JobRequest{}, err
	}
	c, err := dial(fs, j.url)
	return c, req, err
}

func dial(fs *flag.FlagSet, rawURL string) (*client.Client, error) {
	c, err := client.New(withScheme(rawURL))
	if err != nil {
		return nil, usagef(fs, "--url: %v", err)
	}
	return c, nil
}

// withScheme accepts a node address without a scheme (127.0.0.1:4000,
// localhost:4000) as curl does: plain http, the node's own scheme.
func withScheme(rawURL string) string {
	if rawURL != "" && !strings.Contains(rawURL, "://") {
		return "http://" + rawURL
	}
	return rawURL
}

// nodeErr words an error of the node for the terminal.
func nodeErr(c *client.Client, err error) error {
	var ce *client.Error
	if errors.As(err, &ce) {
		return fmt.Errorf("node %s answered %w", c.URL(), err)
	}
	return fmt.Errorf("cannot reach node %s (is it running? set --url or SERVER_URL): %w", c.URL(), err)
}

func printJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// simple runs a command without arguments beyond --url.
func simple(name string, args []string, stderr io.Writer, extra func(fs *flag.FlagSet)) (*client.Client, *flag.FlagSet, error) {
	fs := newFlags(name, "[flags]", stderr)
	url := fs.String("url", defaultURL(), "node URL (env SERVER_URL)")
	if extra != nil {
		extra(fs)
	}
	pos, err := parseFlags(fs, args)
	if err != nil {
		return nil, fs, err
	}
	if len(pos) > 0 {
		return nil, fs, usagef(fs, "unexpected argument %q", pos[0])
	}
	c, err := dial(fs, *url)
	return c, fs, err
}

func runHealth(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c, _, err := simple("health", args, stderr, nil)
	if err != nil {
		return err
	}
	ok, reason, err := c.HealthReason(ctx)
	if err != nil {
		return nodeErr(c, err)
	}
	if !ok {
		_ = printJSON(stdout, map[string]string{"status": "unhealthy", "reason": reason})
		return fmt.Errorf("node %s is unhealthy: %s", c.URL(), reason)
	}
	return printJSON(stdout, map[string]string{"status": "healthy"})
}

func runInfo(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c, _, err := simple("info", args, stderr, nil)
	if err != nil {
		return err
	}
	info, err := c.Info(ctx)
	if err != nil {
		return nodeErr(c, err)
	}
	return printJSON(stdout, info)
}

func runResources(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var model *string
	c, _, err := simple("resources", args, stderr, func(fs *flag.FlagSet) {
		model = fs.String("model-id", "", "ask each container whether it supports this model")
	})
	if err != nil {
		return err
	}
	res, err := c.Resources(ctx, *model)
	if err != nil {
		return nodeErr(c, err)
	}
	return printJSON(stdout, res)
}

// jobFlags are the flags that describe a JobRequest.
type jobFlags struct {
	url, containers, data string
	proof                 bool
}

func (j *jobFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&j.url, "url", defaultURL(), "node URL (env SERVER_URL)")
	fs.StringVar(&j.containers, "containers", "", "comma-separated container ids, first one external (required)")
	fs.StringVar(&j.data, "data", "{}", "input: a JSON object, or @FILE to read it from a file (@- for stdin)")
	fs.BoolVar(&j.proof, "requires-proof", false, "ask the last container for a proof")
}

// request builds the JobRequest, reporting usage mistakes.
func (j *jobFlags) request(fs *flag.FlagSet, stdin io.Reader) (client.JobRequest, error) {
	var req client.JobRequest
	for _, c := range strings.Split(j.containers, ",") {
		if c = strings.TrimSpace(c); c != "" {
			req.Containers = append(req.Containers, c)
		}
	}
	if len(req.Containers) == 0 {
		return req, usagef(fs, "--containers is required (e.g. --containers echo)")
	}
	data := []byte(j.data)
	if name, ok := strings.CutPrefix(j.data, "@"); ok {
		var err error
		if name == "-" {
			data, err = io.ReadAll(stdin)
		} else {
			data, err = os.ReadFile(name)
		}
		if err != nil {
			return req, fmt.Errorf("read --data %s: %w", j.data, err)
		}
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil || obj == nil {
		return req, usagef(fs, "--data must be a JSON object (e.g. --data '{\"x\":1}'), got %.60q", data)
	}
	req.Data = json.RawMessage(data)
	req.RequiresProof = j.proof
	return req, nil
}

func runJob(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("job", "--containers a,b --data JSON|@FILE [--requires-proof] [--sync [--timeout D]]", stderr)
	var jf jobFlags
	jf.register(fs)
	sync := fs.Bool("sync", false, "wait until the job finishes and print its result (exit 1 if it failed)")
	timeout := fs.Duration("timeout", 5*time.Minute, "with --sync: how long to wait")
	poll := fs.Duration("poll", 100*time.Millisecond, "with --sync: shortest time between two asks (the node holds each answer until the job finishes)")
	intermediate := fs.Bool("intermediate", false, "with --sync: include every container's result")
	c, req, err := jf.parse(fs, args)
	if err != nil {
		return err
	}
	id, err := c.CreateJob(ctx, req)
	if err != nil {
		return nodeErr(c, err)
	}
	if !*sync {
		return printJSON(stdout, map[string]string{"id": id})
	}
	wctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	if _, err := c.WaitJob(wctx, id, *poll); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("job %s still running after --timeout %s", id, *timeout)
		}
		return nodeErr(c, err)
	}
	res, err := c.Result(ctx, id, *intermediate)
	if err != nil {
		return nodeErr(c, err)
	}
	if err := printJSON(stdout, res); err != nil {
		return err
	}
	if res.Status == client.StatusFailed {
		return fmt.Errorf("job %s failed", id)
	}
	return nil
}

func runBatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("batch", "--file FILE", stderr)
	url := fs.String("url", defaultURL(), "node URL (env SERVER_URL)")
	file := fs.String("file", "", "JSON array of JobRequests and/or delegated subscriptions (- for stdin; required)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	if *file == "" {
		return usagef(fs, "--file is required")
	}
	var raw []byte
	if *file == "-" {
		raw, err = io.ReadAll(os.Stdin)
	} else {
		raw, err = os.ReadFile(*file)
	}
	if err != nil {
		return fmt.Errorf("read --file: %w", err)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return fmt.Errorf("--file %s must hold a JSON array of jobs: %w", *file, err)
	}
	c, err := dial(fs, *url)
	if err != nil {
		return err
	}
	anys := make([]any, len(items))
	for i, it := range items {
		anys[i] = it
	}
	out, err := c.CreateJobs(ctx, anys)
	if err != nil {
		return nodeErr(c, err)
	}
	type entry struct {
		ID     string         `json:"id,omitempty"`
		Error  string         `json:"error,omitempty"`
		Params map[string]any `json:"params,omitempty"`
	}
	printed := make([]entry, len(out))
	failed := 0
	for i, r := range out {
		printed[i].ID = r.ID
		if r.Err != nil {
			printed[i].Error, printed[i].Params = r.Err.Message, r.Err.Params
			failed++
		}
	}
	if err := printJSON(stdout, printed); err != nil {
		return err
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d items rejected", failed, len(out))
	}
	return nil
}

func runStream(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("stream", "--containers a --data JSON|@FILE", stderr)
	var jf jobFlags
	jf.register(fs)
	c, req, err := jf.parse(fs, args)
	if err != nil {
		return err
	}
	st, err := c.StreamJob(ctx, req)
	if err != nil {
		return nodeErr(c, err)
	}
	defer st.Body.Close()
	fmt.Fprintln(stderr, st.ID)
	// Copy chunk by chunk so output shows as it arrives.
	buf := make([]byte, 32<<10)
	for {
		n, rerr := st.Body.Read(buf)
		if n > 0 {
			if _, err := stdout.Write(buf[:n]); err != nil {
				return err
			}
			if f, ok := stdout.(interface{ Sync() error }); ok {
				_ = f.Sync()
			}
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return fmt.Errorf("stream %s: %w", st.ID, rerr)
		}
	}
}

func runResults(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("results", "ID... [--intermediate]", stderr)
	url := fs.String("url", defaultURL(), "node URL (env SERVER_URL)")
	inter := fs.Bool("intermediate", false, "include every container's result")
	ids, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return usagef(fs, "give at least one job id")
	}
	c, err := dial(fs, *url)
	if err != nil {
		return err
	}
	res, err := c.Results(ctx, ids, *inter)
	if err != nil {
		return nodeErr(c, err)
	}
	return printJSON(stdout, res)
}

func runIDs(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var pending *string
	c, fs, err := simple("ids", args, stderr, func(fs *flag.FlagSet) {
		pending = fs.String("pending", "", "true: running jobs only; false: finished jobs only; empty: all")
	})
	if err != nil {
		return err
	}
	var p *bool
	if *pending != "" {
		b, perr := strconv.ParseBool(*pending)
		if perr != nil {
			return usagef(fs, "--pending must be true or false, got %q", *pending)
		}
		p = &b
	}
	ids, err := c.JobIDs(ctx, p)
	if err != nil {
		return nodeErr(c, err)
	}
	return printJSON(stdout, ids)
}

// setFlag reports whether the flag name was given on the command line.
func setFlag(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
