package chain

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/infernode/infernode/abi/callreaderabi"
)

// ReaderAddress is where ReadCallContract places the CallReader's runtime
// code with a state override: no contract lives there, and the override
// replaces whatever code would.
var ReaderAddress = common.HexToAddress("0x00000000000000000000000000000000C411Eade")

var (
	readerABI  = callreaderabi.NewCallReader()
	readerCode = hexutil.MustDecode(callreaderabi.CallReaderRuntime)
)

// ReadCallContract runs msgs against the latest block in one eth_call: the
// CallReader's code, placed at ReaderAddress with a state override, makes
// each call and returns each one's success flag and return or revert data
// (errs[i] then carries the revert data as an eth_call's revert would, so
// it is decoded by its selector as before). The calls see the CallReader
// as msg.sender and msgs[0].From as tx.origin: for reads that do not
// depend on their sender. An endpoint that refuses the override (an error
// answer, or a result that is not the CallReader's) is remembered and
// asked with BatchCallContract's batch from then on. With a quorum the
// answer is confirmed on a second endpoint as the batch's is.
func (c *Client) ReadCallContract(ctx context.Context, msgs []ethereum.CallMsg) ([][]byte, []error, error) {
	for i, m := range msgs {
		if m.To == nil {
			return nil, nil, fmt.Errorf("eth_call read of %d: call %d has no address", len(msgs), i)
		}
	}
	pin := c.pinHead(ctx)
	block := blockArg(pin)
	v, err := confirmed(ctx, c, "eth_call read", func(callsAnswer) uint64 { return pinNumber(pin) },
		func(ctx context.Context, e *endpoint) (callsAnswer, error) { return c.readOn(ctx, e, block, msgs) },
		// Confirmations of reads at the same block go out together.
		func(ctx context.Context, e *endpoint) (callsAnswer, error) { return c.batchedRead(ctx, e, block, msgs) },
		eqCallsAnswer)
	if err != nil {
		return nil, nil, fmt.Errorf("eth_call read of %d: %w", len(msgs), err)
	}
	return v.outs, v.errs, nil
}

// readOn asks e for msgs at block in one eth_call running the CallReader
// (one call alone, or where e refuses state overrides: a batch).
func (c *Client) readOn(ctx context.Context, e *endpoint, block any, msgs []ethereum.CallMsg) (callsAnswer, error) {
	if len(msgs) < 2 || e.noOverride.Load() {
		return batchCalls(ctx, e, block, msgs)
	}
	calls := make([]callreaderabi.CallReaderCall, len(msgs))
	for i, m := range msgs {
		calls[i] = callreaderabi.CallReaderCall{Target: *m.To, Data: m.Data}
	}
	arg := map[string]any{"to": ReaderAddress, "data": hexutil.Bytes(readerABI.PackRead(calls))}
	if msgs[0].From != (common.Address{}) {
		arg["from"] = msgs[0].From
	}
	override := map[common.Address]map[string]any{ReaderAddress: {"code": hexutil.Bytes(readerCode)}}
	var res hexutil.Bytes
	err := e.rc.CallContext(ctx, &res, "eth_call", arg, block, override)
	var re rpc.Error
	switch {
	case err == nil:
		if rs, derr := readerABI.UnpackRead(res); derr == nil && len(rs) == len(msgs) {
			return readerAnswer(rs), nil
		}
		c.refusesOverride(e, errors.New("the answer is not the CallReader's (state override ignored)"))
	case !errors.As(err, &re) || classify(ctx, err) == limited:
		return callsAnswer{}, err // transport trouble, rate limit: the endpoint's, as for the batch
	case refusal(re):
		c.refusesOverride(e, err)
	}
	// Any other error answer (the CallReader out of gas copying a huge
	// revert or answer a subscription owner made) is this read's, not the
	// endpoint's: the batch asks it as before.
	return batchCalls(ctx, e, block, msgs)
}

func readerAnswer(rs []callreaderabi.CallReaderResult) callsAnswer {
	out := callsAnswer{make([][]byte, len(rs)), make([]error, len(rs))}
	for i, r := range rs {
		if r.Success {
			out.outs[i] = r.Data
		} else {
			out.errs[i] = &callRevert{data: r.Data}
		}
	}
	return out
}

// refusal reports an error answer that refuses the state-override
// argument (invalid or too many parameters).
func refusal(re rpc.Error) bool {
	msg := strings.ToLower(re.Error())
	return re.ErrorCode() == -32602 || strings.Contains(msg, "argument") || strings.Contains(msg, "override") || strings.Contains(msg, "param")
}

// refusesOverride remembers that e refuses state overrides.
func (c *Client) refusesOverride(e *endpoint, err error) {
	if !e.noOverride.Swap(true) {
		c.o.Logger.Warn("chain: endpoint refuses eth_call state overrides: its reads are batched from now on",
			"endpoint", e.index, "url", e.name, "err", redactErr(err, e.url))
	}
}

// callsAnswer is the answer to several calls: outs[i] or errs[i].
type callsAnswer struct {
	outs [][]byte
	errs []error
}

func eqCallsAnswer(a, b callsAnswer) bool {
	return slices.EqualFunc(a.outs, b.outs, eqBytes) && slices.EqualFunc(a.errs, b.errs, func(x, y error) bool { return errText(x) == errText(y) })
}

// callRevert is a call the CallReader saw fail, shaped as the revert
// error an eth_call answers (code 3, the revert data as hex), so
// rpc.DataError readers decode it alike.
type callRevert struct{ data []byte }

func (r *callRevert) Error() string          { return "execution reverted" }
func (r *callRevert) ErrorCode() int         { return 3 }
func (r *callRevert) ErrorData() interface{} { return hexutil.Encode(r.data) }
