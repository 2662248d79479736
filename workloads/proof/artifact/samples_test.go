package artifact_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/proof/artifact"
)

func TestParseSamples(t *testing.T) {
	tensor := `{"values": [0.5, 1, 0, 0.25], "shape": [1, 1, 2, 2], "dtype": 1}`
	inner := `{"repo_id": "local/acme/lenet", "witness_data": {"input_data": ` + tensor + `, "output_data": null}, "vk_address": null}`
	for _, tc := range []struct {
		name, in string
		want     [][]float64
		err      string
	}{
		{"flat", `[[1, 2.5], [0, -1]]`, [][]float64{{1, 2.5}, {0, -1}}, ""},
		{"nested images", `{"inputs": [[[[0.5, 1], [0, 0.25]]]]}`, [][]float64{{0.5, 1, 0, 0.25}}, ""},
		{"a tensor", `[` + tensor + `]`, [][]float64{{0.5, 1, 0, 0.25}}, ""},
		{"request data", `[` + inner + `]`, [][]float64{{0.5, 1, 0, 0.25}}, ""},
		{"request envelope", `[{"source": "OFFCHAIN", "destination": "OFFCHAIN", "data": ` + inner + `}, [1, 2, 3, 4]]`,
			[][]float64{{0.5, 1, 0, 0.25}, {1, 2, 3, 4}}, ""},
		{"not JSON", `[[1,`, nil, "not JSON"},
		{"empty", `[]`, nil, "non-empty"},
		{"object without inputs", `{"x": 1}`, nil, "non-empty"},
		{"a string", `[["a"]]`, nil, `sample 0: at [0]: holds the text "a" where a number belongs`},
		{"null", `[[1], [2, null]]`, nil, "sample 1: at [1]: holds null where a number belongs"},
		{"an unknown object", `[{"pixels": [1]}]`, nil, `sample 0: an object with keys "pixels", which is no sample; a sample is the input's values`},
		{"no input_data", `[{"repo_id": "x", "witness_data": {"output_data": null}}]`, nil, `sample 0: "witness_data" has no "input_data"`},
		{"a bad tensor", `[{"data": {"repo_id": "x", "witness_data": {"input_data": {"values": [1, 2], "shape": [1, 3], "dtype": 1}}}}]`, nil,
			"sample 0: at data.witness_data.input_data: not a tensor"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := artifact.ParseSamples([]byte(tc.in))
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				require.NotContains(t, err.Error(), "interface", "no Go type names in a user's message")
				require.NotContains(t, err.Error(), "map[", "no Go type names in a user's message")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}
