package access

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

const (
	owner    = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
	delegate = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
)

func testGuardian() *Guardian {
	return NewGuardian([]Container{
		{ID: "open", External: true},
		{ID: "internal"},
		{ID: "prover", External: true, GeneratesProofs: true},
		{ID: "v4", External: true, AllowedIPs: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.7/32")}},
		{ID: "v6", External: true, AllowedIPs: []netip.Prefix{netip.MustParsePrefix("fd00::/8"), netip.MustParsePrefix("::1/128")}},
		{ID: "owned", External: true, AllowedAddresses: []string{owner}, AllowedDelegateAddresses: []string{delegate}},
	})
}

func TestCheckOffchain(t *testing.T) {
	g := testGuardian()
	for _, tc := range []struct {
		name       string
		client     string
		containers []string
		proof      bool
		want       *job.Error
	}{
		{"ok", "1.2.3.4", []string{"open"}, false, nil},
		{"chain ok", "1.2.3.4", []string{"open", "internal"}, false, nil},
		{"none", "1.2.3.4", nil, false, job.Reject(job.CodeInvalid, "No containers specified")},
		{"unknown before external", "1.2.3.4", []string{"internal", "nope"}, false, job.Reject(job.CodeInvalid, "Container not supported", "container", "nope")},
		{"first not external", "1.2.3.4", []string{"internal", "open"}, false, job.Reject(job.CodeForbidden, "First container must be external", "first_container", "internal")},
		{"proof from last", "1.2.3.4", []string{"prover", "open"}, true, job.Reject(job.CodeInvalid, "Container does not generate proof", "container", "open")},
		{"proof ok", "1.2.3.4", []string{"open", "prover"}, true, nil},
		{"proof checked before ip", "8.8.8.8", []string{"v4"}, true, job.Reject(job.CodeInvalid, "Container does not generate proof", "container", "v4")},
		{"cidr allows", "10.1.2.3", []string{"v4"}, false, nil},
		{"plain ip allows", "192.168.1.7", []string{"v4"}, false, nil},
		{"mapped v4 allows", "::ffff:10.9.9.9", []string{"v4"}, false, nil},
		{"ip denied", "192.168.1.8", []string{"v4"}, false, job.Reject(job.CodeForbidden, "Container not allowed for address", "container", "v4", "address", "192.168.1.8")},
		{"ipv6 cidr", "fd12::1", []string{"v6"}, false, nil},
		{"ipv6 loopback", "::1", []string{"v6"}, false, nil},
		{"ipv6 denied", "2001:db8::1", []string{"v6"}, false, job.Reject(job.CodeForbidden, "Container not allowed for address", "container", "v6", "address", "2001:db8::1")},
		{"later container's list applies", "8.8.8.8", []string{"open", "v4"}, false, job.Reject(job.CodeForbidden, "Container not allowed for address", "container", "v4", "address", "8.8.8.8")},
		{"unparseable client denied", "not-an-ip", []string{"v4"}, false, job.Reject(job.CodeForbidden, "Container not allowed for address", "container", "v4", "address", "not-an-ip")},
		{"allowed_addresses do not apply off-chain", "1.2.3.4", []string{"owned"}, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, g.CheckOffchain(tc.client, tc.containers, tc.proof))
		})
	}
}

func TestCheckChain(t *testing.T) {
	g := testGuardian()
	other := "0x0000000000000000000000000000000000000001"
	for _, tc := range []struct {
		name       string
		address    string
		delegated  bool
		containers []string
		want       *job.Error
	}{
		{"owner allowed, any case", "0x5fbdb2315678afecb367f032d93f642f64180aa3", false, []string{"owned"}, nil},
		{"owner denied", other, false, []string{"owned"}, job.Reject(job.CodeForbidden, "Container not allowed for address", "container", "owned", "address", other)},
		{"delegate list for delegated", delegate, true, []string{"owned"}, nil},
		{"owner list does not admit a delegated request", owner, true, []string{"owned"}, job.Reject(job.CodeForbidden, "Container not allowed for address", "container", "owned", "address", owner)},
		{"empty list is everyone", other, false, []string{"open", "internal"}, nil},
		{"ip lists do not apply on chain", other, false, []string{"v4"}, nil},
		{"first external", other, false, []string{"internal"}, job.Reject(job.CodeForbidden, "First container must be external", "first_container", "internal")},
		{"unsupported", other, false, []string{"x"}, job.Reject(job.CodeInvalid, "Container not supported", "container", "x")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, g.CheckChain(tc.address, tc.delegated, tc.containers, false))
		})
	}
	require.True(t, g.Supported("open"))
	require.False(t, g.Supported("nope"))
}
