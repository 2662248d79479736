package fleet

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"github.com/infernode/infernode/internal/etcdtest"
)

// httpsURL is a loopback https URL on a port free now.
func httpsURL(t *testing.T) string {
	return "https" + strings.TrimPrefix(freeURL(t), "http")
}

// caOnly is a TLS client that trusts the fleet's CA but shows no
// certificate of its own.
func caOnly(t *testing.T, ca string) *tls.Config {
	pem, err := os.ReadFile(ca)
	require.NoError(t, err)
	pool := x509.NewCertPool()
	require.True(t, pool.AppendCertsFromPEM(pem))
	return &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
}

// TestEmbeddedEtcdTLS: the embedded etcd serves its client and peer URLs
// over TLS with client certificates (infernode fleet certs): a member with
// its certificate joins; a client without one is refused at the
// handshake; and a member listening beyond loopback without TLS is
// refused at start.
func TestEmbeddedEtcdTLS(t *testing.T) {
	dir := t.TempDir()
	certs, err := GenerateCerts(dir, []string{"m1", "m2"}, nil)
	require.NoError(t, err)
	again, err := GenerateCerts(dir, []string{"m1", "m2", "m3"}, nil)
	require.NoError(t, err, "a member added later, with the same CA")
	require.Equal(t, certs["m1"], again["m1"])
	m1 := certs["m1"]

	client, peer := httpsURL(t), httpsURL(t)
	e, err := OpenEtcd(context.Background(), EtcdOptions{CA: m1.CA, Cert: m1.Cert, Key: m1.Key,
		Embed: &EmbedOptions{Name: "m1", DataDir: t.TempDir(), ClientURL: client, PeerURL: peer}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = e.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	require.NoError(t, e.Ready(ctx))
	a := member(t, e, "a", 1)
	require.NoError(t, a.Healthy(), "a member with its certificate joins")

	t.Run("without a certificate: refused", func(t *testing.T) {
		hc := &http.Client{Transport: &http.Transport{TLSClientConfig: caOnly(t, m1.CA)}}
		resp, err := hc.Get(client + "/health")
		if err == nil {
			resp.Body.Close()
		}
		require.Error(t, err, "the handshake fails without a client certificate")
		require.Contains(t, err.Error(), "certificate")

		// And the etcd client without one gets nothing either.
		cli, err := clientv3.New(clientv3.Config{Endpoints: []string{client}, TLS: caOnly(t, m1.CA), DialTimeout: 2 * time.Second, Logger: zap.NewNop()})
		if err == nil {
			defer cli.Close()
			rctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			_, err = cli.Put(rctx, "/infernode/t/members/evil", "{}")
		}
		require.Error(t, err, "no write without a certificate")
	})

	t.Run("with a certificate of another CA: refused", func(t *testing.T) {
		other, err := GenerateCerts(filepath.Join(t.TempDir(), "other"), []string{"x"}, nil)
		require.NoError(t, err)
		pair, err := tls.LoadX509KeyPair(other["x"].Cert, other["x"].Key)
		require.NoError(t, err)
		tc := caOnly(t, m1.CA)
		tc.Certificates = []tls.Certificate{pair}
		hc := &http.Client{Transport: &http.Transport{TLSClientConfig: tc}}
		resp, err := hc.Get(client + "/health")
		if err == nil {
			resp.Body.Close()
		}
		require.Error(t, err)
	})

	t.Run("beyond loopback without TLS: refused at start", func(t *testing.T) {
		_, err := OpenEtcd(context.Background(), EtcdOptions{Embed: &EmbedOptions{Name: "x", DataDir: t.TempDir(),
			ClientURL: "http://0.0.0.0:1", PeerURL: freeURL(t)}})
		require.ErrorContains(t, err, "fleet.etcd.embed.client_url http://0.0.0.0:1 listens beyond loopback without TLS")
		require.ErrorContains(t, err, "fleet.etcd.tls")
	})
}

// TestExternalEtcdTLSAndCredentials: an external etcd (Debian's
// etcd-server) with TLS, client certificates and authentication: a member
// with its certificate, user name and password file joins; without the
// password it is refused; without a certificate nothing is reached.
func TestExternalEtcdTLSAndCredentials(t *testing.T) {
	if testing.Short() {
		t.Skip("runs an etcd process")
	}
	dir := t.TempDir()
	certs, err := GenerateCerts(dir, []string{"srv", "m1"}, nil)
	require.NoError(t, err)
	srv := etcdtest.StartTLS(t, &etcdtest.TLS{CA: certs["srv"].CA, Cert: certs["srv"].Cert, Key: certs["srv"].Key})
	tc, err := srv.ClientTLS()
	require.NoError(t, err)
	admin, err := clientv3.New(clientv3.Config{Endpoints: []string{srv.URL}, TLS: tc, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
	require.NoError(t, err)
	ctx := context.Background()
	for _, step := range []func() error{
		func() error { _, err := admin.UserAdd(ctx, "root", "rootpw"); return err },
		func() error { _, err := admin.UserGrantRole(ctx, "root", "root"); return err },
		func() error { _, err := admin.UserAdd(ctx, "fleet", "s3cret"); return err },
		func() error { _, err := admin.RoleAdd(ctx, "fleet"); return err },
		func() error {
			_, err := admin.RoleGrantPermission(ctx, "fleet", "/infernode/", clientv3.GetPrefixRangeEnd("/infernode/"), clientv3.PermissionType(clientv3.PermReadWrite))
			return err
		},
		func() error { _, err := admin.UserGrantRole(ctx, "fleet", "fleet"); return err },
		func() error { _, err := admin.AuthEnable(ctx); return err },
	} {
		require.NoError(t, step())
	}
	require.NoError(t, admin.Close())

	pw := filepath.Join(dir, "password")
	require.NoError(t, os.WriteFile(pw, []byte("s3cret\n"), 0o600))
	m1 := certs["m1"]
	e, err := OpenEtcd(ctx, EtcdOptions{Endpoints: []string{srv.URL}, CA: m1.CA, Cert: m1.Cert, Key: m1.Key, Username: "fleet", PasswordFile: pw})
	require.NoError(t, err)
	t.Cleanup(func() { _ = e.Close() })
	a := member(t, e, "a", 1)
	require.NoError(t, a.Healthy(), "joined with TLS, a certificate and credentials")

	bad := filepath.Join(dir, "wrong")
	require.NoError(t, os.WriteFile(bad, []byte("nope"), 0o600))
	_, err = OpenEtcd(ctx, EtcdOptions{Endpoints: []string{srv.URL}, CA: m1.CA, Cert: m1.Cert, Key: m1.Key, Username: "fleet", PasswordFile: bad})
	require.ErrorContains(t, err, "authentication failed", "a wrong password is refused")

	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: caOnly(t, m1.CA)}}
	resp, err := hc.Get(srv.URL + "/health")
	if err == nil {
		resp.Body.Close()
	}
	require.Error(t, err, "no certificate: refused at the handshake")
}
