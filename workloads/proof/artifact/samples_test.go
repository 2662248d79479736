package artifact_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/proof/artifact"
)

func TestParseSamples(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     [][]float64
		err      string
	}{
		{"flat", `[[1, 2.5], [0, -1]]`, [][]float64{{1, 2.5}, {0, -1}}, ""},
		{"nested images", `{"inputs": [[[[0.5, 1], [0, 0.25]]]]}`, [][]float64{{0.5, 1, 0, 0.25}}, ""},
		{"not JSON", `[[1,`, nil, "not JSON"},
		{"empty", `[]`, nil, "non-empty"},
		{"object without inputs", `{"x": 1}`, nil, "non-empty"},
		{"a string", `[["a"]]`, nil, "sample 0: holds string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := artifact.ParseSamples([]byte(tc.in))
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}
