package config

import (
	"net"
	"net/url"
	"os"
	"strings"
	"time"
)

// DefaultFleetLeaseTTL is fleet.lease_ttl's default.
const DefaultFleetLeaseTTL = 3 * time.Second

// Fleet makes the node a member of a fleet on etcd (docs/fleet.md); absent,
// the node is alone.
type Fleet struct {
	// Name is the fleet's: its etcd keys live under /infernode/<name>/.
	Name string `json:"name"`
	// NodeID is unique in the fleet; default the host name.
	NodeID string `json:"node_id,omitempty"`
	// AdvertiseURL is where the other members reach this node's REST API.
	AdvertiseURL string `json:"advertise_url,omitempty"`
	// LeaseTTL is the member's lease: its work moves to the others this
	// long after it stops answering. Default 3s.
	LeaseTTL Duration  `json:"lease_ttl,omitempty"`
	Etcd     FleetEtcd `json:"etcd"`
}

// FleetEtcd is the fleet's etcd: an existing cluster (Endpoints) or a
// member inside the node (Embed).
type FleetEtcd struct {
	Endpoints    []string    `json:"endpoints,omitempty"`
	Username     string      `json:"username,omitempty"`
	PasswordFile string      `json:"password_file,omitempty"`
	TLS          *FleetTLS   `json:"tls,omitempty"`
	Embed        *FleetEmbed `json:"embed,omitempty"`
}

// FleetTLS are PEM files for the etcd client.
type FleetTLS struct {
	CA   string `json:"ca,omitempty"`
	Cert string `json:"cert,omitempty"`
	Key  string `json:"key,omitempty"`
}

// FleetEmbed is the etcd member a node runs itself.
type FleetEmbed struct {
	Name           string `json:"name"`
	DataDir        string `json:"data_dir"`
	ClientURL      string `json:"client_url"`
	PeerURL        string `json:"peer_url"`
	InitialCluster string `json:"initial_cluster,omitempty"`
}

func (f *Fleet) applyDefaults() {
	if f.NodeID == "" {
		f.NodeID, _ = os.Hostname()
	}
	if f.LeaseTTL == 0 {
		f.LeaseTTL = Duration(DefaultFleetLeaseTTL)
	}
}

func (v *validator) fleet(c *Config) {
	f := c.Fleet
	if f == nil {
		return
	}
	if f.Name == "" || strings.Contains(f.Name, "/") {
		v.fail("fleet.name", "%q: name the fleet (its etcd keys live under /infernode/<name>/), without '/'", f.Name)
	}
	if f.NodeID == "" || strings.Contains(f.NodeID, "/") {
		v.fail("fleet.node_id", "%q: a unique id in the fleet, without '/' (default: the host name)", f.NodeID)
	}
	if f.AdvertiseURL != "" {
		if u, err := url.Parse(f.AdvertiseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			v.fail("fleet.advertise_url", "%q is not an http(s) URL the other members can reach this node's REST API at", f.AdvertiseURL)
		}
	}
	if d := f.LeaseTTL.D(); d < time.Second || d > time.Minute {
		v.fail("fleet.lease_ttl", "%s: use 1s to 1m (default 3s)", d)
	}
	if !c.ChainEnabled() {
		v.fail("fleet", "a fleet shares on-chain work: set chain.enabled to true")
	}
	e := f.Etcd
	switch {
	case len(e.Endpoints) == 0 && e.Embed == nil:
		v.fail("fleet.etcd", "set endpoints (an etcd cluster's client URLs) or embed (a member inside this node)")
	case len(e.Endpoints) > 0 && e.Embed != nil:
		v.fail("fleet.etcd", "set endpoints or embed, not both")
	}
	for i, ep := range e.Endpoints {
		if u, err := url.Parse(ep); err != nil || u.Host == "" {
			v.fail("fleet.etcd.endpoints", "[%d] %q is not a URL (http://host:2379)", i, ep)
		}
	}
	if t := e.TLS; t != nil && (t.CA == "" || t.Cert == "" || t.Key == "") {
		v.fail("fleet.etcd.tls", "set ca, cert and key (PEM files; infernode fleet certs makes them)")
	}
	if m := e.Embed; m != nil {
		for field, s := range map[string]string{"client_url": m.ClientURL, "peer_url": m.PeerURL} {
			u, err := url.Parse(s)
			if err != nil || e.TLS != nil {
				continue
			}
			if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
				v.fail("fleet.etcd.embed."+field, "%q listens beyond loopback without TLS: set fleet.etcd.tls {ca, cert, key} (infernode fleet certs makes them) and https URLs", s)
			}
		}
		if m.Name == "" {
			v.fail("fleet.etcd.embed.name", "name this etcd member (unique in initial_cluster)")
		}
		if m.DataDir == "" {
			v.fail("fleet.etcd.embed.data_dir", "a directory for the member's data")
		}
		for field, s := range map[string]string{"client_url": m.ClientURL, "peer_url": m.PeerURL} {
			if u, err := url.Parse(s); err != nil || u.Host == "" {
				v.fail("fleet.etcd.embed."+field, "%q is not a URL (http://host:port)", s)
			}
		}
	}
}
