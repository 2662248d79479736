package node

import (
	"context"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/fleet"
	"github.com/infernode/infernode/rest"
)

// joinFleet makes the node a member of its configured fleet: it starts the
// embedded etcd member if configured, dials the cluster and joins with the
// node's wallet (refused when a live member uses it). Called only when
// fleet is set: a node alone runs no etcd code.
func joinFleet(ctx context.Context, deps ChainDeps, wallet common.Address, sig fleet.Signer, fp fleet.Fingerprint) (*fleet.Fleet, *fleet.Etcd, error) {
	fc := deps.Config.Fleet
	eo := fleet.EtcdOptions{Endpoints: fc.Etcd.Endpoints, Username: fc.Etcd.Username, PasswordFile: fc.Etcd.PasswordFile}
	if t := fc.Etcd.TLS; t != nil {
		eo.CA, eo.Cert, eo.Key = t.CA, t.Cert, t.Key
	}
	if m := fc.Etcd.Embed; m != nil {
		eo.Embed = &fleet.EmbedOptions{Name: m.Name, DataDir: m.DataDir, ClientURL: m.ClientURL, PeerURL: m.PeerURL, InitialCluster: m.InitialCluster}
	}
	e, err := fleet.OpenEtcd(ctx, eo)
	if err != nil {
		return nil, nil, err
	}
	// An embedded member serves once its cluster has a quorum: the other
	// members may be starting too.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	if err := e.Ready(rctx); err != nil {
		_ = e.Close()
		return nil, nil, err
	}
	m, err := fleet.NewMetrics(deps.Registry)
	if err != nil {
		_ = e.Close()
		return nil, nil, fmt.Errorf("fleet metrics: %w", err)
	}
	f, err := fleet.New(fleet.Options{Client: e.Client, Name: fc.Name, NodeID: fc.NodeID, AdvertiseURL: fc.AdvertiseURL,
		Address: wallet, Signer: sig, Fingerprint: fp, LeaseTTL: fc.LeaseTTL.D(), Logger: deps.Logger, Metrics: m})
	if err == nil {
		err = f.Join(rctx)
	}
	if err != nil {
		_ = e.Close()
		return nil, nil, err
	}
	return f, e, nil
}

// fleetInfo is /info.fleet, or nil outside a fleet.
func fleetInfo(f *fleet.Fleet) *rest.FleetInfo {
	if f == nil {
		return nil
	}
	i := f.Info()
	out := &rest.FleetInfo{Name: i.Name, NodeID: i.NodeID, Claimed: i.Claimed, Members: make([]rest.FleetMember, 0, len(i.Members))}
	for _, m := range i.Members {
		out.Members = append(out.Members, rest.FleetMember{NodeID: m.NodeID, Address: m.Address, AdvertiseURL: m.AdvertiseURL, Healthy: m.Healthy})
	}
	return out
}
