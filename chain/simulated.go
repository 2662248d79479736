package chain

import (
	"reflect"

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/rpc"
)

// Simulated adapts go-ethereum's simulated backend: a Client over its
// in-process RPC client, which pushes heads and serves batches and block
// receipts as a node does, so tests run the production code path. Closing
// the Client leaves b open.
func Simulated(b *simulated.Backend, o Options) *Client {
	return NewClient([]*rpc.Client{SimulatedRPC(b)}, []string{"simulated"}, o)
}

// SimulatedRPC is the simulated backend's in-process RPC client (tests
// that build several Clients over one simulated chain). Its Client
// interface hides the ethclient.Client it wraps (in a struct whose field
// shadows ethclient's Client method); the field is exported, so reflection
// reads it. go-ethereum's own tests reach the same client through the
// node; the Backend does not expose its node.
func SimulatedRPC(b *simulated.Backend) *rpc.Client {
	v := reflect.ValueOf(b.Client())
	for i := range v.NumField() {
		if ec, ok := v.Field(i).Interface().(*ethclient.Client); ok {
			return ec.Client()
		}
	}
	panic("chain: the simulated backend no longer wraps an ethclient.Client")
}
