package node

import (
	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/executor/docker"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/payments"
)

// The domain packages take options types of their own; these map the
// configuration onto them (the packages never import internal/config).

// ExecutorContainers are cs as the executor and its runtimes take them.
func ExecutorContainers(cs []config.Container) []executor.Container {
	out := make([]executor.Container, len(cs))
	for i, c := range cs {
		out[i] = executor.Container{
			ID: c.ID, Image: c.Image, Port: c.Port.String(), URL: c.URL, Bearer: c.Bearer,
			Command: c.Command, Env: c.Env, Volumes: c.Volumes, GPU: c.GPU,
			Timeout: c.Timeout.D(), ReadyTimeout: c.ReadyTimeout.D(),
			ContainerPort: c.ContainerPort, Replicas: c.Replicas, Cache: c.Cache,
		}
	}
	return out
}

// AccessContainers are cs as the access guardian takes them (allowed_ips
// entries were checked by config.Validate; one that does not parse is
// left out).
func AccessContainers(cs []config.Container) []access.Container {
	out := make([]access.Container, len(cs))
	for i, c := range cs {
		a := access.Container{ID: c.ID, External: c.External, GeneratesProofs: c.GeneratesProofs,
			AllowedAddresses: c.AllowedAddresses, AllowedDelegateAddresses: c.AllowedDelegateAddresses}
		for _, s := range c.AllowedIPs {
			if p, err := config.ParsePrefix(s); err == nil {
				a.AllowedIPs = append(a.AllowedIPs, p)
			}
		}
		out[i] = a
	}
	return out
}

// acceptedPayments are the containers' accepted_payments as the payment
// policy takes them.
func acceptedPayments(cs []config.Container) []payments.Accepted {
	out := make([]payments.Accepted, len(cs))
	for i, c := range cs {
		out[i] = payments.Accepted{Container: c.ID, Payments: c.AcceptedPayments}
	}
	return out
}

// dockerAuth is "docker"'s registry login, nil without one.
func dockerAuth(d *config.Docker) *docker.Auth {
	if d == nil {
		return nil
	}
	return &docker.Auth{Username: d.Username, Password: d.Password}
}

// guardLimits are the spending guard's limits from the chain section.
func guardLimits(ch config.Chain) guard.Limits {
	return guard.Limits{UnpaidMaxGas: ch.Unpaid.MaxGas, OwnerGasPerDay: ch.Unpaid.OwnerGasPerDay,
		GasPerDay: ch.Unpaid.GasPerDay, NewOwnerGasPerDay: ch.Unpaid.NewOwnerGasPerDay,
		MaxInputBytes: ch.MaxInputBytes, IntervalDeadline: ch.IntervalDeadline.D(),
		DelegatedMaxHorizon: ch.Delegated.MaxHorizon.D(), DelegatedMaxPending: ch.Delegated.MaxPending,
		DelegatedMaxPendingPerOwner: ch.Delegated.MaxPendingPerOwner, DelegatedRetention: ch.Delegated.Retention.D(),
		Retention: ch.Retention.D()}
}
