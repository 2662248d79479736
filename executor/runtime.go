package executor

import (
	"context"
)

// Endpoint is where the node reaches one container over the container
// protocol (docs/container-protocol.md).
type Endpoint struct {
	// URL is the base URL, without a trailing slash; the node POSTs to
	// URL+"/service_output" and GETs URL+"/service-resources".
	URL string
	// Bearer, when non-empty, is sent as "Authorization: Bearer <Bearer>".
	Bearer string
}

// ContainerState is what /info, /health, logs and metrics report about one
// container.
type ContainerState struct {
	ID       string `json:"id"`
	Ready    bool   `json:"ready"`
	State    string `json:"state"` // e.g. "running", "starting", "restarting", "exited", "external"
	Restarts int    `json:"restarts"`
	Error    string `json:"error,omitempty"`
	// Replicas is set by runtimes that run a container as several
	// replicas (docker.mode "swarm").
	Replicas *Replicas `json:"replicas,omitempty"`
}

// Replicas counts one container's replicas.
type Replicas struct {
	Desired int `json:"desired"` // configured (containers[].replicas)
	Running int `json:"running"` // tasks the engine reports running
	Ready   int `json:"ready"`   // running and answering: jobs go to these
}

// Runtime provides the containers the node serves: it makes them ready, says
// where to reach them, and reports their state. Implementations: the
// unmanaged runtime (containers already running, manage_containers: false)
// and the Docker runtime (package executor/docker).
//
// All methods are safe for concurrent use. The caller that called Start
// must call Stop.
type Runtime interface {
	// Start brings every configured container to the ready state, or
	// returns an error naming the container that could not be made ready.
	Start(ctx context.Context) error
	// Endpoint returns where container id is reached. It fails for an
	// unknown id or a container that is not ready.
	Endpoint(id string) (Endpoint, error)
	// States reports every configured container, in configuration order.
	States() []ContainerState
	// Stop releases what Start acquired (managed containers are stopped and
	// removed unless configured to be kept).
	Stop(ctx context.Context) error
}

// Picker is implemented by a runtime that runs a container as several
// replicas (executor/docker's Swarm runtime). The executor then asks it for
// a replica per call instead of calling Endpoint and reports when the call
// ended, and whether the connection failed (refused, reset, closed before a
// reply). When no connection could be made at all (the job was never sent)
// it asks for another replica and sends the job there. A job whose request
// was written to a connection is never sent again: it fails.
type Picker interface {
	// Pick returns a ready replica of container id (the runtime balances
	// across them) and done, which the caller must call exactly once when
	// the call ended: unreachable reports that the connection failed, so
	// the runtime drops the replica at once.
	Pick(id string) (ep Endpoint, done func(unreachable bool), err error)
}

// ImageIDer is implemented by the runtimes that run the containers from
// images they pull (the Docker engine and swarm runtimes): the content
// address of the image container id runs, "" where unknown. The response
// cache keys on it, so a new image behind the same tag is a new key.
type ImageIDer interface {
	ImageID(id string) string
}
