package ours_test

import (
	"errors"
	"fmt"

	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/internal/job"
)

// A delegated subscription body as a client posts it: big integers may be
// JSON numbers of any size or 0x-hex strings.
func ExampleDecodeDelegated() {
	body := []byte(`{
	  "subscription": {"owner": "0x00000000000000000000000000000000000000a1", "container_id": "echo",
	    "active_at": 0, "frequency": 1, "period": 0, "redundancy": 1,
	    "max_gas_price": 1000000000000, "max_gas_limit": 5000000},
	  "signature": {"nonce": 1, "expiry": 4000000000, "v": 27,
	    "r": 115792089237316195423570985008687907852837564279074904382605163141518161494336, "s": "0x1"},
	  "data": {"prompt": "hi"}}`)
	req, err := ours.DecodeDelegated(body)
	fmt.Println(err, req.Containers(), req.Delegate.Sub.MaxGasLimit, string(req.Data))

	_, err = ours.DecodeDelegated([]byte(`{"subscription": {}, "signature": {}}`))
	var je *job.Error
	fmt.Println(errors.As(err, &je), je.Message, je.Params["field"])
	// Output:
	// <nil> [echo] 5000000 {"prompt": "hi"}
	// true Invalid request: missing field subscription.owner subscription.owner
}
