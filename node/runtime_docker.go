package node

import (
	"log/slog"
	"os"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/executor/docker"
	"github.com/infernode/infernode/internal/config"
)

// DockerPrefixEnv names the environment variable whose value is put before
// every managed container's name (and recorded in its labels), so that
// several nodes, or test runs, can share one Docker engine.
const DockerPrefixEnv = "INFERNODE_DOCKER_PREFIX"

// The Docker runtime (package executor/docker) runs the containers when
// manage_containers is true and Options.NewManagedRuntime is nil.
func init() { newManagedRuntime = newDockerRuntime }

// newDockerRuntime builds the Docker runtime from the node's configuration:
// registry auth from "docker", keep_containers, the engine from DOCKER_HOST
// or the default socket, and the runtime's documented default timeouts.
// With docker.mode "swarm" the containers run as Swarm services instead.
func newDockerRuntime(cfg *config.Config, log *slog.Logger) (executor.Runtime, error) {
	opts := docker.Options{
		Auth:           dockerAuth(cfg.Docker),
		KeepContainers: cfg.KeepContainers,
		NamePrefix:     os.Getenv(DockerPrefixEnv),
		Logger:         log.With("component", "docker"),
	}
	if cfg.Swarm() {
		return docker.NewSwarm(ExecutorContainers(cfg.Containers), opts)
	}
	return docker.New(ExecutorContainers(cfg.Containers), opts)
}
