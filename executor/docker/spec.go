package docker

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/infernode/infernode/executor"
)

// Labels the runtime puts on every container it creates. A container with
// the managed label and the node's prefix is the node's to reuse or remove.
const (
	LabelManaged    = "infernode.managed"
	LabelPrefix     = "infernode.prefix"
	LabelContainer  = "infernode.container"
	LabelConfigHash = "infernode.config-hash"
	LabelImageID    = "infernode.image-id"
)

const defaultContainerPort = 3000

// spec is the part of a container's configuration that decides what Docker
// runs, parsed and checked once in New.
type spec struct {
	id            string
	name          string // Docker container name
	image         string
	env           []string // sorted KEY=VALUE
	cmd           []string // nil: the image's default
	containerPort int
	hostPort      int      // 0: pick a free one
	binds         []string // absolute host:container[:ro|rw]
	gpu           bool
	readyTimeout  time.Duration // 0: Options.ReadyTimeout
}

var invalidNameChars = regexp.MustCompile(`[^a-zA-Z0-9_.-]`)

// newSpec checks container i of the configuration; errors name the field
// and the fix.
func newSpec(i int, c executor.Container, prefix string) (*spec, error) {
	field := func(f string) string { return fmt.Sprintf("containers[%d].%s", i, f) }
	s := &spec{
		id:            c.ID,
		name:          prefix + "infernode-" + invalidNameChars.ReplaceAllString(c.ID, "_"),
		image:         strings.TrimSpace(c.Image),
		containerPort: c.ContainerPort,
		readyTimeout:  c.ReadyTimeout,
		gpu:           c.GPU,
	}
	if c.ID == "" {
		return nil, fmt.Errorf("%s: required: give the container an id", field("id"))
	}
	if s.image == "" {
		return nil, fmt.Errorf("%s: required for a managed container: set an image, or a url for a service the node does not run", field("image"))
	}
	if s.containerPort == 0 {
		s.containerPort = defaultContainerPort
	}
	if s.containerPort < 1 || s.containerPort > 65535 {
		return nil, fmt.Errorf("%s: %d is not a port: use 1-65535 (default %d)", field("container_port"), c.ContainerPort, defaultContainerPort)
	}
	if p := strings.TrimSpace(c.Port); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("%s: %q is not a port: use 1-65535, or leave it out to get a free one", field("port"), p)
		}
		s.hostPort = n
	}
	for k, v := range c.Env {
		if k == "" || strings.ContainsAny(k, "=\x00") {
			return nil, fmt.Errorf("%s: %q is not a variable name: drop the '=' or NUL", field("env"), k)
		}
		s.env = append(s.env, k+"="+v)
	}
	slices.Sort(s.env)
	cmd, err := splitCommand(c.Command)
	if err != nil {
		return nil, fmt.Errorf("%s: %v: fix the quoting", field("command"), err)
	}
	s.cmd = cmd
	for j, v := range c.Volumes {
		b, err := parseVolume(v)
		if err != nil {
			return nil, fmt.Errorf("%s[%d]: %q: %v", field("volumes"), j, v, err)
		}
		s.binds = append(s.binds, b)
	}
	return s, nil
}

// parseVolume turns "host:container[:ro|rw]" into a Docker bind with an
// absolute host path; a relative host path is taken from the working
// directory (Docker would otherwise read it as a named volume).
func parseVolume(v string) (string, error) {
	parts := strings.Split(v, ":")
	if len(parts) < 2 || len(parts) > 3 || parts[0] == "" || parts[1] == "" {
		return "", fmt.Errorf(`want "host_path:container_path" or "host_path:container_path:ro"`)
	}
	if !strings.HasPrefix(parts[1], "/") {
		return "", fmt.Errorf("container path %q must be absolute", parts[1])
	}
	host, err := filepath.Abs(parts[0])
	if err != nil {
		return "", fmt.Errorf("host path: %v", err)
	}
	b := host + ":" + parts[1]
	if len(parts) == 3 {
		if parts[2] != "ro" && parts[2] != "rw" {
			return "", fmt.Errorf(`mode %q: use "ro" or "rw"`, parts[2])
		}
		b += ":" + parts[2]
	}
	return b, nil
}

// hash identifies what a container runs: an existing container with the
// same hash is reused, any other is recreated. It covers the resolved image
// ID, so a rebuilt or re-pulled tag also leads to recreation.
func (s *spec) hash(imageID string) string {
	b, _ := json.Marshal(struct {
		ImageID       string
		Env, Cmd      []string
		ContainerPort int
		HostPort      int
		Binds         []string
		GPU           bool
	}{imageID, s.env, s.cmd, s.containerPort, s.hostPort, s.binds, s.gpu})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}
