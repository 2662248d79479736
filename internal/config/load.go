package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// DefaultPath is the config file used when none is given: $INFERNODE_CONFIG,
// else $INFERNET_CONFIG_PATH (compatibility), else "config.json".
func DefaultPath() string {
	if p := os.Getenv("INFERNODE_CONFIG"); p != "" {
		return p
	}
	if p := os.Getenv("INFERNET_CONFIG_PATH"); p != "" {
		return p
	}
	return "config.json"
}

// Load reads, decodes, defaults and validates the config file at path (an
// empty path means DefaultPath()). Warnings are for accepted legacy keys that
// have no effect; the error, if any, lists every problem found.
func Load(path string) (*Config, []string, error) {
	if path == "" {
		path = DefaultPath()
	}
	b, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, fmt.Errorf("config file %s not found; pass --config FILE or set INFERNODE_CONFIG (see config.example.json)", path)
		}
		return nil, nil, fmt.Errorf("read config %s: %w", path, err)
	}
	cfg, warnings, err := Parse(b)
	if err != nil {
		return nil, warnings, fmt.Errorf("config %s: %w", path, err)
	}
	if field := privateKeyField(cfg); field != "" {
		if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o077 != 0 {
			warnings = append(warnings, fmt.Sprintf("config file %s holds "+field+" and is accessible by group or others (mode %04o): chmod 600 %s, or move the key to a keystore (docs/keys.md)", path, fi.Mode().Perm(), path))
		}
	}
	return cfg, warnings, nil
}

// privateKeyField is the path of the first private_key the config holds
// (a lane's or a funding wallet's), "" when none.
func privateKeyField(cfg *Config) string {
	for i, ch := range cfg.ChainList() {
		p := "chain"
		if len(cfg.Chains) > 0 {
			p = fmt.Sprintf("chains[%d]", i)
		}
		if ch.Wallet.PrivateKey != "" {
			return p + ".wallet.private_key"
		}
		for k, w := range ch.Wallets {
			if w.PrivateKey != "" {
				return fmt.Sprintf("%s.wallets[%d].private_key", p, k)
			}
		}
		if ch.TopUp != nil && ch.TopUp.Wallet.PrivateKey != "" {
			return p + ".top_up.wallet.private_key"
		}
	}
	return ""
}

// chainsTree applies to the raw tree what depends on which keys are
// present: chain and chains together are an error, and an entry of chains
// is enabled unless it says "enabled": false.
func chainsTree(root map[string]any) []string {
	list, ok := root["chains"].([]any)
	if !ok {
		return nil
	}
	var problems []string
	if _, both := root["chain"]; both {
		problems = append(problems, "chains: is set together with chain; keep one: move the chain entry into chains (with a name) and remove chain")
		delete(root, "chain")
	}
	for _, e := range list {
		if m, ok := e.(map[string]any); ok {
			if _, set := m["enabled"]; !set {
				m["enabled"] = true
			}
		}
	}
	return problems
}

// Parse decodes, defaults and validates a config document. Unknown keys are
// errors naming their path, except the legacy keys listed in legacyKeys,
// which produce a warning.
func Parse(b []byte) (*Config, []string, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return nil, nil, &Error{Problems: []string{syntaxProblem(b, err)}}
	}
	if dec.More() {
		return nil, nil, &Error{Problems: []string{"config: unexpected data after the top-level object; keep exactly one JSON object in the file"}}
	}
	root, ok := tree.(map[string]any)
	if !ok {
		return nil, nil, &Error{Problems: []string{"config: expected a JSON object at the top level; wrap the settings in { }"}}
	}

	c := checker{}
	c.check("", root, reflect.TypeOf(Config{}))
	for _, p := range chainsTree(root) {
		c.fail("chains", "%s", strings.TrimPrefix(p, "chains: "))
	}
	if len(c.problems) > 0 {
		// Report the other entries' problems at the same startup too.
		return nil, c.warnings, &Error{Problems: append(c.problems, c.semantic(root)...)}
	}
	clean, err := json.Marshal(root)
	if err != nil {
		return nil, c.warnings, fmt.Errorf("re-encode config: %w", err)
	}
	var cfg Config
	if err := json.Unmarshal(clean, &cfg); err != nil {
		// The checker accepts only what decodes; this is a safety net.
		return nil, c.warnings, &Error{Problems: []string{"config: " + err.Error()}}
	}
	cfg.ApplyDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, c.warnings, err
	}
	for i, ch := range cfg.ChainList() {
		if ch.SnapshotSync != nil && ch.RegistryAddress == "" {
			p := "chain"
			if len(cfg.Chains) > 0 {
				p = fmt.Sprintf("chains[%d]", i)
			}
			c.warnings = append(c.warnings, p+".snapshot_sync: has no effect with "+p+".coordinator_address (it tunes the Infernet SDK v1 Reader, "+p+".registry_address); remove it")
		}
	}
	if d := cfg.Docker; d != nil && d.Username != "" && d.Password == "" {
		c.warnings = append(c.warnings, "docker.password: is empty while docker.username is set; image pulls are anonymous (set docker.password to authenticate)")
	}
	return &cfg, c.warnings, nil
}

// semantic validates what is left of a tree the checker rejected parts of,
// keeping only problems of entries (a container, a top-level section) the
// checker found nothing wrong with: the others would be follow-ons of the
// removed values.
func (c *checker) semantic(root map[string]any) []string {
	if c.dropped || c.failed["config"] {
		return nil
	}
	clean, err := json.Marshal(root)
	if err != nil {
		return nil
	}
	var cfg Config
	if json.Unmarshal(clean, &cfg) != nil {
		return nil
	}
	cfg.ApplyDefaults()
	var e *Error
	if !errors.As(cfg.Validate(), &e) {
		return nil
	}
	bad := map[string]bool{}
	for p := range c.failed {
		bad[entryOf(p)] = true
	}
	var out []string
	for _, prob := range e.Problems {
		path, _, _ := strings.Cut(prob, ": ")
		if !bad[entryOf(path)] {
			out = append(out, prob)
		}
	}
	return out
}

// entryOf is the entry a config path belongs to: "containers[2]" for
// "containers[2].port", else the top-level key ("server" for "server.port").
func entryOf(path string) string {
	if strings.HasPrefix(path, "containers[") || strings.HasPrefix(path, "chains[") {
		if i := strings.IndexByte(path, ']'); i > 0 {
			return path[:i+1]
		}
	}
	if i := strings.IndexAny(path, ".["); i > 0 {
		return path[:i]
	}
	return path
}

// Error lists every problem found in a config, one "path: what is wrong;
// what to do" line each.
type Error struct {
	Problems []string
}

func (e *Error) Error() string {
	if len(e.Problems) == 1 {
		return e.Problems[0]
	}
	return fmt.Sprintf("%d problems:\n  %s", len(e.Problems), strings.Join(e.Problems, "\n  "))
}

// legacyKeys are keys of older node configs that are accepted and ignored.
var legacyKeys = map[string]bool{
	"redis":         true,
	"forward_stats": true,
	"startup_wait":  true,
}

// renamedKeys are keys of older node configs whose setting this node reads
// under another name; they stay errors (the old value points at another
// contract) with a message naming the new key.
var renamedKeys = map[string]string{}

var (
	durationType = reflect.TypeOf(Duration(0))
	numberType   = reflect.TypeOf(json.Number(""))
	rawType      = reflect.TypeOf(json.RawMessage(nil))
)

// checker walks the generic JSON tree against the Go types, collecting
// unknown keys and type mismatches with their paths. It also normalises the
// few values older configs write loosely (an empty port string).
type checker struct {
	problems []string
	warnings []string
	// failed holds the paths whose own value was rejected; the bad keys
	// are removed from the tree so the rest can still be validated.
	failed map[string]bool
	// dropped is set when a list element had to be nulled: the semantic
	// pass would then report it again as empty, so it is skipped.
	dropped bool
}

func (c *checker) fail(path, format string, args ...any) {
	if path == "" {
		path = "config"
	}
	c.problems = append(c.problems, path+": "+fmt.Sprintf(format, args...))
	if c.failed == nil {
		c.failed = map[string]bool{}
	}
	c.failed[path] = true
}

// legacyPath drops array indexes: containers[2].x -> containers.x.
func legacyPath(path string) string {
	var b strings.Builder
	skip := false
	for _, r := range path {
		switch {
		case r == '[':
			skip = true
		case r == ']':
			skip = false
		case !skip:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func (c *checker) check(path string, v any, t reflect.Type) {
	if v == nil {
		return // null is the zero value
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case durationType:
		switch x := v.(type) {
		case string:
			if _, err := parseDuration(x); err != nil {
				c.fail(path, "%q is not a duration; write a number of seconds or a string like \"30s\" or \"5m\"", x)
			}
		case json.Number:
			if _, err := secondsToDuration(x.String()); err != nil {
				c.fail(path, "%s is out of range; write a number of seconds or a string like \"30s\"", x)
			}
		default:
			c.fail(path, "expected a duration, got %s; write a number of seconds or a string like \"30s\"", describe(v))
		}
		return
	case numberType:
		switch x := v.(type) {
		case json.Number:
		case string:
			if _, err := strconv.ParseFloat(x, 64); err != nil {
				c.fail(path, "%q is not a number; write a number such as 3000", x)
			}
		default:
			c.fail(path, "expected a number, got %s; write a number such as 3000", describe(v))
		}
		return
	case rawType:
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			c.fail(path, "expected an object, got %s; write { ... }", describe(v))
			return
		}
		fields := structFields(t)
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := join(path, k)
			f, ok := fields[k]
			if !ok {
				if legacyKeys[legacyPath(p)] {
					c.warnings = append(c.warnings, p+": legacy key has no effect; remove it")
					delete(obj, k)
					continue
				}
				names := make([]string, 0, len(fields))
				for n := range fields {
					names = append(names, n)
				}
				if to, ok := renamedKeys[legacyPath(p)]; ok {
					c.fail(p, "unknown field; this node reads %s instead: rename the key and set it to the address of infernode's Coordinator", to)
				} else if s := suggest(k, names); s != "" {
					c.fail(p, "unknown field; did you mean %q?", s)
				} else {
					c.fail(p, "unknown field; remove it (known fields: %s)", strings.Join(sorted(names), ", "))
				}
				delete(obj, k)
				continue
			}
			// Older configs write "port": "" for "no port".
			if t == reflect.TypeOf(Container{}) && k == "port" {
				if s, ok := obj[k].(string); ok && strings.TrimSpace(s) == "" {
					delete(obj, k)
					continue
				}
			}
			c.check(p, obj[k], f.Type)
			if c.failed[p] {
				delete(obj, k)
			}
		}
	case reflect.Slice:
		arr, ok := v.([]any)
		if !ok {
			c.fail(path, "expected a list, got %s; write [ ... ]", describe(v))
			return
		}
		for i, e := range arr {
			p := fmt.Sprintf("%s[%d]", path, i)
			c.check(p, e, t.Elem())
			if c.failed[p] {
				arr[i] = nil
				c.dropped = true
			}
		}
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			c.fail(path, "expected an object, got %s; write { \"key\": value }", describe(v))
			return
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			// Older configs write payment amounts as JSON numbers (wei,
			// beyond 2^53): keep their exact digits as the string amount.
			if n, ok := obj[k].(json.Number); ok && legacyPath(path) == "containers.accepted_payments" {
				obj[k] = n.String()
			}
			c.check(join(path, k), obj[k], t.Elem())
			if c.failed[join(path, k)] {
				delete(obj, k)
			}
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			c.fail(path, "expected true or false, got %s; %s", describe(v), fixQuoted(v, "true or false", func(s string) bool { _, err := strconv.ParseBool(s); return err == nil }))
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			c.fail(path, "expected a string, got %s; put the value in double quotes", describe(v))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(json.Number)
		if !ok {
			c.fail(path, "expected a whole number, got %s; %s", describe(v), fixQuoted(v, "a whole number such as 4000", isInt))
			return
		}
		i, err := strconv.ParseInt(n.String(), 10, 64)
		if err != nil || reflect.Zero(t).OverflowInt(i) {
			c.fail(path, "%s is not a whole number in range; write an integer", n)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := v.(json.Number)
		if !ok {
			c.fail(path, "expected a whole number, got %s; %s", describe(v), fixQuoted(v, "a whole number such as 4000", isInt))
			return
		}
		u, err := strconv.ParseUint(n.String(), 10, 64)
		if err != nil || reflect.Zero(t).OverflowUint(u) {
			c.fail(path, "%s is not a non-negative whole number in range; write an integer >= 0", n)
		}
	case reflect.Float32, reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			c.fail(path, "expected a number, got %s; %s", describe(v), fixQuoted(v, "a number such as 1.5", func(s string) bool { _, err := strconv.ParseFloat(s, 64); return err == nil }))
			return
		}
		if _, err := strconv.ParseFloat(n.String(), 64); err != nil {
			c.fail(path, "%s is out of range; write a smaller number", n)
		}
	default:
		c.fail(path, "cannot be configured")
	}
}

type fieldInfo struct{ Type reflect.Type }

func structFields(t reflect.Type) map[string]fieldInfo {
	out := make(map[string]fieldInfo, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := f.Name
		if tag, ok := f.Tag.Lookup("json"); ok {
			n, _, _ := strings.Cut(tag, ",")
			if n == "-" {
				continue
			}
			if n != "" {
				name = n
			}
		}
		out[name] = fieldInfo{Type: f.Type}
	}
	return out
}

// fixQuoted is the advice for a value of the wrong JSON type: a string that
// would be right without its quotes is told so; anything else is told what
// to write (want) instead.
func fixQuoted(v any, want string, valid func(string) bool) string {
	if s, ok := v.(string); ok && valid(strings.TrimSpace(s)) {
		return "write it without quotes: " + strings.TrimSpace(s)
	}
	return "write " + want + " (no quotes)"
}

func isInt(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

func describe(v any) string {
	switch x := v.(type) {
	case string:
		if len(x) > 40 {
			x = x[:40] + "..."
		}
		return fmt.Sprintf("string %q", x)
	case json.Number:
		return "number " + x.String()
	case bool:
		return "boolean " + strconv.FormatBool(x)
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

func sorted(s []string) []string {
	sort.Strings(s)
	return s
}

// suggest returns the known name closest to k when it is close enough to be
// a likely typo, else "".
func suggest(k string, names []string) string {
	best, bestD := "", 1<<30
	for _, n := range sorted(names) {
		d := levenshtein(strings.ToLower(k), n)
		if d < bestD {
			best, bestD = n, d
		}
	}
	limit := 2
	if len(k) <= 4 {
		limit = 1
	}
	if bestD <= limit {
		return best
	}
	return ""
}

func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// syntaxProblem turns a decode error into "config: line L, column C: ...".
func syntaxProblem(b []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := position(b, se.Offset)
		return fmt.Sprintf("config: invalid JSON at line %d, column %d: %v; fix the syntax (check for a missing comma or quote)", line, col, se)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) && len(bytes.TrimSpace(b)) == 0 {
		return "config: the file is empty; write a JSON object (see config.example.json)"
	}
	return fmt.Sprintf("config: invalid JSON: %v; fix the syntax", err)
}

func position(b []byte, off int64) (line, col int) {
	if off > int64(len(b)) {
		off = int64(len(b))
	}
	line, col = 1, 1
	for _, c := range b[:off] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}
