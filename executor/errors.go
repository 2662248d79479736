package executor

import "fmt"

// ContainerError is a failed container call: a non-2xx reply, a body that
// is not JSON, a timeout, a refused connection, or an output whose "code"
// is not 200. Message is what the job's ContainerResult.error shows: the
// container's own message where it gave one.
type ContainerError struct {
	Container string
	Message   string
	// Status is the HTTP status of the reply, 0 when none was received.
	Status int
	// Err is the underlying transport error, if any.
	Err error
}

func (e *ContainerError) Error() string {
	return fmt.Sprintf("container %s: %s", e.Container, e.Message)
}

func (e *ContainerError) Unwrap() error { return e.Err }
