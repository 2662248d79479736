package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/config"
)

// docCommand is one shell command found in a document.
type docCommand struct {
	where string   // file:line
	env   []string // NAME=value prefixes
	args  []string // the words, quotes removed
}

// shellLangs are the fenced-block languages whose lines are commands.
var shellLangs = map[string]bool{"sh": true, "bash": true, "shell": true, "console": true}

// docCommands returns the commands in path's fenced shell blocks, with
// continuation lines joined and comments removed. It fails the test for a
// command indented outside a fence (write it in a ```sh block).
func docCommands(t *testing.T, path, name string) []docCommand {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []docCommand
	inFence, shell := false, false
	var pending string
	pendingLine := 0
	for i, line := range strings.Split(string(raw), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") {
			inFence = !inFence
			shell = inFence && shellLangs[strings.TrimPrefix(trimmed, "```")]
			continue
		}
		if !shell {
			if (inFence || strings.HasPrefix(line, "    ")) && isNodeCommand(strings.Fields(trimmed)) {
				t.Errorf("%s:%d: a command outside a shell block; put it in a ```sh block so it is tested", name, i+1)
			}
			continue
		}
		if pending == "" {
			pendingLine = i + 1
		}
		if strings.HasSuffix(line, "\\") {
			pending += strings.TrimSuffix(line, "\\") + " "
			continue
		}
		full := pending + line
		pending = ""
		for _, words := range shellWords(t, fmt.Sprintf("%s:%d", name, pendingLine), full) {
			c := docCommand{where: fmt.Sprintf("%s:%d", name, pendingLine)}
			for len(words) > 0 && regexp.MustCompile(`^[A-Z_]+=`).MatchString(words[0]) {
				c.env, words = append(c.env, words[0]), words[1:]
			}
			if len(words) > 0 {
				c.args = words
				out = append(out, c)
			}
		}
	}
	return out
}

func isNodeCommand(words []string) bool {
	for len(words) > 0 && strings.Contains(words[0], "=") {
		words = words[1:]
	}
	return len(words) > 0 && (words[0] == "curl" || strings.HasSuffix(words[0], "infernode"))
}

// shellWords splits a line the way sh would for the simple commands the
// docs show: quotes, backslash escapes, # comments, and the separators
// &&, ; and a trailing & (background). Pipes and substitutions fail.
func shellWords(t *testing.T, where, line string) [][]string {
	var cmds [][]string
	var words []string
	var cur strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			words = append(words, cur.String())
		}
		cur.Reset()
		inWord = false
	}
	endCmd := func() {
		flush()
		if len(words) > 0 {
			cmds = append(cmds, words)
		}
		words = nil
	}
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case ch == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			require.GreaterOrEqual(t, j, 0, "%s: unterminated quote", where)
			cur.WriteString(line[i+1 : i+1+j])
			inWord, i = true, i+1+j
		case ch == '"':
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) {
					i++
				}
				require.NotEqual(t, byte('$'), line[i], "%s: no substitutions in documented commands", where)
				cur.WriteByte(line[i])
			}
			inWord = true
		case ch == '\\' && i+1 < len(line):
			i++
			cur.WriteByte(line[i])
			inWord = true
		case ch == ' ' || ch == '\t':
			flush()
		case ch == '#' && !inWord:
			endCmd()
			return cmds
		case ch == '&' || ch == ';':
			if ch == '&' && i+1 < len(line) && line[i+1] == '&' {
				i++
			}
			endCmd()
		case ch == '|' || ch == '$' || ch == '`' || ch == '<' || ch == '>':
			if ph := docPlaceholder.FindString(line[i:]); ph != "" {
				cur.WriteString(ph)
				inWord, i = true, i+len(ph)-1
				continue
			}
			flush()
			if isNodeCommand(words) {
				t.Errorf("%s: %q: write node commands as simple commands (no %c)", where, line, ch)
			}
			return cmds // the rest is not ours to run
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	endCmd()
	return cmds
}

// docRunner runs documented commands against a running dev stack.
type docRunner struct {
	t        *testing.T
	root     string
	restAddr string // host:port
	rpcAddr  string
	grpcAddr string
	jobID    string            // the last job id printed
	subID    string            // the last subscription id printed
	copies   map[string]string // cp SRC DST seen so far: DST -> SRC
}

var (
	docPlaceholder = regexp.MustCompile(`^<(id|id from above|subscription_id)>`)
	jobIDRe        = regexp.MustCompile(`"id":\s*"([0-9a-f-]{36})"`)
	subIDRe        = regexp.MustCompile(`"subscription_id":\s*(\d+)`)
)

// substitute points a documented command at the test's stack: the default
// ports become the stack's, and <id> / <subscription_id> the values the
// previous commands printed.
func (r *docRunner) substitute(c docCommand, w string) string {
	for _, host := range []string{"localhost", "127.0.0.1"} {
		w = strings.ReplaceAll(w, host+":4000", r.restAddr)
		w = strings.ReplaceAll(w, host+":8545", r.rpcAddr)
		if r.grpcAddr != "" {
			w = strings.ReplaceAll(w, host+":8001", r.grpcAddr)
		}
	}
	for _, ph := range []struct{ name, val string }{{"<id from above>", r.jobID}, {"<id>", r.jobID}, {"<subscription_id>", r.subID}} {
		if strings.Contains(w, ph.name) {
			require.NotEmpty(r.t, ph.val, "%s: %s before any command printed one", c.where, ph.name)
			w = strings.ReplaceAll(w, ph.name, ph.val)
		}
	}
	require.False(r.t, strings.Contains(w, "…") || strings.Contains(w, "..."), "%s: %q is a placeholder; write a value that works against `make run`", c.where, w)
	return w
}

// parseOnly are the subcommands that would start a node or a long load
// run: their flags are checked (with -h last), not run.
// wallet: the docs' wallet commands name wallets made by earlier steps
// (0xW, 0xWallet), so their flags are checked only.
var parseOnly = map[string]bool{"serve": true, "bench": true, "dev": true, "wallet": true}

// run runs c and returns what it printed (stdout then stderr).
func (r *docRunner) run(ctx context.Context, c docCommand) string {
	t := r.t
	if c.args[0] == "cp" && len(c.args) == 3 {
		r.copies[c.args[2]] = c.args[1]
		return ""
	}
	if !isNodeCommand(c.args) {
		return "" // make, go, git: not ours to run here
	}
	args := make([]string, len(c.args))
	for i, w := range c.args {
		args[i] = r.substitute(c, w)
	}
	for _, kv := range c.env {
		name, val, _ := strings.Cut(kv, "=")
		restore, had := os.LookupEnv(name)
		require.NoError(t, os.Setenv(name, r.substitute(c, val)))
		defer func() {
			if had {
				os.Setenv(name, restore)
			} else {
				os.Unsetenv(name)
			}
		}()
	}
	var stdout, stderr bytes.Buffer
	switch {
	case args[0] == "curl":
		cmd := exec.CommandContext(ctx, "curl", append([]string{"--max-time", "60"}, args[1:]...)...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		require.NoError(t, cmd.Run(), "%s: %s\n%s%s", c.where, strings.Join(args, " "), stdout.String(), stderr.String())
		require.NotContains(t, stdout.String(), `"error"`, "%s: %s", c.where, strings.Join(args, " "))
	case args[0] != "bin/infernode" && args[0] != "./bin/infernode":
		t.Errorf("%s: write bin/infernode (what `make build` makes), not %s", c.where, args[0])
		return ""
	case parseOnly[args[1]] && !(args[1] == "dev" && len(args) > 2 && args[2] == "request"):
		code := run(ctx, append(args[1:], "-h"), &stdout, &stderr)
		require.Equal(t, 0, code, "%s: the flags of %q do not parse:\n%s", c.where, strings.Join(args, " "), stderr.String())
		for i, a := range args {
			if a == "--config" && i+1 < len(args) {
				path := args[i+1]
				if src, ok := r.copies[path]; ok {
					path = src
				}
				_, _, err := config.Load(filepath.Join(r.root, path))
				require.NoError(t, err, "%s: --config %s", c.where, args[i+1])
			}
		}
	default:
		code := run(ctx, args[1:], &stdout, &stderr)
		require.Equal(t, 0, code, "%s: %s\n%s%s", c.where, strings.Join(args, " "), stdout.String(), stderr.String())
	}
	out := stdout.String() + stderr.String()
	if m := jobIDRe.FindAllStringSubmatch(out, -1); m != nil {
		r.jobID = m[len(m)-1][1]
	}
	if m := subIDRe.FindAllStringSubmatch(out, -1); m != nil {
		r.subID = m[len(m)-1][1]
	}
	return out
}

// newDocRunner points documented commands at s.
func newDocRunner(t *testing.T, s *devStack) *docRunner {
	return &docRunner{t: t, root: filepath.Join("..", ".."), copies: map[string]string{},
		restAddr: strings.TrimPrefix(s.restURL, "http://"), rpcAddr: strings.TrimPrefix(s.chain.RPCURL(), "http://"), grpcAddr: s.grpcAddr}
}

// startDocStack starts `infernode dev --llm-stub` on free ports for the
// documented commands (the stub provider: docs/README.md's OpenAI recipe
// needs it) and points the documented environment at it. The stack is
// stopped, and must stop cleanly, when the test ends; ctx ends after it.
func startDocStack(t *testing.T, timeout time.Duration) (context.Context, *devStack, *docRunner) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	s, err := startDev(ctx, devOptions{BlockPeriod: time.Second, Logger: slog.New(slog.DiscardHandler), LLMStub: true})
	if err != nil {
		cancel()
		t.Fatalf("starting infernode dev: %v", err)
	}
	t.Cleanup(func() {
		defer cancel()
		s.stop()
		require.NoError(t, s.wait())
	})
	t.Setenv("SERVER_URL", s.restURL)
	t.Setenv("RPC_URL", s.chain.RPCURL())
	t.Setenv("INFERNODE_PRIVATE_KEY", "")
	return ctx, s, newDocRunner(t, s)
}

// TestDocsCommands runs every command shown in README.md, docs/*.md and the
// dev banner against a real `infernode dev` stack (on free ports; the
// documented 4000 and 8545 are rewritten to them): client commands and curl
// run and must succeed, serve, bench and dev must parse with the binary's
// flags and name a config file that loads. Docs that drift fail here.
func TestDocsCommands(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Fatal("curl is needed to run the documented curl commands: apt-get install curl")
	}
	ctx, s, r := startDocStack(t, 5*time.Minute)
	t.Setenv("PRIVATE_KEY", "")

	files := []string{filepath.Join(r.root, "README.md")}
	docs, err := filepath.Glob(filepath.Join(r.root, "docs", "*.md"))
	require.NoError(t, err)
	files = append(files, docs...)
	ran := 0
	for _, f := range files {
		name, _ := filepath.Rel(r.root, f)
		for _, c := range docCommands(t, f, name) {
			if isNodeCommand(c.args) {
				ran++
			}
			r.run(ctx, c)
		}
	}
	require.Greater(t, ran, 20, "the docs show more commands than were found")

	// The banner's commands, as `make run` prints them.
	var banner bytes.Buffer
	s.printBanner(&banner, "bin/infernode")
	_, try, ok := strings.Cut(banner.String(), "Try it:\n")
	require.True(t, ok)
	try, _, _ = strings.Cut(try, "\n\n")
	t.Logf("ran or parsed %d documented commands; now the banner's", ran)
	for i, line := range strings.Split(try, "\n") {
		for _, words := range shellWords(t, "banner", line) {
			r.run(ctx, docCommand{where: fmt.Sprintf("banner line %d", i+1), args: words})
		}
	}
}
