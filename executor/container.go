package executor

import (
	"strconv"
	"strings"
	"time"
)

// Container is one configured container as the executor and its runtimes
// see it (a "containers" entry of the node's configuration, mapped by
// node/): where it runs or is reached, and how it is called.
type Container struct {
	ID string
	// Image is the image a managed runtime runs; empty for a service the
	// node does not run (URL).
	Image string
	// Port is the host port of a managed container ("": a free one).
	Port string
	// URL and Bearer reach a remote or unmanaged service.
	URL, Bearer string
	// Command and Env are the managed container's command line and
	// environment; Volumes its binds ("host:container[:ro]").
	Command string
	Env     map[string]string
	Volumes []string
	GPU     bool
	// Timeout bounds one call (0: DefaultTimeout); ReadyTimeout the wait
	// for a started container to answer (0: the runtime's default).
	Timeout, ReadyTimeout time.Duration
	// ContainerPort is the port the workload listens on inside its
	// container (0: 3000).
	ContainerPort int
	// Replicas is how many tasks of a swarm service run (0: 1).
	Replicas int
	// Cache declares the output a pure function of the input: repeated
	// inputs are answered from the response cache.
	Cache bool
}

// DefaultTimeout bounds a container call whose Container sets no Timeout
// (containers[].timeout's default).
const DefaultTimeout = 2 * time.Minute

// BaseURL is where an unmanaged container is reached over the container
// protocol: URL when set, else http://127.0.0.1:{Port}. No trailing slash.
func (c Container) BaseURL() string {
	if c.URL != "" {
		return strings.TrimRight(c.URL, "/")
	}
	p, err := strconv.Atoi(strings.TrimSpace(c.Port))
	if err != nil {
		p = 0
	}
	return "http://127.0.0.1:" + strconv.Itoa(p)
}
