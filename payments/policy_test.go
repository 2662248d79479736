package payments

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"
)

func TestPolicyCheck(t *testing.T) {
	erc := common.HexToAddress("0x00000000000000000000000000000000000000e2")
	other := common.HexToAddress("0x00000000000000000000000000000000000000ff")
	ver := common.HexToAddress("0x00000000000000000000000000000000000000a1")
	p, err := NewPolicy([]Accepted{
		{Container: "paid", Payments: map[string]string{"0x0000000000000000000000000000000000000000": "100", erc.Hex(): "5"}},
		{Container: "paid2", Payments: map[string]string{"0x0000000000000000000000000000000000000000": "0x10"}},
		{Container: "free"},
		{Container: "zero", Payments: map[string]string{"0x0000000000000000000000000000000000000000": "0"}},
	}, []string{ver.Hex()})
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		r    Request
		ok   bool
	}{
		{"unpaid on a free container", Request{Containers: []string{"free"}}, true},
		{"paid on a free container", Request{Containers: []string{"free"}, Amount: big.NewInt(1)}, false},
		{"native, exact minimum", Request{Containers: []string{"paid"}, Amount: big.NewInt(100)}, true},
		{"native, below minimum", Request{Containers: []string{"paid"}, Amount: big.NewInt(99)}, false},
		{"erc20 listed", Request{Containers: []string{"paid"}, Token: erc, Amount: big.NewInt(5)}, true},
		{"unlisted token", Request{Containers: []string{"paid"}, Token: other, Amount: big.NewInt(1000)}, false},
		{"unpaid on a paid container", Request{Containers: []string{"paid"}}, false},
		{"pipeline sums minimums", Request{Containers: []string{"paid", "paid2"}, Amount: big.NewInt(116)}, true},
		{"pipeline below the sum", Request{Containers: []string{"paid", "paid2"}, Amount: big.NewInt(115)}, false},
		{"pipeline token not listed by every paid container", Request{Containers: []string{"paid", "paid2"}, Token: erc, Amount: big.NewInt(1000)}, false},
		{"pipeline with a free container and a payment", Request{Containers: []string{"paid", "free"}, Amount: big.NewInt(1000)}, false},
		{"minimum 0 serves unpaid", Request{Containers: []string{"zero"}}, true},
		{"listed verifier", Request{Containers: []string{"free"}, Verifier: ver}, true},
		{"unlisted verifier", Request{Containers: []string{"free"}, Verifier: other}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := p.Check(tc.r)
			if tc.ok {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
			}
		})
	}
	var none *Policy
	require.NoError(t, none.Check(Request{Containers: []string{"free"}}))
	require.Error(t, none.Check(Request{Containers: []string{"free"}, Amount: big.NewInt(1)}))
	require.Error(t, none.Check(Request{Containers: []string{"free"}, Verifier: ver}))
	require.ErrorContains(t, p.Check(Request{Containers: []string{"paid"}, Token: other, Amount: big.NewInt(1)}), "not in accepted_payments")
}
