package storage

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

// legacyJSONRecord is encodeJob as store.go had it when the binary format
// came (store.go may since have switched): the JSON records data
// directories hold, and the baseline the benchmarks compare against.
func legacyJSONRecord(j *Job) ([]byte, error) {
	type result struct { // job.ContainerResult without its MarshalJSON
		Container string          `json:"container"`
		Output    json.RawMessage `json:"output,omitempty"`
		Error     string          `json:"error,omitempty"`
	}
	stored := func(c job.ContainerResult) result {
		if c.Error != "" {
			c.Output = nil
		}
		return result(c)
	}
	r := struct {
		ID           string     `json:"id"`
		Client       string     `json:"client"`
		Containers   []string   `json:"containers"`
		Status       job.Status `json:"status"`
		Result       *result    `json:"result,omitempty"`
		Intermediate []result   `json:"intermediate,omitempty"`
		Created      int64      `json:"created"`
		Finished     int64      `json:"finished,omitempty"`
	}{ID: j.ID, Client: j.Client, Containers: j.Containers, Status: j.Status, Created: j.Created, Finished: j.Finished}
	if j.Result != nil {
		c := stored(*j.Result)
		r.Result = &c
	}
	for _, c := range j.Intermediate {
		r.Intermediate = append(r.Intermediate, stored(c))
	}
	return json.Marshal(r)
}

// codecCases are the jobs every codec test round-trips; id, client and
// times are filled in by codecJobs unless a case sets them.
var codecCases = []struct {
	name string
	job  Job
}{
	{"running", Job{Status: job.StatusRunning, Finished: 0}},
	{"success with output", Job{Status: job.StatusSuccess, Result: &job.ContainerResult{Container: "echo", Output: json.RawMessage(`{"output":{"x":1}}`)}}},
	{"output kept verbatim", Job{Status: job.StatusSuccess, Result: &job.ContainerResult{Container: "echo", Output: json.RawMessage("{ \"text\" : \"a\\u00e9<b>\",\n \"n\": [1, 2.5e3, null] }")}}},
	{"nil output", Job{Status: job.StatusSuccess, Result: &job.ContainerResult{Container: "echo"}}},
	{"empty output", Job{Status: job.StatusSuccess, Result: &job.ContainerResult{Container: "echo", Output: json.RawMessage{}}}},
	{"null output", Job{Status: job.StatusSuccess, Result: &job.ContainerResult{Container: "echo", Output: json.RawMessage(`null`)}}},
	{"failed with error", Job{Status: job.StatusFailed, Result: &job.ContainerResult{Container: "echo", Error: "boom \"quoted\" \n"}}},
	{"error wins over output", Job{Status: job.StatusFailed, Result: &job.ContainerResult{Container: "echo", Error: "boom", Output: json.RawMessage(`1`)}}},
	{"intermediate", Job{Status: job.StatusFailed,
		Result: &job.ContainerResult{Container: "b", Error: "container timed out after 30s"},
		Intermediate: []job.ContainerResult{{Container: "a", Output: json.RawMessage(`{"y":[1,2]}`)},
			{Container: "a2", Output: json.RawMessage(`7`)}, {Container: "a3"}, {Container: "a4", Error: "e", Output: json.RawMessage(`2`)}}}},
	{"intermediate without result", Job{Status: job.StatusRunning, Intermediate: []job.ContainerResult{{Container: "a", Output: json.RawMessage(`true`)}}}},
	{"empty intermediate", Job{Status: job.StatusSuccess, Result: &job.ContainerResult{Container: "b", Output: json.RawMessage(`0`)}, Intermediate: []job.ContainerResult{}}},
	{"nil containers", Job{ID: "x", Containers: nil, Status: job.StatusRunning}},
	{"empty containers", Job{ID: "x", Containers: []string{}, Status: job.StatusRunning}},
	{"unicode", Job{ID: "ид-😀", Client: "客户\u2028", Containers: []string{"é", "", "\x00nul"}, Status: job.StatusFailed,
		Result: &job.ContainerResult{Container: "é", Error: "échec 😀 \u0000"}}},
	{"other status", Job{Status: "paused"}},
	{"zero job", Job{ID: "x", Containers: nil, Created: 0}},
	{"extreme times", Job{Status: job.StatusSuccess, Created: math.MinInt64, Finished: math.MaxInt64}},
	{"1 MiB output", Job{Status: job.StatusSuccess, Result: &job.ContainerResult{Container: "big",
		Output: json.RawMessage(`"` + strings.Repeat("a", 1<<20) + `"`)}}},
}

func codecJobs() map[string]Job {
	jobs := make(map[string]Job, len(codecCases))
	for _, tc := range codecCases {
		j := tc.job
		if j.ID == "" {
			j.ID, j.Client, j.Containers, j.Created = "6f1c1a52-1a4b-4a53-9d43-7ad1f5a6c0de", "127.0.0.1", []string{"a", "b"}, 1_700_000_000_000_000_001
			if j.Status.Terminal() && j.Finished == 0 {
				j.Finished = j.Created + 5_000_000
			}
		}
		jobs[tc.name] = j
	}
	return jobs
}

// codecAsStored is j as the store keeps it: an error's output, an empty output
// and empty intermediate results are not kept (see stored()).
func codecAsStored(j Job) Job {
	res := func(r job.ContainerResult) job.ContainerResult {
		if r.Error != "" || len(r.Output) == 0 {
			r.Output = nil
		}
		return r
	}
	if j.Result != nil {
		r := res(*j.Result)
		j.Result = &r
	}
	if len(j.Intermediate) == 0 {
		j.Intermediate = nil
	} else {
		in := make([]job.ContainerResult, len(j.Intermediate))
		for i, r := range j.Intermediate {
			in[i] = res(r)
		}
		j.Intermediate = in
	}
	return j
}

func TestCodecRoundTrip(t *testing.T) {
	for name, j := range codecJobs() {
		t.Run(name, func(t *testing.T) {
			rec := appendRecord(nil, &j)
			require.Equal(t, byte(recordV1), rec[0])
			_, _, size := recSizes(&j)
			require.Len(t, rec, size, "recSizes must be exact so appendRecord grows dst once")
			prefix := []byte("keep")
			require.Equal(t, rec, appendRecord(prefix, &j)[len(prefix):], "appends after dst")

			var got Job
			require.NoError(t, decodeRecord(rec, &got))
			require.Equal(t, codecAsStored(j), got)

			// Clients see what the JSON record gave them (outputs differ
			// only in being kept uncompacted).
			jrec, err := legacyJSONRecord(&j)
			require.NoError(t, err)
			var viaJSON Job
			require.NoError(t, json.Unmarshal(jrec, &viaJSON))
			want, err := json.Marshal(viaJSON.JobResult(true))
			require.NoError(t, err)
			have, err := json.Marshal(got.JobResult(true))
			require.NoError(t, err)
			require.JSONEq(t, string(want), string(have))
			require.Equal(t, viaJSON.Containers, got.Containers, "nil and [] containers read back as from JSON")
			require.Equal(t, viaJSON.Intermediate == nil, got.Intermediate == nil)

			// Pebble reuses the buffer after the read: nothing may alias it.
			for i := range rec {
				rec[i] = 0xa5
			}
			require.Equal(t, codecAsStored(j), got)
		})
	}
}

// TestCodecAllocs pins the allocation counts the format exists for.
func TestCodecAllocs(t *testing.T) {
	j := codecJobs()["intermediate"]
	require.Equal(t, 1.0, testing.AllocsPerRun(50, func() { _ = appendRecord(nil, &j) }))
	buf := appendRecord(nil, &j)
	require.Zero(t, testing.AllocsPerRun(50, func() { _ = appendRecord(buf[:0], &j) }))
	var got Job
	// strings, outputs, containers, results (one for Result + Intermediate)
	require.Equal(t, 4.0, testing.AllocsPerRun(50, func() { _ = decodeRecord(buf, &got) }))
}

// TestCodecLegacyJSONRecords: data directories hold JSON records written by
// encodeJob and, before it, by json.Marshal(Job); they decode exactly as
// get decoded them.
func TestCodecLegacyJSONRecords(t *testing.T) {
	for name, j := range codecJobs() {
		t.Run(name, func(t *testing.T) {
			cur, err := legacyJSONRecord(&j)
			require.NoError(t, err)
			old, err := json.Marshal(&j)
			require.NoError(t, err)
			for kind, rec := range map[string][]byte{"encodeJob": cur, "json.Marshal(Job)": old} {
				var want, got Job
				require.NoError(t, json.Unmarshal(rec, &want))
				got.Client = "stale" // decodeRecord resets j first
				require.NoError(t, decodeRecord(rec, &got), kind)
				require.Equal(t, want, got, kind)
				for i := range rec {
					rec[i] = ' '
				}
				require.Equal(t, want, got, "%s: aliases the record", kind)
			}
		})
	}
	// A record as an earlier node wrote it, byte for byte.
	var got Job
	require.NoError(t, decodeRecord([]byte(`{"id":"i","client":"c","containers":["a","b"],"status":"failed",`+
		`"result":{"container":"b","error":"x"},"intermediate":[{"container":"a","output":null}],"created":5,"finished":6}`), &got))
	require.Equal(t, Job{ID: "i", Client: "c", Containers: []string{"a", "b"}, Status: job.StatusFailed,
		Result:       &job.ContainerResult{Container: "b", Error: "x"},
		Intermediate: []job.ContainerResult{{Container: "a", Output: json.RawMessage(`null`)}}, Created: 5, Finished: 6}, got)
}

func TestCodecCorruptRecords(t *testing.T) {
	good := codecJobs()["intermediate"]
	rec := appendRecord(nil, &good)
	with := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(rec)) }
	hdr := []byte{recordV1, 0, 0}
	tests := []struct {
		name, rec, err string
	}{
		{"empty", "", "empty"},
		{"unknown version", "\x02", "unknown format byte 0x02"},
		{"not JSON", "{\"id\":", "JSON"},
		{"JSON of another type", `{"id":5}`, "JSON"},
		{"version only", "\x01", "string total: truncated"},
		{"overlong varint", "\x01\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", "overlong"},
		{"huge string total", "\x01\xff\xff\xff\xff\xff\xff\xff\xff\x7f\x00", "exceed the"},
		{"huge output total", "\x01\x00\xff\xff\xff\xff\xff\xff\xff\xff\x7f", "exceed the"},
		{"string past the end", string(hdr[:1]) + "\x05\x00\x09abcde", "id: length 9 exceeds the 5 bytes left"},
		{"string past the header total", string(hdr[:1]) + "\x01\x00\x02ab", "id: length 2 exceeds the 1 bytes the header declared"},
		{"huge containers count", string(hdr) + "\x00\x00\xff\xff\xff\xff\x0f", "containers: count"},
		{"unknown status", string(hdr) + "\x00\x00\x01\x09\x00\x00\x00\x00", "status: unknown code 9"},
		{"unknown result flag", string(hdr) + "\x00\x00\x01\x01\x00\x00\x02\x00", "result flag: unknown value 2"},
		{"huge intermediate count", string(hdr) + "\x00\x00\x01\x01\x00\x00\x00\xff\xff\xff\xff\x0f", "intermediate results: count"},
		{"error with output", "\x01\x02\x01" + "\x00\x00\x01\x01\x00\x00\x01\x00" + "\x01c\x01e\x01" + "7", "result: has both an error and an output"},
		{"trailing bytes", string(rec) + "\x00", "1 unexpected bytes after the last field"},
		{"header total too big", string(with(func(b []byte) []byte { b[1]++; return b })), "declared 1 string and 0 output bytes more"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Job{ID: "stale"}
			err := decodeRecord([]byte(tc.rec), &got)
			require.ErrorContains(t, err, tc.err)
			require.Equal(t, Job{}, got, "a failed decode leaves no partial job")
		})
	}
	// Every truncation of a valid record is an error, not a panic or a
	// shorter job.
	for n := range len(rec) {
		var got Job
		require.Error(t, decodeRecord(rec[:n], &got), "truncated to %d bytes", n)
	}
}

// FuzzDecodeRecord: no input panics, and whatever decodes re-encodes to a
// record that decodes to the same job (as the store keeps it, for JSON).
func FuzzDecodeRecord(f *testing.F) {
	for _, j := range codecJobs() {
		if j.Result != nil && len(j.Result.Output) > 1<<16 {
			continue // keep the corpus small
		}
		f.Add(appendRecord(nil, &j))
		rec, err := legacyJSONRecord(&j)
		require.NoError(f, err)
		f.Add(rec)
		rec, err = json.Marshal(&j)
		require.NoError(f, err)
		f.Add(rec)
	}
	f.Add([]byte(`{"result":{"container":"a","error":"e","output":[1]},"intermediate":[]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var j Job
		if decodeRecord(b, &j) != nil {
			return
		}
		rec := appendRecord(nil, &j)
		var back Job
		require.NoError(t, decodeRecord(rec, &back))
		require.Equal(t, codecAsStored(j), back)
		if b[0] == recordV1 {
			require.Equal(t, j, back, "a binary record decodes to a job as stored")
		}
	})
}

// codecEchoJob is the finished record of one echo job, the node's common case.
func codecEchoJob() Job {
	return Job{ID: "6f1c1a52-1a4b-4a53-9d43-7ad1f5a6c0de", Client: "127.0.0.1", Containers: []string{"echo"},
		Status: job.StatusSuccess, Result: &job.ContainerResult{Container: "echo", Output: json.RawMessage(`{"output":{"x":1}}`)},
		Created: 1_700_000_000_000_000_001, Finished: 1_700_000_000_005_000_001}
}

func BenchmarkAppendRecord(b *testing.B) {
	j := codecEchoJob()
	b.Run("json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := legacyJSONRecord(&j); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("binary", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = appendRecord(nil, &j)
		}
	})
}

func BenchmarkDecodeRecord(b *testing.B) {
	j := codecEchoJob()
	jrec, err := legacyJSONRecord(&j)
	require.NoError(b, err)
	for name, rec := range map[string][]byte{"json": jrec, "binary": appendRecord(nil, &j)} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(rec)))
			var got Job
			for b.Loop() {
				if err := decodeRecord(rec, &got); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
