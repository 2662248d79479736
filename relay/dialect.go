package relay

import "github.com/infernode/infernode/coordinator"

// Dialect is the Coordinator's dialect the relay serves
// (coordinator.Dialect; the composition root picks one with
// coordinator/dialects).
type Dialect = coordinator.Dialect

// Sub is a subscription the relay tracks (coordinator.Sub, its record on disk).
type Sub = coordinator.Sub

// paid reports whether s pays its deliveries: the listener tracks only
// subscriptions whose payment the node's policy accepts.
func paid(s *Sub) bool { return s.PaymentAmount != nil && s.PaymentAmount.ToInt().Sign() > 0 }
