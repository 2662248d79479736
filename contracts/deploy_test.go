package contracts_test

import (
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/exampleconsumerabi"
)

func TestDeploySimulated(t *testing.T) {
	e := newEnv(t)
	require.Equal(t, uint64(1337), e.dep.ChainID)
	require.Equal(t, addrOf(e.deployer), e.dep.Deployer)
	require.Equal(t, addrOf(e.deployer), e.dep.ConsumerSigner, "signer defaults to the deployer")

	consumer := exampleconsumerabi.NewExampleConsumer()
	inst := consumer.Instance(e.client, e.dep.ExampleConsumer)
	signer, err := bind.Call(inst, nil, consumer.PackGetSigner(), consumer.UnpackGetSigner)
	require.NoError(t, err)
	require.Equal(t, addrOf(e.deployer), signer)
	coord, err := bind.Call(inst, nil, consumer.PackCOORDINATOR(), consumer.UnpackCOORDINATOR)
	require.NoError(t, err)
	require.Equal(t, e.dep.Coordinator, coord)
}
