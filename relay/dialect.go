package relay

import "github.com/infernode/infernode/coordinator"

// Dialect is the Coordinator's dialect the relay serves
// (coordinator.Dialect; the composition root picks one with
// coordinator/dialects).
type Dialect = coordinator.Dialect

// Sub is a subscription the relay tracks (coordinator.Sub, its record on disk).
type Sub = coordinator.Sub
