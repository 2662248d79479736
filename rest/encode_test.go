package rest

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

func TestAppendResultsMatchesEncodingJSON(t *testing.T) {
	out := func(s string) *job.ContainerResult {
		return &job.ContainerResult{Container: "echo", Output: json.RawMessage(s)}
	}
	tests := []struct {
		name string
		rs   []job.Result
		fast bool // the common case must take the fast path
	}{
		{"none", nil, true},
		{"running", []job.Result{{ID: "a", Status: job.StatusRunning}}, true},
		{"success", []job.Result{{ID: "a", Status: job.StatusSuccess, Result: out(`{"output":{"x":1,"s":"a b\"c\\u00e9"}}`)}}, true},
		{"failure and intermediate", []job.Result{
			{ID: "a", Status: job.StatusFailed, Result: &job.ContainerResult{Container: "b", Error: "container timed out after 30s"},
				Intermediate: []job.ContainerResult{*out(`[1,2.5e3,null,true]`), {Container: "c"}}},
			{ID: "b", Status: job.StatusRunning, Intermediate: []job.ContainerResult{}},
		}, true},
		{"error wins over output", []job.Result{{ID: "a", Status: job.StatusFailed,
			Result: &job.ContainerResult{Container: "b", Error: "boom", Output: json.RawMessage(`1`)}}}, true},
		{"output with spaces", []job.Result{{ID: "a", Status: job.StatusSuccess, Result: out(`{ "x" : 1 }`)}}, false},
		{"output with a newline", []job.Result{{ID: "a", Status: job.StatusSuccess, Result: out("{\"x\":\n1}")}}, false},
		{"output with HTML", []job.Result{{ID: "a", Status: job.StatusSuccess, Result: out(`"<b>&"`)}}, false},
		{"output with unicode", []job.Result{{ID: "a", Status: job.StatusSuccess, Result: out(`"é\u2028"`)}}, false},
		{"error with quotes", []job.Result{{ID: "a", Status: job.StatusFailed, Result: &job.ContainerResult{Container: "b", Error: `bad "x"`}}}, false},
		{"reported id", []job.Result{{ID: "ext <1>", Status: job.StatusSuccess}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(tc.rs)
			if tc.rs == nil {
				want = []byte("[]")
			}
			require.NoError(t, err)
			got, ok := appendResults([]byte("prefix"), tc.rs)
			require.Equal(t, tc.fast, ok)
			if !ok {
				require.Equal(t, "prefix", string(got), "b unchanged when it declines")
				return
			}
			require.Equal(t, string(want), string(got[len("prefix"):]))
		})
	}
}

// FuzzAppendResults: whenever the fast path answers, its bytes are
// json.Marshal's.
func FuzzAppendResults(f *testing.F) {
	f.Add("0b6f6b3e-6a0e-4b8e-9f54-9d8c2f7f0a11", "success", "echo", `{"output":{"x":1}}`, "", true)
	f.Add("a", "failed", "b", `1`, "boom", false)
	f.Add("a", "running", "c", `{"a":"b\"\\c","d":[ 1 ]}`, "", true)
	f.Fuzz(func(t *testing.T, id, status, container, output, errMsg string, inter bool) {
		if output != "" && !json.Valid([]byte(output)) {
			return // outputs are valid JSON by the time they are answered
		}
		c := job.ContainerResult{Container: container, Output: json.RawMessage(output), Error: errMsg}
		r := job.Result{ID: id, Status: job.Status(status), Result: &c}
		if inter {
			r.Intermediate = []job.ContainerResult{c, {Container: container}}
		}
		rs := []job.Result{r, {ID: id, Status: job.Status(status)}}
		got, ok := appendResults(nil, rs)
		if !ok {
			return
		}
		want, err := json.Marshal(rs)
		require.NoError(t, err)
		require.Equal(t, string(want), string(got))
	})
}
