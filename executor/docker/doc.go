// Package docker is the managed container runtime (manage_containers: true):
// the node runs every configured container itself on a Docker engine through
// github.com/docker/docker/client and implements executor.Runtime on top.
//
// It owns, for the containers of one node: getting images (local first, then
// a pull with the configured registry auth), creating them with the node's
// name and labels (the workload port published on 127.0.0.1 only), reusing an
// identical container and recreating a changed one, waiting until each
// answers HTTP, supervising them (restart with exponential backoff after an
// exit) and stopping and removing them at shutdown (unless kept).
//
// It does not speak the container protocol (package executor does, through
// the Endpoint it returns), validate the rest of the configuration (package
// config) or build the bundled images (workloads/build-images.sh).
//
// With docker.mode "swarm" the Swarm runtime (NewSwarm) runs each container
// instead as a Docker Swarm service of containers[].replicas tasks: it
// creates, reuses, scales or rolls the services, follows their tasks
// (discovery.go), probes each new one over HTTP and balances calls across
// the ready replicas (executor.Picker). Both runtimes share the engine
// connection, image handling and labels (engine.go, image.go, spec.go).
//
// Containers with a url are remote services: the runtime reports them and
// hands out their url, but never touches Docker for them.
package docker
