package fleet

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// CertFiles are the PEM files `infernode fleet certs` writes for one
// member: the fleet's CA, and the member's certificate and key (for its
// etcd client, and for its embedded etcd member's client and peer URLs).
type CertFiles struct {
	CA   string `json:"ca"`
	Cert string `json:"cert"`
	Key  string `json:"key"`
}

// certValidity is how long the generated certificates hold.
const certValidity = 5 * 365 * 24 * time.Hour

// GenerateCerts writes a CA (ca.pem, ca-key.pem) and, for each member, a
// certificate and key (<member>.pem, <member>-key.pem) into dir, valid for
// hosts (IP addresses or DNS names; loopback always) as server and as
// client: every member's etcd trusts only certificates of this CA. The CA
// key stays in dir for adding members later; keep it off the members.
// Existing files are not overwritten.
func GenerateCerts(dir string, members, hosts []string) (map[string]CertFiles, error) {
	if len(members) == 0 {
		return nil, errors.New("fleet certs: name at least one member (--members m1,m2,m3)")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("fleet certs: %w", err)
	}
	caKey, caCert, err := loadOrMakeCA(dir)
	if err != nil {
		return nil, err
	}
	out := map[string]CertFiles{}
	for _, m := range members {
		if m == "" || strings.ContainsAny(m, `/\ `) {
			return nil, fmt.Errorf("fleet certs: member name %q: a node id without '/', '\\' or spaces", m)
		}
		files := CertFiles{CA: filepath.Join(dir, "ca.pem"), Cert: filepath.Join(dir, m+".pem"), Key: filepath.Join(dir, m+"-key.pem")}
		if _, err := os.Stat(files.Cert); err == nil {
			out[m] = files
			continue
		}
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			return nil, err
		}
		tmpl := &x509.Certificate{
			SerialNumber: serial(), Subject: pkix.Name{CommonName: m, Organization: []string{"infernode fleet"}},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(certValidity),
			KeyUsage:    x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
			ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
			IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback}, DNSNames: []string{"localhost", m},
		}
		for _, h := range hosts {
			if ip := net.ParseIP(h); ip != nil {
				tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
			} else if h != "" {
				tmpl.DNSNames = append(tmpl.DNSNames, h)
			}
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, caCert, &key.PublicKey, caKey)
		if err != nil {
			return nil, fmt.Errorf("fleet certs: sign %s's certificate: %w", m, err)
		}
		if err := writePEM(files.Key, "EC PRIVATE KEY", mustMarshalEC(key), 0o600); err != nil {
			return nil, err
		}
		if err := writePEM(files.Cert, "CERTIFICATE", der, 0o644); err != nil {
			return nil, err
		}
		out[m] = files
	}
	return out, nil
}

func loadOrMakeCA(dir string) (*ecdsa.PrivateKey, *x509.Certificate, error) {
	certPath, keyPath := filepath.Join(dir, "ca.pem"), filepath.Join(dir, "ca-key.pem")
	if cb, err := os.ReadFile(certPath); err == nil {
		kb, err := os.ReadFile(keyPath)
		if err != nil {
			return nil, nil, fmt.Errorf("fleet certs: %s exists but its key does not: %w", certPath, err)
		}
		cblock, _ := pem.Decode(cb)
		kblock, _ := pem.Decode(kb)
		if cblock == nil || kblock == nil {
			return nil, nil, fmt.Errorf("fleet certs: %s or %s is not PEM", certPath, keyPath)
		}
		cert, err := x509.ParseCertificate(cblock.Bytes)
		if err != nil {
			return nil, nil, fmt.Errorf("fleet certs: %s: %w", certPath, err)
		}
		key, err := x509.ParseECPrivateKey(kblock.Bytes)
		if err != nil {
			return nil, nil, fmt.Errorf("fleet certs: %s: %w", keyPath, err)
		}
		return key, cert, nil
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial(), Subject: pkix.Name{CommonName: "infernode fleet CA", Organization: []string{"infernode fleet"}},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(certValidity),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, fmt.Errorf("fleet certs: make the CA: %w", err)
	}
	cert, _ := x509.ParseCertificate(der)
	if err := writePEM(keyPath, "EC PRIVATE KEY", mustMarshalEC(key), 0o600); err != nil {
		return nil, nil, err
	}
	if err := writePEM(certPath, "CERTIFICATE", der, 0o644); err != nil {
		return nil, nil, err
	}
	return key, cert, nil
}

func serial() *big.Int {
	n, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	return n
}

func mustMarshalEC(k *ecdsa.PrivateKey) []byte {
	b, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		panic(err) // a P-256 key always marshals
	}
	return b
}

func writePEM(path, typ string, der []byte, mode os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return fmt.Errorf("fleet certs: %w", err)
	}
	if err := pem.Encode(f, &pem.Block{Type: typ, Bytes: der}); err != nil {
		f.Close()
		return fmt.Errorf("fleet certs: write %s: %w", path, err)
	}
	return f.Close()
}
