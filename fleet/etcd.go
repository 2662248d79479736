package fleet

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"go.etcd.io/etcd/client/pkg/v3/transport"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
)

// EtcdOptions say which etcd the fleet uses: an existing cluster
// (Endpoints) or a member run inside this process (Embed).
type EtcdOptions struct {
	Endpoints    []string
	Username     string
	PasswordFile string
	// TLS files (PEM): CA to trust, and the client's certificate and key.
	CA, Cert, Key string
	Embed         *EmbedOptions
}

// EmbedOptions configure the etcd member a node runs itself
// (fleet.etcd.embed).
type EmbedOptions struct {
	Name           string
	DataDir        string
	ClientURL      string
	PeerURL        string
	InitialCluster string // name=peer_url,...
	// TLS, when set, serves the client and peer URLs (https) with these
	// files and asks every client and peer for a certificate of the CA
	// (infernode fleet certs). Without it the member listens on loopback
	// only.
	TLS *CertFiles
}

// Etcd is a client of the fleet's etcd, and the embedded member when the
// node runs one.
type Etcd struct {
	Client *clientv3.Client
	member *embed.Etcd
	stop   sync.Once
}

// Close closes the client, then stops the embedded member.
func (e *Etcd) Close() error {
	err := e.Client.Close()
	e.Stop()
	return err
}

// Stop stops the embedded member, once (tests: an etcd that went away);
// the client stays.
func (e *Etcd) Stop() {
	e.stop.Do(func() {
		if e.member != nil {
			e.member.Close()
		}
	})
}

// OpenEtcd starts the embedded member if asked (its cluster's quorum need
// not be up yet: the client waits for it) and dials the cluster.
func OpenEtcd(ctx context.Context, o EtcdOptions) (*Etcd, error) {
	e := &Etcd{}
	endpoints := o.Endpoints
	if o.Embed != nil {
		if o.Embed.TLS == nil && (o.CA != "" || o.Cert != "") {
			o.Embed.TLS = &CertFiles{CA: o.CA, Cert: o.Cert, Key: o.Key}
		}
		m, err := startEmbedded(*o.Embed)
		if err != nil {
			return nil, err
		}
		e.member = m
		endpoints = []string{o.Embed.ClientURL}
	}
	if len(endpoints) == 0 {
		return nil, errors.New("fleet: fleet.etcd: endpoints or embed is required")
	}
	cfg := clientv3.Config{Endpoints: endpoints, DialTimeout: 5 * time.Second, Logger: zap.NewNop(),
		DialKeepAliveTime: 2 * time.Second, DialKeepAliveTimeout: 2 * time.Second, Username: o.Username}
	if o.PasswordFile != "" {
		b, err := os.ReadFile(o.PasswordFile)
		if err != nil {
			e.Stop()
			return nil, fmt.Errorf("fleet: fleet.etcd.password_file: %w", err)
		}
		cfg.Password = strings.TrimSpace(string(b))
	}
	if o.CA != "" || o.Cert != "" {
		tc, err := tlsConfig(o)
		if err != nil {
			e.Stop()
			return nil, err
		}
		cfg.TLS = tc
	}
	cli, err := clientv3.New(cfg)
	if err != nil {
		e.Stop()
		return nil, fmt.Errorf("fleet: dial etcd %v: %w", endpoints, err)
	}
	e.Client = cli
	return e, nil
}

func tlsConfig(o EtcdOptions) (*tls.Config, error) {
	tc := &tls.Config{MinVersion: tls.VersionTLS12}
	if o.CA != "" {
		pem, err := os.ReadFile(o.CA)
		if err != nil {
			return nil, fmt.Errorf("fleet: fleet.etcd.tls.ca: %w", err)
		}
		tc.RootCAs = x509.NewCertPool()
		if !tc.RootCAs.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("fleet: fleet.etcd.tls.ca %s: no PEM certificate in it", o.CA)
		}
	}
	if o.Cert != "" || o.Key != "" {
		pair, err := tls.LoadX509KeyPair(o.Cert, o.Key)
		if err != nil {
			return nil, fmt.Errorf("fleet: fleet.etcd.tls.cert/key: %w", err)
		}
		tc.Certificates = []tls.Certificate{pair}
	}
	return tc, nil
}

func startEmbedded(o EmbedOptions) (*embed.Etcd, error) {
	cfg := embed.NewConfig()
	cfg.Name, cfg.Dir = o.Name, o.DataDir
	cu, err := url.Parse(o.ClientURL)
	if err != nil {
		return nil, fmt.Errorf("fleet: fleet.etcd.embed.client_url %q: %w", o.ClientURL, err)
	}
	pu, err := url.Parse(o.PeerURL)
	if err != nil {
		return nil, fmt.Errorf("fleet: fleet.etcd.embed.peer_url %q: %w", o.PeerURL, err)
	}
	if err := embedTLS(cfg, o, cu, pu); err != nil {
		return nil, err
	}
	cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{*cu}, []url.URL{*cu}
	cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{*pu}, []url.URL{*pu}
	cfg.InitialCluster = o.InitialCluster
	if cfg.InitialCluster == "" {
		cfg.InitialCluster = o.Name + "=" + o.PeerURL
	}
	cfg.InitialClusterToken = "infernode"
	cfg.Logger, cfg.LogLevel = "zap", "error"
	cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(zap.NewNop())
	cfg.ListenMetricsUrls = nil
	// A member that already has data rejoins its cluster from it.
	if _, err := os.Stat(o.DataDir + "/member"); err == nil {
		cfg.ClusterState = embed.ClusterStateFlagExisting
	}
	m, err := embed.StartEtcd(cfg)
	if err != nil {
		return nil, fmt.Errorf("fleet: start the embedded etcd member %q: %w", o.Name, err)
	}
	return m, nil
}

// embedTLS serves the embedded member's URLs with TLS and client
// certificates when o.TLS is set, and refuses URLs beyond loopback
// without it: etcd is not a trust boundary by itself.
func embedTLS(cfg *embed.Config, o EmbedOptions, cu, pu *url.URL) error {
	if o.TLS == nil {
		for field, u := range map[string]*url.URL{"client_url": cu, "peer_url": pu} {
			if u.Scheme == "https" {
				return fmt.Errorf("fleet: fleet.etcd.embed.%s %s is https: set fleet.etcd.tls {ca, cert, key} (infernode fleet certs makes them)", field, u)
			}
			if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
				return fmt.Errorf("fleet: fleet.etcd.embed.%s %s listens beyond loopback without TLS: anyone who reaches it could steer the fleet; set fleet.etcd.tls {ca, cert, key} (infernode fleet certs makes them) and https URLs", field, u)
			}
		}
		return nil
	}
	for field, u := range map[string]*url.URL{"client_url": cu, "peer_url": pu} {
		if u.Scheme != "https" {
			return fmt.Errorf("fleet: fleet.etcd.embed.%s %s: with fleet.etcd.tls set, use an https URL", field, u)
		}
	}
	info := transport.TLSInfo{CertFile: o.TLS.Cert, KeyFile: o.TLS.Key, TrustedCAFile: o.TLS.CA, ClientCertAuth: true}
	cfg.ClientTLSInfo, cfg.PeerTLSInfo = info, info
	return nil
}

// Ready waits for the embedded member to serve (its cluster has a leader).
func (e *Etcd) Ready(ctx context.Context) error {
	if e.member == nil {
		return nil
	}
	select {
	case <-e.member.Server.ReadyNotify():
		return nil
	case err := <-e.member.Err():
		return fmt.Errorf("fleet: embedded etcd member: %w", err)
	case <-ctx.Done():
		return fmt.Errorf("fleet: embedded etcd member not ready (no quorum yet?): %w", ctx.Err())
	}
}
