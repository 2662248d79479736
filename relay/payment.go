package relay

import (
	"context"
	"fmt"
	"math/big"

	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/txm"
)

// readyToBePaid checks, before any container runs, that a paid
// subscription's wallet can pay now and, with a verifier, that the node's
// own Wallet can put up the collateral; it tops up the node's collateral
// allowance (one approve, sent through the nonce journal) only when short.
// nil for unpaid subscriptions.
func (dv *deliverer) readyToBePaid(ctx context.Context, s *Sub) error {
	amount := bigOf(s.PaymentAmount)
	if amount == nil || amount.Sign() == 0 {
		return nil
	}
	st, err := dv.d.ReadWallet(ctx, dv.o.Backend, s.Wallet, s.Owner, s.PaymentToken)
	if err != nil {
		return err
	}
	if err := payments.CanPayFrom(st, s.Wallet, s.Owner, s.PaymentToken, amount); err != nil {
		return err
	}
	if s.Verifier == ([20]byte{}) {
		return nil
	}
	st, err = dv.d.ReadWallet(ctx, dv.o.Backend, dv.o.PaymentWallet, dv.me, s.PaymentToken)
	if err != nil {
		return err
	}
	if st.Unlocked().Cmp(amount) < 0 {
		return fmt.Errorf("%w: the node's wallet %s holds %s unlocked for collateral, needs %s", payments.ErrCannotPay, dv.o.PaymentWallet.Hex(), st.Unlocked(), amount)
	}
	if st.Allowance.Cmp(amount) >= 0 {
		return nil
	}
	return dv.topUpCollateral(ctx, s, st.Allowance, amount)
}

// topUpCollateral approves the node's own address for collateral in its
// Wallet. The key names the allowance it replaces, so a restart or a
// second subscription reuses the pending approval instead of sending another.
func (dv *deliverer) topUpCollateral(ctx context.Context, s *Sub, have, need *big.Int) error {
	key := fmt.Sprintf("collateral/%s/%s/%s", dv.o.PaymentWallet.Hex(), s.PaymentToken.Hex(), have)
	rec, err := dv.o.Sender.Send(ctx, txm.Call{
		Key: key, To: dv.o.PaymentWallet,
		Data: dv.d.PackApprove(dv.me, s.PaymentToken, payments.CollateralApproval),
	})
	if err != nil {
		return fmt.Errorf("%w: collateral allowance %s < %s and the approval could not be sent (is the node's key the wallet's owner?): %v", payments.ErrCannotPay, have, need, err)
	}
	dv.o.Logger.Info("relay: collateral allowance topped up", "wallet", dv.o.PaymentWallet, "token", s.PaymentToken, "nonce", rec.Nonce)
	return fmt.Errorf("%w: collateral approval pending (nonce %d)", payments.ErrCannotPay, rec.Nonce)
}
