package access_test

import (
	"fmt"
	"net/netip"

	"github.com/infernode/infernode/access"
)

// The guardian answers with the docs/api.md rejection for an off-chain job.
func ExampleGuardian_CheckOffchain() {
	g := access.NewGuardian([]access.Container{
		{ID: "echo", External: true, AllowedIPs: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}},
		{ID: "post"},
	})
	fmt.Println(g.CheckOffchain("10.1.2.3", []string{"echo", "post"}, false))
	fmt.Println(g.CheckOffchain("192.0.2.1", []string{"echo"}, false))
	fmt.Println(g.CheckOffchain("::1", []string{"post"}, false))
	// Output:
	// <nil>
	// Container not allowed for address map[address:192.0.2.1 container:echo]
	// First container must be external map[first_container:post]
}
