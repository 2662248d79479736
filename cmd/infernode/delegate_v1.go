package main

import (
	"context"
	"math/big"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/signer"
)

// buildDelegationV1 builds a delegated subscription in the Infernet SDK v1
// dialect (docs/infernet-v1.md): the reference node's body, its pipeline
// named by the SDK's containerId hash, signed over the SDK's
// DelegateSubscription for its EIP712Coordinator.
func buildDelegationV1(o *delegateOpts) (*delegation, error) {
	fs := o.fs
	// An SDK subscription has neither inputs nor gas limits: say so rather
	// than sign something other than what was asked for.
	for _, name := range []string{"inputs", "max-gas-price", "max-gas-limit"} {
		if setFlag(fs, name) {
			return nil, usagef(fs, "--%s: an Infernet SDK v1 subscription has no inputs or gas limits (the node reads inputs from the owner's getContainerInputs); leave it out with --infernet-v1", name)
		}
	}
	req := &infernetv1.DelegatedRequest{Data: []byte(o.data)}
	if o.file != "" {
		var err error
		if req, err = delegateFile(o.file, req.Data, infernetv1.DecodeDelegated, " (an Infernet SDK v1 body, containers the containerId hash)"); err != nil {
			return nil, err
		}
	} else {
		req.Sub.PaymentAmount = new(big.Int)
	}
	sub := &req.Sub
	if err := o.shared(sharedSub{&sub.Owner, &sub.ActiveAt, &sub.Period, &sub.Frequency, &sub.Redundancy, &req.Data}); err != nil {
		return nil, err
	}
	if o.set("containers") {
		ids := coordinator.SplitContainers(o.containers)
		if len(ids) == 0 {
			return nil, usagef(fs, "--containers is required (or containers in --file)")
		}
		sub.ContainerId = infernetv1.ContainerID(ids...)
	}
	coord := inetv1abi.NewEIP712Coordinator()
	return &delegation{
		dialect: "Infernet SDK v1 body",
		sign: func(ctx context.Context, s signer.Signer, chainID *big.Int, addr common.Address, nonce, now, expiry uint32) ([]byte, error) {
			req.Nonce, req.Expiry = nonce, expiry
			if req.Sub.ActiveAt == 0 {
				// The SDK stores a delegated subscription as signed, its
				// intervals counted from activeAt: "active now" is now.
				req.Sub.ActiveAt = now
			}
			ds := infernetv1.DelegateSubscription{Nonce: nonce, Expiry: expiry, Sub: req.Sub}
			sig, err := signTyped(ctx, s, ds.TypedData(infernetv1.Domain{ChainID: chainID, Coordinator: addr}))
			if err != nil {
				return nil, err
			}
			req.Sig = sig
			return infernetv1.EncodeDelegated(req)
		},
		createdID: func(nonce uint32) idCall {
			return idCall{coord.PackDelegateCreatedIds(infernetv1.DelegateKey(sub.Owner, nonce)), coord.UnpackDelegateCreatedIds}
		},
	}, nil
}
