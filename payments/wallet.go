package payments

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// ErrCannotPay: a wallet lacks the allowance or the funds for a payment
// now; the delivery is not sent and is tried again later.
var ErrCannotPay = errors.New("wallet cannot pay")

// State is what a Wallet holds for one spender and token, as a
// Coordinator's dialect reads it (coordinator/ours, coordinator/infernetv1).
type State struct {
	Balance, Locked, Allowance *big.Int
	// LockedUnknown: the Wallet does not expose its locked balance (an
	// Infernet SDK v1 Wallet); Locked is zero.
	LockedUnknown bool
}

// Unlocked is what can be moved or withdrawn.
func (s State) Unlocked() *big.Int { return new(big.Int).Sub(s.Balance, s.Locked) }

// CanPayFrom returns nil when a wallet in state s can move amount of token
// for spender now, else an error wrapping ErrCannotPay naming what is short.
func CanPayFrom(s State, wallet, spender, token common.Address, amount *big.Int) error {
	if s.Allowance.Cmp(amount) < 0 {
		return fmt.Errorf("%w: wallet %s allows %s only %s of %s, needs %s", ErrCannotPay, wallet.Hex(), spender.Hex(), s.Allowance, TokenName(token), amount)
	}
	if s.Unlocked().Cmp(amount) < 0 {
		return fmt.Errorf("%w: wallet %s holds %s unlocked of %s, needs %s", ErrCannotPay, wallet.Hex(), s.Unlocked(), TokenName(token), amount)
	}
	return nil
}

// CollateralApproval is the allowance a node gives itself in its own
// Wallet for collateral: the maximum, so it is sent once (locks give the
// allowance back when they are released; only a slash spends it).
var CollateralApproval = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
