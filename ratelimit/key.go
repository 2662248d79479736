package ratelimit

import "net/netip"

// DefaultIPv6Prefix is the prefix length an IPv6 client is keyed by
// (server.rate_limit_ipv6_prefix): one subscriber's allocation, so that an
// address of the 2^64 a /64 holds is not a fresh bucket each.
const DefaultIPv6Prefix = 64

// ClientKey is the bucket key of a client address: an IPv4 address (or an
// IPv4-mapped IPv6 one) as is, an IPv6 address masked to its first
// ipv6Prefix bits (0: DefaultIPv6Prefix). A client that is not an address
// (a name, "unknown") is its own key.
func ClientKey(client string, ipv6Prefix int) string {
	addr, err := netip.ParseAddr(client)
	if err != nil {
		return client
	}
	addr = addr.Unmap()
	if addr.Is4() {
		return addr.String()
	}
	if ipv6Prefix <= 0 || ipv6Prefix > 128 {
		ipv6Prefix = DefaultIPv6Prefix
	}
	p, err := addr.WithZone("").Prefix(ipv6Prefix)
	if err != nil {
		return client
	}
	return p.String()
}
