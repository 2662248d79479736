// Package guard decides whether the node may spend on a chain delivery, and
// remembers what failed deliveries cost: nobody makes the node pay for what
// the operator did not agree to (docs/relay.md, "What serving costs, and
// how to bound it").
//
// The relay asks it at each decision point of a delivery: before anything
// is read or run (Check: cancelled, unpaid gas above chain.unpaid.max_gas,
// a period shorter than two block times, the fee cap below the next base
// fee, the interval past chain.interval_deadline, the subscription or its
// owner backing off, the owner's unpaid gas for the day spent), before it
// sends (Charge: the gas asked is taken from the owner's rolling day budget)
// and after the outcome (Record: a failure backs the subscription and its
// owner off exponentially; the charge is corrected to the gas used).
//
// Time is the chain's: every method takes the time it is to judge by (the
// latest block's), so back-off and budgets follow block time, survive
// restarts (records persist in the node's store, under relay/guard/) and
// tests drive them by producing blocks.
//
// What a stranger can make it hold is bounded: one record per tracked
// subscription and per owner with recent failures or unpaid gas, each of
// fixed size, swept when they no longer matter (Sweep); Waiting holds at
// most chain.delegated.max_pending delegated requests in one heap, with no
// goroutine each; Fair hands worker slots to owners in turn.
package guard
